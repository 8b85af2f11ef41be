// Runs a rent review preview in main and lets the user cancel it. Main reads every matching lease
// and unit page by page, which can take a while; a cancelled or superseded run's answer is ignored.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { RentReviewPreview, RentReviewQuery } from '../../../../shared/drafts';

export type PreviewState =
  | { phase: 'idle' }
  | { phase: 'loading'; query: RentReviewQuery; startedAt: number }
  | { phase: 'done'; query: RentReviewQuery; preview: RentReviewPreview }
  | { phase: 'error'; query: RentReviewQuery; message: string };

export function useRentReviewPreview() {
  const [state, setState] = useState<PreviewState>({ phase: 'idle' });
  // Every run and every cancel moves this on; an answer is used only by the run that is still current.
  const run = useRef(0);
  useEffect(
    () => () => {
      run.current += 1;
    },
    [],
  );

  const start = useCallback(async (query: RentReviewQuery) => {
    const mine = ++run.current;
    setState({ phase: 'loading', query, startedAt: Date.now() });
    let next: PreviewState;
    try {
      const result = await window.propdesk.rentReview.preview(query);
      next = result.ok
        ? { phase: 'done', query, preview: result.data }
        : { phase: 'error', query, message: result.error.message };
    } catch (error) {
      next = {
        phase: 'error',
        query,
        message: error instanceof Error ? error.message : 'The preview failed.',
      };
    }
    if (run.current === mine) setState(next);
  }, []);

  const cancel = useCallback(() => {
    run.current += 1;
    setState({ phase: 'idle' });
  }, []);

  return { state, start, cancel };
}
