// A page of the service's list with the app's lower date bounds applied. Records outside the bounds
// are dropped from each page the service sends; a page left empty is followed by the next one, so an
// empty page never ends the list while the service still has more.
import { passesLowerBounds } from '../../shared/date-range';
import type { LowerBounds } from '../../shared/date-range';
import type { RecordPage } from '../../shared/service';

export async function boundedPage(
  read: (cursor: string | undefined) => Promise<RecordPage>,
  cursor: string | undefined,
  onOrAfter: LowerBounds,
): Promise<RecordPage> {
  if (Object.keys(onOrAfter).length === 0) return read(cursor);
  let next = cursor;
  for (;;) {
    const page = await read(next);
    const data = page.data.filter((record) => passesLowerBounds(record, onOrAfter));
    const more = page.hasMore && page.nextCursor !== null;
    if (data.length > 0 || !more) return { data, nextCursor: more ? page.nextCursor : null, hasMore: more };
    next = page.nextCursor!;
  }
}
