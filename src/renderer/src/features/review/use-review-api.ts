// Opening a batch's review page: main checks the stored address and asks before an untrusted origin.
import { useMutation } from '@tanstack/react-query';
import { unwrap } from '../../lib/call';

export function useOpenReview(batchId: string) {
  return useMutation({ mutationFn: () => unwrap(window.propdesk.review.open({ batchId })) });
}
