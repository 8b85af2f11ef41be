// The drafting feature: drafts of suggested changes (rent reviews included), the outbox that sends a
// submitted draft with its key, and the submissions held when a connection moved to another server.
import { AwaitedRecords } from '../drafts/awaited-records';
import { DraftService } from '../drafts/draft-service';
import { HeldSubmissions } from '../drafts/held-submissions';
import { Outbox } from '../drafts/outbox';
import type { Store } from '../store/open-store';
import type { AppPorts } from './app-ports';
import type { ConnectionsFeature } from './build-connections';
import type { ReadingFeature } from './build-reading';

export interface DraftingFeature {
  outbox: Outbox;
  held: HeldSubmissions;
  drafts: DraftService;
  /** Later parts of drafts sent in parts: the records they wait for, found and filled in. */
  awaited: AwaitedRecords;
}

export function buildDrafting(
  ports: Pick<AppPorts, 'logger' | 'confirm'>,
  store: Store,
  { connections, connectivity }: ConnectionsFeature,
  { contract, offline }: Pick<ReadingFeature, 'contract' | 'offline'>,
): DraftingFeature {
  const activeId = () => connections.active().id;
  const currentAddress = (connectionId: string) => store.connections.get(connectionId)?.baseUrl;
  const outbox = new Outbox({
    repo: store.outbox,
    clientFor: (connectionId) => connections.clientFor(connectionId),
    currentAddress,
    isOnline: () => connectivity.status().online,
    log: (message, error) => ports.logger.warn(message, error),
  });
  const held = new HeldSubmissions({
    repo: store.outbox,
    currentAddress,
    activeId,
    confirm: ports.confirm,
  });
  const drafts = new DraftService({
    store,
    activeConnectionId: activeId,
    client: () => connections.client(),
    cachedContract: (connectionId) => contract.compiledCached(connectionId),
    fetchContract: async () =>
      contract.compile(await contract.get(activeId(), () => connections.client().openapi())),
    confirm: ports.confirm,
    // The rent review reads like the browsers: from the offline copy when the service is out of reach.
    browse: () => ({
      list: (collection, query) =>
        offline.list({
          collection,
          filters: query.filters ?? {},
          ...(query.cursor ? { cursor: query.cursor } : {}),
          ...(query.limit ? { limit: query.limit } : {}),
        }),
    }),
  });
  const awaited = new AwaitedRecords({
    store,
    clientFor: (connectionId) => connections.clientFor(connectionId),
    log: (message, error) => ports.logger.warn(message, error),
  });
  return { outbox, held, drafts, awaited };
}
