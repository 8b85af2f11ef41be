// The one place where services react to each other: connectivity, connection switches and moves,
// the outbox, the contract and forgotten data. Each reaction is guarded, so one that fails is logged and never breaks the
// service that announced the change. Subscribed by start(), removed by stop().
import type { ConnectionService } from '../connections/connection-service';
import type { ConnectivityMonitor } from '../connectivity/connectivity-monitor';
import type { ContractService } from '../contract/contract-service';
import type { DraftService } from '../drafts/draft-service';
import type { HeldSubmissions } from '../drafts/held-submissions';
import type { Outbox } from '../drafts/outbox';
import type { LabelService } from '../labels/label-service';
import type { PortfolioService } from '../portfolio/portfolio-service';
import type { CopyRefresh } from '../offline-copy/copy-refresh';
import type { OfflineCopyService } from '../offline-copy/offline-copy-service';
import type { SuggestionsService } from '../suggestions/suggestions-service';
import type { AppPorts } from './app-ports';

export interface ReactingServices {
  connections: ConnectionService;
  connectivity: ConnectivityMonitor;
  contract: ContractService;
  outbox: Outbox;
  held: HeldSubmissions;
  drafts: DraftService;
  suggestions: SuggestionsService;
  offlineCopy: OfflineCopyService;
  labels: LabelService;
  copyRefresh: CopyRefresh;
  portfolio: PortfolioService;
}

/** What the reactions tell the world outside main: the window, the app icon's badge, the desktop. */
export type ReactionPorts = Pick<AppPorts, 'emit' | 'setBadge' | 'notify' | 'logger'>;

/**
 * Subscribes every reaction. The connection in use when this is called counts as just chosen (the
 * app's start), so it gets its first offline copy as a switch to it would.
 */
export function wireReactions(s: ReactingServices, ports: ReactionPorts): () => void {
  const { emit, logger } = ports;
  const guarded =
    <T>(what: string, reaction: (value: T) => void) =>
    (value: T) => {
      try {
        reaction(value);
      } catch (error) {
        logger.error(`A reaction to ${what} failed`, error);
      }
    };
  // A connection in use with no offline copy yet: Portfolio, Today and search need one, so it is made
  // in the background without asking, unless the user chose to keep no copy of that connection.
  const firstCopy = guarded('a connection in use', (id: string | null) => {
    if (id) s.offlineCopy.startFirstCopy(id);
  });
  const outboxChanged = (waiting: number) =>
    emit('outbox.changed', { waiting, online: s.connectivity.status().online });

  const unsubscribe = [
    // Every request's outcome tells the monitor whether the service can be reached.
    s.connections.outcomes.subscribe(guarded('a request outcome', (online) => s.connectivity.report(online))),

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
        outboxChanged(s.outbox.waiting());
      }),
    ),

    // Another connection: nothing cached for the previous one may be used for it.
    s.connections.switched.subscribe(
      guarded('a connection switch', (activeId) => {
        s.contract.forget();
        s.labels.forget();
        s.connectivity.reset();
        s.suggestions.connectionChanged();
        emit('connections.changed', { activeId });
      }),
    ),
    s.connections.switched.subscribe(firstCopy),

    // A connection's data forgotten (its offline copy, or the connection itself): so are the names read from it.
    s.offlineCopy.forgotten.subscribe(
      guarded('a forgotten offline copy', (id) => {
        s.labels.forget(id);
        s.copyRefresh.forget(id);
      }),
    ),
    s.connections.removed.subscribe(
      guarded('a removed connection', (id) => {
        s.labels.forget(id);
        s.copyRefresh.forget(id);
      }),
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
    s.copyRefresh.refreshed.subscribe(
      guarded('a refreshed offline copy', ({ connectionId, collections }) => {
        s.portfolio.clear();
        s.labels.forget(connectionId);
        emit('copy.refreshed', { connectionId, collections });
      }),
    ),

    // A connection moved to another server: its queued submissions are held (the outbox checks each
    // one's server), the drafts show it, and main asks whether they may go to the new server.
    s.connections.moved.subscribe(
      guarded('a move to another server', ({ connectionId }) => {
        // Names read from the old server do not describe the new one's records.
        s.labels.forget(connectionId);
        emit('drafts.changed', { draftId: null });
        s.held
          .offer(connectionId)
          .catch((error: unknown) => logger.error('Asking about held submissions failed', error));
      }),
    ),

    // A poll found changed statuses or a new pending count: the window and the app icon's badge follow,
    // and a person's decision on one of the user's batches is a desktop notification.
    s.suggestions.changed.subscribe(
      guarded('changed suggestions', (payload) => emit('suggestions.changed', payload)),
    ),
    s.suggestions.changed.subscribe(guarded('the pending count', ({ pending }) => ports.setBadge(pending))),
    s.suggestions.decided.subscribe(
      guarded('a desktop notification', ({ title, body }) => ports.notify(title, body)),
    ),

    s.outbox.settled.subscribe(
      guarded('a settled submission', ({ draftId, outcome }) => {
        emit('drafts.changed', { draftId });
        // A batch just recorded by the service: look at it soon instead of at the idle rhythm.
        if (outcome === 'sent') s.suggestions.nudge();
      }),
    ),
    s.outbox.waitingChanged.subscribe(guarded('the outbox count', outboxChanged)),

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
  ];
  firstCopy(s.connections.active().id);
  return () => unsubscribe.forEach((off) => off());
}
