// Which records moved into each kind of change between the landlord's mark and now, by the rules the
// app already has: a payment's state from its facts (paymentState), open work as the maintenance view
// reads it and urgency by its priority ranking, a lease's term as the expirations view reads it,
// a unit vacant by Vacancy's rule (no running lease), a document's verified flag. Each compares the
// record's state at the mark (on the mark's day) with its state now (today), so what time alone did
// (a payment fell due unpaid, a lease came within 60 days of its end) counts, and what changed and
// changed back does not. Records are read under the roles' names (see field-roles.ts).
import { isOpenRequest } from '../../shared/maintenance-status';
import { textValue } from '../../shared/record-values';
import type { ServiceRecord } from '../../shared/service';
import { SINCE_ENDING_DAYS } from '../../shared/since';
import type { SinceKind } from '../../shared/since';
import { paymentState } from '../../shared/status-meaning';
import { endingWithin } from '../portfolio/expirations';
import { leaseTerm, termRules } from '../portfolio/lease-terms';
import { priorityRank } from '../portfolio/maintenance';
import { dayNumber, runningLeaseByUnit } from '../portfolio/view-kit';
import type { ViewContext } from '../portfolio/view-kit';

/** The collections whose records the kinds read. */
export const KIND_COLLECTIONS = ['units', 'leases', 'payments', 'maintenance_requests', 'documents'] as const;
type KindCollection = (typeof KIND_COLLECTIONS)[number];

/** One collection now, and what of it was otherwise at the mark (null: the copy did not hold it). */
export interface CollectionThen {
  now: readonly ServiceRecord[];
  before: ReadonlyMap<string, ServiceRecord | null>;
}

export interface KindsInput {
  collections: Record<KindCollection, CollectionThen>;
  /** YYYY-MM-DD of the mark and of now. */
  markDay: string;
  today: string;
  ctx: ViewContext;
}

export type RecordKind = Exclude<SinceKind, 'suggestions_decided' | 'records_changed'>;

export interface KindResult {
  ids: Map<RecordKind, string[]>;
  /** Of maintenance newly opened, the IDs of the urgent ones (listed first). */
  urgent: Set<string>;
}

/** Priorities urgent enough to notify: high or more pressing, as Today's urgent figure counts. */
const URGENT_UP_TO = priorityRank('high', []);

/** The records at the mark: now's, with those that changed put back as they were. */
function atMark({ now, before }: CollectionThen): Map<string, ServiceRecord> {
  const out = new Map<string, ServiceRecord>();
  for (const r of now) if (!before.has(r.id)) out.set(r.id, r);
  for (const [id, r] of before) if (r) out.set(id, r);
  return out;
}

/** IDs of records now that pass `now` and whose state at the mark did not pass `then`. */
function newly(
  c: CollectionThen,
  then: ReadonlyMap<string, ServiceRecord>,
  passesNow: (r: ServiceRecord) => boolean,
  passedThen: (r: ServiceRecord | undefined) => boolean,
): string[] {
  return c.now.filter((r) => passesNow(r) && !passedThen(then.get(r.id))).map((r) => r.id);
}

export function changedKinds({ collections: c, markDay, today, ctx }: KindsInput): KindResult {
  const ids = new Map<RecordKind, string[]>();
  const then = Object.fromEntries(KIND_COLLECTIONS.map((k) => [k, atMark(c[k])])) as Record<
    KindCollection,
    Map<string, ServiceRecord>
  >;
  const hasPaid = ctx.has('payments', 'paid_date');
  if (ctx.has('payments', 'due_date')) {
    const owed = (day: string) => (p: ServiceRecord | undefined) =>
      !!p && paymentState(p, day, hasPaid) === 'owed';
    ids.set('payments_late', newly(c.payments, then.payments, owed(today), owed(markDay)));
  }
  const paid = (day: string) => (p: ServiceRecord | undefined) =>
    !!p && paymentState(p, day, hasPaid) === 'paid';
  ids.set('payments_paid', newly(c.payments, then.payments, paid(today), paid(markDay)));

  const listed = ctx.values('maintenance_requests', 'priority');
  const rank = (r: ServiceRecord) => priorityRank(textValue(r.priority), listed);
  const open = (r: ServiceRecord | undefined) => !!r && isOpenRequest(r);
  const opened = c.maintenance_requests.now.filter(
    (r) => open(r) && !open(then.maintenance_requests.get(r.id)),
  );
  opened.sort((a, b) => rank(a) - rank(b));
  ids.set(
    'maintenance_opened',
    opened.map((r) => r.id),
  );
  const urgent = new Set(
    ctx.has('maintenance_requests', 'priority')
      ? opened.filter((r) => rank(r) <= URGENT_UP_TO).map((r) => r.id)
      : [],
  );
  ids.set(
    'maintenance_closed',
    newly(
      c.maintenance_requests,
      then.maintenance_requests,
      (r) => !open(r),
      (r) => !r || !open(r),
    ),
  );

  const rules = termRules(ctx);
  const window = endingWithin(SINCE_ENDING_DAYS);
  const ending = (day: string) => (l: ServiceRecord | undefined) => {
    const d = dayNumber(day)!;
    const term = l ? leaseTerm(l, d, rules) : null;
    return !!term && window.groupOf(term, d) !== null;
  };
  if (rules.endDates) ids.set('leases_ending', newly(c.leases, then.leases, ending(today), ending(markDay)));

  const letNow = runningLeaseByUnit(c.leases.now, dayNumber(today)!);
  const letThen = runningLeaseByUnit([...then.leases.values()], dayNumber(markDay)!);
  ids.set(
    'units_vacant',
    newly(
      c.units,
      then.units,
      (u) => !letNow.has(u.id),
      (u) => !u || !letThen.has(u.id),
    ),
  );

  ids.set(
    'documents_added',
    c.documents.now.filter((d) => c.documents.before.get(d.id) === null).map((d) => d.id),
  );
  if (ctx.has('documents', 'is_verified'))
    ids.set(
      'documents_unverified',
      newly(
        c.documents,
        then.documents,
        (d) => d.is_verified === false,
        (d) => !d || d.is_verified === false,
      ),
    );
  return { ids, urgent };
}
