// How the service paces PropDesk, as main tells the window (the connection's request scheduler decides
// it): whether the service asked PropDesk to slow down, the pace PropDesk keeps, and the waits the
// service asked for, each holding one kind of request. And the words the status bar and the offline
// copy screen say about it: a short wait in seconds, a hold of more than ten minutes with its end time
// (beside a "Try now").
import { z } from 'zod';
import { formatMoment } from './date-style';
import { kindWords, requestKindSchema } from './request-kind';
import type { RequestKind } from './request-kind';

/** A hold longer than this is shown with its end time and a "Try now", instead of waiting silently. */
export const SHOWN_HOLD_MS = 10 * 60_000;

export const serviceHoldSchema = z.object({
  kind: requestKindSchema,
  /** When the hold ends (an ISO time). */
  until: z.string(),
  /** Longer than SHOWN_HOLD_MS when the service asked for it: shown with its end time and "Try now". */
  long: z.boolean(),
});
export type ServiceHold = z.infer<typeof serviceHoldSchema>;

export const servicePaceSchema = z.object({
  connectionId: z.string(),
  /** The service said "too many requests" or asked for a wait, and PropDesk keeps to it. */
  slowedDown: z.boolean(),
  /** The pace PropDesk keeps, in requests a second; null while it keeps none. */
  requestsPerSecond: z.number().nonnegative().nullable(),
  /** The end of the last of the holds (an ISO time); null while none holds. */
  waitingUntil: z.string().nullable(),
  /** Each kind of request the service asked to wait, until when; the other kinds go on. */
  holds: z.array(serviceHoldSchema).max(64),
});
export type ServicePace = z.infer<typeof servicePaceSchema>;

/**
 * "The service asks PropDesk to slow down; copying at about 9 requests a second", or null while it
 * does not. `copying`: the offline copy is being made or updated (else PropDesk is reading). Long
 * holds are not in these words: `longHolds` gives them, each with its own "Try now".
 */
export function paceWords(pace: ServicePace | undefined, copying: boolean, now = Date.now()): string | null {
  if (!pace?.slowedDown) return null;
  const doing = copying ? 'copying' : 'reading';
  if (pace.requestsPerSecond !== null) {
    const rate = pace.requestsPerSecond;
    const about = rate >= 10 ? Math.round(rate) : Math.round(rate * 10) / 10;
    return `The service asks PropDesk to slow down; ${doing} at about ${about.toLocaleString('en-US')} ${about === 1 ? 'request' : 'requests'} a second`;
  }
  const short = pace.holds.filter((h) => !h.long && Date.parse(h.until) > now);
  if (short.length) {
    const again = short.map(
      (h) => `${kindWords(h.kind)} again in ${secondsWords(Date.parse(h.until) - now)}`,
    );
    return `The service asks PropDesk to slow down; ${again.join(', ')}`;
  }
  if (pace.holds.some((h) => h.long)) return null;
  return `The service asks PropDesk to slow down; ${doing} more slowly`;
}

/** The holds of more than ten minutes still in force, which the window shows with their end time. */
export function longHolds(pace: ServicePace | undefined, now = Date.now()): ServiceHold[] {
  return (pace?.holds ?? []).filter((h) => h.long && Date.parse(h.until) > now);
}

/** "Sending suggestions waits until Dec 1, 2025, 9:14 AM, as the service asked". */
export function holdWords(kind: RequestKind, until: string): string {
  const doing = kindWords(kind);
  return `${doing.charAt(0).toUpperCase()}${doing.slice(1)} waits until ${formatMoment(until)}, as the service asked`;
}

function secondsWords(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  if (seconds < 120) return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
  return `${Math.round(seconds / 60)} minutes`;
}
