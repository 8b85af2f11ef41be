// How fresh a collection's list or a record's page is, above it. "Offline — showing data as of …" when
// what it shows came from the offline copy because the service could not be reached; "Checked with the
// service 2 minutes ago" when a complete copy answered first and main has since checked what is on
// screen with the service (main says when, by event), "From the offline copy as of …" until it has;
// once the service is known to be out of reach, that check cannot happen and the banner says offline;
// "Read from the service just now" when the service answered. Reads the screen's cached answers, so the
// screens themselves need no change.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { InfiniteData } from '@tanstack/react-query';
import type { ChannelResult } from '../../../../shared/ipc';
import { HardDrive, WifiOff } from 'lucide-react';
import { useCallback, useSyncExternalStore } from 'react';
import '../../styles/portfolio.css';
import type { Route } from '../../router/routes';
import { queryKeys } from '../../lib/query-keys';
import type { Collection } from '../../../../shared/service';
import { relativeTime } from '../../lib/time-words';
import { useNow } from '../../lib/use-now';
import { formatAsOf } from './copy-words';
import { useReach } from '../connections/use-reach';

/** What a cached list page says of where it came from: only that is read here, whatever else it keeps. */
type ListPageOrigin = Pick<ChannelResult<'collections.list'>, 'offline'>;

/** Where what the route's screen shows came from, and how old it is. */
type Shown =
  | { how: 'offline' | 'first'; asOf: string; collection: Collection }
  | { how: 'live'; readAt: string; collection: Collection };

/**
 * The oldest as-of time of the copy behind what the route's screen shows ("first" when a complete
 * copy answered first, "offline" when the service was out of reach), or when the service answered it
 * ("live"), or null off lists and record pages. A string, so the external store compares it by value.
 */
function shownState(client: ReturnType<typeof useQueryClient>, route: Route): string | null {
  type Mark = { asOf: string; first?: true } | undefined;
  const said = (
    collection: Collection,
    key: readonly unknown[],
    mark: Mark,
    asOf = mark?.asOf,
  ): string | null => {
    if (asOf) return JSON.stringify({ how: mark?.first ? 'first' : 'offline', asOf, collection });
    const readAt = client.getQueryState(key)?.dataUpdatedAt;
    return readAt
      ? JSON.stringify({ how: 'live', readAt: new Date(readAt).toISOString(), collection })
      : null;
  };
  if (route.view === 'record') {
    const key = queryKeys.related(route.collection, route.id);
    return said(route.collection, key, client.getQueryData<{ offline?: Mark }>(key)?.offline);
  }
  if (route.view !== 'collection') return null;
  const key = queryKeys.collection(route.collection, route.query);
  const data = client.getQueryData<InfiniteData<ListPageOrigin>>(key);
  if (!data?.pages.length) return null;
  const times = data.pages.map((p) => p.offline?.asOf).filter((t): t is string => !!t);
  // Later pages of a list the copy answered first come from the copy too.
  return said(route.collection, key, data.pages[0]?.offline, times.sort()[0]);
}

export function OfflineBanner({ route }: { route: Route }) {
  const client = useQueryClient();
  const subscribe = useCallback(
    (onChange: () => void) => client.getQueryCache().subscribe(onChange),
    [client],
  );
  const state = useSyncExternalStore(subscribe, () => shownState(client, route));
  const reach = useReach();
  const now = useNow(15_000);
  const shown = state ? (JSON.parse(state) as Shown) : null;
  const checkedAt = useQuery({
    queryKey: queryKeys.copyChecked(shown?.collection ?? 'properties'),
    queryFn: () => null as string | null,
    enabled: false,
  }).data;
  const offline = reach.online === false;
  if (!shown) return null;
  if (shown.how === 'live')
    return (
      <div className="pf-fresh-line muted" role="status">
        Read from the service {relativeTime(shown.readAt, Math.max(now, Date.parse(shown.readAt)))}.
      </div>
    );
  if (shown.how === 'first' && !offline)
    return (
      <div className="pf-offline-banner pf-copy-first" role="status">
        <HardDrive size={14} aria-hidden />
        {checkedAt && checkedAt >= shown.asOf ? (
          <span>
            Checked with the service {relativeTime(checkedAt, Math.max(now, Date.parse(checkedAt)))}, from the
            offline copy as of {formatAsOf(shown.asOf)}. Any change PropDesk finds shows as it arrives.
          </span>
        ) : (
          <span>
            From the offline copy as of {formatAsOf(shown.asOf)}. PropDesk checks what is on screen with the
            service and shows any change as it arrives.
          </span>
        )}
      </div>
    );
  return (
    <div className="pf-offline-banner" role="status">
      <WifiOff size={14} aria-hidden />
      <span>
        <strong>{reach.online === false ? reach.short : 'Offline'}</strong> — showing data as of{' '}
        {formatAsOf(shown.asOf)}. Changes made in the service since then are not shown.
      </span>
    </div>
  );
}
