// "Offline — showing data as of …": shown above a collection's list or a record's page when what it
// shows came from the offline copy because the service could not be reached; "From the offline copy
// as of …" when a complete copy answered first, while main checks what is on screen with the service;
// once the service is known to be out of reach, that check cannot happen and the banner says offline.
// Reads the screen's cached answers, so the screens themselves need no change.
import { useQueryClient } from '@tanstack/react-query';
import type { InfiniteData } from '@tanstack/react-query';
import type { ChannelResult } from '../../../../shared/ipc';
import { HardDrive, WifiOff } from 'lucide-react';
import { useCallback, useSyncExternalStore } from 'react';
import '../../styles/portfolio.css';
import type { Route } from '../../router/routes';
import { queryKeys } from '../../lib/query-keys';
import { formatAsOf } from './copy-words';
import { useReach } from '../connections/use-reach';

/** What a cached list page says of where it came from: only that is read here, whatever else it keeps. */
type ListPageOrigin = Pick<ChannelResult<'collections.list'>, 'offline'>;

/**
 * The oldest as-of time of the copy behind what the route's screen shows ("first" when a complete
 * copy answered first, "offline" when the service was out of reach), or null. A string, so the
 * external store compares it by value.
 */
function shownAsOf(client: ReturnType<typeof useQueryClient>, route: Route): string | null {
  type Mark = { asOf: string; first?: true } | undefined;
  const said = (mark: Mark, asOf = mark?.asOf) =>
    asOf ? `${mark?.first ? 'first' : 'offline'} ${asOf}` : null;
  if (route.view === 'record')
    return said(
      client.getQueryData<{ offline?: Mark }>(queryKeys.related(route.collection, route.id))?.offline,
    );
  if (route.view !== 'collection') return null;
  const data = client.getQueryData<InfiniteData<ListPageOrigin>>(
    queryKeys.collection(route.collection, route.query),
  );
  const times = (data?.pages ?? []).map((p) => p.offline?.asOf).filter((t): t is string => !!t);
  // Later pages of a list the copy answered first come from the copy too.
  return said(data?.pages[0]?.offline, times.sort()[0]);
}

export function OfflineBanner({ route }: { route: Route }) {
  const client = useQueryClient();
  const subscribe = useCallback(
    (onChange: () => void) => client.getQueryCache().subscribe(onChange),
    [client],
  );
  const shown = useSyncExternalStore(subscribe, () => shownAsOf(client, route));
  const reach = useReach();
  const offline = reach.online === false;
  if (!shown) return null;
  const [how, asOf] = shown.split(' ') as ['first' | 'offline', string];
  if (how === 'first' && !offline)
    return (
      <div className="pf-offline-banner pf-copy-first" role="status">
        <HardDrive size={14} aria-hidden />
        <span>
          From the offline copy as of {formatAsOf(asOf)}. PropDesk checks what is on screen with the service
          and shows any change as it arrives.
        </span>
      </div>
    );
  return (
    <div className="pf-offline-banner" role="status">
      <WifiOff size={14} aria-hidden />
      <span>
        <strong>{reach.online === false ? reach.short : 'Offline'}</strong> — showing data as of{' '}
        {formatAsOf(asOf)}. Changes made in the service since then are not shown.
      </span>
    </div>
  );
}
