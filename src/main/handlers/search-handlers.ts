// The handler of the search.query channel: search everything in the offline copy (and a typed ID in
// the service).
import type { DomainHandlers } from '../ipc/dispatch';
import type { SearchService } from '../search/search-service';

export function createSearchHandlers(search: Pick<SearchService, 'query'>): DomainHandlers<'search'> {
  return { 'search.query': (args) => search.query(args) };
}
