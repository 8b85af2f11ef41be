// A record's label from its collection's label plan: the records it links to, its own words, then
// a date or an amount where the plan asks, joined with " · ". A part that can't be filled is left
// out; a record nothing names is shown by its ID.
import { currencyDigits } from '../money/currency';
import { formatContractMoney } from '../money/money-text';
import type { Collection, ServiceRecord } from '../service';
import type { LabelPart, LabelPlan } from './label-plan';

export const LABEL_SEPARATOR = ' · ';

export interface LabelContext {
  /** The label of a record this one links to, or undefined when it can't be read (yet). */
  lookup: (collection: Collection, id: string) => string | undefined;
  /** The connection's currency: money parts are left out of labels without it. */
  currency?: string;
  /** The locale dates and amounts are written in; the OS locale when absent. */
  locale?: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

function formatDate(value: string, locale: string | undefined): string {
  if (DAY.test(value)) {
    const d = new Date(`${value}T00:00:00Z`);
    return Number.isNaN(d.getTime())
      ? value
      : d.toLocaleDateString(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  }
  if (MOMENT.test(value)) {
    const d = new Date(value);
    return Number.isNaN(d.getTime()) ? value : d.toLocaleDateString(locale, { dateStyle: 'medium' });
  }
  return value;
}

/** A value as words: trimmed text, a date in the locale's way, a number as it is. */
function words(value: unknown, locale: string | undefined): string | undefined {
  if (typeof value === 'string') {
    const text = value.trim();
    return text ? formatDate(text, locale) : undefined;
  }
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

function partText(part: LabelPart, record: ServiceRecord, ctx: LabelContext): string | undefined {
  switch (part.kind) {
    case 'reference':
      for (const { field, collection } of part.options) {
        const id = record[field];
        const label = typeof id === 'string' && id ? ctx.lookup(collection, id) : undefined;
        if (label) return label;
      }
      return undefined;
    case 'date':
      return words(record[part.field], ctx.locale);
    case 'money': {
      const value = record[part.field];
      if (typeof value !== 'number' || !Number.isFinite(value) || !ctx.currency) return undefined;
      const spec = { unit: part.unit, digits: currencyDigits(ctx.currency) };
      return formatContractMoney(value, spec, ctx.currency, ctx.locale);
    }
  }
}

/** The first of the plan's own candidates the record has words for. */
function ownText(
  plan: LabelPlan,
  record: ServiceRecord,
  ctx: LabelContext,
  weakToo: boolean,
): string | undefined {
  for (const candidate of plan.own) {
    if (candidate.weak && !weakToo) continue;
    const found = candidate.fields.map((f) => words(record[f], ctx.locale)).filter((w) => w !== undefined);
    if (found.length > 0) return found.join(' ');
  }
  return undefined;
}

export function formatLabel(plan: LabelPlan, record: ServiceRecord, ctx: LabelContext): string {
  const context = plan.context.flatMap((p) => partText(p, record, ctx) ?? []);
  const after = plan.after.flatMap((p) => partText(p, record, ctx) ?? []);
  const own = plan.ownWithContext || context.length === 0 ? ownText(plan, record, ctx, false) : undefined;
  const parts = [...context, ...(own ? [own] : []), ...after];
  if (parts.length > 0) return parts.join(LABEL_SEPARATOR);
  // An email, a date or another weak word is still better than an opaque ID.
  return ownText(plan, record, ctx, true) ?? record.id;
}

/** How deep links are followed: a payment's lease's unit's property is the deepest a label needs. */
const MAX_DEPTH = 3;

/**
 * Labels records with their links resolved through `read` (which returns a record already at hand,
 * or undefined). Labels are remembered for the labeller's life: make a new one when records change.
 */
export function createLabeller(
  plans: Record<Collection, LabelPlan>,
  read: (collection: Collection, id: string) => ServiceRecord | undefined,
  options: Omit<LabelContext, 'lookup'> = {},
): (collection: Collection, record: ServiceRecord) => string {
  const memo = new Map<string, string>();
  const key = (collection: Collection, id: string) => `${collection}\u0000${id}`;
  const labelAt = (
    collection: Collection,
    record: ServiceRecord,
    depth: number,
    trail: ReadonlySet<string>,
  ): string =>
    formatLabel(plans[collection], record, {
      ...options,
      lookup: (c, id): string | undefined => {
        const k = key(c, id);
        // A link back to a record already being named (a cycle) or too deep is left unnamed.
        if (depth >= MAX_DEPTH || trail.has(k)) return undefined;
        const memoKey = `${depth + 1}\u0000${k}`;
        const known = memo.get(memoKey);
        if (known !== undefined) return known;
        const linked = read(c, id);
        if (!linked) return undefined;
        const label: string = labelAt(c, linked, depth + 1, new Set(trail).add(k));
        memo.set(memoKey, label);
        return label;
      },
    });
  return (collection, record) => labelAt(collection, record, 0, new Set([key(collection, record.id)]));
}
