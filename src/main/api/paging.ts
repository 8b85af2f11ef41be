// The app's one follower of cursor-paged listings: every listing read from the service page after
// page (a list read whole for a screen, labels, suggestions, an export, the offline copy) goes through
// here. The service is remote and may be wrong, so a listing ends with one clear error, an ApiError
// `bad_response` naming the service and what was listed, when it says more follow but gives no
// position, when a position comes back a second time (it would loop forever), or when it passes its
// caps on pages, records or bytes (a service that never stops would fill main's memory or the disk).
// Such a page is not handed on. The listing never silently restarts, and an abort signal stops it
// between pages.
import { pageSize } from './answer-size';
import { ApiError } from './errors/api-error';
import { badResponse } from './errors/error-wording';

export interface Page {
  data: readonly unknown[];
  nextCursor: string | null;
  hasMore: boolean;
}

/** How much one listing may read before it is stopped as endless. */
export interface PageCaps {
  pages: number;
  records: number;
  /** The size of the pages' answers, or of their records as JSON (characters, about their bytes). */
  bytes: number;
  /** What all listings of this kind under way may read together. */
  together?: SharedBytes;
}

const GB = 1024 ** 3;
const MB = 1024 ** 2;

/**
 * Bytes that the listings sharing it read while they run, together: main's memory is one, and a
 * record's page reads several listings at once, the suggestions poll another on its own timer.
 */
export class SharedBytes {
  private used = 0;

  constructor(readonly limit: number) {}

  /** Counts `bytes` more; false when that passes the limit (they are counted all the same). */
  take(bytes: number): boolean {
    this.used += bytes;
    return this.used <= this.limit;
  }

  release(bytes: number): void {
    this.used = Math.max(0, this.used - bytes);
  }
}

/**
 * A listing held in memory whole, for a screen, a check or a poll: 32 MB of records each, 64 MB for
 * all of them under way at once, so that a service that never stops cannot fill main's memory (its
 * JavaScript heap may be a few hundred MB) however many such listings run together.
 */
export const HELD_LISTING_CAPS: PageCaps = {
  pages: 2_000,
  records: 200_000,
  bytes: 32 * MB,
  together: new SharedBytes(64 * MB),
};

/** A whole collection passed through page by page (the offline copy, an export, labels). */
export const WHOLE_COLLECTION_CAPS: PageCaps = { pages: 20_000, records: 2_000_000, bytes: 2 * GB };

export interface FollowOptions {
  /** Stops the listing before its next page; the signal's reason is thrown. */
  signal?: AbortSignal | undefined;
  /** HELD_LISTING_CAPS when not given. */
  caps?: PageCaps;
  /** A position to continue an earlier listing from (the offline copy resuming). */
  from?: string | undefined;
  /** Records that earlier listing already read, counted towards the cap. */
  recordsBefore?: number;
  /** Told each page's size (as counted for the cap: see pageSize) before the page is handed on. */
  measured?: (bytes: number) => void;
}

export async function* followPages<P extends Page>(
  fetchPage: (cursor: string | undefined) => Promise<P>,
  host: string,
  what: string,
  options: FollowOptions = {},
): AsyncGenerator<P, void, undefined> {
  const caps = options.caps ?? HELD_LISTING_CAPS;
  const seen = new Set<string>();
  let cursor = options.from;
  if (cursor !== undefined) seen.add(cursor);
  const read = { pages: 0, records: options.recordsBefore ?? 0, bytes: 0 };
  try {
    for (;;) {
      options.signal?.throwIfAborted();
      const page = await fetchPage(cursor);
      const bytes = pageSize(page);
      read.pages += 1;
      read.records += page.data.length;
      read.bytes += bytes;
      const over = overCap(read, caps, page.hasMore);
      if (over) throw keptSending(host, what, over, read);
      if (caps.together && !caps.together.take(bytes))
        throw keptSending(
          host,
          what,
          `${count(caps.together.limit / MB)} MB of records together with the other lists it was reading`,
          read,
        );
      if (page.hasMore) {
        if (!page.nextCursor)
          throw badResponse(host, `it said more ${what} follow but gave no list position`);
        if (seen.has(page.nextCursor)) throw repeatedPosition(host, what);
      }
      options.measured?.(bytes);
      yield page;
      if (!page.hasMore) return;
      seen.add(page.nextCursor!);
      cursor = page.nextCursor!;
    }
  } finally {
    caps.together?.release(read.bytes);
  }
}

/** A position the service handed out a second time in one listing: following it would loop. */
export function repeatedPosition(host: string, what: string): ApiError {
  return badResponse(
    host,
    `it returned the same list position twice while listing ${what}, so the listing was stopped`,
  );
}

const count = (n: number) => Math.round(n).toLocaleString('en-US');

/** The cap a listing went past, in words; a listing may end on its last allowed page. */
function overCap(read: Omit<PageCaps, 'together'>, caps: PageCaps, more: boolean): string | undefined {
  if (read.pages > caps.pages || (read.pages === caps.pages && more)) return `${count(caps.pages)} pages`;
  if (read.records > caps.records) return `${count(caps.records)} records`;
  if (read.bytes > caps.bytes) return `${count(Math.round(caps.bytes / MB))} MB of records`;
  return undefined;
}

function keptSending(host: string, what: string, over: string, read: Omit<PageCaps, 'together'>): ApiError {
  return new ApiError(
    'bad_response',
    `${host} kept sending pages of ${what}, more than ${over}, so PropDesk stopped reading them. The service may be misbehaving: try again later, and if it happens again, ask whoever runs it to check.`,
    { details: { pages: read.pages, records: read.records, bytes: read.bytes } },
  );
}

/** The name a listing's errors give the service: its host when the client knows it. */
export function serviceName(client: { readonly host?: string | undefined }): string {
  return client.host ?? 'The service';
}
