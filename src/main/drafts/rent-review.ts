// Bulk rent review, computed: from leases (and their units' market rents) and a rule, the new rent of
// every lease with the reason any is left out, totals, and the split into batches of at most 200.
import type { RentReviewPreview, RentReviewQuery, RentReviewRow } from '../../shared/drafts';
import { MAX_CHANGES_PER_BATCH } from '../../shared/service';
import type { ServiceRecord } from '../../shared/service';

/** Rounds to the step in the chosen direction, working in cents so 0.1 + 0.2 stays 0.3. */
export function roundRent(value: number, step: number, mode: 'nearest' | 'up' | 'down'): number {
  const cents = Math.round(value * 100);
  const stepCents = Math.max(1, Math.round(step * 100));
  const f = mode === 'up' ? Math.ceil : mode === 'down' ? Math.floor : Math.round;
  return (f(cents / stepCents) * stepCents) / 100;
}

const numberOf = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const stringOf = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v : null);

function target(current: number, market: number | null, query: RentReviewQuery): number | string {
  const { rule } = query;
  switch (rule.kind) {
    case 'flat':
      return current + rule.amount;
    case 'percent':
      return current * (1 + rule.percent / 100);
    case 'market': {
      if (market === null) return 'The unit has no market rent on record';
      if (market <= current) return 'Already at or above the market rent';
      const cap = rule.capPercent === undefined ? Infinity : current * (1 + rule.capPercent / 100);
      return Math.min(market, cap);
    }
  }
}

export function computeRentReview(
  leases: readonly ServiceRecord[],
  units: ReadonlyMap<string, ServiceRecord>,
  query: RentReviewQuery,
  asOf: string,
): RentReviewPreview {
  const rows: RentReviewRow[] = leases.map((lease) => {
    const unitId = stringOf(lease.unit_id);
    const unit = unitId ? units.get(unitId) : undefined;
    const market = unit && query.marketField ? numberOf(unit[query.marketField]) : null;
    const current = numberOf(lease[query.rentField]);
    const base = { leaseId: lease.id, unitId, propertyId: unit ? stringOf(unit.property_id) : null, market };
    if (current === null) {
      return { ...base, current: 0, proposed: 0, skipped: 'No rent on record for this lease' };
    }
    const goal = target(current, market, query);
    if (typeof goal === 'string') return { ...base, current, proposed: current, skipped: goal };
    const proposed = roundRent(goal, query.rounding.step, query.rounding.mode);
    if (proposed < 0)
      return { ...base, current, proposed: current, skipped: 'The new rent would be below zero' };
    if (proposed === current) return { ...base, current, proposed, skipped: 'No change after rounding' };
    return { ...base, current, proposed, skipped: null };
  });
  const included = rows.filter((r) => r.skipped === null);
  const sum = (values: number[]) => Math.round(values.reduce((a, b) => a + b, 0) * 100) / 100;
  const current = sum(included.map((r) => r.current));
  const proposed = sum(included.map((r) => r.proposed));
  return {
    rows,
    totals: {
      leases: rows.length,
      included: included.length,
      current,
      proposed,
      delta: Math.round((proposed - current) * 100) / 100,
    },
    drafts: Math.ceil(included.length / MAX_CHANGES_PER_BATCH),
    asOf,
  };
}

/** Consecutive parts of at most 200 in preview order: every part but the last is full. */
export function splitIntoBatches<T>(items: readonly T[], size = MAX_CHANGES_PER_BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
