// Builds every main-process service once, each after what it uses, from ports that are all required;
// then start() subscribes the reactions between them and begins the background work, and stop() ends
// it in reverse. src/main/index.ts calls this with Electron's ports; tests call it with their own.
// Building has no side effect beyond opening the database: nothing is sent, polled or written.
import { join } from 'node:path';
import type { AppError } from '../../shared/app-error';
import { ApiClient } from '../api/api-client';
import { connectionCurrency } from '../connections/connection-currency';
import { ConnectionService } from '../connections/connection-service';
import { DemoSandbox } from '../connections/demo-sandbox';
import { ConnectivityMonitor } from '../connectivity/connectivity-monitor';
import { ContractService } from '../contract/contract-service';
import { DraftService } from '../drafts/draft-service';
import { HeldSubmissions } from '../drafts/held-submissions';
import { Outbox } from '../drafts/outbox';
import { CsvExporter } from '../export/csv-export';
import { createHandlers } from '../handlers/create-handlers';
import { createErrorMapper } from '../handlers/map-error';
import type { HandlerTable } from '../ipc/dispatch';
import { LabelService } from '../labels/label-service';
import { withTargetLabels } from '../labels/target-labels';
import { registerSecret } from '../log/logger';
import type { Logger } from '../log/logger';
import { PortfolioService } from '../portfolio/portfolio-service';
import { CopyRefresh } from '../offline-copy/copy-refresh';
import { SearchService } from '../search/search-service';
import { openStore } from '../store/open-store';
import type { Store } from '../store/open-store';
import { createOfflineFallback, isUnreachable } from '../offline-copy/offline-fallback';
import { OfflineReader } from '../offline-copy/offline-reader';
import { OfflineCopyService } from '../offline-copy/offline-copy-service';
import { redraft } from '../suggestions/redraft';
import { ReviewOpener } from '../suggestions/review-opener';
import { SuggestionsService } from '../suggestions/suggestions-service';
import { todaySummary } from '../today/today-summary';
import type { AppPorts } from './app-ports';
import { wireReactions } from './reactions';

export interface AppServices {
  handlers: HandlerTable;
  mapError: (error: unknown) => AppError;
  connections: ConnectionService;
  connectivity: ConnectivityMonitor;
  contract: ContractService;
  drafts: DraftService;
  outbox: Outbox;
  suggestions: SuggestionsService;
  offlineCopy: OfflineCopyService;
  labels: LabelService;
  copyRefresh: CopyRefresh;
  portfolio: PortfolioService;
  store: Store;
  logger: Logger;
  /** Subscribes the reactions, opens on a usable connection, starts polling and resumes the outbox. */
  start(): void;
  /** Stops every background task, the demo service's process and the database, in that order. */
  stop(): Promise<void>;
}

export function createAppServices(ports: AppPorts): AppServices {
  const { logger, emit } = ports;
  const warn = (message: string, error?: unknown) => logger.warn(message, error);
  const store = openStore(join(ports.dataDir, 'propdesk.sqlite'));
  /** The currency a connection's amounts are in: the one chosen for it, else its region's. */
  const currencyOf = (id: string) => connectionCurrency(store.connections.get(id) ?? {}).currency;

  const demo = new DemoSandbox(
    ports.launcher,
    join(ports.dataDir, 'demo-service-state.json'),
    registerSecret,
  );
  const connections = new ConnectionService({
    repo: store.connections,
    secrets: ports.secrets,
    demo,
    createClient: (endpoint, onOutcome) =>
      new ApiClient({
        baseUrl: endpoint.baseUrl,
        getApiKey: endpoint.getApiKey,
        scheduler: endpoint.scheduler,
        fetch: ports.fetch,
        onOutcome,
      }),
    log: (message) => logger.info(message),
  });
  const activeId = () => connections.active().id;
  const connectivity = new ConnectivityMonitor({
    // While offline, any answer from the service (even a refusal) means it can be reached again.
    probe: () =>
      connections
        .client()
        .openapi()
        .then(
          () => true,
          (error: unknown) => !isUnreachable(error),
        ),
  });
  const contract = new ContractService(store.contracts);
  const reader = new OfflineReader(store.offlineCopies);
  const offline = createOfflineFallback({
    reader,
    activeId,
    client: () => connections.client(),
    isOnline: () => connectivity.status().online,
    offlineRead: () => connectivity.nudge(),
  });

  const currentAddress = (connectionId: string) => store.connections.get(connectionId)?.baseUrl;
  const outbox = new Outbox({
    repo: store.outbox,
    clientFor: (connectionId) => connections.clientFor(connectionId),
    currentAddress,
    isOnline: () => connectivity.status().online,
    log: warn,
  });
  const held = new HeldSubmissions({
    repo: store.outbox,
    currentAddress,
    activeId,
    confirm: ports.confirm,
    send: () => void outbox.kick(),
    onReleased: () => emit('drafts.changed', { draftId: null }),
  });
  const drafts = new DraftService({
    store,
    outbox,
    activeConnectionId: activeId,
    client: () => connections.client(),
    cachedContract: (connectionId) => contract.compiledCached(connectionId),
    fetchContract: async () =>
      contract.compile(await contract.get(activeId(), () => connections.client().openapi())),
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
    onChanged: (draftId) => emit('drafts.changed', { draftId }),
  });

  const suggestions = new SuggestionsService({
    repo: store.suggestions,
    connections,
    emit: (payload) => {
      emit('suggestions.changed', payload);
      ports.setBadge(payload.pending);
    },
    notify: ports.notify,
    warn,
  });
  const review = new ReviewOpener({
    repo: store.suggestions,
    active: () => connections.active(),
    apiBaseUrl: async (connection) =>
      connection.kind === 'demo' ? (await demo.endpoint()).baseUrl : connection.baseUrl,
    openApprovedLink: ports.openApprovedLink,
    confirm: ports.confirm,
  });

  const labels = new LabelService({
    // The stored contract; a connection used before its contract was read fetches it once.
    contract: async (id) => {
      const known = contract.compiledCached(id);
      if (known) return known;
      const answer = await contract.get(id, () => connections.clientFor(id).openapi()).catch(() => undefined);
      return answer ? contract.compile(answer) : undefined;
    },
    copy: reader,
    clientFor: (id) => connections.clientFor(id),
    currency: currencyOf,
    log: warn,
  });
  const exporter = new CsvExporter({
    chooseFile: ports.chooseSaveFile,
    onProgress: (progress) => emit('exports.progress', progress),
    labels: (connectionId, refs) => labels.resolve(connectionId, refs),
  });
  const offlineCopy = new OfflineCopyService({
    repo: store.offlineCopies,
    activeId,
    clientFor: (id) => connections.clientFor(id),
    onProgress: (status) => emit('offlineCopy.progress', status),
    log: warn,
    // The portfolio views read field names from the contract, so the copy stores it first.
    prepare: (id) => contract.get(id, () => connections.clientFor(id).openapi()),
  });
  const copyRefresh = new CopyRefresh({
    records: store.offlineCopyUpdates,
    clientFor: (id) => connections.clientFor(id),
    log: warn,
  });
  const search = new SearchService({
    offlineCopies: store.offlineCopies,
    activeId,
    client: () => connections.client(),
    labels: (connectionId, refs) => labels.resolve(connectionId, refs),
    liveTimeoutMs: 3_000,
    log: warn,
  });
  const portfolio = new PortfolioService({
    repo: store.offlineCopies,
    activeId,
    contract: (connectionId) => contract.compiledCached(connectionId),
    chooseFile: ports.chooseSaveFile,
    print: ports.printWindowToPdf,
    locale: () => Intl.DateTimeFormat().resolvedOptions().locale,
    currency: currencyOf,
  });

  const notices = store.recovered
    ? [
        {
          id: 'database-recovered',
          message: `PropDesk could not read its database, so it moved it aside to ${store.recovered.movedTo} and started a fresh one. Add your connections again; the old file is kept for support.`,
        },
      ]
    : [];
  const handlers = createHandlers({
    appInfo: () => ({ ...ports.appInfo(), notices }),
    connections,
    contract,
    connectivity,
    exporter,
    drafts,
    held,
    suggestions: {
      suggestions,
      review,
      redraft: (batchId, proposalIds) =>
        redraft(store.suggestions, store.drafts, activeId(), batchId, proposalIds),
      draftDetail: (id) => drafts.detail(id),
      labelTargets: (state) => withTargetLabels(state, (refs) => labels.resolve(activeId(), refs), warn),
    },
    offline,
    offlineCopy: {
      offlineCopy,
      portfolio,
      search,
      today: () =>
        todaySummary({
          portfolio,
          suggestions: () => suggestions.state(),
          connection: () => connections.active(),
        }),
    },
    labels,
    logger,
  });

  const services = {
    connections,
    connectivity,
    contract,
    outbox,
    held,
    drafts,
    suggestions,
    offlineCopy,
    labels,
    copyRefresh,
    portfolio,
  };
  let unwire: (() => void) | undefined;
  return {
    handlers,
    mapError: createErrorMapper((message, error) => logger.error(message, error)),
    ...services,
    store,
    logger,
    start() {
      if (unwire) return;
      if (store.recovered) {
        logger.warn(
          `The database could not be read and was moved aside to ${store.recovered.movedTo}: ${store.recovered.reason}`,
        );
      }
      // A connection is in use before the reactions start, so the first of them can act on it.
      connections.prepare();
      unwire = wireReactions(services, emit, logger);
      connections.prewarm();
      suggestions.start();
      // Submissions left open by the last run (a crash, a quit while offline) resume with their own key.
      void outbox.kick();
    },
    async stop() {
      unwire?.();
      exporter.cancelAll();
      labels.forget();
      await offlineCopy.stop();
      await suggestions.stop();
      await outbox.stop();
      connectivity.stop();
      await connections.stop();
      store.close();
    },
  };
}
