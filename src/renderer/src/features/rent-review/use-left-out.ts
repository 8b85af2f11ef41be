// The leases the user leaves out of a rent review: one toggled at a time, or every lease the rule
// changes at once (a skipped lease is never in, so "all" means the ones that could be).
import { useCallback, useState } from 'react';
import type { RentReviewRow } from '../../../../shared/drafts';

export function useLeftOut(rows: readonly RentReviewRow[]) {
  const [left, setLeft] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = useCallback((leaseId: string) => {
    setLeft((prev) => {
      const next = new Set(prev);
      if (next.has(leaseId)) next.delete(leaseId);
      else next.add(leaseId);
      return next;
    });
  }, []);
  const toggleAll = useCallback(
    (keep: boolean) =>
      setLeft(keep ? new Set() : new Set(rows.filter((r) => r.skipped === null).map((r) => r.leaseId))),
    [rows],
  );
  return { left, toggle, toggleAll };
}
