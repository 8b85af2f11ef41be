// The loaded records of a list as one sequence, read through its pages. Flattening 1,000 pages into a
// new array on every page would copy 100,000 references each time and leave megabytes of garbage for
// the collector to sweep while the user scrolls; this keeps only where each page starts.
import type { ServiceRecord } from '../../../../shared/service';

/** What the grid needs of its rows: how many, and the one at an index. */
export interface RowSource {
  readonly length: number;
  get(index: number): ServiceRecord | undefined;
}

export class PagedRows implements RowSource {
  readonly length: number;
  private readonly starts: Int32Array;

  constructor(private readonly pages: ReadonlyArray<{ data: readonly ServiceRecord[] }>) {
    this.starts = new Int32Array(pages.length + 1);
    pages.forEach((p, i) => (this.starts[i + 1] = this.starts[i]! + p.data.length));
    this.length = this.starts[pages.length]!;
  }

  get(index: number): ServiceRecord | undefined {
    if (!Number.isInteger(index) || index < 0 || index >= this.length) return undefined;
    // The last page whose start is at or before the index.
    let lo = 0;
    let hi = this.pages.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= index) lo = mid;
      else hi = mid - 1;
    }
    return this.pages[lo]!.data[index - this.starts[lo]!];
  }

  findIndex(test: (row: ServiceRecord) => boolean): number {
    let offset = 0;
    for (const page of this.pages) {
      const at = page.data.findIndex(test);
      if (at >= 0) return offset + at;
      offset += page.data.length;
    }
    return -1;
  }
}

/** A plain array as a row source (tests, short lists). */
export function arrayRows(rows: readonly ServiceRecord[]): RowSource {
  return { length: rows.length, get: (i) => rows[i] };
}
