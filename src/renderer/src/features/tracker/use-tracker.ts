// The tracker's data in the renderer: main's tracked batches as a React Query, refreshed whenever
// main pushes a change (or a submission or connection switch happens), never by reloading the page.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { unwrap } from '../../lib/call';
import { useBridgeEvent } from '../../lib/use-bridge-event';

export const TRACKER_KEY = ['tracker'] as const;

/** `live`: also re-read main's copy now and then, so "checked … ago" stays true while the screen is open. */
export function useTrackerState(options: { live?: boolean } = {}) {
  const client = useQueryClient();
  const refetch = () => void client.invalidateQueries({ queryKey: TRACKER_KEY });
  useBridgeEvent('tracker.changed', refetch);
  useBridgeEvent('drafts.changed', refetch);
  useBridgeEvent('connections.changed', refetch);
  return useQuery({
    queryKey: TRACKER_KEY,
    queryFn: () => unwrap(window.propdesk.tracker.list({})),
    staleTime: 0,
    ...(options.live ? { refetchInterval: 10_000 } : {}),
  });
}

/** Tells main the tracker screen is open (it then polls every few seconds) for as long as it is mounted. */
export function useWatchTracker(): void {
  useEffect(() => {
    void window.propdesk.tracker.watch({ open: true });
    return () => void window.propdesk.tracker.watch({ open: false });
  }, []);
}
