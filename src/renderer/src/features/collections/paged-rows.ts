// The loaded records of a list as one sequence, read through its packed pages. Flattening 1,000 pages
// into a new array on every page would copy 100,000 references each time and leave megabytes of
// garbage for the collector to sweep while the user scrolls; this keeps only where each page starts.
import type { ServiceRecord } from '../../../../shared/service';
import type { PackedPage } from './packed-page';

/** What the grid needs of its rows: how many, and the one at an index. */
export interface RowSource {
  readonly length: number;
  get(index: number): ServiceRecord | undefined;
  /**
   * True when this source holds every row of `previous` at the same place (more pages arrived), so
   * rows already drawn from it need not be read again.
   */
  continues?(previous: RowSource): boolean;
}

type Pages = ReadonlyArray<{ rows: PackedPage }>;

export class PagedRows implements RowSource {
  readonly length: number;
  private readonly starts: Int32Array;

  constructor(private readonly pages: Pages) {
    this.starts = new Int32Array(pages.length + 1);
    pages.forEach((p, i) => (this.starts[i + 1] = this.starts[i]! + p.rows.length));
    this.length = this.starts[pages.length]!;
  }

  /** Parses the record afresh on every call: what is on screen is drawn once and kept as text. */
  get(index: number): ServiceRecord | undefined {
    if (!Number.isInteger(index) || index < 0 || index >= this.length) return undefined;
    const page = this.pageOf(index);
    return this.pages[page]!.rows.parse(index - this.starts[page]!);
  }

  continues(previous: RowSource): boolean {
    if (!(previous instanceof PagedRows)) return false;
    const before = previous.pages;
    return before.length <= this.pages.length && before.every((p, i) => p === this.pages[i]);
  }

  indexOfId(id: string): number {
    for (let page = 0; page < this.pages.length; page++) {
      const at = this.pages[page]!.rows.indexOfId(id);
      if (at >= 0) return this.starts[page]! + at;
    }
    return -1;
  }

  /** The last page whose start is at or before the index. */
  private pageOf(index: number): number {
    let lo = 0;
    let hi = this.pages.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= index) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }
}

/** A plain array as a row source (tests, short lists). */
export function arrayRows(rows: readonly ServiceRecord[]): RowSource {
  return { length: rows.length, get: (i) => rows[i] };
}
