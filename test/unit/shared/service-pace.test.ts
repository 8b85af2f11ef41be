// The words for a service that slows PropDesk down, as the status bar and the offline copy screen say
// them: what PropDesk is doing, at about what pace, or how long it waits as the service asked.
import { describe, expect, it } from 'vitest';
import { paceWords } from '../../../src/shared/service-pace';
import type { ServicePace } from '../../../src/shared/service-pace';

const pace = (p: Partial<ServicePace>): ServicePace => ({
  connectionId: 'c1',
  slowedDown: true,
  requestsPerSecond: null,
  waitingUntil: null,
  ...p,
});

describe('pace words', () => {
  it('say nothing while the service does not slow PropDesk down', () => {
    expect(paceWords(undefined, true)).toBeNull();
    expect(paceWords(pace({ slowedDown: false, requestsPerSecond: 9 }), true)).toBeNull();
  });

  it('say what PropDesk is doing at about what pace', () => {
    expect(paceWords(pace({ requestsPerSecond: 17.6 }), true)).toBe(
      'The service asks PropDesk to slow down; copying at about 18 requests a second',
    );
    expect(paceWords(pace({ requestsPerSecond: 2.25 }), false)).toBe(
      'The service asks PropDesk to slow down; reading at about 2.3 requests a second',
    );
    expect(paceWords(pace({ requestsPerSecond: 1 }), false)).toBe(
      'The service asks PropDesk to slow down; reading at about 1 request a second',
    );
  });

  it('say how long PropDesk waits when the service asked for a wait', () => {
    const now = Date.parse('2026-11-25T12:00:00Z');
    expect(paceWords(pace({ waitingUntil: '2026-11-25T12:00:03.200Z' }), true, now)).toBe(
      'The service asks PropDesk to slow down; copying again in 4 seconds',
    );
    expect(paceWords(pace({ waitingUntil: '2026-11-25T11:59:00Z' }), false, now)).toBe(
      'The service asks PropDesk to slow down; reading more slowly',
    );
  });
});
