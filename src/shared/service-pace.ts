// How the service paces PropDesk, as main tells the window (the connection's request scheduler decides
// it): whether the service asked PropDesk to slow down, the pace PropDesk keeps, and a wait the
// service asked for. And the words the status bar and the offline copy screen say about it.
import { z } from 'zod';

export const servicePaceSchema = z.object({
  connectionId: z.string(),
  /** The service said "too many requests" or asked for a wait, and PropDesk keeps to it. */
  slowedDown: z.boolean(),
  /** The pace PropDesk keeps, in requests a second; null while it keeps none. */
  requestsPerSecond: z.number().nonnegative().nullable(),
  /** Every request waits until then, as the service asked (an ISO time); null while none waits. */
  waitingUntil: z.string().nullable(),
});
export type ServicePace = z.infer<typeof servicePaceSchema>;

/**
 * "The service asks PropDesk to slow down; copying at about 9 requests a second", or null while it
 * does not. `copying`: the offline copy is being made or updated (else PropDesk is reading).
 */
export function paceWords(pace: ServicePace | undefined, copying: boolean, now = Date.now()): string | null {
  if (!pace?.slowedDown) return null;
  const doing = copying ? 'copying' : 'reading';
  if (pace.requestsPerSecond !== null) {
    const rate = pace.requestsPerSecond;
    const about = rate >= 10 ? Math.round(rate) : Math.round(rate * 10) / 10;
    return `The service asks PropDesk to slow down; ${doing} at about ${about.toLocaleString('en-US')} ${about === 1 ? 'request' : 'requests'} a second`;
  }
  const waitMs = pace.waitingUntil ? Date.parse(pace.waitingUntil) - now : 0;
  if (waitMs > 0) {
    const seconds = Math.ceil(waitMs / 1000);
    return `The service asks PropDesk to slow down; ${doing} again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
  }
  return `The service asks PropDesk to slow down; ${doing} more slowly`;
}
