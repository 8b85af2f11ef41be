// Filtered pages of one listing of the offline copy, answered by SQLite through the filter indexes
// in the copy's (the service's) order. The narrowest filter drives the query through its index,
// which yields matches in key order; the others are checked on those rows only.
//
// A date filter alone ("on or before") matches a range of dates, which an index cannot hand over
// in key order. So the page is first sought in a short window of the listing in key order, which
// answers at once when the date matches many records; when it matches few, the rest of the page comes
// from the date index, whose matches are then few to sort.
import type { Collection } from '../../../shared/service';
import { conditionOf, filterTerms } from './filter-sql';
import type { FilterTerm } from './filter-sql';
import { keyOf, lastKey, positionOf } from './listing-keys';
import type { StoredRecordRow } from './listing-rows';
import { rowsIndex, rowsTable } from './listing-tables';
import type { StatementCache } from './statement-cache';

interface KeyRow {
  key: number;
  json: string | null;
}

/** Rows looked at in key order before a lone date filter turns to its index. */
const WINDOW = 512;

/** The SQL of a filtered page: `drive` alone, or with a lone date filter, `window` then `drive`. */
export function filteredPageSql(
  listing: number,
  terms: readonly FilterTerm[],
): { drive: string; window?: string } {
  const [first, ...rest] = terms;
  if (!first) throw new Error('A filtered page needs at least one filter');
  const table = rowsTable(listing);
  const others = rest.map((t) => ` AND ${conditionOf(t, false)}`).join('');
  const drive = (columns: string, index: string) =>
    `SELECT ${columns} FROM ${table}${index}
      WHERE ${conditionOf(first, true)}${others} AND key > ? AND key <= ?
      ORDER BY key LIMIT ?`;
  if (first.match !== 'on_or_before') return { drive: drive('key, json', '') };
  const all = terms.map((t) => conditionOf(t, false)).join(' AND ');
  return {
    window: `SELECT key, CASE WHEN ${all} THEN json END AS json
      FROM ${table} WHERE key > ? AND key <= ? ORDER BY key LIMIT ${WINDOW}`,
    drive: drive('key, NULL AS json', ` INDEXED BY ${rowsIndex(listing, first.name)}`),
  };
}

export class FilteredPages {
  constructor(private readonly statements: StatementCache) {}

  /** Up to `count` rows of the listing after a position that pass every filter. */
  rows(
    collection: Collection,
    listing: number,
    afterPosition: number,
    count: number,
    filters: Record<string, string>,
  ): StoredRecordRow[] {
    const terms = filterTerms(collection, filters);
    const sql = filteredPageSql(listing, terms);
    const statement = (text: string) => this.statements.get<unknown[], KeyRow>(listing, text);
    const values = terms.map((t) => t.value);
    const from = keyOf(listing, afterPosition);
    const to = lastKey(listing);
    if (!sql.window) {
      return (statement(sql.drive)?.all(...values, from, to, count) ?? []).map((r) => ({
        position: positionOf(r.key),
        json: r.json!,
      }));
    }
    const seen = statement(sql.window)?.all(...values, from, to) ?? [];
    const found = seen.filter((r) => r.json !== null).slice(0, count);
    if (found.length === count || seen.length < WINDOW) return found.map(toRow);
    // Few matches so far: the index finds the rest after the window.
    const windowEnd = seen.at(-1)!.key;
    const more = statement(sql.drive)?.all(...values, windowEnd, to, count - found.length) ?? [];
    const byKey = statement(`SELECT key, json FROM ${rowsTable(listing)} WHERE key = ?`);
    return [...found, ...more.map((r) => byKey!.get(r.key)!)].map(toRow);
  }
}

const toRow = (r: KeyRow): StoredRecordRow => ({ position: positionOf(r.key), json: r.json! });
