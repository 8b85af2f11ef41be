// The chooser of what a change is (change-kind.ts): new or changed, then which type of record. The
// add-change dialog asks it of one change, the CSV import of every row of a file, each in its words.
import type { CompiledContract } from '../../../../../shared/contract';
import { resourceTitle } from '../../../../../shared/service';
import type { Operation, ResourceType } from '../../../../../shared/service';
import { typesWithFields, usableKind } from './change-kind';
import type { ChangeKind } from './change-kind';

const WORDS = {
  change: { legend: 'What to suggest', update: 'Change an existing record', create: 'Suggest a new record' },
  rows: { legend: 'What the rows are', update: 'Changes to existing records', create: 'New records' },
} as const;

export function ChangeKindChoice({
  contract,
  value,
  of,
  disabled = false,
  onChange,
}: {
  contract: CompiledContract;
  /** The kind as chosen; a type with no fields for the operation shows as the first that has. */
  value: ChangeKind;
  /** Whether the choice is of one change or of a file's rows. */
  of: keyof typeof WORDS;
  disabled?: boolean;
  onChange: (next: ChangeKind) => void;
}) {
  const words = WORDS[of];
  const shown = usableKind(contract, value);
  const operation = (op: Operation) => (
    <label>
      <input
        type="radio"
        name={`${of}-operation`}
        checked={shown.operation === op}
        onChange={() => onChange({ ...value, operation: op })}
      />
      {words[op]}
    </label>
  );
  return (
    <>
      <fieldset className="segmented" disabled={disabled}>
        <legend className="visually-hidden">{words.legend}</legend>
        {operation('update')}
        {operation('create')}
      </fieldset>
      <label>
        Type of record
        <select
          className="input"
          value={shown.type}
          disabled={disabled}
          onChange={(e) => onChange({ ...value, type: e.target.value as ResourceType })}
        >
          {typesWithFields(contract, shown.operation).map((t) => (
            <option key={t} value={t}>
              {resourceTitle(t)}
            </option>
          ))}
        </select>
      </label>
    </>
  );
}
