// The bounds of every wait and every timer: a service's wait within 0 … 24 hours whatever it sends
// (seconds past a double's reach, dates in the year 9999 or past 275760, nothing readable), a timer's
// delay between its floor and Node's ceiling, and a stored moment read back no later than a day ahead.
import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from '../../../../src/main/api/retry-policy';
import {
  clampWait,
  LONGEST_WAIT_MS,
  momentAfter,
  storedMoment,
  TIMER_CEILING_MS,
  timerDelay,
  waitInRange,
} from '../../../../src/main/api/wait-limits';

const NOW = Date.parse('2026-11-25T12:00:00Z');

describe('waits a service asks for', () => {
  it('a Retry-After past every bound reads as infinite, and is held as the longest wait', () => {
    for (const header of [
      '99999999999999',
      '9'.repeat(400),
      'Fri, 31 Dec 9999 23:59:59 GMT',
      'Sat, 01 Jan 275761 00:00:00 GMT',
    ]) {
      const asked = parseRetryAfter(header, NOW)!;
      expect(asked).toBeGreaterThan(LONGEST_WAIT_MS);
      expect(waitInRange(asked)).toBe(false);
      expect(clampWait(asked)).toBe(LONGEST_WAIT_MS);
      // A date that far from now is a valid date once clamped: no RangeError.
      expect(new Date(momentAfter(NOW, asked)).toISOString()).toBe('2026-11-26T12:00:00.000Z');
    }
  });

  it('what is within bounds is kept, a date past is no wait, and nothing readable is no Retry-After', () => {
    expect(parseRetryAfter('59', NOW)).toBe(59_000);
    expect(clampWait(59_000)).toBe(59_000);
    expect(clampWait(-5)).toBe(0);
    expect(clampWait(Number.NaN)).toBe(LONGEST_WAIT_MS);
    expect(parseRetryAfter('Wed, 25 Nov 2026 11:00:00 GMT', NOW)).toBe(0);
    expect(parseRetryAfter('soon', NOW)).toBeUndefined();
    expect(parseRetryAfter('Sat, 99 Foo 2026', NOW)).toBeUndefined();
  });
});

describe('timers', () => {
  it('a delay lies between its floor and the ceiling past which Node would fire at once', () => {
    expect(timerDelay(1e17)).toBe(TIMER_CEILING_MS);
    expect(timerDelay(Number.POSITIVE_INFINITY, 250)).toBe(TIMER_CEILING_MS);
    expect(timerDelay(Number.NaN, 250)).toBe(TIMER_CEILING_MS);
    expect(timerDelay(0, 1_000)).toBe(1_000);
    expect(timerDelay(-86_400_000, 250)).toBe(250);
    expect(timerDelay(1_234.2)).toBe(1_235);
    expect(LONGEST_WAIT_MS).toBeLessThan(TIMER_CEILING_MS);
  });
});

describe('moments stored before', () => {
  it('read back no later than a day from now; an unreadable one is now', () => {
    expect(storedMoment('+275760-09-13T00:00:00.000Z', NOW)).toBe(NOW + LONGEST_WAIT_MS);
    expect(storedMoment('9999-12-31T23:59:59.000Z', NOW)).toBe(NOW + LONGEST_WAIT_MS);
    expect(storedMoment('2026-11-25T12:30:00.000Z', NOW)).toBe(NOW + 1_800_000);
    expect(storedMoment('not a date', NOW)).toBe(NOW);
    expect(storedMoment(null, NOW)).toBe(NOW);
  });
});
