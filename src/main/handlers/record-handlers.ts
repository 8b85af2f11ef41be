// The handler of the record page's channel: from the service, or from the offline copy when the
// service cannot be reached.
import type { DomainHandlers } from '../ipc/dispatch';
import type { OfflineFallback } from '../offline-copy/offline-fallback';

export function createRecordHandlers(offline: Pick<OfflineFallback, 'related'>): DomainHandlers<'records'> {
  return { 'records.related': ({ collection, id }) => offline.related(collection, id) };
}
