// The amounts of every row of one listing that passes the service's filters, the app's lower date
// bounds and PropDesk's own filters, read in one query by SQLite (the narrowest filter through its index): only the one field
// is taken out of each row, so a sum over a hundred thousand payments parses no record.
import type { LowerBounds } from '../../../shared/date-range';
import type { Collection } from '../../../shared/service';
import { rowConditions } from './filter-sql';
import type { OwnTerms } from './own-filter-sql';
import { rowsTable } from './listing-tables';
import type { StatementCache } from './statement-cache';

export interface FilteredAmounts {
  /** Rows that pass, with an amount or without. */
  count: number;
  /** The amounts that are JSON numbers, in the field's own unit. */
  amounts: number[];
}

/** Undefined when the listing's table is gone (a copy replaced meanwhile). */
export function filteredAmounts(
  statements: StatementCache,
  collection: Collection,
  listing: number,
  rows: { filters: Record<string, string>; onOrAfter: LowerBounds; own?: OwnTerms | undefined },
  field: string,
): FilteredAmounts | undefined {
  // The field comes from the contract; it is only ever a plain name inside a JSON path.
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(field)) throw new Error(`Not a field name: ${field}`);
  const path = `'$.${field}'`;
  const { where, values } = rowConditions(collection, rows.filters, rows.onOrAfter, rows.own);
  const statement = statements.get<unknown[], number | null>(
    listing,
    `SELECT CASE WHEN json_type(json, ${path}) IN ('integer', 'real') THEN json_extract(json, ${path}) END
      FROM ${rowsTable(listing)} WHERE 1${where}`,
  );
  if (!statement) return undefined;
  const all = statement.pluck().all(...values);
  return { count: all.length, amounts: all.filter((v): v is number => typeof v === 'number') };
}
