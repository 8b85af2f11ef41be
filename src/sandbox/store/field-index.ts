// The records of one table whose field holds an exact value, for the filters that name a record ID
// (a unit's leases, a lease's payments, a record's documents). A real service keeps an index on
// such references; scanning the whole table for each of them made the demo service of a large
// organisation spend milliseconds of its one thread per request, which a page reading a hundred
// lists at once paid in a queue. Built on first use and again after the table changes (its version).
import type { PageSource } from '../paging';
import type { StoredRecord, Table } from './record-store';

interface Built {
  version: number;
  byValue: Map<string, number[]>;
}

const EMPTY: PageSource<StoredRecord> = { items: [], seqs: [] };

export class FieldIndex {
  private readonly built = new WeakMap<Table, Map<string, Built>>();

  /** The table's records whose `field` is `value`, in their order, as a source of pages. */
  matching(table: Table, field: string, value: string): PageSource<StoredRecord> {
    const positions = this.positions(table, field).get(value);
    if (!positions) return EMPTY;
    return { items: positions.map((i) => table.items[i]!), seqs: positions.map((i) => table.seqs[i]!) };
  }

  private positions(table: Table, field: string): Map<string, number[]> {
    let fields = this.built.get(table);
    if (!fields) this.built.set(table, (fields = new Map()));
    const known = fields.get(field);
    if (known && known.version === table.version) return known.byValue;
    const byValue = new Map<string, number[]>();
    table.items.forEach((record, i) => {
      const value = record[field];
      if (typeof value !== 'string') return;
      const list = byValue.get(value);
      if (list) list.push(i);
      else byValue.set(value, [i]);
    });
    fields.set(field, { version: table.version, byValue });
    return byValue;
  }
}
