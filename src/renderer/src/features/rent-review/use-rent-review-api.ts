// The rent review's traffic with main. A preview reads every matching lease and unit page by page,
// which can take a while, so the user may cancel it; a cancelled or superseded run's answer is
// ignored (React Query's mutation observer follows only the latest run, and a reset drops it).
// Creating the drafts refreshes the drafts list and opens the draft (the list, when the review made
// several parts).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChannelArgs } from '../../../../shared/ipc';
import type { RentReviewPreview, RentReviewQuery } from '../../../../shared/drafts';
import { errorMessage, unwrap } from '../../lib/call';
import { queryKeys } from '../../lib/query-keys';
import { navigate } from '../../router/use-route';

export type PreviewState =
  | { phase: 'idle' }
  | { phase: 'loading'; query: RentReviewQuery; startedAt: number }
  | { phase: 'done'; query: RentReviewQuery; preview: RentReviewPreview }
  | { phase: 'error'; query: RentReviewQuery; message: string };

export function useRentReviewPreview() {
  const run = useMutation({
    mutationFn: (query: RentReviewQuery) => unwrap(window.propdesk.rentReview.preview(query)),
  });
  const query = run.variables;
  let state: PreviewState = { phase: 'idle' };
  if (query && run.isPending) state = { phase: 'loading', query, startedAt: run.submittedAt };
  else if (query && run.isSuccess) state = { phase: 'done', query, preview: run.data };
  else if (query && run.isError) state = { phase: 'error', query, message: errorMessage(run.error) };
  return { state, start: run.mutate, cancel: run.reset };
}

export function useCreateRentReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (args: ChannelArgs<'rentReview.create'>) => unwrap(window.propdesk.rentReview.create(args)),
    onSuccess: async ({ draftIds }) => {
      await client.invalidateQueries({ queryKey: queryKeys.drafts.all });
      const [only, ...more] = draftIds;
      navigate(only && more.length === 0 ? { view: 'draft', id: only } : { view: 'drafts' });
    },
  });
}
