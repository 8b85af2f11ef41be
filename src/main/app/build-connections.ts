// The connections feature: the demo service, the keys (each bound to its server), the connections to
// the service, their clients (one with its scheduler per connection) and whether the service can be
// reached. Everything else is
// built on these.
import { join } from 'node:path';
import { ApiClient } from '../api/api-client';
import { ConnectionService } from '../connections/connection-service';
import { DemoSandbox } from '../connections/demo-sandbox';
import { ServiceClients } from '../connections/service-clients';
import { ConnectivityMonitor, answerProbe } from '../connectivity/connectivity-monitor';
import { registerSecret } from '../log/logger';
import { ConnectionKeys } from '../secrets/connection-keys';
import { confirmMovedKeys } from '../secrets/moved-keys';
import type { Store } from '../store/open-store';
import type { AppPorts } from './app-ports';

export interface ConnectionsFeature {
  demo: DemoSandbox;
  connections: ConnectionService;
  clients: ServiceClients;
  connectivity: ConnectivityMonitor;
  /** Asks once about each key an earlier PropDesk kept (secrets/moved-keys.ts). */
  confirmMovedKeys: () => Promise<void>;
}

const DEMO_EXPIRY = 'demo.proposalTtlSeconds';

/** The demo's expiry as the settings keep it: whole seconds from a minute to a week, or its default. */
function demoExpirySetting(store: Store) {
  return {
    get(): number | null {
      const value = store.settings.get(DEMO_EXPIRY);
      return typeof value === 'number' && Number.isInteger(value) && value >= 60 && value <= 604_800
        ? value
        : null;
    },
    set(seconds: number | null): void {
      if (seconds === null) store.settings.delete(DEMO_EXPIRY);
      else store.settings.set(DEMO_EXPIRY, seconds);
    },
  };
}

export function buildConnections(
  ports: Pick<AppPorts, 'dataDir' | 'launcher' | 'secrets' | 'fetch' | 'isOnline' | 'logger' | 'confirm'>,
  store: Store,
): ConnectionsFeature {
  const demoExpiry = demoExpirySetting(store);
  const demo = new DemoSandbox(
    ports.launcher,
    join(ports.dataDir, 'demo-service-state.json'),
    registerSecret,
    undefined,
    () => {
      const seconds = demoExpiry.get();
      return seconds === null ? [] : ['--proposal-ttl', String(seconds)];
    },
  );
  const keys = new ConnectionKeys({
    keychain: ports.secrets,
    ledger: store.keychain,
    onSecret: registerSecret,
    onProblem: (problem) => ports.logger.warn(`The keychain refused: ${problem}`),
  });
  const clients: ServiceClients = new ServiceClients({
    repo: store.connections,
    activeId: (): string => connections.active().id,
    keys,
    demo,
    createClient: (endpoint, onOutcome) =>
      new ApiClient({
        baseUrl: endpoint.baseUrl,
        getApiKey: endpoint.getApiKey,
        scheduler: endpoint.scheduler,
        fetch: ports.fetch,
        onOutcome,
        onRefused: endpoint.onRefused,
      }),
    log: (message) => ports.logger.info(message),
  });
  const connections = new ConnectionService({
    repo: store.connections,
    removeConnection: (id) => store.removeConnection(id),
    transaction: store.transaction,
    offlineCopy: {
      kept: (id) => store.offlineCopies.states(id).some((s) => s.liveListing != null),
      drop: (id) => store.offlineCopies.forget(id),
      keep: (id, keep) => store.offlineCopies.setKeepCopy(id, keep),
      dropUnfinished: (id) => {
        for (const s of store.offlineCopies.states(id))
          if (s.stagingListing != null) store.offlineCopies.dropStaging(id, s.collection);
      },
    },
    confirm: ports.confirm,
    keys,
    demo,
    clients,
    demoExpiry,
    refusals: (connectionId) => store.permissions.all().filter((r) => r.connectionId === connectionId),
  });
  const connectivity = new ConnectivityMonitor({
    probe: answerProbe(() => clients.client().openapi()),
    computerOnline: ports.isOnline,
  });
  return {
    demo,
    connections,
    clients,
    connectivity,
    confirmMovedKeys: () =>
      confirmMovedKeys({
        repo: store.keychain,
        connection: (id) => store.connections.get(id),
        keys,
        confirm: ports.confirm,
      }),
  };
}
