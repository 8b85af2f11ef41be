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
import { firstKey, keyOf, lastKey, positionOf } from './listing-keys';
import type { StoredRecordRow } from './listing-rows';
import { rowsIndex, rowsTable, searchTable } from './listing-tables';
import type { StatementCache } from './statement-cache';

interface KeyRow {
  key: number;
  json: string | null;
}

/** Rows looked at in key order before a lone date filter turns to its index. */
const WINDOW = 512;

/**
 * The condition that a row's text holds the words of an FTS5 query (bound after the filters' values):
 * one look-up of the row in the listing's index, so the filter's index drives the query and the words
 * are checked on its rows only, every one of them, never on a first few matches of each word.
 */
const holdsWords = (listing: number): string => {
  const t = searchTable(listing);
  const position = `key - ${firstKey(listing)}`;
  // A range, not `rowid = …`: FTS5 answers that on a contentless index without the MATCH.
  return `EXISTS (SELECT 1 FROM ${t} WHERE ${t} MATCH ? AND rowid BETWEEN ${position} AND ${position})`;
};

/**
 * The SQL of a filtered page: `drive` alone, or with a lone date filter, `window` then `drive`. With
 * `words`, only rows whose text holds the words of a query bound after the filters' values pass.
 */
export function filteredPageSql(
  listing: number,
  terms: readonly FilterTerm[],
  words = false,
): { drive: string; window?: string } {
  const [first, ...rest] = terms;
  if (!first) throw new Error('A filtered page needs at least one filter');
  const table = rowsTable(listing);
  const others =
    rest.map((t) => ` AND ${conditionOf(t, false)}`).join('') + (words ? ` AND ${holdsWords(listing)}` : '');
  const drive = (columns: string, index: string) =>
    `SELECT ${columns} FROM ${table}${index}
      WHERE ${conditionOf(first, true)}${others} AND key > ? AND key <= ?
      ORDER BY key LIMIT ?`;
  if (first.match !== 'on_or_before') return { drive: drive('key, json', '') };
  const all = [...terms.map((t) => conditionOf(t, false)), ...(words ? [holdsWords(listing)] : [])].join(
    ' AND ',
  );
  return {
    window: `SELECT key, CASE WHEN ${all} THEN json END AS json
      FROM ${table} WHERE key > ? AND key <= ? ORDER BY key LIMIT ${WINDOW}`,
    drive: drive('key, NULL AS json', ` INDEXED BY ${rowsIndex(listing, first.name)}`),
  };
}

export class FilteredPages {
  constructor(private readonly statements: StatementCache) {}

  /**
   * Up to `count` rows of the listing after a position that pass every filter and, given an FTS5
   * query, whose text holds its words.
   */
  rows(
    collection: Collection,
    listing: number,
    afterPosition: number,
    count: number,
    filters: Record<string, string>,
    words?: string,
  ): StoredRecordRow[] {
    const terms = filterTerms(collection, filters);
    const sql = filteredPageSql(listing, terms, words !== undefined);
    const statement = (text: string) => this.statements.get<unknown[], KeyRow>(listing, text);
    const values = [...terms.map((t) => t.value), ...(words !== undefined ? [words] : [])];
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
