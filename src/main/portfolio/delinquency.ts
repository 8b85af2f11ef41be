// Delinquency worklist, estimated from payments (the service exposes no ledger): every payment with no
// paid date whose due date has passed, aged 0–30, 31–60, 61–90 and over 90 days, one row per tenant
// and lease, tenants with the most outstanding first.
import { numberValue, textValue } from '../../shared/record-values';
import type { PortfolioRow } from '../../shared/portfolio';
import type { ServiceRecord } from '../../shared/service';
import { recordNames } from './record-names';
import { byId, col, dateText, dayNumber, missingFieldNotes, money, NO_TENANT } from './view-kit';
import type { PortfolioData, ViewContext, ViewResult } from './view-kit';

export const AGE_BUCKETS = [
  { key: 'age_0_30', label: '0–30 days', upTo: 30 },
  { key: 'age_31_60', label: '31–60 days', upTo: 60 },
  { key: 'age_61_90', label: '61–90 days', upTo: 90 },
  { key: 'age_90_plus', label: 'Over 90 days', upTo: Infinity },
] as const;

export function ageBucket(daysOverdue: number): (typeof AGE_BUCKETS)[number]['key'] {
  return AGE_BUCKETS.find((b) => daysOverdue <= b.upTo)!.key;
}

/**
 * Days overdue of a payment that is unpaid (no paid date or, without that field, a status other than
 * paid) and due before today; null for every other payment.
 */
export function daysOverdue(payment: ServiceRecord, today: number, hasPaidDate: boolean): number | null {
  const due = dayNumber(payment.due_date);
  if (due === null || due >= today) return null;
  const unpaid = hasPaidDate
    ? payment.paid_date === null || payment.paid_date === undefined
    : payment.status !== 'paid';
  return unpaid ? today - due : null;
}

/** What the estimate rests on: its plain-words notes and which payment fields the contract has. */
export function estimateRules(ctx: ViewContext): {
  notes: string[];
  hasPaidDate: boolean;
  hasAmount: boolean;
} {
  const { notes, has } = missingFieldNotes(ctx, [
    ['payments', 'paid_date', 'a payment counts as unpaid unless its status is “paid”'],
    ['payments', 'amount', 'amounts are left out and only payments are counted'],
  ]);
  notes.unshift(
    'An estimate from payments: the service exposes no ledger, so this lists charges with no paid date whose due date has passed. Partial payments, credits and fees are not known.',
  );
  return { notes, hasPaidDate: has('payments', 'paid_date'), hasAmount: has('payments', 'amount') };
}

export function delinquency(data: PortfolioData, ctx: ViewContext): ViewResult {
  const today = dayNumber(ctx.today)!;
  const { notes, hasPaidDate, hasAmount } = estimateRules(ctx);
  const leases = byId(data.leases);
  const names = recordNames(data, ctx.plans);
  interface Line {
    tenantId: string | null;
    leaseId: string | null;
    count: number;
    oldest: number;
    buckets: Record<string, number>;
    total: number;
  }
  const lines = new Map<string, Line>();
  for (const payment of data.payments) {
    const age = daysOverdue(payment, today, hasPaidDate);
    if (age === null) continue;
    const tenantId = textValue(payment.tenant_id);
    const leaseId = textValue(payment.lease_id);
    const key = `${tenantId ?? ''}\u0000${leaseId ?? ''}`;
    let line = lines.get(key);
    if (!line) {
      line = { tenantId, leaseId, count: 0, oldest: 0, buckets: {}, total: 0 };
      lines.set(key, line);
    }
    const amount = hasAmount ? (numberValue(payment.amount) ?? 0) : 0;
    const bucket = ageBucket(age);
    line.count += 1;
    line.oldest = Math.max(line.oldest, age);
    line.buckets[bucket] = (line.buckets[bucket] ?? 0) + amount;
    line.total += amount;
  }
  const tenantTotals = new Map<string, number>();
  for (const line of lines.values())
    tenantTotals.set(line.tenantId ?? '', (tenantTotals.get(line.tenantId ?? '') ?? 0) + line.total);
  const sorted = [...lines.values()].sort(
    (a, b) =>
      (tenantTotals.get(b.tenantId ?? '') ?? 0) - (tenantTotals.get(a.tenantId ?? '') ?? 0) ||
      (a.tenantId ?? '').localeCompare(b.tenantId ?? '') ||
      b.total - a.total,
  );
  const rows: PortfolioRow[] = sorted.map((line) => {
    const lease = leases.get(line.leaseId ?? '');
    const unitId = lease ? textValue(lease.unit_id) : null;
    return {
      id: `${line.tenantId ?? '-'}:${line.leaseId ?? '-'}`,
      group: names.of('tenants', line.tenantId, NO_TENANT),
      flag: null,
      cells: {
        lease: line.leaseId === null ? null : names.of('leases', line.leaseId, ''),
        // A unit's label is "<property> · <unit>".
        place: unitId === null ? null : names.of('units', unitId, ''),
        payments: line.count,
        oldest_days: line.oldest,
        ...Object.fromEntries(
          AGE_BUCKETS.map((b) => [b.key, hasAmount ? money(line.buckets[b.key] ?? 0) : null]),
        ),
        total: hasAmount ? money(line.total) : null,
        oldest_due: dateText(new Date((today - line.oldest) * 86_400_000).toISOString()),
      },
    };
  });
  const bucketTotal = (key: string) => money(rows.reduce((s, r) => s + (numberValue(r.cells[key]) ?? 0), 0));
  return {
    view: 'delinquency',
    title: 'Delinquency (estimate from payments)',
    groupLabel: 'Tenant',
    notes,
    columns: [
      col('lease', 'Lease', 'text'),
      col('place', 'Property · unit', 'text'),
      col('payments', 'Unpaid payments', 'integer'),
      col('oldest_due', 'Oldest due', 'date'),
      col('oldest_days', 'Days overdue', 'days'),
      ...AGE_BUCKETS.map((b) => col(b.key, b.label, 'money')),
      col('total', 'Total', 'money'),
    ],
    rows,
    summary: [
      { label: 'Tenants', value: tenantTotals.size, kind: 'integer' },
      ...AGE_BUCKETS.map((b) => ({ label: b.label, value: bucketTotal(b.key), kind: 'money' as const })),
      { label: 'Total outstanding', value: bucketTotal('total'), kind: 'money' },
    ],
  };
}
