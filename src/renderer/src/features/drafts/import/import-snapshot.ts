// Imported updates keep the record as it was read, like any update in a draft (shown as "current",
// used for the staleness check), and suggest only the fields whose value differs from it.
import type { CurrentRead, DraftChangeInput } from '../../../../../shared/drafts';
import type { ResourceType, ServiceRecord } from '../../../../../shared/service';
import type { ImportedChange, RowProblem } from './import-rows';
import { resourceNoun } from '../../../../../shared/service';

function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  // Dates written with and without a time part, or numbers as text, are not the same value.
  return a !== null && b !== null && typeof a === 'object' && JSON.stringify(a) === JSON.stringify(b);
}

/** The fields that would change the record, or null when the row matches it already. */
export function changedFields(
  fields: Record<string, unknown>,
  record: ServiceRecord,
): Record<string, unknown> | null {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (!same(record[name], value)) out[name] = value;
  }
  return Object.keys(out).length > 0 ? out : null;
}

type ImportedUpdate = Extract<ImportedChange, { operation: 'update' }>;

export interface CurrentRecords {
  /** Updates with their snapshot, only the fields that change; without one when it couldn't be read. */
  changes: DraftChangeInput[];
  /** Rows that already match their record. */
  unchanged: number;
  /** Rows whose record could not be read now (offline, refused). */
  unread: number;
  /** Rows naming a record the service doesn't have: these stop the import. */
  missing: RowProblem[];
}

/**
 * Each imported update with the record main read for it now (`reads`, in the rows' order): it keeps
 * the record as its snapshot and suggests only the fields that differ.
 */
export function withCurrentRecords(
  rows: ReadonlyArray<{ rowNumber: number; change: ImportedChange }>,
  type: ResourceType,
  reads: readonly CurrentRead[],
): CurrentRecords {
  const out: CurrentRecords = { changes: [], unchanged: 0, unread: 0, missing: [] };
  rows.forEach(({ rowNumber, change }, i) => {
    const read = reads[i];
    const update = change as ImportedUpdate;
    if (read?.state === 'read') {
      const fieldsThatChange = changedFields(update.fields, read.record);
      if (fieldsThatChange) out.changes.push({ ...update, fields: fieldsThatChange, snapshot: read.record });
      else out.unchanged += 1;
    } else if (read?.state === 'missing') {
      out.missing.push({
        rowNumber,
        field: 'Record ID',
        message: `No ${resourceNoun(type)} with ID ${update.resourceId} can be read from the service`,
      });
    } else {
      // Offline or refused for now: drafted without current values, checked again before submitting.
      out.unread += 1;
      out.changes.push({ ...update, snapshot: null });
    }
  });
  return out;
}

/** The record IDs the imported updates name, in the rows' order, for main to read in one call. */
export function updateTargets(rows: ReadonlyArray<{ change: ImportedChange }>): string[] {
  return rows.map(({ change }) => (change as ImportedUpdate).resourceId);
}
