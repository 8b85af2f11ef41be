// The reading feature: the contract, lists and records from the service or from the offline copy when
// it cannot be reached, the offline copy itself and what keeps it current, names of referenced
// records, search, the portfolio views and balances, exports, and the files saved.
import { connectionCurrency } from '../connections/connection-currency';
import { ContractService } from '../contract/contract-service';
import { CsvExporter } from '../export/csv-export';
import { ListPdf } from '../export/list-pdf';
import type { ListPdfOptions } from '../export/list-pdf';
import { CollectionSizes } from '../labels/collection-sizes';
import { LabelService } from '../labels/label-service';
import { TenantPlaces } from '../labels/tenant-places';
import { CopyRefresh } from '../offline-copy/copy-refresh';
import { CopySchedule } from '../offline-copy/copy-schedule';
import { freeBytesIn } from '../offline-copy/disk-room';
import { OfflineCopyService } from '../offline-copy/offline-copy-service';
import { createCopyFirstReader } from '../offline-copy/copy-first-reader';
import type { CopyFirstReader } from '../offline-copy/copy-first-reader';
import { OfflineReader } from '../offline-copy/offline-reader';
import { WholeSums } from '../offline-copy/whole-sums';
import { ownFilterTerms } from '../offline-copy/own-filter-terms';
import { PaymentPlaces } from '../offline-copy/payment-places';
import { PortfolioService } from '../portfolio/portfolio-service';
import { BalanceService } from '../portfolio/balance-service';
import { SavedFiles } from '../export/saved-files';
import { serviceName } from '../api/paging';
import { SearchService } from '../search/search-service';
import type { OfflineCopyStatus } from '../../shared/portfolio';
import type { Collection } from '../../shared/service';
import type { Store } from '../store/open-store';
import type { AppPorts } from './app-ports';
import type { ConnectionsFeature } from './build-connections';
import { TODAY_NEEDS } from '../portfolio/today-figures';
import { readContract } from '../portfolio/view-context';
import { TodayServiceReadings } from '../today/service-readings';
import type { CompiledContract } from '../../shared/contract';
import type { LabelRef } from '../../shared/label-refs';

export interface ReadingFeature {
  contract: ContractService;
  /** Lists and records from the service, or from the offline copy when it cannot be reached. */
  offline: CopyFirstReader;
  /** The sum under a filtered payments list over every record it matches, from the copy. */
  sums: WholeSums;
  /** Each listed payment's property, from the copy. */
  places: PaymentPlaces;
  offlineCopy: OfflineCopyService;
  /** When the copy updates itself. */
  copySchedule: CopySchedule;
  copyRefresh: CopyRefresh;
  labels: LabelService;
  /** Where tenants rent, the second line of a tenant wherever namesakes meet. */
  tenantPlaces: TenantPlaces;
  search: SearchService;
  portfolio: PortfolioService;
  /** Today's figures asked of the service while the offline copy is made. */
  todayService: TodayServiceReadings;
  balance: BalanceService;
  exporter: CsvExporter;
  /** Save as PDF of a filtered list: every record it matches. */
  listPdf: ListPdf;
  savedFiles: SavedFiles;
}

type ReadingPorts = Pick<
  AppPorts,
  | 'logger'
  | 'chooseSaveFile'
  | 'printWindowToPdf'
  | 'printDocumentToPdf'
  | 'fileShell'
  | 'dataDir'
  | 'copyBudget'
>;

export function buildReading(
  ports: ReadingPorts,
  store: Store,
  { connections, clients, connectivity }: ConnectionsFeature,
): ReadingFeature {
  const warn = (message: string, error?: unknown) => ports.logger.warn(message, error);
  const activeId = () => connections.active().id;
  /** The currency a connection's amounts are in: the one chosen for it, else its region's. */
  const currencyOf = (id: string) => connectionCurrency(store.connections.get(id) ?? {}).currency;
  const nameOf = (id: string) => store.connections.get(id)?.name ?? 'PropDesk';
  const savedFiles = new SavedFiles(ports.fileShell);

  const contract = new ContractService(store.contracts);
  const reader = new OfflineReader(store.offlineCopies);
  const { offlineCopy, copySchedule, copyRefresh } = buildOfflineCopy(
    store,
    { connections, clients },
    contract,
    ports,
    warn,
  );
  const compiled = (connectionId: string) => contract.compiledCached(connectionId);
  const ownTerms = ownFilterTerms({ repo: store.offlineCopies, contract: compiled });
  const offline = createCopyFirstReader({
    reader,
    activeId,
    client: () => clients.client(),
    isOnline: () => connectivity.status().online,
    checkNow: (shown) => copyRefresh.checkNow(shown),
    recordFields: (id, collection) => compiled(id)?.recordFields[collection]?.map((f) => f.name),
    ownTerms,
  });
  const sums = new WholeSums({
    repo: store.offlineCopies,
    activeId,
    contract: compiled,
    currency: currencyOf,
    ownTerms,
  });
  const { labels, tenantPlaces } = buildNames(clients, contract, reader, currencyOf, warn);
  const search = new SearchService({
    offlineCopies: store.offlineCopies,
    activeId,
    client: () => clients.client(),
    labels: (connectionId, refs) => labels.resolve(connectionId, refs),
    places: (connectionId, tenantIds) => tenantPlaces.of(connectionId, tenantIds),
    fields: (connectionId, collection) => contract.compiledCached(connectionId)?.recordFields[collection],
    liveTimeoutMs: 3_000,
    log: warn,
  });
  const { todayService, portfolio } = buildFigures(ports, store, clients, contract, {
    activeId,
    currencyOf,
    nameOf,
    savedFiles,
    warn,
  });
  const balance = new BalanceService({
    list: (args) => offline.list(args),
    portfolio,
    activeId,
    contract: compiled,
    currency: currencyOf,
    serviceName: () => serviceName(clients.client()),
  });
  const { exporter, places, listPdf } = buildSaving(ports, {
    store,
    activeId,
    compiled,
    labels,
    offline,
    savedFiles,
    currency: currencyOf,
    connectionName: nameOf,
    serviceName: () => serviceName(clients.client()),
  });
  return {
    contract,
    offline,
    sums,
    places,
    listPdf,
    offlineCopy,
    copySchedule,
    copyRefresh,
    labels,
    tenantPlaces,
    search,
    portfolio,
    todayService,
    balance,
    exporter,
    savedFiles,
  };
}

/** The files a list is saved to: its CSV export and its PDF, each of every record its filters match. */
function buildSaving(
  ports: Pick<AppPorts, 'chooseSaveFile' | 'printDocumentToPdf'>,
  d: Pick<ListPdfOptions, 'activeId' | 'currency' | 'connectionName' | 'serviceName' | 'savedFiles'> & {
    store: Store;
    compiled: (connectionId: string) => CompiledContract | undefined;
    labels: LabelService;
    offline: CopyFirstReader;
    savedFiles: SavedFiles;
  },
) {
  // Files name every row of a listing: the collections it points into are listed whole.
  const listingLabels = (connectionId: string, refs: LabelRef[]) =>
    d.labels.resolve(connectionId, refs, 'listing');
  const exporter = new CsvExporter({
    chooseFile: ports.chooseSaveFile,
    labels: listingLabels,
    fields: (connectionId, collection) => d.compiled(connectionId)?.recordFields[collection],
    savedFiles: d.savedFiles,
  });
  const places = new PaymentPlaces({
    repo: d.store.offlineCopies,
    activeId: d.activeId,
    contract: d.compiled,
  });
  const listPdf = new ListPdf({
    list: (args) => d.offline.list(args),
    places,
    labels: listingLabels,
    contract: d.compiled,
    currency: d.currency,
    connectionName: d.connectionName,
    serviceName: d.serviceName,
    activeId: d.activeId,
    locale: () => Intl.DateTimeFormat().resolvedOptions().locale,
    chooseFile: ports.chooseSaveFile,
    print: ports.printDocumentToPdf,
    savedFiles: d.savedFiles,
  });
  return { exporter, places, listPdf };
}

/** The offline copy, when it updates itself, and the checks of what is on screen against the service. */
function buildOfflineCopy(
  store: Store,
  { connections, clients }: Pick<ConnectionsFeature, 'connections' | 'clients'>,
  contract: ContractService,
  { dataDir, copyBudget }: Pick<AppPorts, 'dataDir' | 'copyBudget'>,
  warn: (message: string, error?: unknown) => void,
) {
  const activeId = () => connections.active().id;
  const offlineCopy = new OfflineCopyService({
    firstCollections: TODAY_NEEDS,
    repo: store.offlineCopies,
    activeId,
    clientFor: (id) => clients.clientFor(id),
    log: warn,
    // The portfolio views read field names from the contract, so the copy stores it first.
    loadContract: (id) => contract.get(id, () => clients.clientFor(id).openapi()),
    freeBytes: freeBytesIn(dataDir),
    budget: copyBudget,
  });
  const copySchedule = new CopySchedule({
    settings: store.settings,
    copy: () => {
      const status: OfflineCopyStatus = offlineCopy.status();
      const ages = status.collections.flatMap((c) =>
        c.asOf ? [{ collection: c.collection, records: c.count, asOf: c.asOf }] : [],
      );
      return {
        keepCopy: status.keepCopy,
        running: status.state === 'running',
        collections: ages.length === status.collections.length ? ages : null,
      };
    },
    update: (collections) => void offlineCopy.start(collections),
    log: warn,
  });
  const copyRefresh = new CopyRefresh({
    records: store.offlineCopies,
    clientFor: (id) => clients.clientFor(id),
    log: warn,
  });
  return { offlineCopy, copySchedule, copyRefresh };
}

/**
 * The portfolio views, and Today's figures asked of the service while the copy is made (read by the
 * connection's contract), which the views a figure opens show meanwhile.
 */
function buildFigures(
  ports: Pick<AppPorts, 'chooseSaveFile' | 'printWindowToPdf'>,
  store: Store,
  clients: ConnectionsFeature['clients'],
  contract: ContractService,
  d: {
    activeId: () => string;
    currencyOf: (connectionId: string) => string;
    nameOf: (connectionId: string) => string;
    savedFiles: SavedFiles;
    warn: (message: string, error?: unknown) => void;
  },
): Pick<ReadingFeature, 'todayService' | 'portfolio'> {
  const todayService = new TodayServiceReadings({
    clientFor: (id) => clients.clientFor(id),
    // The stored contract; the copy stores it first, but Today may ask before it has.
    reading: async (id, today) => {
      const read =
        contract.compiledCached(id) ??
        contract.compile(await contract.get(id, () => clients.clientFor(id).openapi()));
      return readContract(read, today, d.currencyOf(id));
    },
    log: d.warn,
  });
  const portfolio = new PortfolioService({
    fromService: (id, view, focus) => todayService.covering(id, view, focus),
    repo: store.offlineCopies,
    activeId: d.activeId,
    contract: (id) => contract.compiledCached(id),
    chooseFile: ports.chooseSaveFile,
    print: ports.printWindowToPdf,
    locale: () => Intl.DateTimeFormat().resolvedOptions().locale,
    currency: d.currencyOf,
    connectionName: d.nameOf,
    savedFiles: d.savedFiles,
  });
  return { todayService, portfolio };
}

/** Names of referenced records, and where tenants rent, read through them. */
function buildNames(
  clients: ConnectionsFeature['clients'],
  contract: ContractService,
  reader: OfflineReader,
  currencyOf: (connectionId: string) => string,
  warn: (message: string, error?: unknown) => void,
): Pick<ReadingFeature, 'labels' | 'tenantPlaces'> {
  const labels = new LabelService({
    // The stored contract; a connection used before its contract was read fetches it once.
    contract: async (id) => {
      const known = contract.compiledCached(id);
      if (known) return known;
      const answer = await contract.get(id, () => clients.clientFor(id).openapi()).catch(() => undefined);
      return answer ? contract.compile(answer) : undefined;
    },
    copy: reader,
    sizes: new CollectionSizes((id, collection) => reader.count(id, collection as Collection)),
    clientFor: (id) => clients.clientFor(id),
    currency: currencyOf,
    log: warn,
  });
  const tenantPlaces = new TenantPlaces({
    contract: async (id) => contract.compiledCached(id),
    copy: reader,
    clientFor: (id) => clients.clientFor(id),
    labels: (connectionId, refs) => labels.resolve(connectionId, refs),
    log: warn,
  });
  return { labels, tenantPlaces };
}
