// Imported updates keep the record as it was read, like any update in a draft (shown as "current",
// used for the staleness check), and suggest only the fields whose value differs from it.
import type { ServiceRecord } from '../../../../shared/service';

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
