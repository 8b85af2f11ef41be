// The words of the overview's charts: month names, counts, shares and each mark's accessible name, in
// the OS locale; pure, so the names a screen reader hears are tested as text.
import type { LadderMonth, OccupancyRow } from '../../../../../shared/portfolio-overview';
import { formatMoney } from '../../../lib/format-money';

const integer = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 });
const percent = new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 0 });
const longMonth = new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric', timeZone: 'UTC' });
const shortMonth = new Intl.DateTimeFormat(undefined, { month: 'short', timeZone: 'UTC' });
const shortYear = new Intl.DateTimeFormat(undefined, { year: '2-digit', timeZone: 'UTC' });

const monthDate = (key: string) => new Date(`${key}-01T00:00:00Z`);

export const countText = (n: number): string => integer.format(n);
export const shareText = (share: number): string => percent.format(share);

/** "3 leases", "1 lease". */
export const counted = (n: number, one: string, many: string): string =>
  `${countText(n)} ${n === 1 ? one : many}`;

/** "March 2027". */
export const monthName = (key: string): string => longMonth.format(monthDate(key));

/** The axis label of a month: "Mar", with the year where a year starts or the axis begins ("Jan 27"). */
export function monthTick(key: string, first: boolean): string {
  const d = monthDate(key);
  const name = shortMonth.format(d);
  return first || d.getUTCMonth() === 0 ? `${name} ${shortYear.format(d)}` : name;
}

/** "March 2027: 12 leases, $18,400 monthly rent" and, when it stands out, the share it holds. */
export function ladderMarkName(
  m: Pick<LadderMonth, 'month' | 'count' | 'rent' | 'share' | 'standsOut'>,
  currency: string,
): string {
  return ladderName(monthName(m.month), m.count, m.rent, m.standsOut ? m.share : null, currency);
}

export function ladderName(
  what: string,
  count: number,
  rent: number | null,
  standOut: number | null,
  currency: string,
): string {
  if (count === 0) return `${what}: no leases`;
  const money = rent === null ? '' : `, ${formatMoney(rent, currency, 'whole')} monthly rent`;
  const flag =
    standOut === null ? '' : ` — ${shareText(standOut)} of the portfolio’s monthly rent, stands out`;
  return `${what}: ${counted(count, 'lease', 'leases')}${money}${flag}`;
}

/** "Maple Court: 10 let, 2 vacant, 1 other of 13 units". */
export function occupancyName(p: OccupancyRow): string {
  const units = p.let + p.vacant + p.other;
  if (units === 0) return `${p.name}: no units`;
  return `${p.name}: ${countText(p.let)} let, ${countText(p.vacant)} vacant, ${countText(p.other)} other of ${counted(units, 'unit', 'units')}`;
}

/** "−$250 to −$200 against market". */
export const gapRange = (from: number, to: number, currency: string): string =>
  `${formatMoney(from, currency, 'whole')} to ${formatMoney(to, currency, 'whole')}`;
