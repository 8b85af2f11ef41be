// Prepared statements over one listing's tables, kept per listing and let go when the listing is
// dropped, so a long session that replaces its copies many times holds statements for live tables only.
import type { Database, Statement } from 'better-sqlite3';
import { isNoSuchTable } from './schema-objects';

export class ListingStatements {
  private readonly byListing = new Map<number, Map<string, Statement>>();

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
    statements.set(sql, statement as unknown as Statement);
    return statement;
  }

  /** The statement for `sql`, which must exist: for writes into a listing known to be there. */
  must<P extends unknown[], R>(listing: number, sql: string): Statement<P, R> {
    const statement = this.get<P, R>(listing, sql);
    if (!statement) throw new Error(`Listing ${listing} of the offline copy has no table`);
    return statement;
  }

  forget(listing: number): void {
    this.byListing.delete(listing);
  }
}
