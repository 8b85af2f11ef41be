// The SQL over one listing's table of records (listing-tables.ts), each statement prepared once per
// listing through the statement cache: a record appended or rewritten, found by its ID or its key, a
// page in the service's order, every record, and a record deleted. Only OfflineCopyRepository writes through these, in
// its transactions.
import { firstKey, keyOf, lastKey, listingOf, positionOf } from './listing-keys';
import { rowsTable } from './listing-tables';
import type { StatementCache } from './statement-cache';

export interface StoredRecordRow {
  position: number;
  json: string;
}

export class ListingRows {
  constructor(private readonly statements: StatementCache) {}

  append(listing: number, position: number, id: string, json: string): void {
    this.statements
      .must<[number, string, string], void>(
        listing,
        `INSERT INTO ${rowsTable(listing)} (key, id, json) VALUES (?, ?, ?)`,
      )
      .run(keyOf(listing, position), id, json);
  }

  rewrite(listing: number, key: number, json: string): void {
    this.statements
      .must<[string, number], void>(listing, `UPDATE ${rowsTable(listing)} SET json = ? WHERE key = ?`)
      .run(json, key);
  }

  delete(listing: number, key: number): void {
    this.statements.must<[number], void>(listing, `DELETE FROM ${rowsTable(listing)} WHERE key = ?`).run(key);
  }

  /** The position after the listing's last row: where a record new to it goes. */
  nextPosition(listing: number): number {
    const last = this.statements
      .must<[number, number], number | null>(
        listing,
        `SELECT MAX(key) FROM ${rowsTable(listing)} WHERE key >= ? AND key <= ?`,
      )
      .pluck()
      .get(firstKey(listing), lastKey(listing));
    return last == null ? 0 : positionOf(last) + 1;
  }

  /**
   * Up to `limit` rows after `afterKey`, in the service's order, whose ID the pass numbered `pass`
   * did not meet (the pass's table of IDs met, see OfflineCopyRepository.meet).
   */
  unmet(listing: number, pass: number, afterKey: number, limit: number): { key: number; id: string }[] {
    return (
      this.statements
        .get<[number, number, number, number], { key: number; id: string }>(
          listing,
          `SELECT key, id FROM ${rowsTable(listing)} r WHERE key > ? AND key <= ? AND NOT EXISTS
             (SELECT 1 FROM temp.offline_copy_met m WHERE m.pass = ? AND m.id = r.id) ORDER BY key LIMIT ?`,
        )
        ?.all(afterKey, lastKey(listing), pass, limit) ?? []
    );
  }

  /**
   * A record of a listing by its ID: through the listing's ID index once built, by a scan of a
   * listing still being fetched. Undefined when the listing's table is gone.
   */
  byId(listing: number, id: string): { key: number; json: string } | undefined {
    return this.statements
      .get<[string], { key: number; json: string }>(
        listing,
        `SELECT key, json FROM ${rowsTable(listing)} WHERE id = ? LIMIT 1`,
      )
      ?.get(id);
  }

  /** The stored JSON of the row with this key. */
  jsonOfKey(key: number): string | undefined {
    const listing = listingOf(key);
    return this.statements
      .get<[number], { json: string }>(listing, `SELECT json FROM ${rowsTable(listing)} WHERE key = ?`)
      ?.get(key)?.json;
  }

  /** Up to `limit` rows after a position, in the service's order. */
  page(listing: number, afterPosition: number, limit: number): StoredRecordRow[] {
    const rows = this.statements.get<[number, number, number], { key: number; json: string }>(
      listing,
      `SELECT key, json FROM ${rowsTable(listing)} WHERE key > ? AND key <= ? ORDER BY key LIMIT ?`,
    );
    return (rows?.all(keyOf(listing, afterPosition), lastKey(listing), limit) ?? []).map((r) => ({
      position: positionOf(r.key),
      json: r.json,
    }));
  }

  /** The JSON of every record, in the service's order. */
  all(listing: number): string[] {
    return (
      this.statements
        .get<[], string>(listing, `SELECT json FROM ${rowsTable(listing)} ORDER BY key`)
        ?.pluck()
        .all() ?? []
    );
  }
}
