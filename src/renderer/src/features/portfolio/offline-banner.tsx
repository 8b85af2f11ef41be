// "Offline — showing data as of …": shown above a collection's list when its rows came from the
// offline copy because the service could not be reached. Reads the list's cached pages, so the
// collection screen itself needs no change.
import { useQueryClient } from '@tanstack/react-query';
import type { InfiniteData } from '@tanstack/react-query';
import { WifiOff } from 'lucide-react';
import { useCallback, useSyncExternalStore } from 'react';
import '../../styles/portfolio.css';
import type { Route } from '../../router/routes';
import type { CachedListPage } from '../collections/use-collection-pages';
import { collectionQueryKey } from '../collections/use-collection-pages';
import { formatAsOf } from './format-cell';

export function OfflineBanner({ route }: { route: Route }) {
  const client = useQueryClient();
  const key = route.view === 'collection' ? collectionQueryKey(route.collection, route.query) : null;
  const subscribe = useCallback(
    (onChange: () => void) => client.getQueryCache().subscribe(onChange),
    [client],
  );
  const asOf = useSyncExternalStore(subscribe, () => {
    if (!key) return null;
    const data = client.getQueryData<InfiniteData<CachedListPage>>(key);
    const times = (data?.pages ?? []).map((p) => p.offline?.asOf).filter((t): t is string => !!t);
    return times.length ? times.sort()[0]! : null;
  });
  if (!asOf) return null;
  return (
    <div className="pf-offline-banner" role="status">
      <WifiOff size={14} aria-hidden />
      <span>
        <strong>Offline</strong> — showing data as of {formatAsOf(asOf)}. Changes made in the service since
        then are not shown.
      </span>
    </div>
  );
}
