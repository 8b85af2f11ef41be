// One field of a change's card: its label, the current value (a referenced record by name), an arrow
// and the input for the suggested value, an undo for updates, and the field's problem or hint.
import { ArrowRight } from 'lucide-react';
import type { FieldDescriptor } from '../../../../../shared/contract';
import type { ChangeLink } from '../../../../../shared/drafts';
import { fieldRef } from '../../../labels/record-refs';
import { RefName } from '../../../labels/ref-name';
import type { LabelLookup } from '../../../labels/label-view';
import { formatFieldValue } from './change-summary';
import { FieldControl } from './field-control';
import { FieldNote, KeepCurrentButton } from './field-parts';
import type { FieldControlProps } from './field-control';
import { LinkedField } from './linked-field';
import type { Narrowing } from './picker-narrowing';
import type { ParseContext, RawValue } from './field-values';

export interface FieldRowProps {
  d: FieldDescriptor;
  labels: LabelLookup;
  currency: string;
  baseId: string;
  ctx: ParseContext;
  raw: RawValue;
  current: unknown;
  changed: boolean;
  message: string | undefined;
  hint: string | undefined;
  editable: boolean;
  onChange: (v: RawValue) => void;
  onUndo: () => void;
  /** The field names a record another change creates: where that record stands replaces the input. */
  linked?: { link: ChangeLink; draftId: string; changeId: string } | undefined;
  /** A reference's picker narrowed by the change's other references. */
  narrowing?: Narrowing | undefined;
  /** Records earlier changes of the draft create, which this reference may name instead. */
  drafted?: FieldControlProps['drafted'];
}

export function FieldRow({
  d,
  baseId,
  ctx,
  raw,
  current,
  changed,
  message,
  hint,
  editable,
  labels,
  currency,
  onChange,
  onUndo,
  linked,
  narrowing,
  drafted,
}: FieldRowProps) {
  const inputId = `${baseId}-field-${d.name}`;
  const noteId = `${inputId}-note`;
  const update = ctx.operation === 'update';
  const currentRef = ctx.snapshot ? fieldRef(ctx.snapshot as { id: string }, d.name) : undefined;
  return (
    <div
      className={`field-row${changed ? ' changed' : ''}${message ? ' has-error' : ''}`}
      data-field={d.name}
    >
      <label htmlFor={inputId} title={d.description}>
        {d.label}
        {d.required ? (
          <>
            <span className="req" aria-hidden>
              {' '}
              *
            </span>
            <span className="visually-hidden"> (required)</span>
          </>
        ) : null}
      </label>
      {update ? (
        <span
          className={`current${ctx.snapshot ? '' : ' unread'}`}
          title="Current value, as read when drafted"
        >
          {currentRef ? (
            <RefName view={labels(currentRef.collection, currentRef.id)} />
          ) : ctx.snapshot ? (
            formatFieldValue(current, d, currency)
          ) : (
            'not read'
          )}
        </span>
      ) : null}
      {update ? <ArrowRight size={13} className="arrow" aria-hidden /> : null}
      <span className="control">
        {linked && linked.link.state !== 'filled' ? (
          <LinkedField
            id={inputId}
            draftId={linked.draftId}
            changeId={linked.changeId}
            link={linked.link}
            editable={editable}
            {...(message || hint ? { describedBy: noteId } : {})}
          />
        ) : (
          <FieldControl
            id={inputId}
            descriptor={d}
            value={raw}
            disabled={!editable}
            allowEmpty={ctx.operation === 'create' ? !d.required : d.nullable}
            invalid={Boolean(message)}
            {...(message || hint ? { describedBy: noteId } : {})}
            onChange={onChange}
            narrowing={narrowing}
            drafted={drafted}
          />
        )}
        {update && changed && editable ? <KeepCurrentButton what={d.label} onKeep={onUndo} /> : null}
      </span>
      <FieldNote id={noteId} problem={message} hint={hint} keepPlace />
    </div>
  );
}
