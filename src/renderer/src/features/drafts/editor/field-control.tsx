// The input for one field, chosen from its contract descriptor: number, checkbox, date, date and
// time, a select for enum values, text bounded by maxLength, JSON for shapes the form can't know.
import type { EnumValue, FieldDescriptor } from '../../../../../shared/contract';
import { enumWords, referencedCollection } from '../../../../../shared/contract';
import { COLLECTION_LABELS } from '../../../../../shared/labels';
import { RecordPicker } from '../../collections/record-picker';
import { useLabels } from '../../../labels/use-labels-api';
import type { RawValue } from './field-values';
import type { DraftedRecord } from './drafted-records';
import type { Narrowing } from './picker-narrowing';

export interface FieldControlProps {
  id: string;
  descriptor: FieldDescriptor;
  value: RawValue;
  disabled: boolean;
  /** Offer "not set" in selects and checkboxes (create, or a field that may be empty). */
  allowEmpty: boolean;
  describedBy?: string;
  invalid: boolean;
  onChange: (value: RawValue) => void;
  /** For a reference: the records the change names already narrow its picker (a property's units). */
  narrowing?: Narrowing | undefined;
  /** For a reference: records earlier changes of the draft create, offered first in its picker. */
  drafted?: { records: readonly DraftedRecord[]; onLink: (sourceChangeId: string) => void } | undefined;
}

function enumText(value: EnumValue): string {
  return typeof value === 'string' ? enumWords(value) : String(value);
}

/** What a text-like input shows: the raw text, or nothing for a yes/no or "not set". */
const textOf = (value: RawValue) => (typeof value === 'string' ? value : '');

/** What every input of a field carries: its id, whether it can be used, and what a screen reader is told. */
function commonProps({ id, descriptor, disabled, describedBy, invalid }: FieldControlProps) {
  return {
    id,
    disabled,
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy,
    'aria-required': descriptor.required || undefined,
  };
}

/** Yes, no, or not set: a checkbox that says when it holds nothing, with a way back to nothing. */
function BooleanControl(props: FieldControlProps) {
  const { value, disabled, allowEmpty, onChange } = props;
  return (
    <span className="bool-control">
      <input
        {...commonProps(props)}
        type="checkbox"
        checked={value === true}
        onChange={(e) => onChange(e.target.checked)}
      />
      {value === null ? <span className="muted">not set</span> : null}
      {value !== null && allowEmpty ? (
        <button type="button" className="link-button" disabled={disabled} onClick={() => onChange(null)}>
          Clear
        </button>
      ) : null}
    </span>
  );
}

/**
 * Text. A field that names another record is picked from that collection, not typed as an ID; long
 * text gets a box.
 */
function StringControl(props: FieldControlProps) {
  const {
    id,
    descriptor: d,
    value,
    disabled,
    allowEmpty,
    describedBy,
    invalid,
    onChange,
    narrowing,
    drafted,
  } = props;
  const text = textOf(value);
  const target = referencedCollection(d.name);
  const labels = useLabels(narrowing?.by ?? []);
  if (target) {
    const names = (narrowing?.by ?? []).map((r) => labels(r.collection, r.id).text).join(', ');
    return (
      <RecordPicker
        id={id}
        label={d.label}
        target={target}
        value={text || undefined}
        emptyText={allowEmpty ? 'Not set' : 'Choose…'}
        disabled={disabled}
        clearable={allowEmpty}
        required={d.required}
        invalid={invalid}
        {...(describedBy ? { describedBy } : {})}
        {...(narrowing
          ? { filters: narrowing.filters, narrowedNote: `${COLLECTION_LABELS[target]} of ${names} only` }
          : {})}
        {...(drafted?.records.length
          ? {
              extra: {
                heading: 'Created by this draft',
                choices: drafted.records.map((r) => ({
                  key: r.changeId,
                  text: r.text,
                  onSelect: () => drafted.onLink(r.changeId),
                })),
              },
            }
          : {})}
        onChange={(v) => onChange(v ?? '')}
      />
    );
  }
  return d.maxLength !== undefined && d.maxLength > 200 ? (
    <textarea
      {...commonProps(props)}
      className="input"
      rows={2}
      maxLength={d.maxLength}
      value={text}
      onChange={(e) => onChange(e.target.value)}
    />
  ) : (
    <input
      {...commonProps(props)}
      className="input"
      type="text"
      {...(d.maxLength !== undefined ? { maxLength: d.maxLength } : {})}
      value={text}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

export function FieldControl(props: FieldControlProps) {
  const { descriptor: d, value, allowEmpty, onChange } = props;
  const common = commonProps(props);
  const text = textOf(value);
  switch (d.type) {
    case 'boolean':
      return <BooleanControl {...props} />;
    case 'enum':
      return (
        <select {...common} className="input" value={text} onChange={(e) => onChange(e.target.value)}>
          {allowEmpty || text === '' ? (
            <option value="">{d.nullable ? '— none —' : '— not set —'}</option>
          ) : null}
          {(d.enumValues ?? []).map((v, i) => (
            <option key={String(v)} value={String(i)}>
              {enumText(v)}
            </option>
          ))}
        </select>
      );
    case 'number':
    case 'integer':
      return (
        <input
          {...common}
          className="input num"
          type="number"
          inputMode={d.type === 'integer' ? 'numeric' : 'decimal'}
          step={d.type === 'integer' ? 1 : 'any'}
          {...(d.min !== undefined ? { min: d.min } : {})}
          {...(d.max !== undefined ? { max: d.max } : {})}
          value={text}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'date':
      return (
        <input
          {...common}
          className="input"
          type="date"
          value={text}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'date-time':
      return (
        <input
          {...common}
          className="input"
          type="datetime-local"
          value={text}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'unknown':
      return (
        <textarea
          {...common}
          className="input mono"
          rows={2}
          value={text}
          placeholder="JSON value"
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'string':
      return <StringControl {...props} />;
  }
}
