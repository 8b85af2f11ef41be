// How a listing is written to the offline copy at scale: records appended in large transactions to
// the listing's own table, then, after the last page, its full-text index merged a bounded step at a
// time and its ID and filter indexes built one at a time, yielding between steps so that main keeps
// answering the window.
import type { OfflineCopyRepository } from '../store/offline-copy-repo';

/**
 * Records fetched before they are stored (with the cursor after them) in one transaction: fewer,
 * larger commits, and a crash loses at most one batch.
 */
export const STORE_EVERY = 25_000;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Readies a stored listing to become the copy in use; stopped, the next update finishes it. */
export async function settleListing(
  repo: OfflineCopyRepository,
  listing: number,
  signal: AbortSignal,
): Promise<void> {
  for (const step of [() => repo.search.mergeStep(listing), () => repo.indexStep(listing)]) {
    while (step()) {
      signal.throwIfAborted();
      await nextTurn();
    }
  }
}
