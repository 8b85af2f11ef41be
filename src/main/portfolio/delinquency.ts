// Delinquency worklist, estimated from payments (the service exposes no ledger; see unpaid-charges.ts):
// every payment with no paid date whose due date has passed, aged 0–30, 31–60, 61–90 and over 90 days,
// one row per tenant and lease, tenants with the most outstanding first. Rows are grouped by the
// tenant's ID, never by name: two tenants called alike are two groups, each with its email beside it.
import { textValue } from '../../shared/record-values';
import type { PortfolioRow } from '../../shared/portfolio';
import { recordNames } from './record-names';
import { AGE_BUCKETS, ageBucket, dayText, estimateRules, unpaidCharges } from './unpaid-charges';
import { byId, col, money, NO_TENANT } from './view-kit';
import type { PortfolioData, ViewContext, ViewResult } from './view-kit';

interface Line {
  tenantId: string | null;
  leaseId: string | null;
  count: number;
  oldest: number;
  buckets: Record<string, number>;
  total: number;
}

/** The unpaid charges on the day, one line per tenant and lease. */
function linesOf(data: PortfolioData, ctx: ViewContext): Map<string, Line> {
  const lines = new Map<string, Line>();
  for (const charge of unpaidCharges(data.payments, ctx)) {
    const tenantId = textValue(charge.payment.tenant_id);
    const leaseId = textValue(charge.payment.lease_id);
    const key = `${tenantId ?? ''}\u0000${leaseId ?? ''}`;
    let line = lines.get(key);
    if (!line) {
      line = { tenantId, leaseId, count: 0, oldest: 0, buckets: {}, total: 0 };
      lines.set(key, line);
    }
    const amount = charge.amount ?? 0;
    const bucket = ageBucket(charge.daysOverdue);
    line.count += 1;
    line.oldest = Math.max(line.oldest, charge.daysOverdue);
    line.buckets[bucket] = (line.buckets[bucket] ?? 0) + amount;
    line.total += amount;
  }
  return lines;
}

export function delinquency(data: PortfolioData, ctx: ViewContext): ViewResult {
  const { notes, hasAmount } = estimateRules(ctx);
  const today = Math.floor(Date.parse(`${ctx.today}T00:00:00Z`) / 86_400_000);
  const leases = byId(data.leases);
  const names = recordNames(data, ctx);
  const lines = linesOf(data, ctx);
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
      groupKey: line.tenantId ?? '',
      groupNote: names.note('tenants', line.tenantId),
      opens: line.tenantId === null ? null : { collection: 'tenants', id: line.tenantId },
      flag: null,
      cells: {
        tenant_id: line.tenantId,
        lease: line.leaseId === null ? null : names.of('leases', line.leaseId, ''),
        lease_id: line.leaseId,
        lease_number: lease ? names.own('leases', lease) : null,
        // A unit's label is "<property> · <unit>".
        place: unitId === null ? null : names.of('units', unitId, ''),
        payments: line.count,
        oldest_days: line.oldest,
        ...Object.fromEntries(
          AGE_BUCKETS.map((b) => [b.key, hasAmount ? money(line.buckets[b.key] ?? 0) : null]),
        ),
        total: hasAmount ? money(line.total) : null,
        oldest_due: dayText(today - line.oldest),
      },
    };
  });
  const bucketTotal = (key: string) => money(rows.reduce((s, r) => s + (Number(r.cells[key]) || 0), 0));
  return {
    view: 'delinquency',
    title: 'Delinquency (estimate from payments)',
    groupLabel: 'Tenant',
    notes,
    columns: [
      col('tenant_id', 'Tenant ID', 'id'),
      col('lease', 'Lease', 'text'),
      col('lease_id', 'Lease ID', 'id'),
      col('lease_number', 'Lease number', 'id'),
      col('place', 'Property · unit', 'text'),
      // The key figure right after the names, so it is in view at any window width.
      col('total', 'Total', 'money'),
      col('payments', 'Unpaid payments', 'integer'),
      col('oldest_due', 'Oldest due', 'date'),
      col('oldest_days', 'Days overdue', 'days'),
      ...AGE_BUCKETS.map((b) => col(b.key, b.label, 'money')),
    ],
    rows,
    summary: [
      { label: 'Tenants', value: tenantTotals.size, kind: 'integer' },
      ...AGE_BUCKETS.map((b) => ({ label: b.label, value: bucketTotal(b.key), kind: 'money' as const })),
      { label: 'Total outstanding', value: bucketTotal('total'), kind: 'money' },
    ],
  };
}
