// Calendar helpers for demo data: whole days as numbers, formatted once and cached because the
// generator formats hundreds of thousands of dates.
const DAY_MS = 86_400_000;
const cache = new Map<number, string>();

export function epochDay(ms: number): number {
  return Math.floor(ms / DAY_MS);
}

export function dayString(day: number): string {
  let s = cache.get(day);
  if (s === undefined) {
    s = new Date(day * DAY_MS).toISOString().slice(0, 10);
    cache.set(day, s);
  }
  return s;
}

const pad2 = (n: number): string => (n < 10 ? `0${n}` : String(n));

/** ISO timestamp of a second within a day, built from the cached day string (no Date per call). */
// Demo timestamps are rounded to five minutes and cached: far fewer distinct strings to allocate.
const stampCache = new Map<number, string>();

export function dayTimestamp(day: number, secondsIntoDay: number): string {
  const minutes = Math.floor(Math.max(0, Math.min(86_399, secondsIntoDay)) / 300) * 5;
  const key = day * 1440 + minutes;
  let text = stampCache.get(key);
  if (text === undefined) {
    text = `${dayString(day)}T${pad2(Math.floor(minutes / 60))}:${pad2(minutes % 60)}:00.000Z`;
    stampCache.set(key, text);
  }
  return text;
}

/** Epoch day of the same day-of-month `months` months after `day` (clamped to month length). */
const firstOfMonthCache = new Map<number, number>();

/** Epoch day of the first day of the month after the one containing `day`; cached (hot in seeding). */
export function nextMonthFirst(day: number): number {
  let v = firstOfMonthCache.get(day);
  if (v === undefined) {
    v = addMonths(day, 1, 1);
    firstOfMonthCache.set(day, v);
  }
  return v;
}

export function addMonths(day: number, months: number, dayOfMonth: number): number {
  const d = new Date(day * DAY_MS);
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  return epochDay(Date.UTC(target.getUTCFullYear(), target.getUTCMonth(), Math.min(dayOfMonth, last)));
}

export function isValidDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}
