// Keyset paging over an append-only list ordered by insertion sequence: a page starts right after
// the last sequence served (binary search), so depth costs nothing and records added meanwhile are
// neither skipped nor repeated.
export interface PageSource<T> {
  items: readonly T[];
  seqs: readonly number[];
}

export interface Page<T> {
  items: T[];
  lastSeq: number | undefined;
  hasMore: boolean;
}

function firstIndexAfter(seqs: readonly number[], afterSeq: number): number {
  let lo = 0;
  let hi = seqs.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (seqs[mid]! <= afterSeq) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function readPage<T>(
  source: PageSource<T>,
  afterSeq: number,
  limit: number,
  predicate?: (item: T) => boolean,
): Page<T> {
  const { items, seqs } = source;
  const out: T[] = [];
  let i = firstIndexAfter(seqs, afterSeq);
  let lastSeq: number | undefined;
  for (; i < items.length && out.length < limit; i++) {
    const item = items[i]!;
    if (predicate && !predicate(item)) continue;
    out.push(item);
    lastSeq = seqs[i];
  }
  let hasMore = false;
  for (; i < items.length; i++) {
    if (!predicate || predicate(items[i]!)) {
      hasMore = true;
      break;
    }
  }
  return { items: out, lastSeq, hasMore };
}
