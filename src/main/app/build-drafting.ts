// The drafting feature: drafts of suggested changes (rent reviews, renewals and notices included), the outbox that sends a
// submitted draft with its key, the submissions held when a connection moved to another server, and
// the records created by earlier parts of drafts sent in parts.
import { DraftService } from '../drafts/draft-service';
import { HeldSubmissions } from '../drafts/held-submissions';
import { Outbox } from '../drafts/outbox';
import { CreatedRecords } from '../drafts/parts/created-records';
import type { Store } from '../store/open-store';
import type { Collection } from '../../shared/service';
import type { AppPorts } from './app-ports';
import type { ConnectionsFeature } from './build-connections';
import type { ReadingFeature } from './build-reading';

export interface DraftingFeature {
  outbox: Outbox;
  held: HeldSubmissions;
  drafts: DraftService;
  /** Later parts of drafts sent in parts: the created records their links wait for, found and filled in. */
  createdRecords: CreatedRecords;
}

export function buildDrafting(
  ports: Pick<AppPorts, 'logger' | 'confirm'>,
  store: Store,
  { connections, clients, connectivity }: ConnectionsFeature,
  { contract, offline }: Pick<ReadingFeature, 'contract' | 'offline'>,
): DraftingFeature {
  const activeId = () => connections.active().id;
  // Rent reviews, renewals and notices read like the browsers: the offline copy when the service is
  // out of reach.
  const browseList = (
    collection: Collection,
    query: { filters?: Record<string, string>; cursor?: string; limit?: number },
  ) =>
    offline.list({
      collection,
      filters: query.filters ?? {},
      ...(query.cursor ? { cursor: query.cursor } : {}),
      ...(query.limit ? { limit: query.limit } : {}),
    });
  const currentAddress = (connectionId: string) => store.connections.get(connectionId)?.baseUrl;
  const outbox = new Outbox({
    repo: store.outbox,
    clientFor: (connectionId) => clients.clientFor(connectionId),
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
    drafts: store.drafts,
    parts: store.parts,
    outbox: store.outbox,
    suggestions: store.suggestions,
    permissions: store.permissions,
    offlineCopies: store.offlineCopies,
    connections: store.connections,
    transaction: store.transaction,
    activeConnectionId: activeId,
    client: () => clients.client(),
    cachedContract: (connectionId) => contract.compiledCached(connectionId),
    fetchContract: async () =>
      contract.compile(await contract.get(activeId(), () => clients.client().openapi())),
    confirm: ports.confirm,
    browse: () => ({ list: browseList }),
    // Renewals and notices read leases, units and a unit's leases the same way, records included.
    browseRecords: () => ({ list: browseList, get: (collection, id) => offline.get(collection, id) }),
  });
  const createdRecords = new CreatedRecords({
    repo: store.parts,
    clientFor: (connectionId) => clients.clientFor(connectionId),
    contract: (connectionId) => contract.compiledCached(connectionId),
    log: (message, error) => ports.logger.warn(message, error),
  });
  return { outbox, held, drafts, createdRecords };
}
