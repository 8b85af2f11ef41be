// Reads lists and single records from the offline copy, with the service's filters answered by the
// copy's SQLite indexes, and pages it with list positions of its own (marked so they are never sent
// to the service). Every answer says it comes from the copy and how old that copy is.
import type { LowerBounds } from '../../shared/date-range';
import type { OwnTerms } from '../store/offline-copy/own-filter-sql';
import type { ListSort } from '../../shared/list-order';
import type { Collection, RecordPage, ServiceRecord } from '../../shared/service';
import type { OfflineCopyRepository } from '../store/offline-copy/offline-copy-repo';
import { parseStored } from '../store/offline-copy/collection-listings';
import { UserError } from '../base/user-error';
import { collectionWords } from '../../shared/service';

export type OfflinePage = RecordPage & {
  offline: { asOf: string };
  /** How many rows the whole sorted or bounded list holds (its pages are read from a known order). */
  total?: number;
};

const PREFIX = 'offline-copy.';
// Positions in a sorted or bounded list of the copy: an offset into its order, not a stored position.
const ORDER_PREFIX = 'offline-order.';

export function isOfflineCursor(cursor: string | undefined): boolean {
  return cursor !== undefined && (cursor.startsWith(PREFIX) || cursor.startsWith(ORDER_PREFIX));
}

/** What the app adds to the service's filters: a sort over every row, lower date bounds, its own filters. */
export interface ListOrder {
  sort?: ListSort | undefined;
  onOrAfter?: LowerBounds | undefined;
  own?: OwnTerms | undefined;
}

const isOrdered = (order: ListOrder): boolean =>
  order.sort !== undefined || Object.keys(order.onOrAfter ?? {}).length > 0 || order.own !== undefined;

function encode(listing: number, position: number): string {
  return `${PREFIX}${listing}.${position}`;
}

function decode(cursor: string, prefix: string): { listing: number; position: number } {
  const match = /^([a-z-]+\.)(\d{1,15})\.(\d{1,15})$/.exec(cursor);
  if (!match || match[1] !== prefix)
    throw new UserError('invalid_cursor', 'That list position is not valid. Reload the list.');
  return { listing: Number(match[2]), position: Number(match[3]) };
}

function refreshed(): UserError {
  return new UserError(
    'invalid_cursor',
    'The offline copy was refreshed while this list was open. Reload the list from the start.',
  );
}

export class OfflineReader {
  constructor(private readonly repo: OfflineCopyRepository) {}

  /** How many records the complete copy of the collection holds; undefined without one. */
  count(connectionId: string, collection: Collection): number | undefined {
    const state = this.repo.state(connectionId, collection);
    return state?.liveListing != null ? state.liveCount : undefined;
  }

  /** Whether a complete copy of the collection exists for the connection. */
  has(connectionId: string, collection: Collection): boolean {
    return this.repo.state(connectionId, collection)?.liveListing != null;
  }

  list(
    connectionId: string,
    collection: Collection,
    filters: Record<string, string>,
    cursor: string | undefined,
    limit: number,
    order: ListOrder = {},
  ): OfflinePage {
    const state = this.repo.state(connectionId, collection);
    if (state?.liveListing == null || state.asOf === null) throw noCopy(collection);
    const listing = state.liveListing;
    if (isOrdered(order))
      return this.orderedPage(collection, listing, state.asOf, filters, order, cursor, limit);
    let after = -1;
    if (cursor !== undefined) {
      const at = decode(cursor, PREFIX);
      if (at.listing !== listing) throw refreshed();
      after = at.position;
    }
    const rows =
      Object.keys(filters).length === 0
        ? this.repo.page(listing, after, limit + 1)
        : this.repo.filteredPage(collection, listing, after, limit + 1, filters);
    const data = rows.slice(0, limit).map((r) => parseStored(collection, r.json));
    const hasMore = rows.length > limit;
    const last = rows[Math.min(rows.length, limit) - 1];
    return {
      data,
      hasMore,
      nextCursor: hasMore && last ? encode(listing, last.position) : null,
      offline: { asOf: state.asOf },
    };
  }

  /** A page of the copy's rows in the sort's order, filtered by the service's filters and the bounds. */
  private orderedPage(
    collection: Collection,
    listing: number,
    asOf: string,
    filters: Record<string, string>,
    order: ListOrder,
    cursor: string | undefined,
    limit: number,
  ): OfflinePage {
    let start = 0;
    if (cursor !== undefined) {
      const at = decode(cursor, ORDER_PREFIX);
      if (at.listing !== listing) throw refreshed();
      start = at.position;
    }
    const keys = this.repo.orderedKeys(collection, listing, {
      filters,
      onOrAfter: order.onOrAfter ?? {},
      sort: order.sort,
      own: order.own,
    });
    const end = Math.min(keys.length, start + limit);
    const data: ServiceRecord[] = [];
    for (let i = start; i < end; i++) {
      const json = this.repo.jsonOfKey(keys[i]!);
      if (json === undefined) throw refreshed();
      data.push(parseStored(collection, json));
    }
    const hasMore = end < keys.length;
    return {
      data,
      hasMore,
      nextCursor: hasMore ? `${ORDER_PREFIX}${listing}.${end}` : null,
      offline: { asOf },
      total: keys.length,
    };
  }

  get(
    connectionId: string,
    collection: Collection,
    id: string,
  ): { record: ServiceRecord; offline: { asOf: string } } {
    const state = this.repo.state(connectionId, collection);
    if (state?.liveListing == null || state.asOf === null) throw noCopy(collection);
    const json = this.repo.get(state.liveListing, id);
    if (json === undefined)
      throw new UserError(
        'not_found',
        `That record is not in the offline copy (as of ${state.asOf}). It may have been added since.`,
      );
    return { record: parseStored(collection, json), offline: { asOf: state.asOf } };
  }

  /**
   * The records of these IDs in the copy in use, each read through the ID index (never a scan); an ID
   * the copy lacks is left out. Undefined when the collection has no complete copy.
   */
  byIds(
    connectionId: string,
    collection: Collection,
    ids: Iterable<string>,
  ): { records: Map<string, ServiceRecord>; asOf: string } | undefined {
    const state = this.repo.state(connectionId, collection);
    if (state?.liveListing == null || state.asOf === null) return undefined;
    const records = new Map<string, ServiceRecord>();
    for (const id of ids) {
      const json = this.repo.get(state.liveListing, id);
      if (json !== undefined) records.set(id, parseStored(collection, json));
    }
    return { records, asOf: state.asOf };
  }
}

function noCopy(collection: Collection): UserError {
  return new UserError(
    'no_offline_copy',
    `There is no offline copy of ${collectionWords(collection)} yet. Update the offline copy while online to keep one.`,
  );
}
