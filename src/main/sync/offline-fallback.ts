// Browsing that keeps working without the service: a list or record is asked of the service first and
// read from the offline copy when the service cannot be reached (a network failure or a timeout, or
// the connectivity monitor already knows it is offline). Other errors (not found, not allowed …) are
// the service's answer and are passed on unchanged.
import type { Collection, RecordPage, ServiceRecord } from '../../shared/service';
import type { ServiceClient } from '../connections/types';
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
}

const DEFAULT_LIMIT = 25;

export function isUnreachable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'network' || code === 'timeout';
}

export function createOfflineFallback(deps: OfflineFallbackDeps) {
  return {
    async list(args: ListArgs): Promise<RecordPage | OfflinePage> {
      const connectionId = deps.activeId();
      const limit = args.limit ?? DEFAULT_LIMIT;
      const fromCopy = () =>
        deps.reader.list(connectionId, args.collection, args.filters, args.cursor, limit);
      // A list read from the copy keeps reading it: its positions mean nothing to the service.
      if (isOfflineCursor(args.cursor)) return fromCopy();
      const usable = args.cursor === undefined && deps.reader.has(connectionId, args.collection);
      if (usable && !deps.isOnline()) return fromCopy();
      try {
        return await deps.client().list(args.collection, {
          filters: args.filters,
          ...(args.cursor ? { cursor: args.cursor } : {}),
          ...(args.limit ? { limit: args.limit } : {}),
        });
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
      if (usable && !deps.isOnline()) return deps.reader.get(connectionId, collection, id);
      try {
        return { record: await deps.client().get(collection, id) };
      } catch (error) {
        if (usable && isUnreachable(error)) return deps.reader.get(connectionId, collection, id);
        throw error;
      }
    },
  };
}

export type OfflineFallback = ReturnType<typeof createOfflineFallback>;
