// What a connection's scheduler tells the rest of PropDesk about the service's pace, so the screen can
// say "the service asks PropDesk to slow down; copying at about N requests a second" and the log can
// record each change of pace.
import type { ServicePace } from '../../shared/service-pace';

export interface SchedulerStatus {
  /** The service has asked PropDesk to slow down ("too many requests", or a Retry-After wait). */
  slowedDown: boolean;
  /** The pace PropDesk keeps, in requests a second (one decimal); undefined when it keeps none. */
  requestsPerSecond: number | undefined;
  /** Every request of the connection waits until then (ms since the epoch), as the service asked. */
  waitingUntil: number | undefined;
  /** How many requests may be in flight at once now. */
  concurrency: number;
}

/** What the window is told of a connection's pace; a connection that sent nothing yet keeps none. */
export function servicePace(connectionId: string, status: SchedulerStatus | undefined): ServicePace {
  return {
    connectionId,
    slowedDown: status?.slowedDown ?? false,
    requestsPerSecond: status?.requestsPerSecond ?? null,
    waitingUntil: status?.waitingUntil !== undefined ? new Date(status.waitingUntil).toISOString() : null,
  };
}

export function sameStatus(a: SchedulerStatus, b: SchedulerStatus): boolean {
  return (
    a.slowedDown === b.slowedDown &&
    a.requestsPerSecond === b.requestsPerSecond &&
    a.waitingUntil === b.waitingUntil &&
    a.concurrency === b.concurrency
  );
}

/**
 * A log line for a change worth recording (the pace, a wait, a smaller concurrency), or undefined
 * for one that is not (concurrency growing again while answers come is the normal case).
 */
export function paceChangeLine(
  host: string,
  before: SchedulerStatus,
  after: SchedulerStatus,
  now: number,
): string | undefined {
  const parts: string[] = [];
  if (after.waitingUntil !== undefined && after.waitingUntil !== before.waitingUntil)
    parts.push(`waits ${Math.max(0, Math.ceil((after.waitingUntil - now) / 1000))} s as the service asked`);
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
