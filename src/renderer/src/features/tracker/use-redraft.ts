// Re-drafting from the tracker: main clones the chosen suggestions into a new draft, which then opens.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../lib/call';
import { navigate } from '../../router/use-route';

export function useRedraft() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (args: { batchId: string; proposalIds?: string[] }) =>
      unwrap(window.propdesk.tracker.redraft(args)),
    onSuccess: (draft) => {
      void client.invalidateQueries({ queryKey: ['drafts'] });
      navigate({ view: 'draft', id: draft.id });
    },
  });
}
