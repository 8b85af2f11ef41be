// Rent against market from fixed units and leases: the histogram's bins (zero always an edge), the
// loss-to-lease, and units left out for want of a rent or a market rent above zero.
import { describe, expect, it } from 'vitest';
import { binWidth, rentAgainstMarket } from '../../../../src/main/portfolio/overview-rent-gap';
import { contextOf, dataOf, lease, unit } from './chart-fixture';

function letUnits(pairs: Array<[rent: unknown, market: unknown]>) {
  const units = pairs.map(([, market]) => unit({ market_rent: market }));
  const leases = pairs.map(([rent], i) => lease({ unit_id: units[i]!.id, monthly_rent: rent }));
  return dataOf({ units, leases });
}

describe('rent against market', () => {
  it('with no let units: no bins and no loss', () => {
    const g = rentAgainstMarket(dataOf({ units: [unit({ market_rent: 900 })] }), contextOf());
    expect(g).toMatchObject({ bins: [], units: 0, leftOut: 0, lossToLease: 0, aboveMarket: 0 });
  });

  it('bins rent − market with a round width and an edge at zero; sums the loss below market', () => {
    const g = rentAgainstMarket(
      letUnits([
        [1000, 1250],
        [1400, 1500],
        [1200, 1200],
        [1240, 1200],
        [1810, 1500],
      ]),
      contextOf(),
    );
    // Gaps −250, −100, 0, 40, 310: a range of 560 over about 12 bins gives a width of 50.
    expect(g.bins.map((b) => [b.from, b.count])).toEqual([
      [-250, 1],
      [-200, 0],
      [-150, 0],
      [-100, 1],
      [-50, 0],
      [0, 2],
      [50, 0],
      [100, 0],
      [150, 0],
      [200, 0],
      [250, 0],
      [300, 1],
    ]);
    expect(g.bins.every((b) => b.to - b.from === 50)).toBe(true);
    expect(g).toMatchObject({ units: 5, leftOut: 0, lossToLease: 350, aboveMarket: 350 });
  });

  it('leaves out units with a zero, negative or missing market rent or no rent, and counts them', () => {
    const g = rentAgainstMarket(
      letUnits([
        [1000, 0],
        [1000, -50],
        [1000, null],
        ['n/a', 1000],
        [900, 1000],
      ]),
      contextOf(),
    );
    expect(g).toMatchObject({ units: 1, leftOut: 4, lossToLease: 100 });
    expect(g.bins).toEqual([{ from: -100, to: -99, count: 1 }]);
    expect(g.notes.join(' ')).toMatch(/4 let units are left out/);
  });

  it('only running leases count: a vacant unit and an ended lease are not in the histogram', () => {
    const data = letUnits([[900, 1000]]);
    data.units.push(unit({ market_rent: 1000 }));
    data.leases.push(lease({ unit_id: data.units[1]!.id, monthly_rent: 100, end_date: '2026-01-01' }));
    expect(rentAgainstMarket(data, contextOf())).toMatchObject({ units: 1, lossToLease: 100 });
  });

  it('without market rents in the contract nothing is set against market, and it says so', () => {
    const g = rentAgainstMarket(letUnits([[900, 1000]]), contextOf({ without: ['units.market_rent'] }));
    expect(g).toMatchObject({ units: 0, leftOut: 1, bins: [] });
    expect(g.notes.join(' ')).toMatch(/no “market_rent” on units/);
  });

  it('picks widths from the 1–2–2.5–5 series, never below one', () => {
    expect(binWidth(0, 0)).toBe(1);
    expect(binWidth(-5, 5)).toBe(1);
    expect(binWidth(-250, 310)).toBe(50);
    expect(binWidth(0, 300)).toBe(25);
    expect(binWidth(-12_000, 12_000)).toBe(2000);
  });
});
