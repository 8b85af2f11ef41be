// Browsing that keeps working without the service: a list, a record or a record's page is asked of
// the service first and read from the offline copy when the service cannot be reached (a network
// failure or a timeout, or the connectivity monitor already knows it is offline). Other errors (not found, not allowed …) are
// the service's answer and are passed on unchanged.
import type { LowerBounds } from '../../shared/date-range';
import type { ListSort } from '../../shared/list-order';
import type { Collection, RecordPage, ServiceRecord } from '../../shared/service';
import type { ServiceClient } from '../connections/types';
import { isUnreachable } from '../connectivity/connectivity-monitor';
import { Signal } from '../signal';
import { UserError } from '../base/user-error';
import { serviceName } from '../api/paging';
import { boundedPage } from './bounded-page';
import { relatedRecords } from '../records/related-records';
import type { RelatedRecords } from '../records/related-records';
import { isOfflineCursor } from './offline-reader';
import type { OfflinePage, OfflineReader } from './offline-reader';

export interface OfflineFallbackDeps {
  reader: OfflineReader;
  activeId: () => string;
  client: () => ServiceClient;
  isOnline: () => boolean;
}

export interface ListArgs {
  collection: Collection;
  filters: Record<string, string>;
  cursor?: string | undefined;
  limit?: number | undefined;
  /** Every row of the offline copy in this order; refused when there is no copy. */
  sort?: ListSort | undefined;
  onOrAfter?: LowerBounds | undefined;
}

const DEFAULT_LIMIT = 25;

export function createOfflineFallback(deps: OfflineFallbackDeps) {
  /** A read was answered from the copy because the service is known to be out of reach. */
  const answeredOffline = new Signal<void>();
  /** Reads the copy without asking the service, and announces it (the service may be back). */
  const offlineRead = <T>(read: () => T): T => {
    answeredOffline.emit();
    return read();
  };
  return {
    answeredOffline,

    async list(args: ListArgs): Promise<RecordPage | OfflinePage> {
      const connectionId = deps.activeId();
      const limit = args.limit ?? DEFAULT_LIMIT;
      const order = { sort: args.sort, onOrAfter: args.onOrAfter };
      const fromCopy = () =>
        deps.reader.list(connectionId, args.collection, args.filters, args.cursor, limit, order);
      // A list read from the copy keeps reading it: its positions mean nothing to the service.
      if (isOfflineCursor(args.cursor)) return fromCopy();
      const has = deps.reader.has(connectionId, args.collection);
      // The service cannot sort: a sort over every row is the copy's to answer.
      if (args.sort) {
        if (!has) throw noCopyToSort(args.collection);
        return fromCopy();
      }
      const usable = args.cursor === undefined && has;
      if (usable && !deps.isOnline()) return offlineRead(fromCopy);
      try {
        const client = deps.client();
        const read = (cursor: string | undefined) =>
          client.list(args.collection, {
            filters: args.filters,
            ...(cursor ? { cursor } : {}),
            ...(args.limit ? { limit: args.limit } : {}),
          });
        return await boundedPage(
          { read, service: serviceName(client), what: args.collection.replace(/_/g, ' ') },
          args.cursor,
          args.onOrAfter ?? {},
        );
      } catch (error) {
        if (usable && isUnreachable(error)) return fromCopy();
        throw error;
      }
    },

    async get(
      collection: Collection,
      id: string,
    ): Promise<{ record: ServiceRecord; offline?: { asOf: string } }> {
      const connectionId = deps.activeId();
      const usable = deps.reader.has(connectionId, collection);
      if (usable && !deps.isOnline()) return offlineRead(() => deps.reader.get(connectionId, collection, id));
      try {
        return { record: await deps.client().get(collection, id) };
      } catch (error) {
        if (usable && isUnreachable(error)) return deps.reader.get(connectionId, collection, id);
        throw error;
      }
    },

    /** A record's page: from the service, or from the copy (marked with its age) when out of reach. */
    async related(
      collection: Collection,
      id: string,
    ): Promise<RelatedRecords & { offline?: { asOf: string } }> {
      const connectionId = deps.activeId();
      const usable = deps.reader.has(connectionId, collection);
      const fromCopy = () => relatedFromCopy(deps.reader, connectionId, collection, id);
      if (usable && !deps.isOnline()) return offlineRead(fromCopy);
      try {
        return await relatedRecords(deps.client(), collection, id);
      } catch (error) {
        if (usable && isUnreachable(error)) return fromCopy();
        throw error;
      }
    },
  };
}

export type OfflineFallback = ReturnType<typeof createOfflineFallback>;

function noCopyToSort(collection: Collection): UserError {
  return new UserError(
    'no_offline_copy',
    `Sorting every row of ${collection.replace(/_/g, ' ')} needs the offline copy, and there is none yet. Update the offline copy, or sort the rows loaded so far.`,
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
