// The import dialog's steps in the order the user takes them: the file, what its rows are (the chooser
// the add-change dialog uses too), which field each column fills, and what the check of every row found.
import { Alert } from '../../../ui/alert';
import { plural } from '../../../../../shared/plural';
import type { FieldDescriptor } from '../../../../../shared/contract';
import { MAX_CHANGES_PER_BATCH, RESOURCE_COLLECTION } from '../../../../../shared/service';
import type { Operation, ResourceType } from '../../../../../shared/service';
import type { ParsedCsv } from './import-csv';
import type { ColumnMapping } from './import-mapping';
import type { ImportPlan, RowProblem } from './import-rows';
import { ColumnTable, ProblemTable } from './import-tables';

export function ImportFileStep({
  fileName,
  csv,
  problem,
  disabled,
  onPick,
}: {
  fileName: string | null;
  csv: ParsedCsv | null;
  problem: string | null;
  disabled: boolean;
  onPick: (file: File | undefined) => void;
}) {
  return (
    <>
      <div className="import-row">
        <label>
          CSV file (with a header row)
          <input
            type="file"
            accept=".csv,text/csv"
            className="input"
            disabled={disabled}
            onChange={(e) => onPick(e.target.files?.[0])}
          />
        </label>
        {csv && fileName ? (
          <span className="muted">
            {fileName}: {plural(csv.rows.length, 'row')}, {plural(csv.headers.length, 'column')}
          </span>
        ) : null}
      </div>
      {problem ? <Alert>{problem}</Alert> : null}
    </>
  );
}

export function ImportColumnsStep({
  csv,
  type,
  operation,
  fields,
  mapping,
  blockers,
  disabled,
  onMapping,
}: {
  csv: ParsedCsv;
  type: ResourceType;
  operation: Operation;
  fields: readonly FieldDescriptor[];
  mapping: ColumnMapping;
  /** What keeps the mapping from being used (no ID column, a field twice …). */
  blockers: string[];
  disabled: boolean;
  onMapping: (mapping: ColumnMapping) => void;
}) {
  return (
    <>
      <h3 className="import-heading">Columns</h3>
      <ColumnTable
        csv={csv}
        collection={RESOURCE_COLLECTION[type]}
        mapping={mapping}
        fields={fields}
        withRecordId={operation === 'update'}
        disabled={disabled}
        onChange={onMapping}
      />
      {blockers.length > 0 ? (
        <Alert>
          <ul>
            {blockers.map((b) => (
              <li key={b}>{b}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
    </>
  );
}

export function ImportCheckStep({
  plan,
  lateProblems,
  inDraft,
  room,
  tooMany,
}: {
  plan: ImportPlan;
  /** Problems found only when the run read the records again. */
  lateProblems: RowProblem[];
  /** The changes the draft holds already, and how many more it can take. */
  inDraft: number;
  room: number;
  /** More rows are ready than the draft has room for. */
  tooMany: boolean;
}) {
  return (
    <>
      <p className={`import-count${plan.invalidRows === 0 ? ' ok' : ''}`} role="status">
        {plan.valid.length.toLocaleString()} of {plural(plan.total, 'row')} ready to add
        {plan.invalidRows > 0
          ? ` · ${plural(plan.invalidRows, 'row has', 'rows have')} problems and will be left out`
          : ''}
      </p>
      <ProblemTable problems={[...lateProblems, ...plan.problems]} />
      {tooMany ? (
        <Alert>
          This draft has {inDraft} of {MAX_CHANGES_PER_BATCH} changes, so{' '}
          {room === 0 ? 'no more fit' : `only ${room} more fit`}; the file has{' '}
          {plan.valid.length.toLocaleString()} rows ready. Import fewer rows, or import into another draft.
        </Alert>
      ) : null}
    </>
  );
}
