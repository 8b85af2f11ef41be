// The log line for each change of a connection's pace: the pace itself, a kind of request held as the
// service asked and its end, a smaller concurrency and the return to full speed are recorded;
// concurrency growing back is not.
import { describe, expect, it } from 'vitest';
import { paceChangeLine } from '../../../../../src/main/api/scheduler/scheduler-status';
import type { SchedulerStatus } from '../../../../../src/main/api/scheduler/scheduler-status';

const free: SchedulerStatus = {
  slowedDown: false,
  requestsPerSecond: undefined,
  waitingUntil: undefined,
  concurrency: 12,
  holds: [],
};
const NOW = 1_000_000;

describe('paceChangeLine', () => {
  it('says which kind the service asks to wait, how many requests still go at once, and when it goes on', () => {
    const hold = {
      kind: { method: 'GET', collection: 'proposals' } as const,
      until: NOW + 2_000,
      long: false,
    };
    const after = { ...free, slowedDown: true, waitingUntil: NOW + 2_000, concurrency: 6, holds: [hold] };
    expect(paceChangeLine('pm.example.com', free, after, NOW)).toBe(
      'Requests to pm.example.com: holds checking suggestions 2 s as the service asked; sends at most 6 requests at once.',
    );
    expect(paceChangeLine('pm.example.com', after, { ...after, slowedDown: false, holds: [] }, NOW)).toBe(
      'Requests to pm.example.com: goes on checking suggestions; runs at full speed again.',
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
