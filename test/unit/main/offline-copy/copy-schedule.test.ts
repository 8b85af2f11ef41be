// When the offline copy lists its collections again by itself: a small collection within 5 minutes and
// a large one within the hour unless the landlord chose otherwise (hourly, daily, only when asked; the
// hours earlier versions stored map onto these), never while an update runs or when no copy is kept,
// and within the background budget of a request a second on average: when targets and budget
// disagree, the most overdue collection goes first and the others wait. A held clock; no real time.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CopySchedule } from '../../../../src/main/offline-copy/copy-schedule';
import {
  BACKGROUND_BUDGET_PER_HOUR,
  DEFAULT_FRESHNESS,
  requestsPerHour,
} from '../../../../src/main/offline-copy/freshness-policy';
import type { CollectionAge } from '../../../../src/main/offline-copy/freshness-policy';
import type { Collection } from '../../../../src/shared/service';
import { tempStore } from '../../../support/temp-store';
import type { TempStore } from '../../../support/temp-store';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
let temp: TempStore;
let copy: { keepCopy: boolean; running: boolean; collections: CollectionAge[] | null };
let updates: Collection[][];
let now: number;

/** The demo organisation's sizes at records-scale 1: payments are 43 pages, every other kind 20 or fewer. */
const SCALE_1: Array<[Collection, number]> = [
  ['properties', 25],
  ['units', 313],
  ['tenants', 379],
  ['leases', 379],
  ['payments', 4_261],
  ['maintenance_requests', 94],
  ['documents', 569],
];
const agesAt = (asOf: number, sizes = SCALE_1): CollectionAge[] =>
  sizes.map(([collection, records]) => ({ collection, records, asOf: new Date(asOf).toISOString() }));

beforeEach(() => {
  temp = tempStore('copy-schedule');
  now = Date.parse('2026-11-25T12:00:00Z');
  copy = { keepCopy: true, running: false, collections: agesAt(now) };
  updates = [];
});
afterEach(() => temp.close());

const schedule = () =>
  new CopySchedule({
    settings: temp.store.settings,
    copy: () => copy,
    update: (collections) => void updates.push(collections),
    log: () => undefined,
    now: () => now,
  });

describe('the copy’s own passes', () => {
  it('lists small collections again within 5 minutes and large ones within the hour, by default', () => {
    const s = schedule();
    expect(s.choice()).toBe(DEFAULT_FRESHNESS);
    now += 4 * MINUTE;
    expect(s.check()).toEqual([]);
    now += MINUTE;
    const small = s.check();
    expect(small.sort()).toEqual(
      ['documents', 'leases', 'maintenance_requests', 'properties', 'tenants', 'units'].sort(),
    );
    copy.collections = agesAt(now).map((a) =>
      a.collection === 'payments' ? { ...a, asOf: new Date(now - 5 * MINUTE).toISOString() } : a,
    );
    now += 55 * MINUTE;
    expect(s.check()).toContain('payments');
  });

  it('keeps the landlord’s choice, and maps the hours earlier versions stored', () => {
    temp.store.settings.set('offlineCopy.updateEveryHours', 6);
    expect(schedule().choice()).toBe('hourly');
    temp.store.settings.set('offlineCopy.updateEveryHours', 168);
    expect(schedule().choice()).toBe('daily');
    temp.store.settings.set('offlineCopy.updateEveryHours', 0);
    expect(schedule().choice()).toBe('asked');
    temp.store.settings.set('offlineCopy.updateEveryHours', 5);
    expect(schedule().choice()).toBe(DEFAULT_FRESHNESS);
    const s = schedule();
    s.set('daily');
    now += 23 * HOUR;
    expect(s.check()).toEqual([]);
    now += HOUR;
    expect(s.check()).toHaveLength(7);
    s.set('asked');
    now += 1_000 * HOUR;
    expect(s.check()).toEqual([]);
  });

  it('leaves a running update, a connection that keeps no copy and one without a whole copy alone', () => {
    const s = schedule();
    now += 48 * HOUR;
    copy.running = true;
    expect(s.check()).toEqual([]);
    copy = { ...copy, running: false, keepCopy: false };
    expect(s.check()).toEqual([]);
    copy = { ...copy, keepCopy: true, collections: null };
    expect(s.check()).toEqual([]);
    expect(updates).toEqual([]);
  });

  it('holds to the budget: the most overdue first, the rest waiting until the hour has room', () => {
    // A service twice the budget's size: every collection 1,800 pages, all overdue.
    const big = (['payments', 'documents', 'tenants'] as Collection[]).map(
      (c, i) => [c, 180_000 - i] as [Collection, number],
    );
    copy.collections = agesAt(now - 2 * HOUR, big).map((a, i) => ({
      ...a,
      asOf: new Date(now - (2 + i) * HOUR).toISOString(),
    }));
    const s = schedule();
    expect(s.check()).toEqual(['tenants', 'documents']);
    expect(s.spentInLastHour()).toBeLessThanOrEqual(BACKGROUND_BUDGET_PER_HOUR);
    now += 30 * MINUTE;
    expect(s.check()).toEqual([]);
    now += 31 * MINUTE;
    expect(s.check()).toEqual(['tenants', 'documents']);
  });

  it('costs what the documentation says an hour at records-scale 1', () => {
    expect(Math.round(requestsPerHour('minutes', new Map(SCALE_1)))).toBe(283);
    expect(Math.round(requestsPerHour('hourly', new Map(SCALE_1)))).toBe(63);
    expect(requestsPerHour('asked', new Map(SCALE_1))).toBe(0);
  });
});
