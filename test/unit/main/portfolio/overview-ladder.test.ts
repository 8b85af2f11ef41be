// The lease expiration ladder from fixed leases: which month each lease lands in, month-to-month
// leases apart, the rent at stake, the 15 % stand-out rule, and contracts lacking the fields it reads.
import { describe, expect, it } from 'vitest';
import { expirationLadder } from '../../../../src/main/portfolio/overview-ladder';
import { contextOf, dataOf, lease, unit } from './chart-fixture';

const months = (l: ReturnType<typeof expirationLadder>) =>
  Object.fromEntries(l.months.filter((m) => m.count).map((m) => [m.month, m.count]));

describe('expiration ladder', () => {
  it('with no leases: eighteen empty months from this one, nothing month-to-month, nothing stands out', () => {
    const l = expirationLadder(dataOf(), contextOf());
    expect(l.months.map((m) => m.month)).toEqual([
      ...['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12'].map((m) => `2027-${m}`),
      ...['01', '02', '03', '04', '05', '06'].map((m) => `2028-${m}`),
    ]);
    expect(l.months.every((m) => m.count === 0 && m.rent === 0 && !m.standsOut && m.share === null)).toBe(
      true,
    );
    expect(l.monthToMonth).toEqual({ count: 0, rent: 0, leaseIds: [] });
    expect(l.portfolioRent).toBe(0);
  });

  it('puts each lease in the month it ends, from today to the end of the eighteenth month', () => {
    const ended = lease({ end_date: '2027-01-14' });
    const today = lease({ end_date: '2027-01-15' });
    const march = lease({ end_date: '2027-03-31', monthly_rent: 1200 });
    const lastMonth = lease({ end_date: '2028-06-30' });
    const tooFar = lease({ end_date: '2028-07-01' });
    const l = expirationLadder(dataOf({ leases: [ended, today, march, lastMonth, tooFar] }), contextOf());
    expect(months(l)).toEqual({ '2027-01': 1, '2027-03': 1, '2028-06': 1 });
    expect(l.months[0]!.leaseIds).toEqual([today.id]);
    expect(l.months[2]).toMatchObject({ leaseIds: [march.id], rent: 1200 });
    expect(l.monthToMonth.count).toBe(0);
  });

  it('counts month-to-month leases apart: no end date, or a status the contract names month-to-month', () => {
    const open = lease({ end_date: null, monthly_rent: 900 });
    const rolled = lease({ status: 'month_to_month', end_date: '2026-06-30', monthly_rent: 800 });
    const rolledWithFutureEnd = lease({
      status: 'month_to_month',
      end_date: '2027-02-28',
      monthly_rent: 700,
    });
    const notStarted = lease({ start_date: '2027-03-01', end_date: null });
    const l = expirationLadder(
      dataOf({ leases: [open, rolled, rolledWithFutureEnd, notStarted] }),
      contextOf(),
    );
    expect(l.monthToMonth).toEqual({
      count: 3,
      rent: 2400,
      leaseIds: [open.id, rolled.id, rolledWithFutureEnd.id],
    });
    expect(months(l)).toEqual({});
  });

  it('reads the month-to-month status from the contract, not from a fixed name', () => {
    const rolled = lease({ status: 'month_to_month', end_date: '2027-02-28' });
    const rolling = lease({ status: 'Month-to-Month', end_date: '2027-02-28' });
    // This contract's statuses name no month-to-month value: both leases end in February.
    let l = expirationLadder(
      dataOf({ leases: [rolled, rolling] }),
      contextOf({ values: { 'leases.status': ['active', 'ended'] } }),
    );
    expect(months(l)).toEqual({ '2027-02': 2 });
    l = expirationLadder(
      dataOf({ leases: [rolled, rolling] }),
      contextOf({ values: { 'leases.status': ['active', 'Month-to-Month'] } }),
    );
    expect(l.monthToMonth.leaseIds).toEqual([rolling.id]);
    expect(months(l)).toEqual({ '2027-02': 1 });
  });

  it('marks a month holding more than 15 % of the monthly rent of the running leases', () => {
    // Running rent: 10 units at 1,000 = 10,000. March holds 1,600 (16 %), April 1,500 (exactly 15 %).
    const units = Array.from({ length: 10 }, () => unit({}));
    const leases = units.map((u, i) =>
      lease({
        unit_id: u.id,
        end_date: i < 2 ? '2027-03-10' : i === 2 ? '2027-04-10' : '2027-09-10',
        monthly_rent: i < 2 ? 800 : i === 2 ? 1500 : 6900 / 7,
      }),
    );
    const l = expirationLadder(dataOf({ units, leases }), contextOf());
    expect(l.portfolioRent).toBeCloseTo(10_000, 2);
    const march = l.months.find((m) => m.month === '2027-03')!;
    const april = l.months.find((m) => m.month === '2027-04')!;
    expect(march).toMatchObject({ count: 2, rent: 1600, standsOut: true });
    expect(march.share).toBeCloseTo(0.16, 5);
    expect(april).toMatchObject({ count: 1, rent: 1500, standsOut: false });
    expect(l.months.find((m) => m.month === '2027-09')).toMatchObject({ count: 7, standsOut: true });
  });

  it('without rents in the contract: counts only, no share, nothing stands out, and says why', () => {
    const l = expirationLadder(
      dataOf({ leases: [lease({ end_date: '2027-03-10', monthly_rent: 5000 })] }),
      contextOf({ without: ['leases.monthly_rent'] }),
    );
    expect(l.months[2]).toMatchObject({ count: 1, rent: null, share: null, standsOut: false });
    expect(l.portfolioRent).toBeNull();
    expect(l.notes.join(' ')).toMatch(/no “monthly_rent” on leases/);
  });

  it('without end dates in the contract: no month and no open-ended lease, only statuses count', () => {
    const l = expirationLadder(
      dataOf({ leases: [lease({ end_date: '2027-03-10' }), lease({ status: 'month_to_month' })] }),
      contextOf({ without: ['leases.end_date'] }),
    );
    expect(months(l)).toEqual({});
    expect(l.monthToMonth.count).toBe(1);
    expect(l.notes.join(' ')).toMatch(/no “end_date” on leases/);
  });

  it('leaves out leases with an unreadable end date or rent, and says how many', () => {
    const l = expirationLadder(
      dataOf({
        leases: [lease({ end_date: 'soon' }), lease({ end_date: '2027-02-01', monthly_rent: 'lots' })],
      }),
      contextOf(),
    );
    expect(months(l)).toEqual({ '2027-02': 1 });
    expect(l.months[1]!.rent).toBe(0);
    expect(l.notes.join(' ')).toMatch(/1 leases have an end date that cannot be read/);
  });
});
