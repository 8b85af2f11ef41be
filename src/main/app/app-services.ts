// Builds every main-process service once, feature by feature in dependency order, from ports that are
// all required; then start() subscribes the reactions between them (reactions.ts) and begins the
// background work, and stop() ends it in reverse. src/main/index.ts calls this with Electron's ports;
// tests call it with their own. Building has no side effect beyond opening the database: nothing is
// sent, polled or written.
import { join } from 'node:path';
import type { AppError } from '../../shared/app-error';
import type { ConnectionService } from '../connections/connection-service';
import type { ServiceClients } from '../connections/service-clients';
import type { ConnectivityMonitor } from '../connectivity/connectivity-monitor';
import type { ContractService } from '../contract/contract-service';
import type { DraftService } from '../drafts/draft-service';
import type { Outbox } from '../drafts/outbox';
import type { CreatedRecords } from '../drafts/parts/created-records';
import { createErrorMapper } from '../handlers/map-error';
import type { HandlerTable } from '../ipc/dispatch';
import type { LabelService } from '../labels/label-service';
import type { Logger } from '../log/logger';
import type { CopyRefresh } from '../offline-copy/copy-refresh';
import type { OfflineCopyService } from '../offline-copy/offline-copy-service';
import type { PortfolioService } from '../portfolio/portfolio-service';
import { DamagedStoreError, RECOVERY_ATTEMPTS, openStore, recoverStore } from '../store/open-store';
import { recoveryNotice } from '../store/recovery-notice';
import type { Store } from '../store/open-store';
import type { SinceService } from '../since/since-service';
import type { SuggestionsService } from '../suggestions/suggestions-service';
import type { AppPorts } from './app-ports';
import { buildConnections } from './build-connections';
import { buildDrafting } from './build-drafting';
import { buildHandlers } from './build-handlers';
import { buildReading } from './build-reading';
import { buildSuggestions } from './build-suggestions';
import { wireReactions } from './reactions';

export interface AppServices {
  handlers: HandlerTable;
  mapError: (error: unknown) => AppError;
  connections: ConnectionService;
  /** Each connection's API client and request scheduler. */
  clients: ServiceClients;
  connectivity: ConnectivityMonitor;
  contract: ContractService;
  drafts: DraftService;
  outbox: Outbox;
  /** Later parts of drafts sent in parts: the created records their links wait for, found and filled in. */
  createdRecords: CreatedRecords;
  suggestions: SuggestionsService;
  /** "Since you last looked": what changed at the service since the landlord's mark. */
  since: SinceService;
  offlineCopy: OfflineCopyService;
  labels: LabelService;
  copyRefresh: CopyRefresh;
  portfolio: PortfolioService;
  store: Store;
  logger: Logger;
  /** Subscribes the reactions, opens on a usable connection, starts polling and resumes the outbox. */
  start(): void;
  /**
   * Stops every background task and every request at once, then the demo service's process and the
   * database, within STOP_DEADLINE_MS whatever a service does.
   */
  stop(): Promise<void>;
  /** The first window is on screen: what waited for it (the scrub of deleted data) starts. */
  windowShown(): void;
}

/** The quit never waits longer than this for the services and the demo service to end. */
export const STOP_DEADLINE_MS = 1_500;
/**
 * …nor longer than this for a scrub under way: one stopped is done again after the next start's
 * window, and the deleted data stays deleted meanwhile.
 */
const SCRUB_DEADLINE_MS = 1_500;

/** Whether `work` ended within `ms`; it is left to end by itself after that. */
async function withinDeadline(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([work.then(() => true), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The database's file in the data folder. */
export function databaseFile(dataDir: string): string {
  return join(dataDir, 'propdesk.sqlite');
}

/**
 * Builds the services as the app starts them: a damaged database is recovered first (its salvage in a
 * process of its own, bounded in time), then every service is built over the recovered file.
 */
export async function openAppServices(ports: AppPorts): Promise<AppServices> {
  for (let attempt = 1; ; attempt++) {
    try {
      return createAppServices(ports);
    } catch (error) {
      if (!(error instanceof DamagedStoreError) || attempt > RECOVERY_ATTEMPTS) throw error;
      await recoverStore(error.file, error, { salvage: ports.salvage, freeSpace: ports.freeSpace });
    }
  }
}

/** Builds every service over a database that opens as it is (DamagedStoreError when it does not). */
export function createAppServices(ports: AppPorts): AppServices {
  const { logger } = ports;
  const store = openStore(databaseFile(ports.dataDir), { freeSpace: ports.freeSpace });
  const connecting = buildConnections(ports, store);
  const reading = buildReading(ports, store, connecting);
  const drafting = buildDrafting(ports, store, connecting, reading);
  const tracking = buildSuggestions(ports, store, connecting, reading);
  const features = { ...connecting, ...reading, ...drafting, ...tracking };
  const handlers = buildHandlers(ports, store, features);

  const { connections, connectivity, offlineCopy, copySchedule, labels, exporter, outbox, suggestions } =
    features;
  let unwire: (() => void) | undefined;
  return {
    handlers,
    mapError: createErrorMapper((message, error) => logger.error(message, error)),
    ...features,
    store,
    logger,
    start() {
      if (unwire) return;
      if (store.recovered) {
        logger.warn(`The database was damaged: ${recoveryNotice(store.recovered)}`, {
          detail: store.recovered.detail,
        });
      }
      // A connection is in use before the reactions start, so the first of them can act on it.
      connections.ensureActive();
      unwire = wireReactions({ ...features, scrub: () => store.scrub(ports.scrub) }, ports);
      connections.prewarm();
      void features
        .confirmMovedKeys()
        .catch((error: unknown) => logger.warn('Asking about keys an earlier PropDesk kept failed', error));
      suggestions.start();
      // A copy older than the landlord's chosen interval is brought up to date in the background.
      copySchedule.start();
      // Submissions left open by the last run (a crash, a quit while offline) resume with their own key.
      void outbox.kick();
      // Created records later parts wait for that were decided on before the last run ended.
      void features.createdRecords.settle();
    },
    async stop() {
      unwire?.();
      copySchedule.stop();
      exporter.cancelAll();
      labels.forget();
      features.todayService.forget();
      features.createdRecords.stop();
      connectivity.stop();
      // Each service knows it is stopping before its requests end, so what is cut short is recorded
      // as a stop (a submission in flight as one that may have arrived), never as a failure.
      const stopped = Promise.all([offlineCopy.stop(), suggestions.stop(), outbox.stop()]);
      // Then every request ends at once, queued, held or in flight: no wait the service asked for
      // keeps the quit waiting. The demo service stops meanwhile.
      features.clients.abortAll();
      const ended = await withinDeadline(
        Promise.all([stopped, connections.stop()]).catch((error: unknown) =>
          logger.error('A service did not stop cleanly', error),
        ),
        STOP_DEADLINE_MS,
      );
      if (!ended) logger.warn(`Stopping took longer than ${STOP_DEADLINE_MS} ms; PropDesk quits anyway.`);
      await store.closeScrubbed(SCRUB_DEADLINE_MS);
    },
    windowShown() {
      // What was deleted and not yet scrubbed is scrubbed now, off main's thread.
      store.scrub(ports.scrub);
    },
  };
}
