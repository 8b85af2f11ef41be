// Wires the plain main-process services together: storage, keychain, API clients, the demo service,
// connectivity, contract cache, exports and the IPC handler table. The Electron entry and the browser
// test harness both build the app through this one function, so tests run the app's real wiring.
import { join } from 'node:path';
import type { AppError } from '../shared/app-error';
import type { EventName, EventPayload } from '../shared/ipc';
import { ApiClient } from './api/api-client';
import { ConnectionService } from './connections/connection-service';
import { DemoSandbox } from './connections/demo-sandbox';
import type { ProcessLauncher } from './connections/process-launcher';
import { ConnectivityMonitor } from './connectivity/connectivity-monitor';
import { ContractService } from './contract/contract-service';
import { CsvExporter } from './export/csv-export';
import { createErrorMapper } from './handlers/map-error';
import { createHandlers } from './handlers/create-handlers';
import type { HandlerTable } from './ipc/dispatch';
import { createLogger, registerSecret } from './log/logger';
import type { Logger } from './log/logger';
import { openStore } from './store/open-store';
import type { Store } from './store/open-store';
import type { SecretStore } from './secrets/secret-store';

export interface AppServicesOptions {
  dataDir: string;
  fetch: typeof fetch;
  secrets: SecretStore;
  launcher: ProcessLauncher;
  emit: <E extends EventName>(event: E, payload: EventPayload<E>) => void;
  appInfo: () => { name: string; version: string; platform: string; dataDir?: string };
  chooseSaveFile?: (suggestedName: string) => Promise<string | undefined>;
  logger?: Logger;
}

export interface AppServices {
  handlers: HandlerTable;
  mapError: (error: unknown) => AppError;
  connections: ConnectionService;
  connectivity: ConnectivityMonitor;
  contract: ContractService;
  store: Store;
  logger: Logger;
  stop(): Promise<void>;
}

export function createAppServices(options: AppServicesOptions): AppServices {
  const logger = options.logger ?? createLogger({ file: join(options.dataDir, 'logs', 'main.log') });
  const store = openStore(join(options.dataDir, 'propdesk.sqlite'));
  if (store.recovered) {
    logger.warn(
      `The database could not be read and was moved aside to ${store.recovered.movedTo}: ${store.recovered.reason}`,
    );
  }

  const connectivity = new ConnectivityMonitor({
    onChange: (state) => options.emit('connectivity.changed', state),
    probe: async () => {
      try {
        await connections.client().openapi();
        return true;
      } catch (error) {
        return (
          (error as { code?: string }).code !== 'network' && (error as { code?: string }).code !== 'timeout'
        );
      }
    },
  });
  const contract = new ContractService(store.contracts);
  const demo = new DemoSandbox(
    options.launcher,
    join(options.dataDir, 'demo-service-state.json'),
    registerSecret,
  );

  // The probe above runs only after this is assigned (it fires while offline, long after start-up).
  const connections: ConnectionService = new ConnectionService({
    repo: store.connections,
    secrets: options.secrets,
    demo,
    createClient: (endpoint, onOutcome) =>
      new ApiClient({
        baseUrl: endpoint.baseUrl,
        getApiKey: endpoint.getApiKey,
        fetch: options.fetch,
        onOutcome,
      }),
    onOutcome: (online) => connectivity.report(online),
    onSwitch: (activeId) => {
      contract.forget();
      connectivity.reset();
      options.emit('connections.changed', { activeId });
    },
  });

  const exporter = new CsvExporter({
    chooseFile: options.chooseSaveFile ?? (async () => undefined),
    onProgress: (progress) => options.emit('exports.progress', progress),
  });

  const notices = store.recovered
    ? [
        {
          id: 'database-recovered',
          message: `PropDesk could not read its database, so it moved it aside to ${store.recovered.movedTo} and started a fresh one. Add your connections again; the old file is kept for support.`,
        },
      ]
    : [];
  const appInfo = () => ({ ...options.appInfo(), notices });
  const mapError = createErrorMapper((message, error) => logger.error(message, error));
  const handlers = createHandlers({
    appInfo,
    connections,
    contract,
    connectivity,
    exporter,
  });

  return {
    handlers,
    mapError,
    connections,
    connectivity,
    contract,
    store,
    logger,
    async stop() {
      exporter.cancelAll();
      connectivity.stop();
      await connections.stop();
      store.close();
    },
  };
}
