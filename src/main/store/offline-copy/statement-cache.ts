// The one cache of statements whose SQL is built at run time: SQL over one listing's tables (their
// names carry the listing's number), for a combination of filters, or for a sort. Each is prepared
// once and kept under its listing, and let go when the listing is dropped, so a long session that
// replaces its copies many times holds statements for tables that exist. Fixed SQL is not kept here:
// each repository prepares its own once, in its constructor.
import type { Database, Statement } from 'better-sqlite3';
import { isNoSuchTable } from './schema-objects';

export class StatementCache {
  private readonly byListing = new Map<number, Map<string, Statement<unknown[]>>>();

  constructor(private readonly db: Database) {}

  /**
   * The statement for `sql` over a listing's tables, prepared once; undefined when the listing's
   * tables are gone (a reader still holding the number of a copy just replaced finds nothing).
   */
  get<P extends unknown[], R>(listing: number, sql: string): Statement<P, R> | undefined {
    let statements = this.byListing.get(listing);
    const found = statements?.get(sql);
    if (found) return found as unknown as Statement<P, R>;
    let statement: Statement<P, R>;
    try {
      statement = this.db.prepare<P, R>(sql);
    } catch (error) {
      if (isNoSuchTable(error)) return undefined;
      throw error;
    }
    if (!statements) {
      statements = new Map();
      this.byListing.set(listing, statements);
    }
    statements.set(sql, statement as unknown as Statement<unknown[]>);
    return statement;
  }

  /** The statement for `sql`, which must exist: for writes into a listing known to be there. */
  must<P extends unknown[], R>(listing: number, sql: string): Statement<P, R> {
    const statement = this.get<P, R>(listing, sql);
    if (!statement) throw new Error(`Listing ${listing} of the offline copy has no table`);
    return statement;
  }

  /** Lets go of a dropped listing's statements. */
  forget(listing: number): void {
    this.byListing.delete(listing);
  }
}
