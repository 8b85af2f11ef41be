// The records' traffic with main: a record page's data, the record, the records that point to it and its documents, from the service
// or (marked `offline`) from the offline copy.
import { useQuery } from '@tanstack/react-query';
import type { BalanceCollection } from '../../../../shared/balance';
import type { Collection } from '../../../../shared/service';
import { unwrap } from '../../lib/call';
import { queryKeys } from '../../lib/query-keys';
import { ON_SCREEN_CHECK_MS } from '../collections/use-collections-api';

/**
 * A record's page, read again every 30 s while the window is not hidden (React Query pauses the interval
 * then): main answers from the copy and checks the page with the service at most that often, or reads
 * it from the service when there is no copy.
 */
export function useRelatedRecords(collection: Collection, id: string) {
  return useQuery({
    queryKey: queryKeys.related(collection, id),
    queryFn: () => unwrap(window.propdesk.records.related({ collection, id })),
    refetchInterval: ON_SCREEN_CHECK_MS,
  });
}

/** What a tenant, a lease or a property's tenants owe, by the Delinquency view's estimate. */
export function useBalance(collection: BalanceCollection, id: string) {
  return useQuery({
    queryKey: queryKeys.balance(collection, id),
    queryFn: () => unwrap(window.propdesk.records.balance({ collection, id })),
  });
}
