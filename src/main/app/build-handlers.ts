// The handler of every IPC channel, over the features: the last to be built, since it reaches them all.
// What only the window asks for is put together here: the app's notices, re-drafting, suggestion
// targets' names and Today's summary.
import { createHandlers } from '../handlers/create-handlers';
import type { HandlerTable } from '../ipc/dispatch';
import { withTargetLabels } from '../labels/target-labels';
import type { Store } from '../store/open-store';
import { recoveryNotice } from '../store/recovery-notice';
import { SCRUB_DEFERRED } from '../store/scrub';
import { redraft } from '../suggestions/redraft';
import { readCurrent } from '../drafts/current-records';
import { todaySummary } from '../today/today-summary';
import type { AppPorts } from './app-ports';
import type { ConnectionsFeature } from './build-connections';
import type { DraftingFeature } from './build-drafting';
import type { ReadingFeature } from './build-reading';
import type { SuggestionsFeature } from './build-suggestions';

export type Features = ConnectionsFeature & ReadingFeature & DraftingFeature & SuggestionsFeature;

export function buildHandlers(
  ports: Pick<AppPorts, 'appInfo' | 'logger'>,
  store: Store,
  f: Features,
): HandlerTable {
  const { logger } = ports;
  const activeId = () => f.connections.active().id;
  const recovered = store.recovered
    ? [{ id: 'database-recovered', message: recoveryNotice(store.recovered) }]
    : [];
  const notices = () => [
    ...recovered,
    ...(store.scrubDeferred() ? [{ id: 'scrub-deferred', message: SCRUB_DEFERRED }] : []),
  ];
  return createHandlers({
    appInfo: () => ({ ...ports.appInfo(), notices: notices() }),
    connections: f.connections,
    clients: f.clients,
    contract: f.contract,
    connectivity: f.connectivity,
    exporter: f.exporter,
    listPdf: f.listPdf,
    savedFiles: f.savedFiles,
    balance: f.balance,
    drafts: f.drafts,
    outbox: f.outbox,
    held: f.held,
    createdRecords: f.createdRecords,
    refusals: () => store.permissions.all(),
    suggestions: {
      suggestions: f.suggestions,
      review: f.review,
      redraft: (batchId, proposalIds) =>
        redraft(
          store.suggestions,
          store.drafts,
          activeId(),
          batchId,
          (targets) => readCurrent(f.clients.client(), targets),
          proposalIds,
        ),
      draftDetail: (id) => f.drafts.detail(id),
      chooseCreated: (proposalId, recordId) => f.createdRecords.chooseFor(activeId(), proposalId, recordId),
      labelTargets: (state) =>
        withTargetLabels(
          state,
          (refs) => f.labels.resolve(activeId(), refs),
          (message, error) => logger.warn(message, error),
        ),
    },
    offline: f.offline,
    sums: f.sums,
    places: f.places,
    offlineCopy: {
      offlineCopy: f.offlineCopy,
      copySchedule: f.copySchedule,
      portfolio: f.portfolio,
      search: f.search,
      scrubDeferred: () => store.scrubDeferred(),
      today: () =>
        todaySummary({
          portfolio: f.portfolio,
          service: f.todayService,
          suggestions: () => f.suggestions.state(),
          connection: () => f.connections.active(),
          copyKept: (id) => store.offlineCopies.keepCopy(id),
          log: (message) => logger.warn(message),
        }),
    },
    since: f.since,
    labels: f.labels,
    tenantPlaces: f.tenantPlaces,
    logger,
  });
}
