// The property page's data: the property with its units, maintenance and documents, from the
// service or (marked `offline`) from the offline copy.
import { useQuery } from '@tanstack/react-query';
import { unwrap } from '../../lib/call';
import { queryKeys } from '../../lib/query-keys';

export function usePropertyOverview(id: string) {
  return useQuery({
    queryKey: queryKeys.propertyOverview(id),
    queryFn: () => unwrap(window.propdesk.properties.overview({ id })),
  });
}
