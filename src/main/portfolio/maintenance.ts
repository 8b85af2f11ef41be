// Maintenance triage: open requests under their property, most urgent and oldest first. "Open" is
// every status but those that read as finished; urgency follows the contract's priority values.
import { textValue } from '../../shared/record-values';
import { isOpenRequest, OPEN_WORK_NOTE } from '../../shared/maintenance-status';
import type { PortfolioRow } from '../../shared/portfolio';
import type { ServiceRecord } from '../../shared/service';
import { recordNames } from './record-names';
import { col, dateText, dayNumber, missingFieldNotes, NO_PROPERTY } from './view-kit';
import type { PortfolioData, ViewContext, ViewResult } from './view-kit';
import { enumWords } from '../../shared/contract';

// Urgency by meaning where the values say it; anything else ranks below these, in contract order.
const URGENCY = ['emergency', 'urgent', 'critical', 'high', 'medium', 'normal', 'low'];

export function priorityRank(priority: string | null, contractOrder: readonly string[]): number {
  if (priority === null) return 1_000;
  const known = URGENCY.indexOf(priority.toLowerCase());
  if (known >= 0) return known;
  const inContract = contractOrder.indexOf(priority);
  return URGENCY.length + (inContract >= 0 ? contractOrder.length - inContract : 500);
}

/** Where a request's age counts from: when it was reported, or else when it was created. */
export const reportedField = (ctx: ViewContext): string =>
  ctx.has('maintenance_requests', 'reported_at') ? 'reported_at' : 'created_at';

/** Whole days since the request was reported (never negative); null when that date is unreadable. */
export function requestAge(request: ServiceRecord, field: string, today: number): number | null {
  const reported = dayNumber(request[field]);
  return reported === null ? null : Math.max(0, today - reported);
}

export function maintenanceTriage(
  data: PortfolioData,
  ctx: ViewContext,
  priorities: readonly string[] = [],
): ViewResult {
  const today = dayNumber(ctx.today)!;
  const reported = reportedField(ctx);
  const { notes } = missingFieldNotes(ctx, [
    ['maintenance_requests', 'reported_at', 'ages count from when the request was created'],
  ]);
  notes.push(OPEN_WORK_NOTE);
  const names = recordNames(data, ctx);
  const rows: Array<PortfolioRow & { rank: number; age: number }> = [];
  const counts = new Map<string, number>();
  for (const request of data.maintenance_requests) {
    if (!isOpenRequest(request)) continue;
    const status = textValue(request.status);
    const priority = textValue(request.priority);
    const age = requestAge(request, reported, today);
    const propertyId = textValue(request.property_id);
    const unitId = textValue(request.unit_id);
    counts.set(priority ?? '—', (counts.get(priority ?? '—') ?? 0) + 1);
    rows.push({
      id: request.id,
      group: names.of('properties', propertyId, NO_PROPERTY),
      groupKey: propertyId ?? '',
      groupNote: names.note('properties', propertyId),
      opens: { collection: 'maintenance_requests', id: request.id },
      flag: null,
      rank: priorityRank(priority, priorities),
      age: age ?? -1,
      cells: {
        priority,
        status,
        title: names.own('maintenance_requests', request),
        request_id: request.id,
        property_id: propertyId,
        unit: names.of('units', unitId, 'Common area'),
        unit_id: unitId,
        reported: dateText(request[reported]),
        age_days: age,
      },
    });
  }
  rows.sort(
    (a, b) =>
      a.group.localeCompare(b.group) ||
      a.groupKey.localeCompare(b.groupKey) ||
      a.rank - b.rank ||
      b.age - a.age ||
      a.id.localeCompare(b.id),
  );
  const order = [...counts.keys()].sort((a, b) => priorityRank(a, priorities) - priorityRank(b, priorities));
  return {
    view: 'maintenance',
    title: 'Maintenance triage',
    groupLabel: 'Property',
    notes,
    columns: [
      col('priority', 'Priority', 'status'),
      col('status', 'Status', 'status'),
      col('title', 'Request', 'text'),
      col('request_id', 'Request ID', 'id'),
      col('property_id', 'Property ID', 'id'),
      col('unit', 'Unit', 'text'),
      col('unit_id', 'Unit ID', 'id'),
      col('reported', 'Reported', 'date'),
      col('age_days', 'Open for', 'days'),
    ],
    rows: rows.map(({ rank: _r, age: _a, ...row }) => row),
    summary: [
      { label: 'Open requests', value: rows.length, kind: 'integer' },
      ...order.map((p) => ({
        label: enumWords(p),
        value: counts.get(p) ?? 0,
        kind: 'integer' as const,
      })),
    ],
  };
}
