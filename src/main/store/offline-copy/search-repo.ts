// The offline copy's full-text index: FTS5 in the same database, one table per listing
// (listing_search_<listing>, rowid = the record's position), case- and accent-insensitive, with
// prefix indexes so that every keystroke is a prefix query. OfflineCopyRepository makes, fills and drops
// these tables in the transactions that store and drop the listing's records. Queries are FTS5 query
// strings built by src/main/search/search-query.ts.
import type { Database, Statement } from 'better-sqlite3';
import { SEARCH_PREFIX, searchTable } from './listing-tables';
import type { SchemaObjects } from './schema-objects';
import type { StatementCache } from './statement-cache';

export interface RankedRow {
  position: number;
  /** bm25: lower is better. */
  score: number;
}

export class SearchRepository {
  private readonly totalChanges: Statement<[], number>;

  constructor(
    private readonly db: Database,
    private readonly schema: SchemaObjects,
    private readonly statements: StatementCache,
  ) {
    this.totalChanges = db.prepare<[], number>('SELECT total_changes()').pluck();
  }

  /**
   * Makes the (empty) index of a new listing, which merges none of its segments while it is filled:
   * merging as it grows costs more per record the larger the listing (a million records: 15 % on
   * top of an update, against 1 % at 200,000); `mergeStep` merges them once, after the last page.
   */
  create(listing: number): void {
    const t = searchTable(listing);
    this.db.exec(
      `CREATE VIRTUAL TABLE ${t} USING fts5(text, content = '',
         tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3');
       INSERT INTO ${t}(${t}, rank) VALUES ('automerge', 0);
       INSERT INTO ${t}(${t}, rank) VALUES ('crisismerge', 2000);`,
    );
  }

  /**
   * One bounded step of merging a filled listing's index into few segments (about a hundred pages
   * of work, a few milliseconds), so the caller can let other work run in between. True while work
   * remains. A listing without an index has none.
   */
  mergeStep(listing: number): boolean {
    const t = searchTable(listing);
    if (!this.schema.has('table', t)) return false;
    const before = this.totalChanges.get()!;
    this.statements.must<[], void>(listing, `INSERT INTO ${t}(${t}, rank) VALUES ('merge', 100)`).run();
    // SQLite's rule: a merge that changed fewer than two rows had nothing left to do.
    return this.totalChanges.get()! - before >= 2;
  }

  /** Drops a listing's index with everything in it; nothing happens when it has none. */
  drop(listing: number): void {
    this.statements.forget(listing);
    this.db.exec(`DROP TABLE IF EXISTS ${searchTable(listing)}`);
  }

  /** Indexes a record's text; call inside the transaction that stores the record. */
  add(listing: number, position: number, text: string): void {
    if (text === '') return;
    this.statements
      .must<[number, string], void>(
        listing,
        `INSERT INTO ${searchTable(listing)} (rowid, text) VALUES (?, ?)`,
      )
      .run(position, text);
  }

  /**
   * Takes a record's text out of a listing's index, inside the transaction that rewrites the record.
   * The index keeps no copy of the text, so it must be the text the record was indexed with.
   */
  remove(listing: number, position: number, text: string): void {
    if (text === '') return;
    const t = searchTable(listing);
    this.statements
      .must<[number, string], void>(listing, `INSERT INTO ${t} (${t}, rowid, text) VALUES ('delete', ?, ?)`)
      .run(position, text);
  }

  /**
   * The best `take` records of a listing for a query, best first. Ranking every match of a short
   * prefix in a large copy costs more than a keystroke may, so the first `scan` matches in the copy's
   * order are ranked; `more` says matches were left out (beyond `take`, or beyond `scan`).
   */
  best(listing: number, query: string, scan: number, take: number): { rows: RankedRow[]; more: boolean } {
    const t = searchTable(listing);
    const match = this.statements.get<[string, number], RankedRow>(
      listing,
      `SELECT rowid AS position, bm25(${t}) AS score FROM ${t} WHERE ${t} MATCH ? LIMIT ?`,
    );
    // A listing replaced since its number was read has no index left to search.
    const found = match?.all(query, scan) ?? [];
    found.sort((a, b) => a.score - b.score || a.position - b.position);
    return { rows: found.slice(0, take), more: found.length > take };
  }

  /**
   * Whether the record at a position holds the words of a query: one look-up of that record in the
   * index, so the answer never depends on how many other records match each word.
   */
  holds(listing: number, position: number, query: string): boolean {
    const t = searchTable(listing);
    // A range, not `rowid = ?`: FTS5 answers that on a contentless index without the MATCH.
    const match = this.statements.get<[string, number, number], number>(
      listing,
      `SELECT 1 FROM ${t} WHERE ${t} MATCH ? AND rowid BETWEEN ? AND ?`,
    );
    return match?.pluck().get(query, position, position) !== undefined;
  }

  /**
   * The positions of up to `limit` matches after a position, in the copy's order: a caller that checks
   * more about each match reads them page by page, every one of them if need be.
   */
  matchesAfter(listing: number, query: string, afterPosition: number, limit: number): number[] {
    const t = searchTable(listing);
    const match = this.statements.get<[string, number, number], number>(
      listing,
      `SELECT rowid FROM ${t} WHERE ${t} MATCH ? AND rowid > ? ORDER BY rowid LIMIT ?`,
    );
    return match?.pluck().all(query, afterPosition, limit) ?? [];
  }

  /** Drops the index of every listing not in `listings` (left by a connection removed elsewhere). */
  dropAllBut(listings: ReadonlySet<number>): void {
    for (const listing of this.schema.numberedTables(SEARCH_PREFIX))
      if (!listings.has(listing)) this.drop(listing);
  }
}
