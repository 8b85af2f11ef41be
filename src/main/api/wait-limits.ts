// The bounds of every wait PropDesk keeps and every timer it sets. A wait a service asks for (or one
// read back from the database) lies within 0 … 24 hours, the longest PropDesk accepts; a timer's delay
// lies between its floor and Node's ceiling (2^31 − 1 ms). Past that ceiling Node fires a timer after
// 1 ms, so a timer re-armed with a longer wait would ring a thousand times a second; past the year
// 275760 a Date is invalid and `toISOString` throws. Nothing a service sends reaches a timer or a date
// unclamped.

export const LONGEST_WAIT_MS = 24 * 60 * 60_000;
export const TIMER_CEILING_MS = 2 ** 31 - 1;

/** Whether a wait lies within 0 … 24 hours as given (a service's value outside is logged once). */
export function waitInRange(ms: number): boolean {
  return Number.isFinite(ms) && ms >= 0 && ms <= LONGEST_WAIT_MS;
}

/**
 * A wait within 0 … 24 hours. A value out of range (longer, infinite, not a number) is the longest
 * wait: whatever the service meant, it asked for a long one. A negative one is no wait (a date past).
 */
export function clampWait(ms: number): number {
  if (Number.isNaN(ms) || ms > LONGEST_WAIT_MS) return LONGEST_WAIT_MS;
  return Math.max(0, ms);
}

/** A timer's delay: never below its floor, so nothing re-arms faster, and never past the ceiling. */
export function timerDelay(ms: number, floorMs = 0): number {
  if (Number.isNaN(ms)) return TIMER_CEILING_MS;
  return Math.min(TIMER_CEILING_MS, Math.max(floorMs, Math.ceil(ms)));
}

/** The moment `ms` after `now`, with the wait clamped: a valid date whatever the wait. */
export function momentAfter(now: number, ms: number): number {
  return now + clampWait(ms);
}

/**
 * A moment stored before (an outbox's next attempt) read back: never later than the longest wait
 * from now, so no wait outlives its bound across a restart; an unreadable one is now.
 */
export function storedMoment(iso: string | null, now: number): number {
  if (iso === null) return now;
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return now;
  return Math.min(at, now + LONGEST_WAIT_MS);
}
