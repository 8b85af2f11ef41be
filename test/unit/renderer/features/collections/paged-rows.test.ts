// The loaded pages of a list read as one sequence, including pages of uneven size and empty ones,
// with records kept packed as text and parsed only when read.
import { describe, expect, it } from 'vitest';
import { PackedPage } from '../../../../../src/renderer/src/features/collections/packed-page';
import { PagedRows } from '../../../../../src/renderer/src/features/collections/paged-rows';

const page = (from: number, count: number) => ({
  rows: new PackedPage(Array.from({ length: count }, (_, i) => ({ id: `r${from + i}`, n: from + i }))),
});

describe('PagedRows', () => {
  const rows = new PagedRows([page(0, 3), page(3, 0), page(3, 1), page(4, 5)]);

  it('reads every record in order across pages, and nothing outside them', () => {
    expect(rows.length).toBe(9);
    expect(Array.from({ length: 9 }, (_, i) => rows.get(i))).toEqual(
      Array.from({ length: 9 }, (_, i) => ({ id: `r${i}`, n: i })),
    );
    expect(rows.get(-1)).toBeUndefined();
    expect(rows.get(9)).toBeUndefined();
    expect(rows.get(1.5)).toBeUndefined();
  });

  it('finds a record by its id in the whole list', () => {
    expect(rows.indexOfId('r6')).toBe(6);
    expect(rows.indexOfId('r0')).toBe(0);
    expect(rows.indexOfId('r8')).toBe(8);
    expect(rows.indexOfId('nope')).toBe(-1);
    expect(new PagedRows([]).length).toBe(0);
    expect(new PagedRows([]).indexOfId('r0')).toBe(-1);
  });

  it('knows when more pages arrived after the rows it had, and when the list is another one', () => {
    const first = page(0, 3);
    const before = new PagedRows([first]);
    const after = new PagedRows([first, page(3, 2)]);
    expect(after.continues(before)).toBe(true);
    expect(after.get(4)).toEqual({ id: 'r4', n: 4 });
    // A refetched first page may hold other records at the same places.
    expect(new PagedRows([page(0, 3)]).continues(before)).toBe(false);
    expect(before.continues(after)).toBe(false);
    expect(after.continues({ length: 3, get: () => undefined })).toBe(false);
  });
});

describe('PackedPage', () => {
  it('gives back each record exactly as it was, whatever its text holds', () => {
    const records = [
      { id: 'a', note: 'say "hi"\n\\ ünïcødé 🏠', amount: 12.5, paid: false, due: null },
      { id: 'b', list: [1, 2], nested: { id: 'x', deep: { y: true } } },
      { id: '' + 'c'.repeat(3) },
    ];
    const packed = new PackedPage(records);
    expect(packed.length).toBe(3);
    expect([0, 1, 2].map((i) => packed.parse(i))).toEqual(records);
    expect(packed.parse(3)).toBeUndefined();
    expect(packed.parse(-1)).toBeUndefined();
  });

  it('finds ids only as a record’s own id, not in another field’s text or a nested object', () => {
    const packed = new PackedPage([
      { id: 'a', note: 'see "id":"target" here' },
      { id: 'b', link: { id: 'target' } },
      { id: 'target' },
    ]);
    expect(packed.indexOfId('target')).toBe(2);
    expect(packed.indexOfId('x')).toBe(-1);
    expect(packed.indexOfId('"')).toBe(-1);
  });
});

describe('PackedPage with records of different shapes', () => {
  it('gives back records whose fields differ from the first record’s, in number, order or value', () => {
    const records = [
      { id: 'a', amount: 1, status: 'paid' },
      { id: 'b', amount: 2, status: 'due' },
      { id: 'c', status: 'due', amount: 3 },
      { id: 'd', amount: 4 },
      { id: 'e', amount: 5, status: 'paid', extra: [{ id: 'a' }] },
      { id: 'f', amount: null, status: 'paid' },
    ];
    const packed = new PackedPage(records);
    const back = records.map((_, i) => packed.parse(i));
    expect(back).toEqual(records);
    // Field order is kept too, so columns taken from a record come out in the service's order.
    expect(back.map((r) => Object.keys(r!))).toEqual(records.map((r) => Object.keys(r)));
    expect(packed.indexOfId('a')).toBe(0);
    expect(packed.indexOfId('e')).toBe(4);
  });

  it('leaves out a field whose value is undefined, which shows the same as a missing one', () => {
    const packed = new PackedPage([
      { id: 'a', note: 'x' },
      { id: 'b', note: undefined },
    ]);
    expect(packed.parse(1)).toEqual({ id: 'b' });
    expect(Object.keys(packed.parse(1)!)).toEqual(['id']);
  });
});
