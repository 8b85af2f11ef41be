// "Offline — showing data as of …": shown above a collection's list or a record's page when what it
// shows came from the offline copy because the service could not be reached. Reads the screen's
// cached answers, so the screens themselves need no change.
import { useQueryClient } from '@tanstack/react-query';
import type { InfiniteData } from '@tanstack/react-query';
import type { ChannelResult } from '../../../../shared/ipc';
import { WifiOff } from 'lucide-react';
import { useCallback, useSyncExternalStore } from 'react';
import '../../styles/portfolio.css';
import type { Route } from '../../router/routes';
import { queryKeys } from '../../lib/query-keys';
import { formatAsOf } from './copy-words';

/** What a cached list page says of where it came from: only that is read here, whatever else it keeps. */
type ListPageOrigin = Pick<ChannelResult<'collections.list'>, 'offline'>;

/** The oldest as-of time of the copy behind what the route's screen shows, or null. */
function shownAsOf(client: ReturnType<typeof useQueryClient>, route: Route): string | null {
  if (route.view === 'record')
    return (
      client.getQueryData<{ offline?: { asOf: string } }>(queryKeys.related(route.collection, route.id))
        ?.offline?.asOf ?? null
    );
  if (route.view !== 'collection') return null;
  const data = client.getQueryData<InfiniteData<ListPageOrigin>>(
    queryKeys.collection(route.collection, route.query),
  );
  const times = (data?.pages ?? []).map((p) => p.offline?.asOf).filter((t): t is string => !!t);
  return times.length ? times.sort()[0]! : null;
}

export function OfflineBanner({ route }: { route: Route }) {
  const client = useQueryClient();
  const subscribe = useCallback(
    (onChange: () => void) => client.getQueryCache().subscribe(onChange),
    [client],
  );
  const asOf = useSyncExternalStore(subscribe, () => shownAsOf(client, route));
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
