// The records a record picker offers: its target collection read page by page while it is open.
import { useInfiniteQuery } from '@tanstack/react-query';
import type { Collection } from '../../../../shared/service';
import { MAX_PAGE_SIZE } from '../../../../shared/service';
import { unwrap } from '../../lib/call';

export function usePickerPages(target: Collection, open: boolean) {
  return useInfiniteQuery({
    queryKey: ['picker', target],
    enabled: open,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      unwrap(
        window.propdesk.collections.list({
          collection: target,
          filters: {},
          limit: MAX_PAGE_SIZE,
          ...(pageParam ? { cursor: pageParam } : {}),
        }),
      ),
    getNextPageParam: (last) => (last.hasMore && last.nextCursor ? last.nextCursor : undefined),
  });
}
