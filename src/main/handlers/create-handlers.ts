// The handler for every channel of the IPC contract, over the plain main-process services.
import { servicePace } from '../api/scheduler/scheduler-status';
import type { HandlerTable } from '../ipc/dispatch';
import type { ConnectionService } from '../connections/connection-service';
import type { ServiceClients } from '../connections/service-clients';
import type { ConnectivityMonitor } from '../connectivity/connectivity-monitor';
import type { ContractService } from '../contract/contract-service';
import type { CsvExporter } from '../export/csv-export';
import type { DraftService } from '../drafts/draft-service';
import type { Outbox } from '../drafts/outbox';
import { CONTRACT_SEGMENT } from '../../shared/request-kind';
import type { PermissionRefusal } from '../../shared/permissions';
import type { LabelService } from '../labels/label-service';
import type { TenantPlaces } from '../labels/tenant-places';
import type { HeldSubmissions } from '../drafts/held-submissions';
import type { CreatedRecords } from '../drafts/parts/created-records';
import type { Logger } from '../log/logger';
import { createDraftHandlers } from './draft-handlers';
import { createRecordHandlers } from './record-handlers';
import { createFileHandlers } from './file-handlers';
import type { SavedFiles } from '../export/saved-files';
import type { BalanceService } from '../portfolio/balance-service';
import { createSuggestionsHandlers } from './suggestions-handlers';
import { createSinceHandlers } from './since-handlers';
import type { SinceService } from '../since/since-service';
import type { SuggestionsHandlerServices } from './suggestions-handlers';
import type { CopyFirstReader } from '../offline-copy/copy-first-reader';
import type { WholeSums } from '../offline-copy/whole-sums';
import type { PaymentPlaces } from '../offline-copy/payment-places';
import type { ListPdf } from '../export/list-pdf';
import type { PageLister } from '../api/read-listing';
import { hasOwnFilters } from '../../shared/own-filters';
import { createOfflineCopyHandlers } from './offline-copy-handlers';
import type { OfflineCopyHandlerServices } from './offline-copy-handlers';

export interface HandlerServices {
  appInfo: () => {
    name: string;
    version: string;
    platform: string;
    dataDir?: string;
    notices: Array<{ id: string; message: string }>;
  };
  connections: ConnectionService;
  clients: ServiceClients;
  contract: ContractService;
  connectivity: ConnectivityMonitor;
  exporter: CsvExporter;
  listPdf: Pick<ListPdf, 'save'>;
  /** Files written in this session, to open or show in their folder. */
  savedFiles: Pick<SavedFiles, 'open' | 'showInFolder'>;
  /** What a tenant, lease or property's tenants owe, for the record pages. */
  balance: Pick<BalanceService, 'of'>;
  drafts: DraftService;
  /** Sends the waiting submissions now ("Try now"). */
  outbox: Pick<Outbox, 'tryNow'>;
  held: HeldSubmissions;
  createdRecords: Pick<CreatedRecords, 'choose'>;
  /** What each connection's key was refused (a missing permission), remembered across restarts. */
  refusals: () => PermissionRefusal[];
  suggestions: SuggestionsHandlerServices;
  /** Lists and records from the service, or from the offline copy when it cannot be reached. */
  offline: CopyFirstReader;
  /** The count and total of every record a filtered list matches, from the offline copy. */
  sums: Pick<WholeSums, 'of'>;
  places: Pick<PaymentPlaces, 'of'>;
  offlineCopy: OfflineCopyHandlerServices;
  /** "Since you last looked" on Today. */
  since: SinceService;
  /** Labels of referenced records, from the offline copy or main's memory of listings. */
  labels: Pick<LabelService, 'resolve'>;
  /** Where tenants rent, for the second line of a tenant in pickers. */
  tenantPlaces: Pick<TenantPlaces, 'of'>;
  /** Main's log, where crashes reported by the window are written. */
  logger: Pick<Logger, 'error'>;
}

export function createHandlers(s: HandlerServices): HandlerTable {
  return {
    'app.info': async () => s.appInfo(),
    'app.reportCrash': async (report) => {
      // The logger redacts key-shaped strings in every field before anything is written.
      s.logger.error('A screen in the window crashed', report);
      return { logged: true as const };
    },
    'connections.list': () => s.connections.list(),
    'connections.add': (args) => s.connections.add(args),
    'connections.update': (args) => s.connections.update(args),
    'connections.remove': async ({ id }) => {
      await s.connections.remove(id);
      return { removed: true as const };
    },
    'connections.switch': ({ id }) => s.connections.switchTo(id),
    'connections.test': async ({ id }) => ({ checks: await s.connections.test(id) }),
    'connections.refusals': async () => ({ refusals: s.refusals() }),
    'connections.demoExpiry': async () => s.connections.demoExpiry(),
    'connections.setDemoExpiry': ({ seconds }) => s.connections.setDemoExpiry(seconds),
    'collections.list': async (args) => s.places.of(args.collection, await s.offline.list(args)),
    'collections.get': ({ collection, id }) => s.offline.get(collection, id),
    'collections.sum': async (args) => s.sums.of(args),
    'collections.savePdf': async (args) => {
      const saved = await s.listPdf.save(args);
      return saved ? { saved: true, ...saved } : { saved: false };
    },
    'exports.start': async ({ collection, filters, onOrAfter, own, describe }) => {
      const active = s.connections.active();
      const client = s.clients.client();
      // PropDesk's own filters are the offline copy's: the file is read from it, as the list is.
      const pages: PageLister = hasOwnFilters(own)
        ? {
            host: client.host,
            list: (listed, query) => s.offline.list({ collection: listed, ...query, own }),
          }
        : client;
      const source = { connectionId: active.id, name: active.name, client: pages };
      const started = await s.exporter.start(
        source,
        collection,
        { filters, onOrAfter: onOrAfter ?? {}, own },
        describe ?? false,
      );
      return started ? { started: true, ...started } : { started: false };
    },
    'exports.cancel': async ({ exportId }) => ({ cancelled: s.exporter.cancel(exportId) }),
    'contract.get': async () => {
      const active = s.connections.active();
      return s.contract.get(active.id, () => s.clients.client().openapi());
    },
    'connectivity.status': async () => s.connectivity.status(),
    'connectivity.pace': async () => {
      const { id } = s.connections.active();
      return servicePace(id, s.clients.paceOf(id));
    },
    'connectivity.tryNow': async ({ kind }) => {
      const { id } = s.connections.active();
      s.clients.liftHold(id, kind);
      // What waited for that kind goes now; a wait kept across a restart has no hold to lift.
      if (kind.method === 'POST') void s.outbox.tryNow();
      else if (kind.collection === 'proposals') s.suggestions.suggestions.tryNow();
      else if (kind.collection !== CONTRACT_SEGMENT) s.offlineCopy.offlineCopy.resumeAfterHold(id);
      return servicePace(id, s.clients.paceOf(id));
    },
    'labels.resolve': ({ refs }) => s.labels.resolve(s.connections.active().id, refs),
    'labels.places': async ({ tenants }) => ({
      places: await s.tenantPlaces.of(s.connections.active().id, tenants),
    }),
    ...createRecordHandlers(s.offline, s.balance),
    ...createFileHandlers(s.savedFiles),
    ...createDraftHandlers(s.drafts, s.held, s.createdRecords, () => s.connections.active().id),
    ...createSuggestionsHandlers(s.suggestions),
    ...createSinceHandlers(s.since),
    ...createOfflineCopyHandlers(s.offlineCopy),
  };
}
