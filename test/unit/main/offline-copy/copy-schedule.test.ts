// When the offline copy updates itself: once its oldest part is older than the interval the landlord
// chose (a day unless they chose otherwise), never while an update runs or when no copy is kept, and
// never by itself when they chose "only when asked". The choice is kept in the database.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CopySchedule, DEFAULT_UPDATE_EVERY_HOURS } from '../../../../src/main/offline-copy/copy-schedule';
import { tempStore } from '../../../support/temp-store';
import type { TempStore } from '../../../support/temp-store';

const HOUR = 3_600_000;
let temp: TempStore;
let copy: { keepCopy: boolean; running: boolean; oldestAsOf: string | null };
let updates: number;
let now: number;

beforeEach(() => {
  temp = tempStore('copy-schedule');
  now = Date.parse('2026-11-25T12:00:00Z');
  copy = { keepCopy: true, running: false, oldestAsOf: new Date(now - 2 * HOUR).toISOString() };
  updates = 0;
});
afterEach(() => temp.close());

const schedule = () =>
  new CopySchedule({
    settings: temp.store.settings,
    copy: () => copy,
    update: () => void updates++,
    log: () => undefined,
    now: () => now,
  });

describe('the copy’s own updates', () => {
  it('updates a copy older than the interval, a day unless chosen otherwise', () => {
    const s = schedule();
    expect(s.everyHours()).toBe(DEFAULT_UPDATE_EVERY_HOURS);
    expect(s.check()).toBe(false);
    now += 22 * HOUR;
    expect(s.check()).toBe(true);
    expect(updates).toBe(1);
  });

  it('keeps the landlord’s choice, and checks against it at once', () => {
    schedule().set(6);
    const s = schedule();
    expect(s.everyHours()).toBe(6);
    now += 4 * HOUR;
    expect(s.check()).toBe(true);
    s.set(0);
    now += 1_000 * HOUR;
    expect(s.check()).toBe(false);
    expect(updates).toBe(1);
  });

  it('leaves a running update, a connection that keeps no copy and one without a copy yet alone', () => {
    const s = schedule();
    now += 48 * HOUR;
    copy.running = true;
    expect(s.check()).toBe(false);
    copy = { ...copy, running: false, keepCopy: false };
    expect(s.check()).toBe(false);
    copy = { ...copy, keepCopy: true, oldestAsOf: null };
    expect(s.check()).toBe(false);
    expect(updates).toBe(0);
  });

  it('reads a stored value it does not know as the default', () => {
    temp.store.settings.set('offlineCopy.updateEveryHours', 5);
    expect(schedule().everyHours()).toBe(DEFAULT_UPDATE_EVERY_HOURS);
  });
});
