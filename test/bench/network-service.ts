// The parts of main a network benchmark measures, wired as the app wires them, over one connection
// ("bench") to a sandbox started apart: one request scheduler with the app's defaults, the client
// through it, the offline copy, Today's figures, names, record pages, the rent review and the
// suggestions' poll with the copy's re-read after approvals. Only what the window would see is left
// out. A fetch that counts what reached the service by status, for the figures under a rate limit.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { ApiClient } from '../../src/main/api/api-client';
import { RequestScheduler } from '../../src/main/api/scheduler/request-scheduler';
import { ContractService } from '../../src/main/contract/contract-service';
import { RentReviewDrafts } from '../../src/main/drafts/rent-review-drafts';
import { CollectionSizes } from '../../src/main/labels/collection-sizes';
import { LabelService } from '../../src/main/labels/label-service';
import { CopyRefresh } from '../../src/main/offline-copy/copy-refresh';
import { freeBytesIn } from '../../src/main/offline-copy/disk-room';
import { DEFAULT_COPY_BUDGET } from '../../src/main/offline-copy/copy-budget';
import { createCopyFirstReader } from '../../src/main/offline-copy/copy-first-reader';
import { ownFilterTerms } from '../../src/main/offline-copy/own-filter-terms';
import { OfflineCopyService } from '../../src/main/offline-copy/offline-copy-service';
import { OfflineReader } from '../../src/main/offline-copy/offline-reader';
import { PortfolioService } from '../../src/main/portfolio/portfolio-service';
import type { ConnectionRow } from '../../src/main/store/connection-repo';
import { openStore } from '../../src/main/store/open-store';
import { SuggestionsRepository } from '../../src/main/store/suggestions-repo';
import { SuggestionsService } from '../../src/main/suggestions/suggestions-service';
import type { LargeSandbox } from './large-sandbox';
import { TODAY_NEEDS } from '../../src/main/portfolio/today-figures';
import { readContract } from '../../src/main/portfolio/view-context';
import { TodayServiceReadings } from '../../src/main/today/service-readings';
import { todaySummary } from '../../src/main/today/today-summary';

export type NetworkParts = ReturnType<typeof networkParts>;

export function networkParts(sandbox: LargeSandbox) {
  const dir = mkdtempSync(join(tmpdir(), 'propdesk-bench-network-'));
  const store = openStore(join(dir, 'propdesk.sqlite'));
  const connection: ConnectionRow = {
    id: 'bench',
    name: 'Bench',
    baseUrl: sandbox.baseUrl,
    webOrigin: null,
    kind: 'remote',
  };
  store.connections.insert(connection);
  const statuses = new Map<number, number>();
  const counting: typeof fetch = async (input, init) => {
    const answer = await fetch(input, init);
    statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    return answer;
  };
  const scheduler = new RequestScheduler();
  const client = new ApiClient({
    baseUrl: sandbox.baseUrl,
    getApiKey: () => sandbox.key,
    fetch: counting,
    scheduler,
  });
  const clientFor = () => client;
  const activeId = () => 'bench';
  const log = (message: string, error?: unknown) => console.error(message, error);
  const contract = new ContractService(store.contracts);
  const reader = new OfflineReader(store.offlineCopies);
  const offlineCopy = new OfflineCopyService({
    firstCollections: TODAY_NEEDS,
    repo: store.offlineCopies,
    activeId,
    clientFor,
    log,
    loadContract: async () => undefined,
    freeBytes: freeBytesIn(dir),
    budget: DEFAULT_COPY_BUDGET,
  });
  // Today's figures asked of the service while the copy is made, as build-reading.ts wires them.
  const todayService = new TodayServiceReadings({
    clientFor,
    reading: async (id, today) => {
      const read =
        contract.compiledCached(id) ?? contract.compile(await contract.get(id, () => client.openapi()));
      return readContract(read, today, 'USD');
    },
    log,
  });
  const portfolio = new PortfolioService({
    fromService: (id, view, focus) => todayService.covering(id, view, focus),
    repo: store.offlineCopies,
    activeId,
    contract: (id) => contract.compiledCached(id),
    chooseFile: async () => undefined,
    print: () => Promise.reject(new Error('No window in the benchmark')),
    locale: () => 'en-US',
    currency: () => 'USD',
    connectionName: () => 'Network benchmark',
    savedFiles: { remember: (path) => ({ savedId: 'bench', name: path, path }) },
  });
  const copyRefresh = new CopyRefresh({ records: store.offlineCopies, clientFor, log });
  const fallback = createCopyFirstReader({
    reader,
    activeId,
    client: clientFor,
    isOnline: () => true,
    checkNow: (shown) => copyRefresh.checkNow(shown),
    recordFields: (id, collection) =>
      contract.compiledCached(id)?.recordFields[collection]?.map((f) => f.name),
    ownTerms: ownFilterTerms({ repo: store.offlineCopies, contract: (id) => contract.compiledCached(id) }),
  });
  // As the app's reactions do: what a screen showed from the copy is checked in the background.
  fallback.answeredFromCopy.subscribe((shown) => void copyRefresh.refreshShown(shown));
  /** Names without a copy: a label service whose copy has nothing. */
  const namesWithoutCopy = () =>
    new LabelService({
      contract: async (id) => contract.compiledCached(id),
      copy: { byIds: () => undefined },
      sizes: new CollectionSizes(() => undefined),
      clientFor,
      currency: () => 'USD',
      log,
    });
  const rentReview = new RentReviewDrafts({
    drafts: store.drafts,
    connections: store.connections,
    transaction: store.transaction,
    activeConnectionId: activeId,
    cachedContract: (id) => contract.compiledCached(id),
    browse: () => ({
      list: (collection, query) =>
        fallback.list({
          collection,
          filters: query.filters ?? {},
          ...(query.cursor ? { cursor: query.cursor } : {}),
          ...(query.limit ? { limit: query.limit } : {}),
        }),
    }),
  });
  const suggestions = new SuggestionsService({
    repo: new SuggestionsRepository(store.db, () => new Date()),
    connections: { active: () => connection, clientFor },
    log,
    deciderField: () => null,
  });
  /** Today's summary as the window asks for it (build-handlers.ts). */
  const today = () =>
    todaySummary({
      portfolio,
      service: todayService,
      suggestions: () => ({ batches: [] }) as never,
      connection: () => connection,
      copyKept: () => true,
      log: (message) => console.error(message),
    });
  return {
    store,
    connection,
    todayService,
    today,
    scheduler,
    client,
    statuses,
    contract,
    reader,
    offlineCopy,
    portfolio,
    fallback,
    copyRefresh,
    namesWithoutCopy,
    rentReview,
    suggestions,
    close() {
      store.close();
      rmSync(dir, { recursive: true, force: true, maxRetries: 10 });
    },
  };
}

/** Approves every suggestion of a batch on the service's review page, as a landlord would. */
export async function approveBatch(baseUrl: string, batchId: string): Promise<void> {
  const origin = new URL(baseUrl).origin;
  const cookies = new Map<string, string>();
  const remember = (answer: Response) => {
    for (const line of answer.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
  };
  const cookie = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const page = async () => {
    const answer = await fetch(`${baseUrl}/app/automation?batch=${encodeURIComponent(batchId)}`, {
      headers: { Cookie: cookie() },
    });
    remember(answer);
    const html = await answer.text();
    const field = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? '';
    return { csrf: field('csrf'), org: field('org') };
  };
  const post = async (path: string, form: Record<string, string>) => {
    const answer = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Origin: origin, Cookie: cookie(), 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
    remember(answer);
    if (answer.status >= 400) throw new Error(`The review page refused ${path}: ${answer.status}`);
    await answer.text();
  };
  const first = await page();
  const back = `/app/automation?batch=${encodeURIComponent(batchId)}`;
  await post('/app/automation/identity', {
    csrf: first.csrf,
    org: first.org,
    return: back,
    role: 'landlord',
  });
  await post('/app/automation/decide', {
    csrf: first.csrf,
    org: first.org,
    return: back,
    action: 'approve',
    batch: batchId,
    confirmed: 'yes',
  });
}
