// A listing's full-text index is filled without merging (each stored batch leaves a segment of its
// own) and merged afterwards in bounded steps: the merge ends, leaves fewer segments, and every record
// is still found, exactly as before the merge.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { searchTable } from '../../../../src/main/store/offline-copy/listing-tables';
import { SchemaObjects } from '../../../../src/main/store/offline-copy/schema-objects';
import { SearchRepository } from '../../../../src/main/store/offline-copy/search-repo';
import { StatementCache } from '../../../../src/main/store/offline-copy/statement-cache';

const LISTING = 7;
const segments = (db: Database.Database) =>
  (db.prepare(`SELECT count(*) AS n FROM ${searchTable(LISTING)}_data`).get() as { n: number }).n;

describe('search index of a listing', () => {
  it('is merged in bounded steps after it is filled, and finds the same records', () => {
    const db = new Database(':memory:');
    const search = new SearchRepository(db, new SchemaObjects(db), new StatementCache(db));
    search.create(LISTING);
    const names = ['Jonah Larsen', 'Felix Adeyemi', 'Maria Lopez', 'Omar Haddad'];
    for (let batch = 0; batch < 40; batch++)
      db.transaction(() => {
        for (let i = 0; i < 50; i++) {
          const position = batch * 50 + i;
          search.add(LISTING, position, `${names[position % 4]} tenant${position}`);
        }
      })();
    const found = (q: string) =>
      search
        .best(LISTING, q, 5_000, 5_000)
        .rows.map((r) => r.position)
        .sort();
    const before = { rows: segments(db), jonah: found('"jon"* "lar"*'), one: found('"tenant1234"') };
    expect(before.jonah).toHaveLength(500);

    let steps = 0;
    while (search.mergeStep(LISTING)) expect(++steps).toBeLessThan(1_000);
    expect(steps).toBeGreaterThan(0);
    expect(segments(db)).toBeLessThan(before.rows);
    expect(found('"jon"* "lar"*')).toEqual(before.jonah);
    expect(found('"tenant1234"')).toEqual(before.one);
    expect(search.mergeStep(LISTING)).toBe(false);
    // A listing without an index has nothing to merge.
    expect(search.mergeStep(LISTING + 1)).toBe(false);
  });
});
