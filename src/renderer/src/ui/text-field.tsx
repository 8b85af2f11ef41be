// A line of text a form asks for: its label, a muted note beside the label where one helps ("(optional)",
// "a key is stored"), the input, and what is wrong with what was typed, under it. The one way PropDesk's
// forms and dialogs ask for text, so each reads, and is found by its label, alike.
import type { InputHTMLAttributes, ReactNode } from 'react';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'className'>;

export interface TextFieldProps extends InputProps {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  note?: ReactNode;
  /** What is wrong with the value, shown under the input; the input is then marked invalid. */
  problem?: string | null | undefined;
  /** Marks the input invalid where the problem is said elsewhere (a dialog's alert). */
  invalid?: boolean;
  /** The label's class, for its layout ("inline" beside other controls). */
  className?: string;
  /** IDs, codes and keys: set in the monospaced face. */
  mono?: boolean;
}

export function TextField({
  label,
  value,
  onChange,
  note,
  problem,
  invalid = Boolean(problem),
  className,
  mono = false,
  ...input
}: TextFieldProps) {
  return (
    <label className={className}>
      {label}
      {note ? (
        <>
          {' '}
          <span className="muted">{note}</span>
        </>
      ) : null}
      <input
        className={mono ? 'input mono' : 'input'}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={invalid ? true : undefined}
        {...input}
      />
      {problem ? <span className="field-error">{problem}</span> : null}
    </label>
  );
}
