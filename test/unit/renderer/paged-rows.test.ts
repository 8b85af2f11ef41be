// The loaded pages of a list read as one sequence, including pages of uneven size and empty ones.
import { describe, expect, it } from 'vitest';
import { PagedRows } from '../../../src/renderer/src/features/collections/paged-rows';

const page = (from: number, count: number) => ({
  data: Array.from({ length: count }, (_, i) => ({ id: `r${from + i}` })),
});

describe('PagedRows', () => {
  const rows = new PagedRows([page(0, 3), page(3, 0), page(3, 1), page(4, 5)]);

  it('reads every record in order across pages, and nothing outside them', () => {
    expect(rows.length).toBe(9);
    expect(Array.from({ length: 9 }, (_, i) => rows.get(i)?.id)).toEqual(
      Array.from({ length: 9 }, (_, i) => `r${i}`),
    );
    expect(rows.get(-1)).toBeUndefined();
    expect(rows.get(9)).toBeUndefined();
    expect(rows.get(1.5)).toBeUndefined();
  });

  it('finds a record by its place in the whole list', () => {
    expect(rows.findIndex((r) => r.id === 'r6')).toBe(6);
    expect(rows.findIndex((r) => r.id === 'nope')).toBe(-1);
    expect(new PagedRows([]).length).toBe(0);
  });
});
