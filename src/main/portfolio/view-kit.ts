// What every portfolio view shares: calendar days, lookups by id, and the check that a field the view
// needs is in the service's contract (docs/architecture.md, "The contract decides"), with the plain-words note shown when it is
// not. Records are named by record-names.ts.
import { dayNumber, isRunning } from '../../shared/lease-running';
import { numberValue, textValue } from '../../shared/record-values';
import type { FieldDescriptor, LabelPlan } from '../../shared/contract';
import type { PortfolioColumn, PortfolioTable } from '../../shared/portfolio';
import type { Collection, ServiceRecord } from '../../shared/service';
import { collectionWords } from '../../shared/service';

// The calendar rule is shared with the screens (a unit is vacant by its leases, everywhere).
export { dayNumber, isRunning };

export interface PortfolioData {
  properties: ServiceRecord[];
  units: ServiceRecord[];
  tenants: ServiceRecord[];
  leases: ServiceRecord[];
  payments: ServiceRecord[];
  maintenance_requests: ServiceRecord[];
}

/** No records of any collection: where a view or chart has no copy to read. */
export const emptyData = (): PortfolioData => ({
  properties: [],
  units: [],
  tenants: [],
  leases: [],
  payments: [],
  maintenance_requests: [],
});

export interface ViewContext {
  /** The day ages and windows count from, YYYY-MM-DD (UTC). */
  today: string;
  /** Whether the contract lists this field on the collection's records. */
  has: (collection: Collection, field: string) => boolean;
  /** The values the contract allows for the field (its enum), in contract order; none when open. */
  values: (collection: Collection, field: string) => readonly string[];
  /** The contract's fields that could each be this one, when there are several (so none is read). */
  unclear: (collection: Collection, field: string) => readonly string[];
  /**
   * The contract's own name of the field the views read by this name (Lakeside's "settled_on" for
   * a payment's paid_date); the name itself when the contract uses it or is not stored; null when
   * the contract has no such field.
   */
  fieldOf: (collection: Collection, field: string) => string | null;
  /** How the contract's records are named; null when no contract is stored (records show their IDs). */
  plans: Record<Collection, LabelPlan> | null;
  /** The contract's record fields of a collection; none when no contract is stored or describes it. */
  fields: (collection: Collection) => readonly FieldDescriptor[];
}

/** What a view computes; the service adds the as-of time and the missing collections. */
export type ViewResult = Omit<
  PortfolioTable,
  'asOf' | 'asOfDay' | 'missing' | 'today' | 'focus' | 'totals' | 'period' | 'groupHeadings'
>;

export const dateText = (v: unknown): string | null =>
  dayNumber(v) === null ? null : String(v).slice(0, 10);
export const money = (v: number): number => Math.round(v * 100) / 100;

export function byId(records: readonly ServiceRecord[]): Map<string, ServiceRecord> {
  return new Map(records.map((r) => [r.id, r]));
}

export function groupBy<T>(items: readonly T[], key: (item: T) => string | null): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    if (k === null) continue;
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}

/** What a view says where a record names no property or tenant. */
export const NO_PROPERTY = 'No property on record';
export const NO_TENANT = 'No tenant on record';

/** Notes for the fields a view needs that the contract lacks; the view leaves those parts out. */
export function missingFieldNotes(
  ctx: ViewContext,
  needs: Array<[Collection, string, string]>,
): { notes: string[]; has: (collection: Collection, field: string) => boolean } {
  const notes: string[] = [];
  for (const [collection, field, effect] of needs) {
    if (ctx.has(collection, field)) continue;
    const where = collectionWords(collection);
    const several = ctx.unclear(collection, field);
    notes.push(
      several.length
        ? `The service's contract has several fields on ${where} that could be the “${field}” (${several.map((f) => `“${f}”`).join(', ')}), so ${effect}.`
        : `The service's contract has no “${field}” on ${where}, so ${effect}.`,
    );
  }
  return { notes, has: ctx.has };
}

/** The running lease of each unit (the latest-starting one if the data has several). */
export function runningLeaseByUnit(
  leases: readonly ServiceRecord[],
  today: number,
): Map<string, ServiceRecord> {
  const out = new Map<string, ServiceRecord>();
  for (const lease of leases) {
    const unitId = textValue(lease.unit_id);
    if (!unitId || !isRunning(lease, today)) continue;
    const seen = out.get(unitId);
    if (!seen || (dayNumber(lease.start_date) ?? 0) > (dayNumber(seen.start_date) ?? 0))
      out.set(unitId, lease);
  }
  return out;
}

export const col = (key: string, label: string, kind: PortfolioColumn['kind']): PortfolioColumn => ({
  key,
  label,
  kind,
});

/** A lease's monthly rent, when the contract has the field and the record a number. */
export const leaseRent = (lease: ServiceRecord, has: ViewContext['has']): number | null =>
  has('leases', 'monthly_rent') ? numberValue(lease.monthly_rent) : null;

/** A unit's market rent, when the contract has the field and the record a number. */
export const marketRent = (unit: ServiceRecord | undefined, has: ViewContext['has']): number | null =>
  unit && has('units', 'market_rent') ? numberValue(unit.market_rent) : null;

/** The monthly rent of every running lease: the rent roll's "Monthly rent". */
export function runningRent(leases: readonly ServiceRecord[], ctx: ViewContext): number {
  let total = 0;
  for (const lease of runningLeaseByUnit(leases, dayNumber(ctx.today)!).values())
    total += leaseRent(lease, ctx.has) ?? 0;
  return money(total);
}
