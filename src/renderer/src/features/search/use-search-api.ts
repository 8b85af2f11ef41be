// Search everything as one types: the text is sent a moment after the last keystroke, and the last
// answer stays on screen until the next one arrives, so the list does not flicker.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SearchHit } from '../../../../shared/search';
import { unwrap } from '../../lib/call';
import { queryKeys } from '../../lib/query-keys';
import { useDebounced } from '../../lib/use-debounced';
import type { Route } from '../../router/routes';

const DEBOUNCE_MS = 120;

export function useSearch(text: string, options: { enabled?: boolean; limit?: number } = {}) {
  const wanted = text.trim();
  const settled = useDebounced(wanted, DEBOUNCE_MS);
  const query = useQuery({
    queryKey: queryKeys.search.query(settled, options.limit ?? 5),
    queryFn: () => unwrap(window.propdesk.search.query({ text: settled, limit: options.limit ?? 5 })),
    enabled: (options.enabled ?? true) && settled !== '',
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
  return { ...query, text: wanted, typing: wanted !== settled };
}

/** Where a hit opens: its record's page. */
export function hitRoute(hit: Pick<SearchHit, 'collection' | 'id'>): Route {
  return { view: 'record', collection: hit.collection, id: hit.id };
}
