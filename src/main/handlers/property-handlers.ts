// The handler of the property page's channel: from the service, or from the offline copy when the
// service cannot be reached.
import type { DomainHandlers } from '../ipc/dispatch';
import type { OfflineFallback } from '../sync/offline-fallback';

export function createPropertyHandlers(
  offline: Pick<OfflineFallback, 'overview'>,
): DomainHandlers<'properties'> {
  return { 'properties.overview': ({ id }) => offline.overview(id) };
}
