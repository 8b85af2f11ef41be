// Imported updates keep the record as it was read, like any update in a draft (shown as "current",
// used for the staleness check), and suggest only the fields whose value differs from it.
import type { DraftChangeInput } from '../../../../shared/drafts';
import { RESOURCE_COLLECTION } from '../../../../shared/service';
import type { ResourceType, ServiceRecord } from '../../../../shared/service';
import type { ImportedChange, RowProblem } from './import-rows';
import { resourceNoun } from './resource-words';

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

/** Runs `work` over items with at most `limit` at a time, reporting how many are done. */
export async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
  onProgress: (done: number) => void,
  isCancelled: () => boolean,
): Promise<R[] | null> {
  const out = new Array<R>(items.length);
  let next = 0;
  let done = 0;
  async function worker() {
    while (next < items.length && !isCancelled()) {
      const index = next++;
      out[index] = await work(items[index]!);
      done += 1;
      onProgress(done);
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, () => worker()));
  return isCancelled() ? null : out;
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
 * Reads the record of every imported update (6 at a time) so each keeps the record as read now;
 * undefined when the user stopped it.
 */
export async function readCurrentRecords(
  rows: ReadonlyArray<{ rowNumber: number; change: ImportedChange }>,
  type: ResourceType,
  onProgress: (done: number) => void,
  isCancelled: () => boolean,
): Promise<CurrentRecords | undefined> {
  const reads = await mapLimited(
    [...rows],
    6,
    ({ change }) =>
      window.propdesk.collections.get({
        collection: RESOURCE_COLLECTION[type],
        id: (change as ImportedUpdate).resourceId,
      }),
    onProgress,
    isCancelled,
  );
  if (!reads) return undefined;
  const out: CurrentRecords = { changes: [], unchanged: 0, unread: 0, missing: [] };
  rows.forEach(({ rowNumber, change }, i) => {
    const read = reads[i]!;
    const update = change as ImportedUpdate;
    if (read.ok) {
      const fieldsThatChange = changedFields(update.fields, read.data.record);
      if (fieldsThatChange)
        out.changes.push({ ...update, fields: fieldsThatChange, snapshot: read.data.record });
      else out.unchanged += 1;
    } else if (read.error.code === 'not_found') {
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
