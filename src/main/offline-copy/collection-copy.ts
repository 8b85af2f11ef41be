// Copies one collection of a connection into the offline copy, the first time (or to finish a listing
// left half read): lists it to its end at the largest
// page size through the app's one cursor follower (with the caps of a whole collection), stores the
// records in large transactions (by count and by size, after checking the disk has room), within the
// copy's budget (a page that would pass it is not stored, and the listing stops there), each with
// the cursor to continue from, resumes a listing an earlier update left, and starts the collection
// again when the service no longer accepts the saved position. A full disk drops what this listing
// had read, to give the space back; any other failure keeps it to continue from.
// After the last page the listing's full-text index is merged a bounded step at a time and its ID
// and filter indexes built one at a time, yielding between steps so that main keeps answering the
// window; then the listing replaces the copy in use.
import type { Collection, ServiceRecord } from '../../shared/service';
import { collectionWords, MAX_PAGE_SIZE } from '../../shared/service';
import { WHOLE_COLLECTION_CAPS, followPages, serviceName } from '../api/paging';
import type { ServiceClient } from '../connections/types';
import type { OfflineCopyRepository } from '../store/offline-copy/offline-copy-repo';
import { isDiskFull } from '../store/disk-full';
import { checkBudget } from './copy-budget';
import type { CopyBudget } from './copy-budget';
import { checkRoom, diskFullError } from './disk-room';
import type { FreeBytes } from './disk-room';
import type { PageFetcher } from './page-fetcher';
import { pagesAhead } from './pages-ahead';
import { passCollection } from './listing-pass';
import type { PassChanges } from './listing-pass';

/**
 * Records fetched before they are stored (with the cursor after them) in one transaction: fewer,
 * larger commits, and a crash loses at most one batch.
 */
export const STORE_EVERY = 25_000;
/**
 * …or fewer, once their JSON passes this size: 25,000 records of 100 KB each would be 2.4 GB in
 * memory before the first was stored.
 */
export const STORE_EVERY_BYTES = 32 * 1024 ** 2;

export interface CollectionCopy {
  repo: OfflineCopyRepository;
  connectionId: string;
  client: ServiceClient;
  pages: PageFetcher;
  signal: AbortSignal;
  /** The time a new listing starts, as stored with it. */
  now: () => string;
  /** Each page's records as they arrive. */
  onFetched: (records: number) => void;
  /** How many records of the listing are stored, after each batch. */
  onStored: (stored: number) => void;
  /** Something the user should know about how the copy was made. */
  note: (text: string) => void;
  /** Bytes free on the database's disk, checked before each batch is stored. */
  freeBytes: FreeBytes;
  /** What the copies may hold, checked before each page is kept. */
  budget: CopyBudget;
  /** The records of this collection in the copy in use (0 when none): how long the listing will be. */
  expected: number;
}

const pagesOf = (records: number) => Math.ceil(records / MAX_PAGE_SIZE);

/**
 * A page's order among the copy's requests: the pages its listing still expects to read, as the copy
 * in use says. The copy lasts as long as its longest listing, whose pages must come one after
 * another; under a rate limit the others use what that listing leaves. A first copy knows no sizes
 * and the service gives no counts, so it goes by what holds for nearly every landlord: payments (a
 * charge a month for every lease, kept for years) outnumber every other collection; the others share
 * alike. A wrong guess costs only the order, never a record.
 */
function pagesLeft(collection: Collection, expected: number, pagesAsked: number): number {
  if (expected === 0) return collection === 'payments' ? 1 : 0;
  return Math.max(0, pagesOf(expected) - pagesAsked);
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Brings one collection of the copy up to date: a collection with a copy in use is listed again into
 * it in place (listing-pass.ts), and resolves with what changed; one without (or with a listing of it
 * left half read) is listed beside, and swapped in when complete.
 */
export async function copyCollection(
  copy: CollectionCopy,
  collection: Collection,
): Promise<PassChanges | undefined> {
  try {
    const state = copy.repo.state(copy.connectionId, collection);
    if (state?.liveListing != null && !(state.stagingListing != null && state.stagingCount > 0)) {
      if (state.stagingListing != null) copy.repo.dropStaging(copy.connectionId, collection);
      return await passCollection(copy, collection);
    }
    await copyListing(copy, collection);
    return undefined;
  } catch (error) {
    if (!isDiskFull(error)) throw error;
    // The listing being read is what fills the disk: it goes, and the copy in use stays.
    try {
      copy.repo.dropStaging(copy.connectionId, collection);
    } catch {
      // Dropping needs a little room too; the listing is then dropped at the next update's start.
    }
    throw (error as { code?: unknown }).code === 'disk_full'
      ? error
      : diskFullError(`PropDesk could not store more of ${collectionWords(collection)}`);
  }
}

async function copyListing(copy: CollectionCopy, collection: Collection): Promise<void> {
  const { repo, connectionId } = copy;
  const state = repo.state(connectionId, collection);
  let listing: number;
  if (state?.stagingListing != null && state.stagingCount > 0) {
    listing = state.stagingListing;
    // Stored to its end but not yet swapped in (a crash in between): only the swap is left.
    if (state.stagingCursor === null) return finish(copy, collection, listing);
    const resumed = await fetchAndStore(copy, collection, listing, state.stagingCursor, state.stagingCount);
    if (resumed === 'position refused') {
      // Cursors are bound to their listing and may expire: start this collection again, cleanly.
      copy.note(
        `The saved position in ${collectionWords(collection)} was no longer accepted by the service, so ${collectionWords(collection)} were fetched again from the start.`,
      );
      listing = repo.beginListing(connectionId, collection, copy.now());
      await fetchAndStore(copy, collection, listing, undefined, 0);
    }
  } else {
    listing = repo.beginListing(connectionId, collection, copy.now());
    await fetchAndStore(copy, collection, listing, undefined, 0);
  }
  await finish(copy, collection, listing);
}

/**
 * Lists the collection from `from` (the start when undefined) into the listing. What was fetched
 * before a failure is stored, with the cursor after it, before the failure is thrown. A resumed
 * listing whose saved position the service refuses at once says so instead.
 */
async function fetchAndStore(
  copy: CollectionCopy,
  collection: Collection,
  listing: number,
  from: string | undefined,
  storedBefore: number,
): Promise<'done' | 'position refused'> {
  const { repo, connectionId, client, signal } = copy;
  let batch: ServiceRecord[] = [];
  let batchBytes = 0;
  let pageBytes = 0;
  let cursor = from;
  let pagesRead = 0;
  let stored = storedBefore;
  let pagesAsked = pagesOf(storedBefore);
  const read = { records: 0, bytes: 0 };
  const store = async (next: string | null) => {
    await checkRoom(copy.freeBytes, batchBytes);
    stored = repo.storePage(connectionId, collection, listing, batch, next);
    batch = [];
    batchBytes = 0;
    copy.onStored(stored);
  };
  const pages = pagesAhead(
    followPages(
      (at) =>
        copy.pages.fetch(client, collection, at, signal, pagesLeft(collection, copy.expected, pagesAsked++)),
      serviceName(client),
      collectionWords(collection),
      {
        signal,
        caps: WHOLE_COLLECTION_CAPS,
        from,
        recordsBefore: storedBefore,
        measured: (bytes) => void (pageBytes = bytes),
      },
    ),
  );
  try {
    for await (const page of pages) {
      pagesRead += 1;
      read.records += page.data.length;
      read.bytes += pageBytes;
      checkBudget(
        copy.budget,
        repo.held(),
        {
          records: stored + batch.length + page.data.length,
          pending: { records: batch.length + page.data.length, bytes: batchBytes + pageBytes },
          bytesPerRecord: read.bytes / Math.max(1, read.records),
        },
        collection,
      );
      batch.push(...page.data);
      batchBytes += pageBytes;
      copy.onFetched(page.data.length);
      if (!page.hasMore) break;
      cursor = page.nextCursor!;
      if (batch.length >= STORE_EVERY || batchBytes >= STORE_EVERY_BYTES) await store(cursor);
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (from !== undefined && pagesRead === 0 && (code === 'invalid_cursor' || code === 'invalid_request'))
      return 'position refused';
    // What was fetched is kept: the next update continues after it (unless the disk is full).
    if (batch.length > 0 && cursor && !isDiskFull(error)) await store(cursor).catch(() => undefined);
    throw error;
  }
  await store(null);
  return 'done';
}

/** Merges the stored listing's search index and builds its indexes, then makes it the copy in use. */
async function finish(copy: CollectionCopy, collection: Collection, listing: number): Promise<void> {
  const { repo, signal } = copy;
  for (const step of [() => repo.search.mergeStep(listing), () => repo.indexStep(listing)]) {
    while (step()) {
      signal.throwIfAborted();
      await nextTurn();
    }
  }
  repo.finishListing(copy.connectionId, collection, listing);
}
