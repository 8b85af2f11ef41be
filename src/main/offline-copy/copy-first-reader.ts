// Browsing with the offline copy first: a list, a record or a record's page is read from the copy at
// once when it holds them completely (saying how old it is), and what it showed is announced so that
// it is read again from the service in the background and any change written into the copy (see
// CopyRefresh.refreshShown). Without a complete copy it is asked of the service, and read from the copy
// when the service cannot be reached (a network failure or a timeout, or the connectivity monitor
// already knows it is offline). Other errors (not found, not allowed …) are the service's answer and
// are passed on unchanged. What must be current (the check before submitting, the live check after
// approval) does not come through here.
import type { LowerBounds } from '../../shared/date-range';
import type { ListSort } from '../../shared/list-order';
import type { Collection, RecordPage, ServiceRecord } from '../../shared/service/index';
import type { ServiceClient } from '../connections/types';
import { isUnreachable } from '../connectivity/connectivity-monitor';
import { Signal } from '../signal';
import { UserError } from '../base/user-error';
import { serviceName } from '../api/paging';
import { boundedPage } from './bounded-page';
import { relatedCollections, relatedRecords } from '../records/related-records';
import type { RelatedRecords } from '../records/related-records';
import { isOfflineCursor } from './offline-reader';
import type { OfflinePage, OfflineReader } from './offline-reader';
import { collectionWords } from '../../shared/service/index';
import { hasOwnFilters } from '../../shared/own-filters';
import type { OwnFilters } from '../../shared/own-filters';
import type { ResolveOwnFilters } from './own-filter-terms';

export interface CopyFirstReaderDeps {
  reader: OfflineReader;
  activeId: () => string;
  client: () => ServiceClient;
  isOnline: () => boolean;
  /** Reads what a screen shows from the service now and lands it in the copy (a list's Reload). */
  checkNow: (shown: ShownFromCopy) => Promise<unknown>;
  /** The fields the contract gives the collection's records; undefined while no contract is known. */
  recordFields: (connectionId: string, collection: Collection) => readonly string[] | undefined;
  /** PropDesk's own filters resolved for SQL over the copy. */
  ownTerms: ResolveOwnFilters;
}

export interface ListArgs {
  collection: Collection;
  filters: Record<string, string>;
  cursor?: string | undefined;
  limit?: number | undefined;
  /** Every row of the offline copy in this order; refused when there is no copy. */
  sort?: ListSort | undefined;
  onOrAfter?: LowerBounds | undefined;
  /** PropDesk's own filters: answered by the offline copy only, refused when there is none. */
  own?: OwnFilters | undefined;
  /** Reload: the list is read from the service before the copy answers it. */
  fresh?: boolean | undefined;
}

/** What a screen was shown from the copy first, for it to be read again from the service. */
export type ShownFromCopy = { connectionId: string } & (
  | {
      kind: 'page';
      collection: Collection;
      filters: Record<string, string>;
      limit: number;
      onOrAfter: LowerBounds;
    }
  | { kind: 'record'; collection: Collection; id: string }
  | { kind: 'related'; collection: Collection; id: string }
);

/** A listing without filters read to its end on its first page: how many records the collection holds. */
export interface ListedWhole {
  connectionId: string;
  collection: Collection;
  count: number;
}

const DEFAULT_LIMIT = 25;

/** The first page of a list, as shown from the copy. */
const shownPage = (
  connectionId: string,
  { collection, filters }: ListArgs,
  limit: number,
  onOrAfter: LowerBounds,
): ShownFromCopy => ({ connectionId, kind: 'page', collection, filters, limit, onOrAfter });
const first = { first: true as const };

export function createCopyFirstReader(deps: CopyFirstReaderDeps) {
  /** A read was answered from the copy because the service is known to be out of reach. */
  const answeredOffline = new Signal<void>();
  /** A read was answered from a complete copy first: what it showed is to be read again. */
  const answeredFromCopy = new Signal<ShownFromCopy>();
  /** A listing without filters ended on its first page: the collection's size is known. */
  const listedWhole = new Signal<ListedWhole>();
  /** Reads the copy without asking the service, and announces it (the service may be back). */
  const offlineRead = <T>(read: () => T): T => {
    answeredOffline.emit();
    return read();
  };
  return {
    answeredOffline,
    answeredFromCopy,
    listedWhole,

    async list(args: ListArgs): Promise<RecordPage | OfflinePage> {
      const connectionId = deps.activeId();
      const limit = args.limit ?? DEFAULT_LIMIT;
      const onOrAfter = args.onOrAfter ?? {};
      const has = deps.reader.has(connectionId, args.collection);
      const mine = hasOwnFilters(args.own);
      const order = { sort: args.sort, onOrAfter, own: ownTermsIn(deps, connectionId, args, has) };
      const fromCopy = () =>
        deps.reader.list(connectionId, args.collection, args.filters, args.cursor, limit, order);
      // A list read from the copy keeps reading it: its positions mean nothing to the service. A list
      // with PropDesk's own filters is only ever read from the copy.
      if (isOfflineCursor(args.cursor) || (mine && args.cursor !== undefined)) return fromCopy();
      // The service cannot sort: a sort over every row is the copy's to answer.
      if (args.sort) {
        if (!has) throw noCopyToSort(args.collection);
        // Each new sort builds an index over every row: a field the contract does not name is refused first.
        const fields = deps.recordFields(connectionId, args.collection);
        if (!fields?.includes(args.sort.field))
          throw unknownSortField(args.collection, args.sort.field, !fields);
        return fromCopy();
      }
      const usable = args.cursor === undefined && has;
      if (usable && !deps.isOnline()) return offlineRead(fromCopy);
      if (usable) {
        const shown = shownPage(connectionId, args, limit, onOrAfter);
        // Reload: what the service holds lands in the copy first, and the copy then answers.
        if (args.fresh) {
          await deps.checkNow(shown);
          return fromCopy();
        }
        const page = fromCopy();
        answeredFromCopy.emit(shown);
        return { ...page, offline: { ...page.offline, ...first } };
      }
      try {
        return await pageFromService(deps.client(), args, onOrAfter, (count) =>
          listedWhole.emit({ connectionId, collection: args.collection, count }),
        );
      } catch (error) {
        if (usable && isUnreachable(error)) return fromCopy();
        throw error;
      }
    },

    async get(
      collection: Collection,
      id: string,
    ): Promise<{ record: ServiceRecord; offline?: { asOf: string; first?: true } }> {
      const connectionId = deps.activeId();
      const usable = deps.reader.has(connectionId, collection);
      if (usable && !deps.isOnline()) return offlineRead(() => deps.reader.get(connectionId, collection, id));
      if (usable) {
        const found = inCopy(() => deps.reader.get(connectionId, collection, id));
        if (found) {
          answeredFromCopy.emit({ connectionId, kind: 'record', collection, id });
          return { ...found, offline: { ...found.offline, ...first } };
        }
      }
      try {
        return { record: await deps.client().get(collection, id) };
      } catch (error) {
        if (usable && isUnreachable(error)) return deps.reader.get(connectionId, collection, id);
        throw error;
      }
    },

    /** A record's page: from a complete copy first, else the service (the copy when it is out of reach). */
    async related(
      collection: Collection,
      id: string,
    ): Promise<RelatedRecords & { offline?: { asOf: string; first?: true } }> {
      const connectionId = deps.activeId();
      const usable = deps.reader.has(connectionId, collection);
      const fromCopy = () => relatedFromCopy(deps.reader, connectionId, collection, id);
      if (usable && !deps.isOnline()) return offlineRead(fromCopy);
      const whole = relatedCollections(collection).every((c) => deps.reader.has(connectionId, c));
      if (whole) {
        const found = await fromCopy().catch((error: unknown) => {
          if ((error as { code?: unknown }).code === 'not_found') return undefined;
          throw error;
        });
        if (found) {
          answeredFromCopy.emit({ connectionId, kind: 'related', collection, id });
          return { ...found, offline: { ...found.offline, ...first } };
        }
      }
      try {
        return await relatedRecords(deps.client(), collection, id);
      } catch (error) {
        if (usable && isUnreachable(error)) return fromCopy();
        throw error;
      }
    },
  };
}

export type CopyFirstReader = ReturnType<typeof createCopyFirstReader>;

/** A page of a list from the service, bounded; one that holds a whole collection tells its size. */
async function pageFromService(
  client: ServiceClient,
  args: ListArgs,
  onOrAfter: LowerBounds,
  whole: (count: number) => void,
): Promise<RecordPage> {
  const read = (cursor: string | undefined) =>
    client.list(args.collection, {
      filters: args.filters,
      ...(cursor ? { cursor } : {}),
      ...(args.limit ? { limit: args.limit } : {}),
    });
  const page = await boundedPage(
    { read, service: serviceName(client), what: collectionWords(args.collection) },
    args.cursor,
    onOrAfter,
  );
  const unfiltered = Object.keys(args.filters).length === 0 && Object.keys(onOrAfter).length === 0;
  if (args.cursor === undefined && !page.hasMore && unfiltered) whole(page.data.length);
  return page;
}

/** The copy's answer, or undefined when the copy lacks the record (added since: the service has it). */
function inCopy<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch (error) {
    if ((error as { code?: unknown }).code === 'not_found') return undefined;
    throw error;
  }
}

function noCopyToSort(collection: Collection): UserError {
  return new UserError(
    'no_offline_copy',
    `Sorting every row of ${collectionWords(collection)} needs the offline copy, and there is none yet. Update the offline copy, or sort the rows loaded so far.`,
  );
}

/** PropDesk's own filters of a list, resolved; the service has no such filters: they are the copy's. */
function ownTermsIn(deps: CopyFirstReaderDeps, connectionId: string, args: ListArgs, has: boolean) {
  if (hasOwnFilters(args.own) && !has) throw noCopyToFilter(args.collection);
  return deps.ownTerms(connectionId, args.collection, args.own);
}

function noCopyToFilter(collection: Collection): UserError {
  return new UserError(
    'no_offline_copy',
    `PropDesk applies the Property and Received filters itself, over its offline copy of ${collectionWords(collection)}, and there is none yet. Update the offline copy, or clear those filters.`,
  );
}

function unknownSortField(collection: Collection, field: string, noContract: boolean): UserError {
  return new UserError(
    'invalid_input',
    noContract
      ? `The rows of ${collectionWords(collection)} cannot be sorted until PropDesk has read the service's description of them. Go online once, then sort again.`
      : `The ${collectionWords(collection)} have no field “${field}” to sort by. Choose a column of the list.`,
  );
}

/** A record page's reads (a record and filtered lists) answered by the offline copy, as of its oldest part. */
function relatedFromCopy(
  reader: OfflineReader,
  connectionId: string,
  collection: Collection,
  id: string,
): Promise<RelatedRecords & { offline: { asOf: string } }> {
  const times: string[] = [];
  const copy = {
    get: async (listed: Collection, recordId: string) => {
      const found = reader.get(connectionId, listed, recordId);
      times.push(found.offline.asOf);
      return found.record;
    },
    list: async (
      listed: Collection,
      query: { filters?: Record<string, string>; cursor?: string; limit?: number },
    ) => {
      const page = reader.list(connectionId, listed, query.filters ?? {}, query.cursor, query.limit ?? 100);
      times.push(page.offline.asOf);
      return page;
    },
  };
  return relatedRecords(copy, collection, id, { budget: Infinity }).then((related) => ({
    ...related,
    offline: { asOf: times.sort()[0]! },
  }));
}
