// Drafts as server state held by main: the list, one draft in full, refetched whenever main says a
// draft changed (an edit elsewhere, a submission settling in the outbox).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../lib/call';
import { useBridgeEvent } from '../../lib/use-bridge-event';

export const DRAFTS_KEY = ['drafts'] as const;
export const draftKey = (id: string) => ['drafts', 'detail', id] as const;
const LIST_KEY = ['drafts', 'list'] as const;

/** Refetches drafts on main's drafts.changed event; mount once per screen that shows drafts. */
export function useDraftEvents(): void {
  const client = useQueryClient();
  useBridgeEvent('drafts.changed', ({ draftId }) => {
    void client.invalidateQueries({ queryKey: LIST_KEY });
    void client.invalidateQueries({ queryKey: draftId ? draftKey(draftId) : DRAFTS_KEY });
  });
}

export function useDraftList() {
  return useQuery({
    queryKey: LIST_KEY,
    queryFn: () => unwrap(window.propdesk.drafts.list()),
    staleTime: 0,
  });
}

export function useDraft(id: string) {
  return useQuery({
    queryKey: draftKey(id),
    queryFn: () => unwrap(window.propdesk.drafts.get({ id })),
    staleTime: 0,
  });
}

export function useOnline(): boolean | undefined {
  const connectivity = useQuery({
    queryKey: ['connectivity'],
    queryFn: () => unwrap(window.propdesk.connectivity.status()),
  });
  return connectivity.data?.online;
}
