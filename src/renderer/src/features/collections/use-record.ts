// One record read fresh from the service (or, offline, from the copy), for the details panel.
import { useQuery } from '@tanstack/react-query';
import type { Collection } from '../../../../shared/service';
import { unwrap } from '../../lib/call';

export function useRecord(collection: Collection, id: string) {
  return useQuery({
    queryKey: ['record', collection, id],
    queryFn: () => unwrap(window.propdesk.collections.get({ collection, id })),
  });
}
