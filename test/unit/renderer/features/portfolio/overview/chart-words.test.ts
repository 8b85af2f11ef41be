// The words of the overview's charts and of a narrowed view: what a screen reader hears for each bar,
// and what a view says it shows (en-US, the test machine's locale).
import { describe, expect, it } from 'vitest';
import {
  ladderMarkName,
  ladderName,
  monthTick,
  occupancyName,
} from '../../../../../../src/renderer/src/features/portfolio/overview/chart-words';
import { focusWords } from '../../../../../../src/renderer/src/features/portfolio/focus-words';
import { sortOccupancy } from '../../../../../../src/renderer/src/features/portfolio/overview/occupancy-card';

describe('chart words', () => {
  it('names a ladder month by its count and rent, and says when it stands out', () => {
    expect(
      ladderMarkName({ month: '2027-03', count: 12, rent: 18_400, share: 0.05, standsOut: false }, 'USD'),
    ).toBe('March 2027: 12 leases, $18,400 monthly rent');
    expect(
      ladderMarkName({ month: '2027-12', count: 1, rent: 63_665.4, share: 0.172, standsOut: true }, 'USD'),
    ).toBe('December 2027: 1 lease, $63,665 monthly rent — 17% of the portfolio’s monthly rent, stands out');
    expect(ladderMarkName({ month: '2028-02', count: 0, rent: 0, share: 0, standsOut: false }, 'USD')).toBe(
      'February 2028: no leases',
    );
    expect(ladderName('Month-to-month', 3, null, null, 'USD')).toBe('Month-to-month: 3 leases');
    // In the connection's currency, not one assumed.
    expect(ladderName('March 2027', 2, 18_400, null, 'EUR')).toContain('€18,400 monthly rent');
  });

  it('labels the month axis short, with the year where the axis starts and where a year begins', () => {
    expect(monthTick('2026-11', true)).toBe('Nov 26');
    expect(monthTick('2026-12', false)).toBe('Dec');
    expect(monthTick('2027-01', false)).toBe('Jan 27');
  });

  it('names a property’s occupancy bar with all three counts', () => {
    expect(occupancyName({ propertyId: 'p', name: 'Maple Court', let: 10, vacant: 2, other: 1 })).toBe(
      'Maple Court: 10 let, 2 vacant, 1 other of 13 units',
    );
    expect(occupancyName({ propertyId: 'p', name: 'Lot', let: 0, vacant: 0, other: 0 })).toBe(
      'Lot: no units',
    );
  });

  it('sorts properties by name as given, or the most vacant (by share) first', () => {
    const rows = [
      { propertyId: 'a', name: 'A', let: 9, vacant: 1, other: 0 },
      { propertyId: 'b', name: 'B', let: 1, vacant: 1, other: 0 },
      { propertyId: 'c', name: 'C', let: 0, vacant: 0, other: 0 },
      { propertyId: 'd', name: 'D', let: 2, vacant: 2, other: 0 },
    ];
    expect(sortOccupancy(rows, 'name').map((r) => r.name)).toEqual(['A', 'B', 'C', 'D']);
    expect(sortOccupancy(rows, 'vacancy').map((r) => r.name)).toEqual(['D', 'B', 'A', 'C']);
  });

  it('says what a narrowed view shows', () => {
    expect(
      focusWords('expirations', { kind: 'month', month: '2027-03' }, { label: '2027-03', shown: 12 }, 'USD'),
    ).toBe('the 12 leases ending in March 2027');
    expect(
      focusWords(
        'vacancy',
        { kind: 'property', propertyId: 'p1' },
        { label: 'Maple Court', shown: 1 },
        'USD',
      ),
    ).toBe('the 1 vacant unit of Maple Court');
    expect(
      focusWords(
        'rent-roll',
        { kind: 'rent-gap', from: -250, to: -200 },
        { label: '-250 to -200', shown: 8 },
        'USD',
      ),
    ).toBe('the 8 let units whose rent is -$250 to -$200 against market');
    expect(
      focusWords(
        'maintenance',
        { kind: 'priority', priority: null },
        { label: 'No priority', shown: 2 },
        'USD',
      ),
    ).toBe('the 2 open requests with no priority');
    expect(
      focusWords(
        'delinquency',
        { kind: 'overdue', bucket: 'age_31_60' },
        { label: '31–60 days', shown: 4 },
        'USD',
      ),
    ).toBe('payments 31–60 days overdue (4 tenant lines)');
    expect(
      focusWords(
        'delinquency',
        { kind: 'overdue', bucket: 'age_90_plus' },
        { label: 'Over 90 days', shown: 1 },
        'USD',
      ),
    ).toBe('payments over 90 days overdue (1 tenant line)');
  });
});
