// The outbox under waits a service asks for, on a real SQLite store and timers the test moves: a wait
// past every bound (seconds beyond a double's dates, a date past the year 275760) is recorded as 24
// hours, its timer rings once then and not a thousand times a second, nothing throws; a wait stored
// longer by an earlier run is read back as at most 24 hours from now, and stored so; "Try now" sends a
// waiting submission at once. Counts of sends only.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../src/main/api/errors/api-error';
import { LONGEST_WAIT_MS } from '../../../../src/main/api/wait-limits';
import { Outbox } from '../../../../src/main/drafts/outbox';
import { ONE_CHANGE_BODY as BODY } from '../../../support/scheduled-client';
import { tempStore } from '../../../support/temp-store';
import type { TempStore } from '../../../support/temp-store';

const HOUR = 3_600_000;

let temp: TempStore;
let outbox: Outbox;
let sends: number;
let logged: string[];
/** What the service answers each send with: a wait of this many ms (a crafted Retry-After). */
let retryAfterMs: number;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  temp = tempStore('outbox-waits');
  sends = 0;
  logged = [];
  retryAfterMs = 1e17;
  outbox = new Outbox({
    repo: temp.store.outbox,
    clientFor: () => ({
      submitBatch: async () => {
        sends += 1;
        throw new ApiError('rate_limited', 'The service is receiving too many requests.', {
          status: 429,
          retryAfterMs,
        });
      },
    }),
    currentAddress: (id) => temp.store.connections.get(id)?.baseUrl,
    isOnline: () => true,
    log: (message) => void logged.push(message),
  });
});
afterEach(async () => {
  await outbox.stop();
  temp.close();
  vi.useRealTimers();
});

/** A draft queued for sending: its submission's ID, and the draft's. */
function queued(): { id: string; draftId: string } {
  const draftId = temp.store.drafts.create('c1', 'Rent review');
  const { revision } = temp.store.drafts.get('c1', draftId);
  return { id: temp.store.outbox.enqueue('c1', draftId, revision, BODY), draftId };
}

const nextAttempt = () => Date.parse(temp.store.outbox.pending()[0]!.nextAttemptAt!);

describe('the outbox under a wait the service asks for', () => {
  it('a wait past every bound is recorded as 24 hours, and its timer rings then, once', async () => {
    queued();
    await outbox.kick();
    expect(sends).toBe(1);
    const sentAt = Date.now();
    expect(nextAttempt()).toBe(sentAt + LONGEST_WAIT_MS);
    expect(temp.store.outbox.pending()[0]!.lastError).toMatch(/too many requests/);
    // A day less a minute of timers: nothing is sent again and nothing re-arms meanwhile.
    await vi.advanceTimersByTimeAsync(LONGEST_WAIT_MS - 60_000);
    expect(sends).toBe(1);
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sends).toBe(2);
  });

  it('a wait stored past 24 hours by an earlier run is read back as 24 hours from now, and stored so', async () => {
    for (const stored of ['+275760-09-13T00:00:00.000Z', '9999-12-31T23:59:59.000Z']) {
      const { id, draftId } = queued();
      temp.store.outbox.deferRetry(id, 'Asked to wait.', stored, false);
      await outbox.kick();
      expect(sends).toBe(0);
      expect(nextAttempt()).toBe(Date.now() + LONGEST_WAIT_MS);
      expect(logged.at(-1)).toMatch(/goes within 24 hours/);
      temp.store.outbox.cancel('c1', draftId);
    }
  });

  it('"Try now" sends a waiting submission at once; refused again, it waits again', async () => {
    queued();
    retryAfterMs = 30 * HOUR;
    await outbox.kick();
    expect(sends).toBe(1);
    await vi.advanceTimersByTimeAsync(HOUR);
    await outbox.tryNow();
    expect(sends).toBe(2);
    expect(nextAttempt()).toBe(Date.now() + LONGEST_WAIT_MS);
  });
});
