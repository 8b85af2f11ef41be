// A page of the service's list with the app's lower date bounds applied. Records outside the bounds
// are dropped from each page the service sends; a page left empty is followed by the next one
// (through the app's one cursor follower, which stops a listing that loops or never ends), so an
// empty page never ends the list while the service still has more.
import { passesLowerBounds } from '../../shared/date-range';
import type { LowerBounds } from '../../shared/date-range';
import type { RecordPage } from '../../shared/service';
import { ListPositions } from '../api/list-positions';
import { WHOLE_COLLECTION_CAPS, followPages } from '../api/paging';

// One for the app: the window's listings are read one page a call, whichever call reads them.
const positions = new ListPositions();

export interface BoundedRead {
  read: (cursor: string | undefined) => Promise<RecordPage>;
  /** The service and what is listed, in words, for the follower's errors. */
  service: string;
  what: string;
}

export async function boundedPage(
  { read, service, what }: BoundedRead,
  cursor: string | undefined,
  onOrAfter: LowerBounds,
): Promise<RecordPage> {
  if (Object.keys(onOrAfter).length === 0) {
    const page = await read(cursor);
    positions.check(page, cursor, service, what);
    return page;
  }
  // Pages are looked at one by one and let go: as many as a whole collection may take.
  const pages = followPages(read, service, what, { from: cursor, caps: WHOLE_COLLECTION_CAPS });
  for await (const page of pages) {
    const data = page.data.filter((record) => passesLowerBounds(record, onOrAfter));
    if (data.length > 0 || !page.hasMore) {
      positions.check(page, cursor, service, what);
      return { data, nextCursor: page.hasMore ? page.nextCursor : null, hasMore: page.hasMore };
    }
  }
  throw new Error('A listing ended without a last page');
}
