// Delinquency aging and open maintenance from fixed payments and requests: the buckets, the same rules
// as the delinquency worklist and the triage view, and contracts lacking the fields they read.
import { describe, expect, it } from 'vitest';
import { delinquency } from '../../../../src/main/portfolio/delinquency';
import { delinquencyAging } from '../../../../src/main/portfolio/overview-aging';
import { openMaintenance } from '../../../../src/main/portfolio/overview-maintenance';
import { contextOf, dataOf, payment, request } from './chart-fixture';

// Today is 2027-01-15.
const payments = [
  payment({ due_date: '2027-01-15', amount: 999 }), // due today: not overdue yet
  payment({ due_date: '2027-01-14', amount: 100 }), // 1 day
  payment({ due_date: '2026-12-16', amount: 200 }), // 30 days
  payment({ due_date: '2026-12-15', amount: 300 }), // 31 days
  payment({ due_date: '2026-11-16', amount: 400 }), // 60 days
  payment({ due_date: '2026-10-17', amount: 500 }), // 90 days
  payment({ due_date: '2026-10-16', amount: 600 }), // 91 days
  payment({ due_date: '2026-01-01', amount: 700, paid_date: '2026-01-03', status: 'paid' }),
];

describe('delinquency aging', () => {
  it('sums unpaid overdue payments into 0–30, 31–60, 61–90 and over 90 days, labelled an estimate', () => {
    const a = delinquencyAging(dataOf({ payments }), contextOf());
    expect(a.buckets.map((b) => [b.key, b.count, b.amount])).toEqual([
      ['age_0_30', 2, 300],
      ['age_31_60', 2, 700],
      ['age_61_90', 1, 500],
      ['age_90_plus', 1, 600],
    ]);
    expect(a.total).toBe(2100);
    expect(a.notes[0]).toMatch(/^An estimate from payments/);
  });

  it('agrees with the delinquency worklist’s totals on the same payments', () => {
    const a = delinquencyAging(dataOf({ payments }), contextOf());
    const worklist = delinquency(dataOf({ payments }), contextOf());
    for (const b of a.buckets)
      expect(worklist.summary.find((s) => s.label === b.label)?.value).toBe(b.amount);
  });

  it('with no payments every bucket is empty', () => {
    const a = delinquencyAging(dataOf(), contextOf());
    expect(a.buckets.every((b) => b.count === 0 && b.amount === 0)).toBe(true);
    expect(a.total).toBe(0);
  });

  it('without amounts in the contract: counts only; without paid dates: the status decides', () => {
    let a = delinquencyAging(dataOf({ payments }), contextOf({ without: ['payments.amount'] }));
    expect(a.buckets.map((b) => b.amount)).toEqual([null, null, null, null]);
    expect(a.total).toBeNull();
    expect(a.buckets.map((b) => b.count)).toEqual([2, 2, 1, 1]);
    a = delinquencyAging(
      dataOf({ payments: [payment({ due_date: '2027-01-01', paid_date: '2027-01-02', status: 'late' })] }),
      contextOf({ without: ['payments.paid_date'] }),
    );
    expect(a.buckets[0]!.count).toBe(1);
  });
});

describe('open maintenance', () => {
  const requests = [
    request({ priority: 'low', reported_at: '2027-01-14T10:00:00Z' }), // 1 day
    request({ priority: 'emergency', reported_at: '2027-01-08T10:00:00Z' }), // 7 days
    request({ priority: 'high', reported_at: '2026-12-16T10:00:00Z' }), // 30 days
    request({ priority: 'high', reported_at: '2026-10-16T10:00:00Z' }), // 91 days
    request({ priority: null, reported_at: 'unknown' }),
    request({ priority: 'high', status: 'completed' }),
    request({ priority: 'low', status: 'cancelled' }),
  ];

  it('counts open requests by priority, most urgent first, with the contract’s empty priorities shown', () => {
    const m = openMaintenance(dataOf({ maintenance_requests: requests }), contextOf());
    expect(m.byPriority.map((p) => [p.label, p.count])).toEqual([
      ['emergency', 1],
      ['high', 2],
      ['medium', 0],
      ['low', 1],
      ['No priority', 1],
    ]);
  });

  it('counts open requests by age, with an unknown-age bucket only when some age is unknown', () => {
    let m = openMaintenance(dataOf({ maintenance_requests: requests }), contextOf());
    expect(m.byAge.map((b) => [b.key, b.count])).toEqual([
      ['age_0_7', 2],
      ['age_8_30', 1],
      ['age_31_90', 0],
      ['age_90_plus', 1],
      ['age_unknown', 1],
    ]);
    m = openMaintenance(dataOf({ maintenance_requests: requests.slice(0, 4) }), contextOf());
    expect(m.byAge.map((b) => b.key)).not.toContain('age_unknown');
  });

  it('ages from when a request was created when the contract has no reported date', () => {
    const m = openMaintenance(
      dataOf({ maintenance_requests: [request({ reported_at: null, created_at: '2026-12-01T00:00:00Z' })] }),
      contextOf({ without: ['maintenance_requests.reported_at'] }),
    );
    expect(m.byAge.find((b) => b.count)?.key).toBe('age_31_90');
    expect(m.notes.join(' ')).toMatch(/ages count from when the request was created/);
  });

  it('with no requests: the contract’s priorities at zero and empty age buckets', () => {
    const m = openMaintenance(dataOf(), contextOf());
    expect(m.byPriority.map((p) => p.count)).toEqual([0, 0, 0, 0]);
    expect(m.byAge.every((b) => b.count === 0)).toBe(true);
  });
});
