// The rows loaded so far in a sort's order, for lists without an offline copy to sort in main. Each
// row is read once to find its place; the order is the one main gives the copy (shared/list-order).
import { compareRecords } from '../../../../shared/list-order';
import type { ListSort } from '../../../../shared/list-order';
import type { ServiceRecord } from '../../../../shared/service';
import type { RowSource } from './paged-rows';

export class SortedRows implements RowSource {
  readonly length: number;
  private readonly order: Int32Array;

  constructor(
    private readonly source: RowSource,
    sort: ListSort,
  ) {
    // Only the sorted field and the ID are kept while sorting, not whole records.
    const keys: Array<{ key: ServiceRecord; index: number }> = [];
    for (let index = 0; index < source.length; index++) {
      const row = source.get(index);
      if (row) keys.push({ key: { id: row.id, [sort.field]: row[sort.field] }, index });
    }
    keys.sort((a, b) => compareRecords(a.key, b.key, sort));
    this.order = Int32Array.from(keys, (k) => k.index);
    this.length = this.order.length;
  }

  get(index: number): ServiceRecord | undefined {
    if (!Number.isInteger(index) || index < 0 || index >= this.length) return undefined;
    return this.source.get(this.order[index]!);
  }

  indexOfId(id: string): number {
    for (let i = 0; i < this.length; i++) if (this.get(i)?.id === id) return i;
    return -1;
  }
}
