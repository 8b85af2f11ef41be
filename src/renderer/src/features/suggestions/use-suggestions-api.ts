// The suggestions' traffic with main: the tracked batches as a query (kept current by the shell's bridge
// sync whenever main pushes a change, never by reloading the page), telling main the screen is open,
// a refresh now, choosing the record a create made, and re-drafting suggestions into a new draft,
// which then opens.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { unwrap } from '../../lib/call';
import { queryKeys } from '../../lib/query-keys';
import { navigate } from '../../router/use-route';

/** `live`: also re-read main's copy now and then, so "checked … ago" stays true while the screen is open. */
export function useSuggestionsState(options: { live?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.suggestions,
    queryFn: () => unwrap(window.propdesk.suggestions.list({})),
    staleTime: 0,
    ...(options.live ? { refetchInterval: 10_000 } : {}),
  });
}

/**
 * Tells main a screen that shows the suggestions (Suggestions, Today) is on screen, for as long as it is
 * mounted and the window is not hidden: main then polls every few seconds, fast while any wait.
 */
export function useWatchSuggestions(): void {
  useEffect(() => {
    const tell = () => void window.propdesk.suggestions.watch({ open: !document.hidden });
    tell();
    document.addEventListener('visibilitychange', tell);
    return () => {
      document.removeEventListener('visibilitychange', tell);
      void window.propdesk.suggestions.watch({ open: false });
    };
  }, []);
}

export function useRefreshSuggestions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(window.propdesk.suggestions.refresh({})),
    onSuccess: (data) => client.setQueryData(queryKeys.suggestions, data),
  });
}

export function useRedraft() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (args: { batchId: string; proposalIds?: string[] }) =>
      unwrap(window.propdesk.suggestions.redraft(args)),
    onSuccess: (draft) => {
      void client.invalidateQueries({ queryKey: queryKeys.drafts.all });
      navigate({ view: 'draft', id: draft.id });
    },
  });
}

/** The landlord's choice of the record an applied create made; the suggestion names it soon after. */
export function useChooseCreated() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (args: { proposalId: string; recordId: string }) =>
      unwrap(window.propdesk.suggestions.chooseCreated(args)),
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.suggestions }),
  });
}
