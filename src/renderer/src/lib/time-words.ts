// Times in the OS locale, worded one way on every screen: past and future moments relative to now
// ("just now", "5 minutes ago", "3 weeks ago", "in 2 days"), in the largest unit that fits, and the
// exact local form for tooltips and timelines, in the one date style of every screen.
import { formatMoment } from './format-day';
const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });

const STEPS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

export function relativeTime(iso: string, now: number = Date.now()): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return iso;
  let amount = (t - now) / 1000;
  if (Math.abs(amount) < 60) return 'just now';
  for (const [unit, size] of STEPS) {
    if (Math.abs(amount) < size) return relative.format(Math.round(amount), unit);
    amount /= size;
  }
  return formatMoment(iso);
}

export function exactTime(iso: string | null): string {
  if (!iso) return '—';
  return formatMoment(iso);
}
