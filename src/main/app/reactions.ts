// The one place where services react to each other, and where main tells the world outside it (the
// window, the app icon's badge, desktop notifications) what a service announced. Services only
// announce, through their Signals; every effect of one on another is subscribed here, grouped by the
// feature that announces it. Each reaction is guarded, so one that fails is logged and never breaks
// the service that announced the change. Subscribed by start(), removed by stop().
import { servicePace } from '../api/scheduler/scheduler-status';
import type { ConnectionService } from '../connections/connection-service';
import type { ServiceClients } from '../connections/service-clients';
import type { ConnectivityMonitor } from '../connectivity/connectivity-monitor';
import type { ContractService } from '../contract/contract-service';
import type { DraftService } from '../drafts/draft-service';
import type { HeldSubmissions } from '../drafts/held-submissions';
import type { Outbox } from '../drafts/outbox';
import type { CreatedRecords } from '../drafts/parts/created-records';
import type { CsvExporter } from '../export/csv-export';
import type { LabelService } from '../labels/label-service';
import type { TenantPlaces } from '../labels/tenant-places';
import type { PortfolioService } from '../portfolio/portfolio-service';
import type { CopyRefresh } from '../offline-copy/copy-refresh';
import type { OfflineCopyService } from '../offline-copy/offline-copy-service';
import type { CopyFirstReader } from '../offline-copy/copy-first-reader';
import type { SinceService } from '../since/since-service';
import type { SuggestionsService } from '../suggestions/suggestions-service';
import type { TodayServiceReadings } from '../today/service-readings';
import { isCollection } from '../../shared/service';
import type { AppPorts } from './app-ports';

export interface ReactingServices {
  connections: ConnectionService;
  clients: ServiceClients;
  connectivity: ConnectivityMonitor;
  contract: ContractService;
  offline: CopyFirstReader;
  offlineCopy: OfflineCopyService;
  copyRefresh: CopyRefresh;
  labels: LabelService;
  tenantPlaces: TenantPlaces;
  portfolio: PortfolioService;
  todayService: TodayServiceReadings;
  exporter: CsvExporter;
  outbox: Outbox;
  held: HeldSubmissions;
  drafts: DraftService;
  createdRecords: CreatedRecords;
  suggestions: SuggestionsService;
  since: SinceService;
  /** Scrubs the database file of what was just deleted, when there is room (Store.scrub). */
  scrub: () => unknown;
}

/** What the reactions tell the world outside main: the window, the app icon's badge, the desktop. */
export type ReactionPorts = Pick<AppPorts, 'emit' | 'setBadge' | 'notify' | 'logger'>;

type Guard = <T>(what: string, reaction: (value: T) => void) => (value: T) => void;
type Unsubscribe = () => void;

/**
 * Subscribes every reaction. The connection in use when this is called counts as just chosen (the
 * app's start), so it gets its first offline copy as a switch to it would.
 */
export function wireReactions(s: ReactingServices, ports: ReactionPorts): () => void {
  const guarded: Guard = (what, reaction) => (value) => {
    try {
      reaction(value);
    } catch (error) {
      ports.logger.error(`A reaction to ${what} failed`, error);
    }
  };
  const unsubscribe = [
    ...connectionReactions(s, ports, guarded),
    ...readingReactions(s, ports, guarded),
    ...draftingReactions(s, ports, guarded),
    ...suggestionsReactions(s, ports, guarded),
    ...sinceReactions(s, ports, guarded),
  ];
  firstCopy(s, guarded)(s.connections.active().id);
  return () => unsubscribe.forEach((off) => off());
}

/**
 * A connection in use with no offline copy yet: Portfolio, Today and search need one, so it is made
 * in the background without asking, unless the user chose to keep no copy of that connection.
 */
function firstCopy(s: ReactingServices, guarded: Guard) {
  return guarded('a connection in use', (id: string | null) => {
    if (id) s.offlineCopy.startFirstCopy(id);
  });
}

/**
 * A connection's data is gone (its offline copy forgotten or not kept, the connection removed, or the
 * copy dropped by a move to another server; the copy's rows all go through the offline copy
 * repository's one `forget`): so is what was read from it, the names, the records waiting to be read
 * into the copy, the parsed copies of the views.
 */
function forgetWhatWasRead(s: ReactingServices, connectionId: string): void {
  s.labels.forget(connectionId);
  s.tenantPlaces.forget(connectionId);
  s.copyRefresh.forget(connectionId);
  s.todayService.forget(connectionId);
  s.portfolio.clear();
  // Forgetting means gone: no byte of it stays in the file either (on a full disk, at a later start).
  s.scrub();
}

/** Resumes an update of the copy held back by the service, unless a collection is still held. */
function copyAfterHold(s: ReactingServices) {
  return (connectionId: string) => {
    const holds = s.clients.paceOf(connectionId)?.holds ?? [];
    if (holds.some((h) => h.kind.method === 'GET' && isCollection(h.kind.collection))) return;
    s.offlineCopy.resumeAfterHold(connectionId);
  };
}

/** The submissions waiting, and whether they can go now, for the status bar. */
function outboxChanged(s: ReactingServices, { emit }: ReactionPorts) {
  return (waiting: number) => emit('outbox.changed', { waiting, online: s.connectivity.status().online });
}

/** What the connections and the connectivity monitor announce. */
function connectionReactions(s: ReactingServices, ports: ReactionPorts, guarded: Guard): Unsubscribe[] {
  const { emit, logger } = ports;
  return [
    // Every request's outcome tells the monitor whether the service can be reached.
    s.clients.outcomes.subscribe(guarded('a request outcome', (online) => s.connectivity.report(online))),

    // Online again: submissions waiting for the connection go out, the suggestions service resumes polling.
    s.connectivity.changed.subscribe(
      guarded('a connectivity change', (state) => {
        emit('connectivity.changed', state);
        s.suggestions.setOnline(state.online);
        if (state.online) void s.outbox.kick();
        // Records an approval touched while the service was out of reach are read into the copy now.
        if (state.online)
          s.copyRefresh
            .retry()
            .catch((error: unknown) => logger.error('Refreshing the offline copy failed', error));
        outboxChanged(s, ports)(s.outbox.waiting());
      }),
    ),

    // Another connection: nothing cached for the previous one may be used for it.
    s.connections.switched.subscribe(
      guarded('a connection switch', (activeId) => {
        s.contract.forget();
        s.labels.forget();
        // Today's answers from the service were read for the connection left behind.
        s.todayService.forget();
        s.connectivity.reset();
        s.suggestions.connectionChanged();
        emit('connections.changed', { activeId });
      }),
    ),
    s.connections.switched.subscribe(firstCopy(s, guarded)),

    // A new key: what the old one was refused is no longer said before drafting.
    s.connections.keyChanged.subscribe(
      guarded('a changed key', (connectionId) => {
        if (s.drafts.forgetRefusals(connectionId)) emit('drafts.changed', { draftId: null });
      }),
    ),

    // The service slowed the active connection down, or lets it go again: the status bar says so.
    s.clients.pace.subscribe(
      guarded('a change of pace', ({ connectionId, status }) => {
        if (connectionId === s.connections.active().id)
          emit('connectivity.pace', servicePace(connectionId, status));
      }),
    ),

    // A connection moved to another server: its queued submissions are held (the outbox checks each
    // one's server), the drafts show it, and main asks whether they may go to the new server.
    s.connections.moved.subscribe(
      guarded('a move to another server', ({ connectionId, copyDropped }) => {
        // Names read from the old server do not describe the new one's records.
        s.labels.forget(connectionId);
        s.tenantPlaces.forget(connectionId);
        if (copyDropped) {
          // What was read from the old server's copy goes with it, as any forgotten copy's does; the
          // copy is made again from the new server once the update stopped by the move has ended.
          forgetWhatWasRead(s, connectionId);
          void s.offlineCopy.whenIdle(connectionId).then(() => s.offlineCopy.startFirstCopy(connectionId));
        }
        emit('drafts.changed', { draftId: null });
        s.held
          .offer(connectionId)
          .catch((error: unknown) => logger.error('Asking about held submissions failed', error));
      }),
    ),
  ];
}

/** What the reading side announces: the offline copy, reads answered from it, the contract, exports. */
function readingReactions(
  s: ReactingServices,
  { emit, logger }: ReactionPorts,
  guarded: Guard,
): Unsubscribe[] {
  const dataGone = guarded('forgotten data', (id: string) => forgetWhatWasRead(s, id));
  return [
    s.offlineCopy.forgotten.subscribe(dataGone),
    s.connections.removed.subscribe(dataGone),
    s.offlineCopy.progress.subscribe(
      guarded('offline copy progress', (status) => emit('offlineCopy.progress', status)),
    ),
    // A Today figure was answered by the service (or it refused): Today and its views count again.
    s.todayService.changed.subscribe(
      guarded('a Today figure from the service', (changed) => emit('today.changed', changed)),
    ),
    // An update stopped on a long wait the service asked for resumes once no collection is held:
    // when the hold ends (or is lifted), or at once when it ended while the rest was still read.
    s.offlineCopy.progress.subscribe(
      guarded('an update held back', (status) => {
        if (status.state === 'failed') queueMicrotask(() => copyAfterHold(s)(status.connectionId));
      }),
    ),
    s.clients.pace.subscribe(guarded('a hold ended', ({ connectionId }) => copyAfterHold(s)(connectionId))),
    // A read answered from the copy while offline: the service may be back, so check now rather than
    // at the next probe, and the next read can be live.
    s.offline.answeredOffline.subscribe(guarded('a read from the copy', () => s.connectivity.nudge())),
    // A screen shown from a complete copy first: what it shows is read again from the service in the
    // background, and a change written into the copy reaches the window as copy.refreshed.
    s.offline.answeredFromCopy.subscribe(
      guarded('a read from the copy first', (shown) => {
        s.copyRefresh
          .refreshShown(shown)
          .catch((error: unknown) => logger.error('Checking a screen against the service failed', error));
      }),
    ),
    // A collection seen whole: names in it may be listed rather than read one by one.
    s.offline.listedWhole.subscribe(
      guarded('a collection seen whole', ({ connectionId, collection, count }) =>
        s.labels.learnSize(connectionId, collection, count),
      ),
    ),
    // A collection listed again landed changes in place: the same as records refreshed one by one.
    s.offlineCopy.landed.subscribe(
      guarded('a collection listed again', ({ connectionId, collection }) =>
        s.copyRefresh.refreshed.emit({ connectionId, collections: [collection] }),
      ),
    ),
    s.copyRefresh.checked.subscribe(
      guarded('a screen checked with the service', (checked) => emit('copy.checked', checked)),
    ),
    s.copyRefresh.refreshed.subscribe(
      guarded('a refreshed offline copy', ({ connectionId, collections }) => {
        s.portfolio.clear();
        s.labels.forget(connectionId);
        emit('copy.refreshed', { connectionId, collections });
      }),
    ),

    // A new contract may make drafts that passed yesterday fail today: say which.
    s.contract.changed.subscribe(
      guarded('a contract change', ({ connectionId, previous, next }) => {
        const invalidDrafts = s.drafts.invalidatedBy(
          connectionId,
          s.contract.compile(previous),
          s.contract.compile(next),
        );
        emit('contract.changed', { connectionId, invalidDrafts });
        if (invalidDrafts.length) emit('drafts.changed', { draftId: null });
      }),
    ),

    s.exporter.progress.subscribe(
      guarded('export progress', (progress) => emit('exports.progress', progress)),
    ),
  ];
}

/** What drafts, held submissions and the outbox announce. */
function draftingReactions(s: ReactingServices, ports: ReactionPorts, guarded: Guard): Unsubscribe[] {
  const { emit } = ports;
  return [
    s.drafts.changed.subscribe(guarded('a changed draft', (draftId) => emit('drafts.changed', { draftId }))),
    // A submission queued, or released from hold for the connection's new server: the outbox sends it.
    s.drafts.queued.subscribe(guarded('a queued submission', () => void s.outbox.kick())),
    s.held.released.subscribe(
      guarded('released submissions', () => {
        emit('drafts.changed', { draftId: null });
        void s.outbox.kick();
      }),
    ),
    // A submission withdrawn before it went: the status bar counts one fewer.
    s.drafts.withdrawn.subscribe(guarded('a withdrawn submission', () => s.outbox.announce())),

    s.outbox.settled.subscribe(
      guarded('a settled submission', ({ draftId, outcome }) => {
        emit('drafts.changed', { draftId });
        if (outcome !== 'sent') return;
        // A batch just recorded by the service: look at it soon instead of at the idle rhythm. A part
        // of it may have gone on as a draft of its own, to be listed and, if its record is known, filled.
        s.suggestions.nudge();
        emit('drafts.changed', { draftId: null });
        void s.createdRecords.settle();
      }),
    ),
    // The created records later parts wait for were found (or will not come): those drafts show it.
    s.createdRecords.changed.subscribe(
      guarded('a filled-in part', (draftId) => emit('drafts.changed', { draftId })),
    ),
    // Records PropDesk's applied creates made were found (or not yet): the tracker names them, and
    // those found are read into the offline copy, so they appear in their lists.
    s.createdRecords.settled.subscribe(
      guarded('a found created record', (settled) => {
        s.suggestions
          .createdSettled(settled)
          .catch((error: unknown) => ports.logger.error('Naming a created record failed', error));
      }),
    ),
    s.outbox.waitingChanged.subscribe(guarded('the outbox count', outboxChanged(s, ports))),
  ];
}

/** What a poll of the suggestions announces. */
function suggestionsReactions(s: ReactingServices, ports: ReactionPorts, guarded: Guard): Unsubscribe[] {
  const { emit, logger } = ports;
  return [
    // Changed statuses or a new pending count: the window and the app icon's badge follow.
    s.suggestions.changed.subscribe(
      guarded('changed suggestions', (payload) => emit('suggestions.changed', payload)),
    ),
    // A decision on a created record later parts of a draft wait for: find it and fill them in.
    s.suggestions.changed.subscribe(
      guarded('a decided record', ({ changes }) => {
        if (changes.some((c) => c.status !== 'proposed')) void s.createdRecords.settle();
      }),
    ),
    s.suggestions.changed.subscribe(guarded('the pending count', ({ pending }) => ports.setBadge(pending))),
    // A person decided on suggestions of one of the user's batches: a desktop notification says so.
    s.suggestions.decided.subscribe(
      guarded('a desktop notification', ({ title, body }) => ports.notify(title, body)),
    ),

    // A suggestion approved: the records it changed are read again into the offline copy, so the
    // screens that read the copy show the new values without a full update.
    s.suggestions.applied.subscribe(
      guarded('an applied suggestion', ({ connectionId, records }) => {
        s.copyRefresh
          .refresh(connectionId, records)
          .catch((error: unknown) => logger.error('Refreshing the offline copy failed', error));
      }),
    ),
  ];
}

/** What "since you last looked" hears of and tells: a first mark, new urgent maintenance, a moved mark. */
function sinceReactions(s: ReactingServices, { emit, notify }: ReactionPorts, guarded: Guard): Unsubscribe[] {
  return [
    // An update that ended whole gives a connection without a mark its first one: nothing to tell yet.
    s.offlineCopy.progress.subscribe(
      guarded('a finished update', (status) => {
        if (status.state === 'done') s.since.copyComplete(status.connectionId);
      }),
    ),
    // Maintenance listed again: urgent requests newly open are told of once, as a desktop notification.
    s.offlineCopy.landed.subscribe(
      guarded('landed maintenance', ({ connectionId, collection }) => {
        if (collection === 'maintenance_requests') s.since.maintenanceLanded(connectionId);
      }),
    ),
    s.copyRefresh.refreshed.subscribe(
      guarded('refreshed maintenance', ({ connectionId, collections }) => {
        if (collections.includes('maintenance_requests')) s.since.maintenanceLanded(connectionId);
      }),
    ),
    s.since.urgent.subscribe(guarded('urgent maintenance', ({ title, body }) => notify(title, body))),
    s.since.changed.subscribe(
      guarded('a moved mark', ({ connectionId }) => emit('since.changed', { connectionId })),
    ),
  ];
}
