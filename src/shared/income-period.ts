// The period a figure of money received covers: a calendar year, a quarter or a month, shared by the
// IPC contract, main's income view and the screen's period chooser. Written in routes and file names
// as "2025", "2025-Q3" or "2025-07"; its days run from the first of its first month to the last of
// its last, both included.
import { z } from 'zod';

const year = z.number().int().min(1900).max(2999);

export const incomePeriodSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('year'), year }),
  z.strictObject({ kind: z.literal('quarter'), year, quarter: z.number().int().min(1).max(4) }),
  z.strictObject({ kind: z.literal('month'), year, month: z.number().int().min(1).max(12) }),
]);
export type IncomePeriod = z.infer<typeof incomePeriodSchema>;
export type IncomePeriodKind = IncomePeriod['kind'];

const pad = (n: number) => String(n).padStart(2, '0');

/** The calendar year before the day's (YYYY-MM-DD): what an accountant asks for after the year end. */
export function lastCalendarYear(today: string): IncomePeriod {
  return { kind: 'year', year: Number(today.slice(0, 4)) - 1 };
}

/** The months the period covers, as YYYY-MM, in order. */
export function periodMonths(period: IncomePeriod): string[] {
  const first =
    period.kind === 'year' ? 1 : period.kind === 'quarter' ? period.quarter * 3 - 2 : period.month;
  const count = period.kind === 'year' ? 12 : period.kind === 'quarter' ? 3 : 1;
  return Array.from({ length: count }, (_, i) => `${period.year}-${pad(first + i)}`);
}

/** The first and last day of the period, YYYY-MM-DD, both included. */
export function periodDays(period: IncomePeriod): { from: string; to: string } {
  const months = periodMonths(period);
  const [y, m] = months.at(-1)!.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${months[0]!}-01`, to: `${months.at(-1)!}-${pad(last)}` };
}

/** "2025", "2025-Q3", "2025-07": the period in a route or a file name. */
export function periodText(period: IncomePeriod): string {
  switch (period.kind) {
    case 'year':
      return String(period.year);
    case 'quarter':
      return `${period.year}-Q${period.quarter}`;
    case 'month':
      return `${period.year}-${pad(period.month)}`;
  }
}

/** The period a route or file name wrote; undefined for anything else. */
export function parsePeriodText(text: string): IncomePeriod | undefined {
  const found = /^(\d{4})(?:-Q([1-4])|-(0[1-9]|1[0-2]))?$/.exec(text);
  if (!found) return undefined;
  const parsed = incomePeriodSchema.safeParse(
    found[2]
      ? { kind: 'quarter', year: Number(found[1]), quarter: Number(found[2]) }
      : found[3]
        ? { kind: 'month', year: Number(found[1]), month: Number(found[3]) }
        : { kind: 'year', year: Number(found[1]) },
  );
  return parsed.success ? parsed.data : undefined;
}

/** A month (YYYY-MM) in the locale's words: "Jul 2025". */
export function monthWords(month: string, locale?: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, 1)),
  );
}

/** The period in the locale's words: "2025", "Q3 2025", "July 2025". */
export function periodWords(period: IncomePeriod, locale?: string): string {
  switch (period.kind) {
    case 'year':
      return String(period.year);
    case 'quarter':
      return `Q${period.quarter} ${period.year}`;
    case 'month':
      return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
        new Date(Date.UTC(period.year, period.month - 1, 1)),
      );
  }
}
