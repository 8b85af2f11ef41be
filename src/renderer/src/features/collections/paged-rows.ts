// The loaded records of a list as one sequence, read through its packed pages. Flattening 1,000 pages
// into a new array on every page would copy 100,000 references each time and leave megabytes of
// garbage for the collector to sweep while the user scrolls; this keeps only where each page starts.
import type { ServiceRecord } from '../../../../shared/service';
import type { PackedPage } from './packed-page';

/** What the grid needs of its rows: how many, and the one at an index. */
export interface RowSource {
  readonly length: number;
  get(index: number): ServiceRecord | undefined;
}

/** Records parsed lately; enough for a screen of rows and their overscan several times over. */
const PARSED_KEPT = 256;

type Pages = ReadonlyArray<{ rows: PackedPage }>;

/**
 * Records already parsed, by their place in the list, kept across the sequences a list goes through
 * as pages arrive: the same place gives the same object while it is kept, so rows that stay on
 * screen are not rendered again. The earliest parsed are let go, so scrolling through every page
 * does not rebuild every record as an object.
 */
export class ParsedRows {
  private pages: Pages = [];
  private readonly byIndex = new Map<number, ServiceRecord>();

  /** Starts afresh unless the new pages begin with the ones parsed so far (more pages arrived). */
  follow(pages: Pages): void {
    const extended = this.pages.length <= pages.length && this.pages.every((p, i) => p === pages[i]);
    if (!extended) this.byIndex.clear();
    this.pages = pages;
  }

  isFor(pages: Pages): boolean {
    return this.pages === pages;
  }

  get(index: number): ServiceRecord | undefined {
    return this.byIndex.get(index);
  }

  set(index: number, row: ServiceRecord): void {
    // Let go of the first parsed, not the least read: a row is parsed as it comes into view, and one
    // still on screen was parsed fewer than a screenful of rows ago, far fewer than are kept, so
    // reordering on every read (every row, every frame) would buy nothing.
    this.byIndex.set(index, row);
    if (this.byIndex.size > PARSED_KEPT) this.byIndex.delete(this.byIndex.keys().next().value!);
  }
}

export class PagedRows implements RowSource {
  readonly length: number;
  private readonly starts: Int32Array;

  constructor(
    private readonly pages: Pages,
    private readonly parsed = new ParsedRows(),
  ) {
    this.starts = new Int32Array(pages.length + 1);
    pages.forEach((p, i) => (this.starts[i + 1] = this.starts[i]! + p.rows.length));
    this.length = this.starts[pages.length]!;
    parsed.follow(pages);
  }

  get(index: number): ServiceRecord | undefined {
    if (!Number.isInteger(index) || index < 0 || index >= this.length) return undefined;
    // A sequence the list has moved on from still reads right, only without the shared objects.
    const current = this.parsed.isFor(this.pages);
    const kept = current ? this.parsed.get(index) : undefined;
    if (kept) return kept;
    const page = this.pageOf(index);
    const row = this.pages[page]!.rows.parse(index - this.starts[page]!);
    if (row && current) this.parsed.set(index, row);
    return row;
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
