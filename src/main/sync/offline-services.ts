// Builds the offline-copy services for the app's wiring: the sync, offline browsing over the copy,
// and the portfolio views, from the parts app-services already has.
import type { EventPayload } from '../../shared/ipc';
import type { ConnectionService } from '../connections/connection-service';
import type { ConnectivityMonitor } from '../connectivity/connectivity-monitor';
import type { ContractService } from '../contract/contract-service';
import { PortfolioService } from '../portfolio/portfolio-service';
import type { Store } from '../store/open-store';
import { createOfflineFallback } from './offline-fallback';
import type { OfflineFallback } from './offline-fallback';
import { OfflineReader } from './offline-reader';
import { SyncService } from './sync-service';

export interface OfflineServices {
  sync: SyncService;
  portfolio: PortfolioService;
  offline: OfflineFallback;
}

export function createOfflineServices(o: {
  store: Store;
  connections: ConnectionService;
  connectivity: ConnectivityMonitor;
  contract: ContractService;
  onProgress: (status: EventPayload<'sync.progress'>) => void;
  chooseFile: (suggestedName: string) => Promise<string | undefined>;
  log: (message: string, error?: unknown) => void;
}): OfflineServices {
  const activeId = () => o.connections.active().id;
  return {
    sync: new SyncService({
      repo: o.store.snapshots,
      activeId,
      clientFor: (id) => o.connections.clientFor(id),
      onProgress: o.onProgress,
      log: o.log,
      prepare: (id) => o.contract.get(id, () => o.connections.clientFor(id).openapi()),
    }),
    portfolio: new PortfolioService({
      repo: o.store.snapshots,
      activeId,
      contract: (connectionId) => o.contract.compiledCached(connectionId),
      chooseFile: o.chooseFile,
    }),
    offline: createOfflineFallback({
      reader: new OfflineReader(o.store.snapshots),
      activeId,
      client: () => o.connections.client(),
      isOnline: () => o.connectivity.status().online,
    }),
  };
}
