// Every rule by which main's push events change the renderer's cache, in one hook mounted once by the
// shell. Screens only read queries; none of them listens for an event to refresh its own data, so a
// single event is acted on once (a connection switch resets the cache once, not once per screen).
import { useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { OfflineCopyStatus } from '../../../shared/portfolio';
import { queryKeys } from '../lib/query-keys';
import { useBridgeEvent } from '../lib/use-bridge-event';

/** When each collection's copy in use was made: changes whenever one comes in or is replaced. */
const asOfs = (status: OfflineCopyStatus) => status.collections.map((c) => c.asOf ?? '').join('|');

function offlineCopyProgressed(client: QueryClient, status: OfflineCopyStatus): void {
  const before = client.getQueryData<OfflineCopyStatus>(queryKeys.offlineCopyStatus);
  client.setQueryData(queryKeys.offlineCopyStatus, status);
  const ended = before?.state === 'running' && status.state !== 'running';
  // Collections come in one by one while the copy is made: each one in changes what is counted.
  const copyChanged = ended || (before !== undefined && asOfs(before) !== asOfs(status));
  // A copy made, refreshed or forgotten changes every search answer, and the names read from it.
  if (copyChanged) {
    void client.invalidateQueries({ queryKey: queryKeys.search.all });
    void client.invalidateQueries({ queryKey: queryKeys.labels.all });
  }
  // Today, Portfolio and the sums under lists fill in by themselves once the copy they count from is
  // made (or changes).
  if (copyChanged) {
    void client.invalidateQueries({ queryKey: queryKeys.portfolio.all });
    void client.invalidateQueries({ queryKey: queryKeys.listSumAll });
  }
}

export function useBridgeSync(): void {
  const client = useQueryClient();
  // The one place outside the features' api hooks that holds the bridge: every event the cache
  // follows is named here, beside what it changes.
  const bridge = window.propdesk;
  // Everything cached belongs to the previous connection: drop it all, once.
  useBridgeEvent(bridge, 'connections.changed', () => void client.resetQueries());
  useBridgeEvent(bridge, 'connectivity.changed', (payload) =>
    client.setQueryData(queryKeys.connectivity, payload),
  );
  useBridgeEvent(bridge, 'connectivity.pace', (payload) => client.setQueryData(queryKeys.pace, payload));
  useBridgeEvent(bridge, 'drafts.changed', ({ draftId }) => {
    void client.invalidateQueries({ queryKey: queryKeys.drafts.list });
    if (draftId) void client.invalidateQueries({ queryKey: queryKeys.drafts.detail(draftId) });
    else void client.invalidateQueries({ queryKey: queryKeys.drafts.all });
    // A submission settled or a draft cancelled: the outbox and the tracked batches move with it.
    void client.invalidateQueries({ queryKey: queryKeys.outbox });
    void client.invalidateQueries({ queryKey: queryKeys.suggestions });
    // A refusal for a missing permission is noted (or forgotten) with the submission that settled.
    void client.invalidateQueries({ queryKey: queryKeys.refusals });
  });
  useBridgeEvent(bridge, 'outbox.changed', ({ waiting }) =>
    client.setQueryData(queryKeys.outbox, (known: { held: number } | undefined) => ({
      waiting,
      held: known?.held ?? 0,
    })),
  );
  // What changed since the landlord last looked moves with the copy, the suggestions and the mark.
  useBridgeEvent(
    bridge,
    'since.changed',
    () => void client.invalidateQueries({ queryKey: queryKeys.since.all }),
  );
  useBridgeEvent(bridge, 'offlineCopy.progress', ({ state }) => {
    if (state !== 'running') void client.invalidateQueries({ queryKey: queryKeys.since.all });
  });
  useBridgeEvent(bridge, 'suggestions.changed', () => {
    void client.invalidateQueries({ queryKey: queryKeys.since.all });
    void client.invalidateQueries({ queryKey: queryKeys.suggestions });
    // Today counts the suggestions waiting and decided.
    void client.invalidateQueries({ queryKey: queryKeys.portfolio.today });
  });
  useBridgeEvent(bridge, 'offlineCopy.progress', (status) => offlineCopyProgressed(client, status));
  // A Today figure answered by the service while the copy is made: Today and the views it opens.
  useBridgeEvent(
    bridge,
    'today.changed',
    () => void client.invalidateQueries({ queryKey: queryKeys.portfolio.all }),
  );
  // An approved suggestion was read into the offline copy: what is computed from the copy, searched
  // in it or named from it is read again, and so are the lists and records of what changed.
  useBridgeEvent(bridge, 'copy.refreshed', ({ collections }) => {
    for (const queryKey of [
      queryKeys.since.all,
      queryKeys.portfolio.all,
      queryKeys.search.all,
      queryKeys.labels.all,
      queryKeys.listSumAll,
    ])
      void client.invalidateQueries({ queryKey });
    void client.invalidateQueries({ queryKey: queryKeys.relatedAll });
    for (const collection of collections) {
      void client.invalidateQueries({ queryKey: queryKeys.collectionAll(collection) });
      void client.invalidateQueries({ queryKey: queryKeys.recordAll(collection) });
    }
  });
  // What a screen shows was checked with the service: the screen says how fresh it is by the latest.
  useBridgeEvent(bridge, 'copy.checked', ({ connectionId, collection, at }) => {
    const active = client.getQueryData<{ activeId?: string }>(queryKeys.connections)?.activeId;
    if (active && active !== connectionId) return;
    client.setQueryData(queryKeys.copyChecked(collection), (known: string | undefined) =>
      known && known > at ? known : at,
    );
  });
  // A new contract may name records by other fields.
  useBridgeEvent(
    bridge,
    'contract.changed',
    () => void client.invalidateQueries({ queryKey: queryKeys.labels.all }),
  );
  // The menu's Refresh: everything shown is read again from main.
  useBridgeEvent(bridge, 'app.command', ({ command }) => {
    if (command === 'refresh') void client.invalidateQueries();
  });
}
