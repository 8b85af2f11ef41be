// Keys for a virtual list's rows: rows that stay keep their key, rows coming in take the keys of
// rows that left, and no two rows on screen ever share one.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RowSlots } from '../../../src/renderer/src/features/collections/row-slots';

const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

describe('RowSlots', () => {
  it('keeps the key of a row that stays and gives arriving rows the keys of those that left', () => {
    const slots = new RowSlots();
    const first = slots.keysFor(range(0, 5));
    expect(first).toEqual([0, 1, 2, 3, 4]);
    const second = slots.keysFor(range(2, 5));
    // Rows 2, 3 and 4 stayed; rows 5 and 6 took the keys rows 0 and 1 left behind.
    expect(second).toEqual([2, 3, 4, 0, 1]);
    expect(new Set(second)).toEqual(new Set(first));
  });

  it('uses no more keys than the most rows ever shown at once, through a long scroll', () => {
    const slots = new RowSlots();
    const seen = new Set<number>();
    for (let top = 0; top < 10_000; top += 20) slots.keysFor(range(top, 46)).forEach((k) => seen.add(k));
    expect(seen.size).toBe(46);
  });

  it('never gives two rows on screen the same key, whatever the rows shown', () => {
    fc.assert(
      fc.property(
        fc.array(fc.uniqueArray(fc.nat({ max: 300 }), { maxLength: 80 }), { maxLength: 30 }),
        (windows) => {
          const slots = new RowSlots();
          let before = new Map<number, number>();
          for (const indices of windows) {
            const keys = slots.keysFor(indices);
            expect(new Set(keys).size).toBe(indices.length);
            indices.forEach((index, i) => {
              if (before.has(index)) expect(keys[i]).toBe(before.get(index));
            });
            before = new Map(indices.map((index, i) => [index, keys[i]!]));
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
