// One page ahead: while the copy stores a page (and, every so often, a batch of 25,000 records in one
// transaction), the next page of the same listing is already on its way. Pages of one listing still
// come one after another, as their opaque cursors require; only the waiting overlaps. On a remote
// service the copy of the largest collection is then its pages × the service's delay, not that plus
// the time to store them.
export async function* pagesAhead<P>(
  source: AsyncGenerator<P, void, undefined>,
): AsyncGenerator<P, void, undefined> {
  let next = source.next();
  try {
    for (;;) {
      const { value, done } = await next;
      if (done) return;
      // Asked for before this page is handed on, so it travels while this one is stored. A failure
      // of it while this page is still being stored is seen when it is awaited, not reported as
      // unhandled before then.
      next = source.next();
      next.catch(() => undefined);
      yield value;
    }
  } finally {
    // Left early (a failure, a stop): the page asked for ahead is let go, its failure with it.
    next.catch(() => undefined);
  }
}
