// The connections list as server state, refreshed whenever main reports a switch.
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../lib/call';
import { useBridgeEvent } from '../../lib/use-bridge-event';

export const CONNECTIONS_KEY = ['connections'] as const;

/** The connections list query, for hooks that read it without reacting to switches themselves. */
export const connectionsQuery = queryOptions({
  queryKey: CONNECTIONS_KEY,
  queryFn: () => unwrap(window.propdesk.connections.list()),
});

export function useConnections() {
  const client = useQueryClient();
  useBridgeEvent('connections.changed', () => {
    // Everything cached belongs to the previous connection: drop it all.
    void client.resetQueries();
  });
  return useQuery(connectionsQuery);
}
