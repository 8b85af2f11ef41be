// A suggestion's expiry as a countdown ("Expires in 2 days"), flagged when less than a day is left.
import { relativeTime } from '../../lib/time-words';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

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
  return { text: `Expires ${relativeTime(expiresAt, now)}`, soon: t - now < DAY };
}
