// Renewals' and notices' traffic with main: the renewal preview, drafting the renewals as edited
// (which may answer that leases changed at the service, with the preview again), and a tenant's
// notice, planned then drafted. A draft made opens (the drafts list, when it came in parts).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChannelArgs } from '../../../../shared/ipc';
import type { RenewalQuery } from '../../../../shared/renewals';
import { unwrap } from '../../lib/call';
import { queryKeys } from '../../lib/query-keys';
import { navigate } from '../../router/use-route';

export function useRenewalPreview() {
  return useMutation({
    mutationFn: (query: RenewalQuery) => unwrap(window.propdesk.renewals.preview(query)),
  });
}

/** Opens what drafting made: the one draft, or the drafts list for a renewal in parts. */
function openDrafts(draftIds: readonly string[]) {
  const [only, ...more] = draftIds;
  navigate(only && more.length === 0 ? { view: 'draft', id: only } : { view: 'drafts' });
}

export function useDraftRenewals() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (args: ChannelArgs<'renewals.draft'>) => unwrap(window.propdesk.renewals.draft(args)),
    onSuccess: async (answer) => {
      if (answer.outcome !== 'drafted') return;
      await client.invalidateQueries({ queryKey: queryKeys.drafts.all });
      openDrafts(answer.draftIds);
    },
  });
}

export function useNoticePlan(leaseId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['notice-plan', leaseId],
    queryFn: () => unwrap(window.propdesk.notice.plan({ leaseId })),
    enabled,
    staleTime: 0,
  });
}

export function useDraftNotice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (args: ChannelArgs<'notice.draft'>) => unwrap(window.propdesk.notice.draft(args)),
    onSuccess: async (draft) => {
      await client.invalidateQueries({ queryKey: queryKeys.drafts.all });
      openDrafts([draft.id]);
    },
  });
}
