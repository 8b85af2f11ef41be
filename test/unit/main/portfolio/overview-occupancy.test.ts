// Occupancy by property from fixed units and leases: let and vacant follow the leases exactly as the
// vacancy board does (so the counts agree with it), other is a let unit whose status says otherwise.
import { describe, expect, it } from 'vitest';
import { occupancy } from '../../../../src/main/portfolio/overview-occupancy';
import { vacancy } from '../../../../src/main/portfolio/vacancy';
import { contextOf, dataOf, lease, property, unit } from './chart-fixture';

describe('occupancy by property', () => {
  it('with no leases every unit is vacant, and a property with no units shows zeros', () => {
    const maple = property('Maple Court');
    const empty = property('Empty Lot');
    const units = [unit({ property_id: maple.id }), unit({ property_id: maple.id, status: 'vacant' })];
    const o = occupancy(dataOf({ properties: [maple, empty], units }), contextOf());
    expect(o.properties).toEqual([
      { propertyId: empty.id, name: 'Empty Lot', let: 0, vacant: 0, other: 0 },
      { propertyId: maple.id, name: 'Maple Court', let: 0, vacant: 2, other: 0 },
    ]);
  });

  it('splits let units by their own status: occupied (or none) is let, anything else is other', () => {
    const p = property('Birch House');
    const occupied = unit({ property_id: p.id, status: 'occupied' });
    const notice = unit({ property_id: p.id, status: 'notice' });
    const saysVacant = unit({ property_id: p.id, status: 'vacant' });
    const noStatus = unit({ property_id: p.id, status: null });
    const empty = unit({ property_id: p.id, status: 'make_ready' });
    const leases = [occupied, notice, saysVacant, noStatus].map((u) => lease({ unit_id: u.id }));
    const ended = lease({ unit_id: empty.id, end_date: '2026-12-01' });
    const o = occupancy(
      dataOf({
        properties: [p],
        units: [occupied, notice, saysVacant, noStatus, empty],
        leases: [...leases, ended],
      }),
      contextOf(),
    );
    expect(o.properties).toEqual([{ propertyId: p.id, name: 'Birch House', let: 2, vacant: 1, other: 2 }]);
  });

  it('without a unit status in the contract, every let unit is let', () => {
    const p = property('Cedar');
    const u = unit({ property_id: p.id, status: 'notice' });
    const o = occupancy(
      dataOf({ properties: [p], units: [u], leases: [lease({ unit_id: u.id })] }),
      contextOf({ without: ['units.status'] }),
    );
    expect(o.properties[0]).toMatchObject({ let: 1, other: 0 });
    expect(o.notes.join(' ')).toMatch(/no “status” on units/);
  });

  it('keeps units with no property, or an unknown one, under their own rows', () => {
    const orphan = unit({ property_id: null });
    const stray = unit({ property_id: 'prop_gone' });
    const o = occupancy(dataOf({ units: [orphan, stray] }), contextOf());
    expect(o.properties).toEqual([
      { propertyId: null, name: 'No property on record', let: 0, vacant: 1, other: 0 },
      { propertyId: 'prop_gone', name: 'prop_gone', let: 0, vacant: 1, other: 0 },
    ]);
  });

  it('counts as vacant exactly the units the vacancy board lists, property by property', () => {
    const props = [property('North'), property('South')];
    const units = Array.from({ length: 12 }, (_, i) => unit({ property_id: props[i % 2]!.id }));
    const leases = units.flatMap((u, i) =>
      i % 3 === 0
        ? []
        : i % 3 === 1
          ? [lease({ unit_id: u.id, end_date: '2026-10-01' })]
          : [lease({ unit_id: u.id, start_date: '2026-02-01', end_date: '2027-06-30' })],
    );
    const data = dataOf({ properties: props, units, leases });
    const board = vacancy(data, contextOf());
    const o = occupancy(data, contextOf());
    for (const row of o.properties)
      expect(row.vacant, row.name).toBe(board.rows.filter((r) => r.group === row.name).length);
    expect(o.properties.reduce((s, r) => s + r.vacant, 0)).toBe(8);
  });
});
