// The log line for each change of a connection's pace: the pace itself, a wait the service asked for,
// a smaller concurrency and the return to full speed are recorded; concurrency growing back is not.
import { describe, expect, it } from 'vitest';
import { paceChangeLine } from '../../../../src/main/api/scheduler-status';
import type { SchedulerStatus } from '../../../../src/main/api/scheduler-status';

const free: SchedulerStatus = {
  slowedDown: false,
  requestsPerSecond: undefined,
  waitingUntil: undefined,
  concurrency: 12,
};
const NOW = 1_000_000;

describe('paceChangeLine', () => {
  it('says when the service asks for a wait and how many requests still go at once', () => {
    const after = { ...free, slowedDown: true, waitingUntil: NOW + 2_000, concurrency: 6 };
    expect(paceChangeLine('pm.example.com', free, after, NOW)).toBe(
      'Requests to pm.example.com: waits 2 s as the service asked; sends at most 6 requests at once.',
    );
  });

  it('says the pace kept, and when it is lifted', () => {
    const paced = { ...free, slowedDown: true, requestsPerSecond: 9 };
    expect(paceChangeLine('pm.example.com', free, paced, NOW)).toBe(
      'Requests to pm.example.com: keeps to about 9 requests a second.',
    );
    expect(paceChangeLine('pm.example.com', paced, free, NOW)).toBe(
      'Requests to pm.example.com: no longer keeps a pace; runs at full speed again.',
    );
  });

  it('records nothing when only the concurrency grows back', () => {
    expect(paceChangeLine('pm.example.com', free, { ...free, concurrency: 13 }, NOW)).toBeUndefined();
  });
});
