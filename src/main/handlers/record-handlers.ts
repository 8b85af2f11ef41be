// The handlers of the record page's channels: the record and the records that point to it, from the
// service or from the offline copy when the service cannot be reached; and what a tenant, a lease or a
// property's tenants owe.
import type { DomainHandlers } from '../ipc/dispatch';
import type { CopyFirstReader } from '../offline-copy/copy-first-reader';
import type { BalanceService } from '../portfolio/balance-service';

export function createRecordHandlers(
  offline: Pick<CopyFirstReader, 'related'>,
  balance: Pick<BalanceService, 'of'>,
): DomainHandlers<'records'> {
  return {
    'records.related': ({ collection, id }) => offline.related(collection, id),
    'records.balance': ({ collection, id }) => balance.of(collection, id),
  };
}
