// The one date style: a calendar day is the day itself wherever the computer is, a moment is written
// with its time, both in the locale given (the OS locale when none is), and text that is no date is
// left as it is rather than shown as "Invalid Date".
import { describe, expect, it } from 'vitest';
import { formatDay, formatMoment } from '../../../src/shared/date-style';

describe('the date style of every screen', () => {
  it('writes a day the same in every time zone, in the locale asked for', () => {
    expect(formatDay('2025-12-01', 'en-US')).toBe('Dec 1, 2025');
    expect(formatDay('2025-12-01', 'en-GB')).toBe('1 Dec 2025');
    expect(formatDay('2025-12-01')).toBe(
      new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' }).format(
        Date.UTC(2025, 11, 1),
      ),
    );
  });

  it('writes a moment with its time, and leaves what is no date as it is', () => {
    expect(formatMoment('2026-11-21T09:14:00.000Z', 'en-US')).toMatch(
      /^Nov 2[01], 2026, \d{1,2}:\d{2}\s?[AP]M$/,
    );
    expect(formatDay('soon')).toBe('soon');
    expect(formatDay('2025-13-45')).toBe('2025-13-45');
    expect(formatMoment('not a time')).toBe('not a time');
  });
});
