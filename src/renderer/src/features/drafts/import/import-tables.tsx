// The import dialog's two tables: which field each CSV column fills (with the column's first value
// as a reminder, a record's ID by the record's label), and every row's problems.
import type { FieldDescriptor } from '../../../../../shared/contract';
import { referencedCollection } from '../../../../../shared/contract';
import type { LabelRef } from '../../../../../shared/label-refs';
import type { Collection } from '../../../../../shared/service';
import { RefName } from '../../../labels/ref-name';
import { useLabels } from '../../../labels/use-labels-api';
import type { ParsedCsv } from './import-csv';
import { ID_COLUMN, IGNORE_COLUMN } from './import-mapping';
import type { RowProblem } from './import-rows';

const SHOWN_PROBLEMS = 200;

function example(csv: ParsedCsv, column: number): string {
  const value = csv.rows.find((r) => (r.cells[column] ?? '').trim() !== '')?.cells[column] ?? '';
  const flat = value.replace(/\s+/g, ' ').trim();
  return flat.length > 40 ? `${flat.slice(0, 39)}…` : flat;
}

export function ProblemTable({ problems }: { problems: RowProblem[] }) {
  if (problems.length === 0) return null;
  return (
    <>
      <div className="import-table-wrap">
        <table className="grid" aria-label="Problems by row">
          <thead>
            <tr>
              <th scope="col" className="num">
                Row
              </th>
              <th scope="col">Field</th>
              <th scope="col">Problem</th>
            </tr>
          </thead>
          <tbody>
            {problems.slice(0, SHOWN_PROBLEMS).map((p, i) => (
              <tr key={`${p.rowNumber}:${i}`}>
                <td className="num">{p.rowNumber}</td>
                <td>{p.field || '—'}</td>
                <td className="wrap">{p.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {problems.length > SHOWN_PROBLEMS ? (
        <p className="muted">
          The first {SHOWN_PROBLEMS} of {problems.length.toLocaleString()} problems are shown.
        </p>
      ) : null}
    </>
  );
}

/** The record a column's first value names: an ID column, or a field that refers to a record. */
function exampleRef(field: string | undefined, value: string, collection: Collection): LabelRef | undefined {
  if (!value || /\s/.test(value) || !field) return undefined;
  if (field === ID_COLUMN) return { collection, id: value };
  const target = referencedCollection(field);
  return target ? { collection: target, id: value } : undefined;
}

export function ColumnTable({
  csv,
  collection,
  mapping,
  fields,
  withRecordId,
  disabled,
  onChange,
}: {
  csv: ParsedCsv;
  /** The collection the imported changes are for (what a Record ID column names). */
  collection: Collection;
  mapping: readonly string[];
  fields: readonly FieldDescriptor[];
  /** Updates: one column may hold the record's ID. */
  withRecordId: boolean;
  disabled: boolean;
  onChange: (mapping: string[]) => void;
}) {
  const examples = csv.headers.map((_, column) => example(csv, column));
  const refs = examples.map((value, column) => exampleRef(mapping[column], value, collection));
  const labels = useLabels(refs.flatMap((r) => (r ? [r] : [])));
  return (
    <div className="import-table-wrap">
      <table className="grid" aria-label="Columns and fields">
        <thead>
          <tr>
            <th scope="col">Column in the file</th>
            <th scope="col">First value</th>
            <th scope="col">Field</th>
          </tr>
        </thead>
        <tbody>
          {csv.headers.map((header, column) => (
            <tr key={column}>
              <td>{header}</td>
              <td className="muted">
                {refs[column] ? (
                  <RefName view={labels(refs[column].collection, refs[column].id)} />
                ) : (
                  examples[column] || '—'
                )}
              </td>
              <td>
                <select
                  className="input"
                  aria-label={`Field for column “${header}”`}
                  value={mapping[column] ?? IGNORE_COLUMN}
                  disabled={disabled}
                  onChange={(e) => {
                    const next = [...mapping];
                    next[column] = e.target.value;
                    onChange(next);
                  }}
                >
                  <option value={IGNORE_COLUMN}>Leave out</option>
                  {withRecordId ? <option value={ID_COLUMN}>Record ID</option> : null}
                  {fields.map((f) => (
                    <option key={f.name} value={f.name}>
                      {f.label}
                      {f.required ? ' (required)' : ''}
                    </option>
                  ))}
                </select>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
