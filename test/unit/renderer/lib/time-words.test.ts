// One wording of time on every screen: Drafts' "last edit" and Suggestions' "checked …" and expiry
// read the same moment the same way, in the largest unit that fits.
import { describe, expect, it } from 'vitest';
import { relativeTime } from '../../../../src/renderer/src/lib/time-words';
import { expiryCountdown } from '../../../../src/renderer/src/features/suggestions/expiry-countdown';

const now = Date.parse('2025-03-22T12:00:00Z');
const ago = (ms: number) => new Date(now - ms).toISOString();
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe('time words', () => {
  it('says a moment under a minute away is just now', () => {
    expect(relativeTime(ago(30_000), now)).toBe('just now');
    expect(relativeTime(ago(-30_000), now)).toBe('just now');
  });

  it('words past moments in the largest unit that fits', () => {
    expect(relativeTime(ago(5 * MINUTE), now)).toBe('5 minutes ago');
    expect(relativeTime(ago(3 * 60 * MINUTE), now)).toBe('3 hours ago');
    expect(relativeTime(ago(2 * DAY), now)).toBe('2 days ago');
    expect(relativeTime(ago(21 * DAY), now)).toBe('3 weeks ago');
    expect(relativeTime(ago(90 * DAY), now)).toBe('3 months ago');
  });

  it('words an expiry three weeks off the way a draft three weeks old is worded', () => {
    expect(expiryCountdown(ago(-21 * DAY), now)).toEqual({ text: 'Expires in 3 weeks', soon: false });
    expect(relativeTime(ago(21 * DAY), now)).toBe('3 weeks ago');
  });

  it('leaves a time it cannot read as it was given', () => {
    expect(relativeTime('not a time', now)).toBe('not a time');
  });
});
