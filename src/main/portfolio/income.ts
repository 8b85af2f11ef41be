// Income by property: the money received in a period (a calendar year, a quarter or a month), one row
// per property with a column per month and a total, on a cash basis: a payment counts in the month of
// the day its money was received. Which field holds that day, which holds the amount and which the
// status come from the contract (field-roles.ts, money-roles.ts); whether a status says the money came
// from its words (status-meaning.ts: "late" but paid counts). Without a received-date field the view
// cannot be made and says why, rather than guess from due dates. Payments received whose status says
// the money did not come, or does not say, are counted apart in the notes, never dropped; a payment
// whose lease or unit is missing is in the row "Property unknown". Sums are exact, in minor units.
import { formatMoney, fromMinorUnits, minorOf, plusMinor } from '../../shared/money';
import { monthWords, periodDays, periodMonths, periodWords } from '../../shared/income-period';
import type { IncomePeriod } from '../../shared/income-period';
import type { PortfolioRow } from '../../shared/portfolio';
import { numberValue } from '../../shared/record-values';
import { plural } from '../../shared/plural';
import { receiptWord } from '../../shared/status-meaning';
import type { ReceiptWord } from '../../shared/status-meaning';
import { UserError } from '../base/user-error';
import { paymentProperty, placesIn } from './payment-property';
import { recordNames } from './record-names';
import { col } from './view-kit';
import type { PortfolioData, ViewContext, ViewResult } from './view-kit';

/** What the view's figures are, said on screen, on paper and in the CSV's description. */
export const INCOME_BASIS = 'Cash basis: money received, by the date it was received';
export const PROPERTY_UNKNOWN = 'Property unknown';

export interface IncomeAsk {
  period: IncomePeriod;
  /** The connection's currency: amounts are added in its minor units. */
  currency: string;
  digits: number;
  locale: string;
}

/** What the contract lets the view read, by the contract's own field names. */
interface IncomeFields {
  received: string;
  amount: string;
  /** Null when payments have no status: the received date alone then says the money came. */
  status: string | null;
  ownProperty: boolean;
}

/** The fields the view rests on; throws, saying why, when the contract lacks one it cannot do without. */
export function incomeFields(ctx: ViewContext): IncomeFields {
  const received = ctx.fieldOf('payments', 'paid_date');
  const amount = ctx.fieldOf('payments', 'amount');
  const several = ctx.unclear('payments', 'paid_date');
  if (!received)
    throw new UserError(
      'cannot_make_view',
      several.length
        ? `Income by property cannot be made: several date fields of payments in the service's contract could each be the day money was received (${several.map((f) => `“${f}”`).join(', ')}), and PropDesk does not guess which.`
        : "Income by property cannot be made: the service's contract gives payments no date on which the money was received (a paid, settled or received date), and a due date says when money was owed, not when it came.",
    );
  if (!amount)
    throw new UserError(
      'cannot_make_view',
      "Income by property cannot be made: the service's contract gives payments no amount of money.",
    );
  return {
    received,
    amount,
    status: ctx.fieldOf('payments', 'status'),
    ownProperty: ctx.has('payments', 'property_id'),
  };
}

interface Line {
  propertyId: string | null;
  months: Map<string, number>;
  minor: number;
  count: number;
}

/** Payments set apart, by status value: how many, and their amounts in minor units. */
type Apart = Map<string, { reading: ReceiptWord; count: number; minor: number }>;

interface Tallies {
  lines: Map<string, Line>;
  apart: Apart;
  counted: Map<string, number>;
  noAmount: number;
  unreadDates: number;
}

const dayOf = (value: unknown): string | null | 'unread' =>
  value === null || value === undefined || value === ''
    ? null
    : typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value)
      ? value.slice(0, 10)
      : 'unread';

/** Every payment received in the period, tallied by property and month, or set apart. */
function tally(data: PortfolioData, fields: IncomeFields, from: string, to: string, digits: number): Tallies {
  const spec = { unit: 'major', digits } as const;
  const places = placesIn(data.leases, data.units);
  const t: Tallies = { lines: new Map(), apart: new Map(), counted: new Map(), noAmount: 0, unreadDates: 0 };
  for (const payment of data.payments) {
    const day = dayOf(payment.paid_date);
    if (day === 'unread') t.unreadDates += 1;
    if (day === null || day === 'unread' || day < from || day > to) continue;
    const amount = numberValue(payment.amount);
    const minor = amount === null ? 0 : minorOf(amount, spec);
    const status = fields.status === null ? null : statusText(payment.status);
    const reading = fields.status === null ? 'came' : status === null ? 'unsaid' : receiptWord(status);
    if (reading !== 'came') {
      const key = status ?? '';
      const seen = t.apart.get(key) ?? { reading, count: 0, minor: 0 };
      t.apart.set(key, { reading, count: seen.count + 1, minor: plusMinor(seen.minor, minor) });
      continue;
    }
    if (amount === null) t.noAmount += 1;
    if (status !== null) t.counted.set(status, (t.counted.get(status) ?? 0) + 1);
    addTo(t.lines, paymentProperty(payment, places, fields.ownProperty), day.slice(0, 7), minor);
  }
  return t;
}

const statusText = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : null);

function addTo(lines: Map<string, Line>, propertyId: string | null, month: string, minor: number): void {
  const key = propertyId ?? '';
  const line = lines.get(key) ?? { propertyId, months: new Map(), minor: 0, count: 0 };
  line.months.set(month, plusMinor(line.months.get(month) ?? 0, minor));
  line.minor = plusMinor(line.minor, minor);
  line.count += 1;
  lines.set(key, line);
}

const monthKey = (month: string) => `m_${month.replace('-', '_')}`;

export function income(data: PortfolioData, ctx: ViewContext, ask: IncomeAsk): ViewResult {
  const fields = incomeFields(ctx);
  const { from, to } = periodDays(ask.period);
  const months = periodMonths(ask.period);
  const t = tally(data, fields, from, to, ask.digits);
  const names = recordNames(data, ctx);
  const units = (minor: number) => fromMinorUnits(minor, ask.digits);
  const rows: PortfolioRow[] = [...t.lines.values()].map((line) => ({
    id: line.propertyId ?? '',
    group: line.propertyId === null ? PROPERTY_UNKNOWN : names.of('properties', line.propertyId, ''),
    groupKey: line.propertyId ?? '',
    groupNote: names.note('properties', line.propertyId),
    opens: line.propertyId === null ? null : { collection: 'properties', id: line.propertyId },
    flag: null,
    cells: {
      property_id: line.propertyId,
      ...Object.fromEntries(months.map((m) => [monthKey(m), units(line.months.get(m) ?? 0)])),
      total: units(line.minor),
      payments: line.count,
    },
  }));
  // By name, the payments of no known property last.
  rows.sort(
    (a, b) =>
      Number(a.groupKey === '') - Number(b.groupKey === '') ||
      a.group.localeCompare(b.group) ||
      a.groupKey.localeCompare(b.groupKey),
  );
  let minor = 0;
  let count = 0;
  for (const line of t.lines.values()) {
    minor = plusMinor(minor, line.minor);
    count += line.count;
  }
  return {
    view: 'income',
    title: 'Income by property',
    groupLabel: 'Property',
    notes: incomeNotes(t, fields, ask),
    columns: [
      col('property_id', 'Property ID', 'id'),
      ...months.map((m) => col(monthKey(m), monthWords(m, ask.locale), 'money')),
      col('total', 'Total', 'money'),
      col('payments', 'Payments', 'integer'),
    ],
    rows,
    summary: [
      { label: 'Received', value: units(minor), kind: 'money' },
      { label: 'Payments', value: count, kind: 'integer' },
      { label: 'Properties', value: rows.filter((r) => r.groupKey !== '').length, kind: 'integer' },
    ],
  };
}

/** What the figures rest on and what they leave out, in plain words. */
function incomeNotes(t: Tallies, fields: IncomeFields, ask: IncomeAsk): string[] {
  const { from, to } = periodDays(ask.period);
  const words = periodWords(ask.period, ask.locale);
  const money = (minor: number) => formatMoney(fromMinorUnits(minor, ask.digits), ask.currency, ask.locale);
  const n = (count: number) => count.toLocaleString(ask.locale);
  const notes = [
    `${INCOME_BASIS} (the payments' “${fields.received}”), ${from} to ${to}; amounts are the payments' “${fields.amount}”. ` +
      (fields.status === null
        ? 'Payments carry no status, so every payment with a received date counts.'
        : `A payment counts when its status says the money came${t.counted.size ? ` (${[...t.counted].map(([s, c]) => `“${s}”: ${n(c)}`).join(', ')})` : ''}; “late” but paid counts.`),
    fields.ownProperty
      ? "A payment's property is its own property reference, else its lease's unit's property."
      : "A payment's property is its lease's unit's property.",
  ];
  if (t.lines.size === 0) notes.unshift(`No payment in the offline copy was received in ${words}.`);
  const unknown = t.lines.get('');
  if (unknown)
    notes.push(
      `${plural(unknown.count, 'payment')} (${money(unknown.minor)}) ${unknown.count === 1 ? 'names' : 'name'} a lease or unit that is not in the offline copy; ${unknown.count === 1 ? 'it is' : 'they are'} in the row “${PROPERTY_UNKNOWN}”.`,
    );
  if (t.apart.size) notes.push(apartNote(t.apart, money, n, words));
  if (t.noAmount)
    notes.push(
      `${plural(t.noAmount, 'payment')} counted ${t.noAmount === 1 ? 'has' : 'have'} no amount and add nothing to the sums.`,
    );
  if (t.unreadDates)
    notes.push(
      `${plural(t.unreadDates, 'payment')} ${t.unreadDates === 1 ? 'has' : 'have'} a received date PropDesk cannot read as a day, so no period holds them.`,
    );
  return notes;
}

function apartNote(
  apart: Apart,
  money: (minor: number) => string,
  n: (count: number) => string,
  words: string,
): string {
  const part = (reading: ReceiptWord) =>
    [...apart]
      .filter(([, a]) => a.reading === reading)
      .map(([status, a]) => `${status ? `“${status}”` : 'no status'}: ${n(a.count)}, ${money(a.minor)}`)
      .join('; ');
  const said = [
    part('not_came') ? `their status says the money did not come or went back (${part('not_came')})` : null,
    part('unsaid') ? `their status does not say whether it came (${part('unsaid')})` : null,
  ].filter(Boolean);
  let count = 0;
  for (const a of apart.values()) count += a.count;
  return `Not counted: ${plural(count, 'payment')} with a received date in ${words}, because ${said.join(', and ')}. Payments, filtered to “Received between” this period, lists them.`;
}
