// The offline copy's sync status for the active connection, kept current by main's sync.progress
// events; when a sync ends, the portfolio views and searches are read again from the new copy.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SyncStatus } from '../../../../shared/portfolio';
import { unwrap } from '../../lib/call';
import { useBridgeEvent } from '../../lib/use-bridge-event';

export const SYNC_KEY = ['sync-status'] as const;

export function useSyncStatus() {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: SYNC_KEY,
    queryFn: () => unwrap(window.propdesk.sync.status()),
    staleTime: Infinity,
  });
  useBridgeEvent('sync.progress', (status) => {
    const before = client.getQueryData<SyncStatus>(SYNC_KEY);
    client.setQueryData(SYNC_KEY, status);
    const ended = before?.state === 'running' && status.state !== 'running';
    // A copy made, refreshed or forgotten changes every search answer.
    if (ended || (before && oldestAsOf(before) !== oldestAsOf(status)))
      void client.invalidateQueries({ queryKey: ['search'] });
    if (ended) void client.invalidateQueries({ queryKey: ['portfolio'] });
  });
  useBridgeEvent('connections.changed', () => {
    void client.invalidateQueries({ queryKey: SYNC_KEY });
    void client.invalidateQueries({ queryKey: ['portfolio'] });
    void client.invalidateQueries({ queryKey: ['search'] });
  });
  return query;
}

/** The oldest as-of time over collections with a copy, or null when there is none. */
export function oldestAsOf(status: SyncStatus | undefined): string | null {
  const times = (status?.collections ?? []).map((c) => c.asOf).filter((t): t is string => t !== null);
  return times.length ? times.sort()[0]! : null;
}
