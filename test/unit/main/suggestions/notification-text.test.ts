// A desktop notification names the batch and each outcome, and never words a suggestion as a change
// PropDesk made.
import { describe, expect, it } from 'vitest';
import { notificationText } from '../../../../src/main/suggestions/notification-text';

describe('notification text', () => {
  it('names the batch and each outcome', () => {
    expect(
      notificationText({ label: 'Rent review', counts: { applied: 2, dismissed: 1 }, stillPending: 3 }),
    ).toEqual({
      title: '“Rent review”: 2 approved, 1 dismissed',
      body: '2 suggestions approved by a reviewer and now applied; 1 suggestion dismissed. 3 suggestions still waiting for review.',
    });
    expect(notificationText({ label: null, counts: { expired: 1 }, stillPending: 0 }).title).toBe(
      'A batch of suggestions: 1 expired',
    );
  });
});
