// The leases the user leaves out of a rent review: one toggled at a time, or every lease the rule
// changes at once (a skipped lease is never in, so "all" means the ones that could be).
import { useCallback } from 'react';
import type { RentReviewRow } from '../../../../shared/drafts';
import { useIdSet } from '../../lib/use-id-set';

export function useLeftOut(rows: readonly RentReviewRow[]) {
  const { ids: left, toggle, reset } = useIdSet();
  const toggleAll = useCallback(
    (keep: boolean) => reset(keep ? [] : rows.filter((r) => r.skipped === null).map((r) => r.leaseId)),
    [rows, reset],
  );
  return { left, toggle, toggleAll };
}
