// The words for a service that slows PropDesk down, as the status bar and the offline copy screen say
// them: what PropDesk is doing, at about what pace, how long a kind of request waits as the service
// asked, and a wait of more than ten minutes by its end time.
import { describe, expect, it } from 'vitest';
import { formatMoment } from '../../../src/shared/date-style';
import { holdWords, longHolds, paceWords } from '../../../src/shared/service-pace';
import type { ServicePace } from '../../../src/shared/service-pace';

const pace = (p: Partial<ServicePace>): ServicePace => ({
  connectionId: 'c1',
  slowedDown: true,
  requestsPerSecond: null,
  waitingUntil: null,
  holds: [],
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

  it('say which kind of request waits, and for how long, when the service asked for a wait', () => {
    const now = Date.parse('2026-11-25T12:00:00Z');
    const holds = [
      { kind: { method: 'GET', collection: 'proposals' }, until: '2026-11-25T12:00:03.200Z', long: false },
      {
        kind: { method: 'GET', collection: 'maintenance_requests' },
        until: '2026-11-25T12:05:00Z',
        long: false,
      },
    ] as const;
    expect(paceWords(pace({ holds: [...holds] }), true, now)).toBe(
      'The service asks PropDesk to slow down; checking suggestions again in 4 seconds, reading maintenance requests again in 5 minutes',
    );
    expect(paceWords(pace({ holds: [{ ...holds[0], until: '2026-11-25T11:59:00Z' }] }), false, now)).toBe(
      'The service asks PropDesk to slow down; reading more slowly',
    );
  });

  it('say a wait of more than ten minutes by its end time, apart from the pace', () => {
    const now = Date.parse('2026-11-25T12:00:00Z');
    const until = '2026-11-26T12:00:00Z';
    const long = { kind: { method: 'POST', collection: 'proposals' }, until, long: true } as const;
    expect(paceWords(pace({ holds: [long] }), false, now)).toBeNull();
    expect(longHolds(pace({ holds: [long] }), now)).toEqual([long]);
    expect(longHolds(pace({ holds: [long] }), Date.parse(until) + 1)).toEqual([]);
    expect(holdWords(long.kind, until)).toBe(
      `Sending suggestions waits until ${formatMoment(until)}, as the service asked`,
    );
    expect(holdWords({ method: 'GET', collection: 'openapi.json' }, until)).toMatch(
      /^Reading the service’s contract waits until /,
    );
  });
});
