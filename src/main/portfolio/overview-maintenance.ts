// The overview's open maintenance: open requests by priority (most urgent first, as the triage view
// ranks them) and by how long they have been open. Open and age follow the triage view's rules.
import { isOpenRequest, OPEN_WORK_NOTE } from '../../shared/maintenance-status';
import { textValue } from '../../shared/record-values';
import type { OpenAgeBucket } from '../../shared/portfolio-focus';
import type { OpenMaintenance } from '../../shared/portfolio-overview';
import { priorityRank, reportedField, requestAge } from './maintenance';
import { dayNumber, missingFieldNotes } from './view-kit';
import type { PortfolioData, ViewContext } from './view-kit';
import { enumWords } from '../../shared/contract';

type ChartFigures = Omit<OpenMaintenance, 'missing'>;

export const OPEN_AGES: ReadonlyArray<{ key: OpenAgeBucket; label: string; upTo: number }> = [
  { key: 'age_0_7', label: '0–7 days', upTo: 7 },
  { key: 'age_8_30', label: '8–30 days', upTo: 30 },
  { key: 'age_31_90', label: '31–90 days', upTo: 90 },
  { key: 'age_90_plus', label: 'Over 90 days', upTo: Infinity },
];
const UNKNOWN_AGE = { key: 'age_unknown', label: 'Age not known' } as const;

export function openAgeBucket(age: number | null): OpenAgeBucket {
  return age === null ? UNKNOWN_AGE.key : OPEN_AGES.find((b) => age <= b.upTo)!.key;
}

/** The label people see for a priority value (underscores as spaces; a missing one said so). */
export const priorityLabel = (priority: string | null): string =>
  priority === null ? 'No priority' : enumWords(priority);

export function openMaintenance(data: PortfolioData, ctx: ViewContext): ChartFigures {
  const today = dayNumber(ctx.today)!;
  const field = reportedField(ctx);
  const { notes } = missingFieldNotes(ctx, [
    ['maintenance_requests', 'reported_at', 'ages count from when the request was created'],
    ['maintenance_requests', 'priority', 'requests cannot be told apart by priority'],
  ]);
  notes.push(OPEN_WORK_NOTE);
  const priorities = ctx.values('maintenance_requests', 'priority');
  const byPriority = new Map<string | null, number>(priorities.map((p) => [p, 0]));
  const byAge = new Map<OpenAgeBucket, number>();
  for (const request of data.maintenance_requests) {
    if (!isOpenRequest(request)) continue;
    const priority = textValue(request.priority);
    byPriority.set(priority, (byPriority.get(priority) ?? 0) + 1);
    const bucket = openAgeBucket(requestAge(request, field, today));
    byAge.set(bucket, (byAge.get(bucket) ?? 0) + 1);
  }
  const ages = byAge.get(UNKNOWN_AGE.key) ? [...OPEN_AGES, UNKNOWN_AGE] : OPEN_AGES;
  return {
    notes,
    byPriority: [...byPriority]
      .sort(([a], [b]) => priorityRank(a, priorities) - priorityRank(b, priorities))
      .map(([priority, count]) => ({ priority, label: priorityLabel(priority), count })),
    byAge: ages.map((b) => ({ key: b.key, label: b.label, count: byAge.get(b.key) ?? 0 })),
  };
}
