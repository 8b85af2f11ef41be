// Follows a cursor-paged listing to its end. A cursor that comes back a second time would loop
// forever, so it stops with a clear error instead; the listing never silently restarts.
import { badResponse } from './error-wording';

export interface Page {
  nextCursor: string | null;
  hasMore: boolean;
}

export async function* followPages<P extends Page>(
  fetchPage: (cursor: string | undefined) => Promise<P>,
  host: string,
  what: string,
): AsyncGenerator<P, void, undefined> {
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (;;) {
    const page = await fetchPage(cursor);
    yield page;
    if (!page.hasMore) return;
    if (!page.nextCursor) throw badResponse(host, `it said more ${what} follow but gave no list position`);
    if (seen.has(page.nextCursor)) {
      throw badResponse(
        host,
        `it returned the same list position twice while listing ${what}, so the listing was stopped`,
      );
    }
    seen.add(page.nextCursor);
    cursor = page.nextCursor;
  }
}
