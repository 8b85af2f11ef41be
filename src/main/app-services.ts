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
import { DraftService } from './drafts/draft-service';
import { Outbox } from './drafts/outbox';
import type { OutboxCheckpoints } from './drafts/outbox';
import type { HandlerTable } from './ipc/dispatch';
import type { ReviewLinkDecision } from './review/review-link';
import { redraft } from './tracker/redraft';
import { ReviewOpener } from './tracker/review-opener';
import { TrackerService } from './tracker/tracker-service';
import { createLogger, registerSecret } from './log/logger';
import type { Logger } from './log/logger';
import { openStore } from './store/open-store';
import { createOfflineServices } from './sync/offline-services';
import type { SyncService } from './sync/sync-service';
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
  /** Desktop notifications (Electron's Notification); none when absent. */
  notify?: (title: string, body: string) => void;
  /** Opens an approved review link in the browser (Electron's shell); nothing when absent. */
  openApprovedLink?: (decision: Extract<ReviewLinkDecision, { kind: 'open' }>) => Promise<void>;
  /** The app icon's badge (dock, taskbar): the number of suggestions waiting for review. */
  setBadge?: (count: number) => void;
  /** Fault-injection points for crash tests; never set by the app. */
  outboxCheckpoints?: OutboxCheckpoints;
}

export interface AppServices {
  handlers: HandlerTable;
  mapError: (error: unknown) => AppError;
  connections: ConnectionService;
  connectivity: ConnectivityMonitor;
  contract: ContractService;
  drafts: DraftService;
  outbox: Outbox;
  tracker: TrackerService;
  sync: SyncService;
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
    onChange: (state) => {
      options.emit('connectivity.changed', state);
      tracker.setOnline(state.online);
      // Submissions waiting for the connection go out as soon as it returns.
      if (state.online) void outbox.kick();
      options.emit('outbox.changed', { waiting: outbox.waiting(), online: state.online });
    },
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
  const contract = new ContractService(store.contracts, undefined, (connectionId, previous, next) => {
    const invalidDrafts = drafts.invalidatedBy(
      connectionId,
      contract.compile(previous),
      contract.compile(next),
    );
    options.emit('contract.changed', { connectionId, invalidDrafts });
    if (invalidDrafts.length) options.emit('drafts.changed', { draftId: null });
  });
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
      tracker.connectionChanged();
      options.emit('connections.changed', { activeId });
    },
  });

  const outbox: Outbox = new Outbox({
    repo: store.outbox,
    clientFor: (connectionId) => connections.clientFor(connectionId),
    isOnline: () => connectivity.status().online,
    onSettled: (draftId, outcome) => {
      options.emit('drafts.changed', { draftId });
      // A batch just recorded by the service: look at it soon instead of at the idle rhythm.
      if (outcome === 'sent') tracker.nudge();
    },
    onWaiting: (waiting) => options.emit('outbox.changed', { waiting, online: connectivity.status().online }),
    log: (message, error) => logger.warn(message, error),
    ...(options.outboxCheckpoints ? { checkpoints: options.outboxCheckpoints } : {}),
  });
  const drafts = new DraftService({
    store,
    outbox,
    activeConnectionId: () => connections.active().id,
    client: () => connections.client(),
    cachedContract: (connectionId) => contract.compiledCached(connectionId),
    fetchContract: async () =>
      contract.compile(await contract.get(connections.active().id, () => connections.client().openapi())),
    // The rent review reads like the browsers: from the offline copy when the service is out of reach.
    browse: () => ({
      list: (collection, query) =>
        offline.offline.list({
          collection,
          filters: query.filters ?? {},
          ...(query.cursor ? { cursor: query.cursor } : {}),
          ...(query.limit ? { limit: query.limit } : {}),
        }),
    }),
    onChanged: (draftId) => options.emit('drafts.changed', { draftId }),
  });
  const trackerRepo = store.tracker;
  const tracker: TrackerService = new TrackerService({
    repo: trackerRepo,
    connections,
    emit: (payload) => {
      options.emit('tracker.changed', payload);
      options.setBadge?.(payload.pending);
    },
    notify: options.notify ?? (() => undefined),
    warn: (message, detail) => logger.warn(message, detail),
  });
  const review = new ReviewOpener({
    repo: trackerRepo,
    active: () => connections.active(),
    apiBaseUrl: async (connection) =>
      connection.kind === 'demo' ? (await demo.endpoint()).baseUrl : connection.baseUrl,
    openApprovedLink: options.openApprovedLink ?? (async () => undefined),
  });
  tracker.start();
  // Submissions left open by the last run (a crash, a quit while offline) resume with their own key.
  void outbox.kick();

  const exporter = new CsvExporter({
    chooseFile: options.chooseSaveFile ?? (async () => undefined),
    onProgress: (progress) => options.emit('exports.progress', progress),
  });

  const offline = createOfflineServices({
    store,
    connections,
    connectivity,
    contract,
    onProgress: (status) => options.emit('sync.progress', status),
    chooseFile: options.chooseSaveFile ?? (async () => undefined),
    log: (message, error) => logger.warn(message, error),
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
    drafts,
    tracker: {
      tracker,
      review,
      redraft: (batchId, proposalIds) =>
        redraft(trackerRepo, store.drafts, connections.active().id, batchId, proposalIds),
      draftDetail: (id) => drafts.detail(id),
    },
    offline: offline.offline,
    sync: { sync: offline.sync, portfolio: offline.portfolio },
    logger,
  });

  return {
    handlers,
    mapError,
    connections,
    connectivity,
    contract,
    drafts,
    outbox,
    tracker,
    sync: offline.sync,
    store,
    logger,
    async stop() {
      exporter.cancelAll();
      await offline.sync.stop();
      await tracker.stop();
      await outbox.stop();
      connectivity.stop();
      await connections.stop();
      store.close();
    },
  };
}
