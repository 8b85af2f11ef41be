// What a connection's scheduler tells the rest of PropDesk about the service's pace, so the screen can
// say "the service asks PropDesk to slow down; copying at about N requests a second" or which kind of
// request waits until when, and the log can record each change of pace.
import { kindKey, kindWords } from '../../../shared/request-kind';
import type { ServicePace } from '../../../shared/service-pace';
import type { KindHold } from './kind-holds';

export interface SchedulerStatus {
  /** The service has asked PropDesk to slow down ("too many requests", or a Retry-After wait). */
  slowedDown: boolean;
  /** The pace PropDesk keeps, in requests a second (one decimal); undefined when it keeps none. */
  requestsPerSecond: number | undefined;
  /** The end of the last hold in force (ms since the epoch); undefined while no kind is held. */
  waitingUntil: number | undefined;
  /** How many requests may be in flight at once now. */
  concurrency: number;
  /** Each kind of request held as the service asked, until when; the other kinds go on. */
  holds: readonly KindHold[];
}

/** What the window is told of a connection's pace; a connection that sent nothing yet keeps none. */
export function servicePace(connectionId: string, status: SchedulerStatus | undefined): ServicePace {
  return {
    connectionId,
    slowedDown: status?.slowedDown ?? false,
    requestsPerSecond: status?.requestsPerSecond ?? null,
    waitingUntil: status?.waitingUntil !== undefined ? new Date(status.waitingUntil).toISOString() : null,
    holds: (status?.holds ?? []).map((h) => ({
      kind: h.kind,
      until: new Date(h.until).toISOString(),
      long: h.long,
    })),
  };
}

export function sameStatus(a: SchedulerStatus, b: SchedulerStatus): boolean {
  return (
    a.slowedDown === b.slowedDown &&
    a.requestsPerSecond === b.requestsPerSecond &&
    a.waitingUntil === b.waitingUntil &&
    a.concurrency === b.concurrency &&
    a.holds.length === b.holds.length &&
    a.holds.every((h, i) => kindKey(h.kind) === kindKey(b.holds[i]!.kind) && h.until === b.holds[i]!.until)
  );
}

/**
 * A log line for a change worth recording (the pace, a hold, a smaller concurrency), or undefined
 * for one that is not (concurrency growing again while answers come is the normal case).
 */
export function paceChangeLine(
  host: string,
  before: SchedulerStatus,
  after: SchedulerStatus,
  now: number,
): string | undefined {
  const parts: string[] = [];
  for (const hold of after.holds) {
    const was = before.holds.find((h) => kindKey(h.kind) === kindKey(hold.kind));
    if (was?.until === hold.until) continue;
    const seconds = Math.max(0, Math.ceil((hold.until - now) / 1000));
    parts.push(`holds ${kindWords(hold.kind)} ${seconds} s as the service asked`);
  }
  for (const hold of before.holds)
    if (!after.holds.some((h) => kindKey(h.kind) === kindKey(hold.kind)))
      parts.push(`goes on ${kindWords(hold.kind)}`);
  if (after.requestsPerSecond !== before.requestsPerSecond) {
    parts.push(
      after.requestsPerSecond === undefined
        ? 'no longer keeps a pace'
        : `keeps to about ${after.requestsPerSecond} requests a second`,
    );
  }
  if (after.concurrency < before.concurrency)
    parts.push(`sends at most ${after.concurrency} requests at once`);
  if (before.slowedDown && !after.slowedDown) parts.push('runs at full speed again');
  return parts.length ? `Requests to ${host}: ${parts.join('; ')}.` : undefined;
}
