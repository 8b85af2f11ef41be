// Times on the tracker in the OS locale: expiry as a countdown ("expires in 2 days", flagged under
// 24 hours), past moments relative ("3 minutes ago"), and exact forms for tooltips and timelines.
const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
const exact = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export function exactTime(iso: string | null): string {
  if (!iso) return '—';
  const t = new Date(iso);
  return Number.isNaN(t.getTime()) ? iso : exact.format(t);
}

/** "in 2 days", "3 hours ago", "in 5 minutes", "just now". */
export function relativeTo(iso: string, now: number): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return iso;
  const diff = t - now;
  const abs = Math.abs(diff);
  if (abs < MINUTE) return 'just now';
  if (abs < HOUR) return relative.format(Math.round(diff / MINUTE), 'minute');
  if (abs < DAY) return relative.format(Math.round(diff / HOUR), 'hour');
  return relative.format(Math.round(diff / DAY), 'day');
}

export interface Expiry {
  text: string;
  /** Less than a day left (or already due): shown highlighted. */
  soon: boolean;
}

export function expiryCountdown(expiresAt: string, now: number): Expiry {
  const t = Date.parse(expiresAt);
  if (Number.isNaN(t)) return { text: 'Expiry unknown', soon: false };
  if (t <= now) return { text: 'Expiry due; the service will mark it expired', soon: true };
  if (t - now < MINUTE) return { text: 'Expires in less than a minute', soon: true };
  return { text: `Expires ${relativeTo(expiresAt, now)}`, soon: t - now < DAY };
}
