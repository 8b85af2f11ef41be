// Today during a first offline copy: while the copy lacks a figure's records, the figure comes from
// the service's own filtered listings (a slowed sandbox over real HTTP, the app's own services and
// SQLite file), equals what this test counts itself from the service's full listings, says it came
// from the service, and opens the same rows; once the copy holds them, the copy's figure stands. A
// service that sends rows its filter should have left out makes the figure provisional; one that
// refuses a filter leaves the figure to the copy; a difference between the two is logged. Lakeside's
// contract (its own field names and enum values) is asked by its own values.
// The copy's own listings (no filter) of Today's collections are held at a small proxy until a test
// lets them go, so "the copy has not finished payments" holds however fast the machine is.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppServices } from '../../../../src/main/app/app-services';
import { createLogger } from '../../../../src/main/log/logger';
import { FROM_SERVICE_NOTE } from '../../../../src/main/portfolio/portfolio-service';
import { startSandbox } from '../../../../src/sandbox';
import type { Sandbox } from '../../../../src/sandbox';
import type { ServiceRecord } from '../../../../src/shared/service';
import type { TodaySummary } from '../../../../src/shared/today';
import { startLakesideService } from '../../../support/lakeside-service';
import type { LakesideService } from '../../../support/lakeside-service';
import { cleanListing } from '../../../support/offline-copy-fixture';
import { startRewritingProxy } from '../../../support/rewriting-proxy';
import type { ProxyAnswer, RewritingProxy } from '../../../support/rewriting-proxy';
import { createTestServices } from '../../../support/test-services';
import { until } from '../../../support/until';

const TODAY_COLLECTIONS = /^\/api\/v1\/(leases|payments|maintenance_requests|documents)\?/;
const FILTERS = ['status', 'priority', 'end_date', 'is_verified'];
const today = new Date().toISOString().slice(0, 10);
const days = (to: unknown) =>
  Math.round((Date.parse(String(to).slice(0, 10)) - Date.parse(today)) / 86_400_000);
const cents = (n: number) => Math.round(n * 100);

/** A listing the offline copy makes: one of Today's collections with no filter. */
const copyListing = (path: string) =>
  TODAY_COLLECTIONS.test(path) && !FILTERS.some((f) => new URL(path, 'http://x').searchParams.has(f));

/** A gate the copy's listings wait at until the test opens it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

/** A proxy holding the copy's listings of Today's collections until `copyGate` opens. */
function holdingProxy(
  target: string,
  copyGate: Promise<void>,
  rewrite: (path: string, body: unknown) => unknown = (_, body) => body,
  answer: (method: string, path: string) => ProxyAnswer | undefined = () => undefined,
): Promise<RewritingProxy> {
  return startRewritingProxy(
    target,
    async (path, body) => {
      if (copyListing(path)) await copyGate;
      return rewrite(path, body);
    },
    answer,
  );
}

// What this test counts itself from the service's full listings (the sandbox's own fields).
const lateOf = (payments: ServiceRecord[]) =>
  payments.filter((p) => p.paid_date == null && String(p.due_date) < today);
const endingOf = (leases: ServiceRecord[], window: number) =>
  leases.filter(
    (l) => l.status !== 'month_to_month' && l.end_date && days(l.end_date) >= 0 && days(l.end_date) <= window,
  );
const openOf = (requests: ServiceRecord[], priority: string) =>
  requests.filter((r) => r.priority === priority && !['completed', 'cancelled'].includes(String(r.status)));

let sandbox: Sandbox;
let key: string;
let lakeside: LakesideService;
let services: AppServices;
let dataDir: string;
let logFile: string;
const data: Record<string, ServiceRecord[]> = {};
const proxies: RewritingProxy[] = [];
const gates: Array<() => void> = [];

const summary = () => services.handlers['portfolio.today']({});
const logged = () => readFileSync(logFile, 'utf8');

async function connect(name: string, baseUrl: string, apiKey: string): Promise<void> {
  const connection = await services.connections.add({ name, baseUrl, apiKey });
  await services.connections.switchTo(connection.id);
  expect(services.offlineCopy.status().state).toBe('running');
}

/** Today once every figure asked of the service has its answer (shown, refused, failed). */
async function answered(): Promise<TodaySummary> {
  let t = await summary();
  await until(async () => {
    t = await summary();
    const states = Object.values(t.fromService).map((a) => a.state);
    return states.length === 4 && !states.includes('asking');
  });
  return t;
}

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 11, recordsScale: 2, latencyMs: 10 });
  key = sandbox.keys.find((k) => k.name === 'full')!.key;
  lakeside = await startLakesideService();
  for (const c of ['leases', 'payments', 'maintenance_requests', 'documents'] as const)
    data[c] = await cleanListing(sandbox.baseUrl, key, c);
  dataDir = mkdtempSync(join(tmpdir(), 'propdesk-today-service-'));
  logFile = join(dataDir, 'main.log');
  services = createTestServices(dataDir, { logger: createLogger({ console: false, file: logFile }) });
});

afterAll(async () => {
  for (const open of gates) open();
  await services.stop();
  for (const proxy of proxies) await proxy.close();
  await lakeside.close();
  await sandbox.close();
  rmSync(dataDir, { recursive: true, force: true, maxRetries: 10 });
});

describe('Today while the first offline copy is made (the sandbox’s contract)', () => {
  const copyGate = gate();
  gates.push(copyGate.open);
  let proxy: RewritingProxy;
  let during: TodaySummary;

  beforeAll(async () => {
    proxy = await holdingProxy(sandbox.baseUrl, copyGate.opened);
    proxies.push(proxy);
    await connect('Slow service', proxy.baseUrl, key);
    during = await answered();
  });

  it('gives every figure from the service’s filtered listings before the copy has its records, each equal to the service’s own count', () => {
    expect(during.missing).toEqual(['leases', 'payments', 'maintenance_requests', 'documents']);
    const payments = services.offlineCopy.status().collections.find((c) => c.collection === 'payments');
    expect(payments?.asOf).toBeNull();
    for (const figure of ['endingLeases', 'latePayments', 'urgentMaintenance', 'unverifiedDocuments'])
      expect(during.fromService).toMatchObject({ [figure]: { state: 'shown', provisional: false } });

    const late = lateOf(data.payments!);
    expect(late.length).toBeGreaterThan(0);
    expect(during.latePayments).toEqual({
      count: late.length,
      amount: late.reduce((s, p) => s + cents(Number(p.amount)), 0) / 100,
    });
    for (const window of [30, 60] as const)
      expect(during.endingLeases!.find((e) => e.days === window)!.count).toBe(
        endingOf(data.leases!, window).length,
      );
    expect(during.urgentMaintenance).toEqual([
      { priority: 'emergency', count: openOf(data.maintenance_requests!, 'emergency').length },
      { priority: 'high', count: openOf(data.maintenance_requests!, 'high').length },
    ]);
    expect(during.unverifiedDocuments).toBe(data.documents!.filter((d) => d.is_verified === false).length);
  });

  it('asks each filter once, whatever how often Today is counted, and never the copy’s listings twice', async () => {
    for (let i = 0; i < 3; i++) await summary();
    const firstPages = (pattern: RegExp) =>
      proxy.arrivals.filter((a) => pattern.test(a.path) && !a.path.includes('cursor=')).length;
    for (const status of ['pending', 'late', 'unpaid'])
      expect(firstPages(new RegExp(`^/api/v1/payments\\?status=${status}&`))).toBe(1);
    // Paid payments are never asked for: they are the bulk of the listing, and not owed.
    expect(firstPages(/^\/api\/v1\/payments\?status=paid/)).toBe(0);
    expect(firstPages(/^\/api\/v1\/maintenance_requests\?status=open&priority=emergency&/)).toBe(1);
    expect(firstPages(/^\/api\/v1\/maintenance_requests\?status=completed/)).toBe(0);
    expect(firstPages(/^\/api\/v1\/leases\?status=active&end_date=/)).toBe(1);
    expect(firstPages(/^\/api\/v1\/leases\?status=ended/)).toBe(0);
    expect(firstPages(/^\/api\/v1\/payments\?limit=/)).toBe(1);
  });

  it('opens the same rows: each view a figure links to shows the service’s rows, and says where they came from', async () => {
    const delinquency = await services.handlers['portfolio.view']({ view: 'delinquency' });
    expect(delinquency.missing).toEqual([]);
    expect(delinquency.notes).toContain(FROM_SERVICE_NOTE);
    expect(delinquency.rows.reduce((s, r) => s + Number(r.cells.payments), 0)).toBe(
      during.latePayments!.count,
    );
    const emergency = await services.handlers['portfolio.view']({
      view: 'maintenance',
      focus: { kind: 'priority', priority: 'emergency' },
    });
    expect(emergency.rows.map((r) => r.id).sort()).toEqual(
      openOf(data.maintenance_requests!, 'emergency')
        .map((r) => r.id)
        .sort(),
    );
    const ending = await services.handlers['portfolio.view']({
      view: 'expirations',
      focus: { kind: 'ending', days: 30 },
    });
    expect(ending.rows.map((r) => r.id).sort()).toEqual(
      endingOf(data.leases!, 30)
        .map((l) => l.id)
        .sort(),
    );
    // A view the figures do not open still waits for the copy.
    expect((await services.handlers['portfolio.view']({ view: 'rent-roll' })).missing).not.toEqual([]);
  });

  it('gives way to the copy’s figures once the copy holds the records, with nothing logged as different', async () => {
    copyGate.open();
    expect((await services.offlineCopy.whenIdle()).state).toBe('done');
    const after = await summary();
    expect(after.missing).toEqual([]);
    expect(after.fromService).toEqual({});
    expect(after.latePayments).toEqual(during.latePayments);
    expect(after.endingLeases).toEqual(during.endingLeases);
    expect(after.urgentMaintenance).toEqual(during.urgentMaintenance);
    expect(after.unverifiedDocuments).toBe(during.unverifiedDocuments);
    expect(logged()).not.toMatch(/differed/);
    const delinquency = await services.handlers['portfolio.view']({ view: 'delinquency' });
    expect(delinquency.notes).not.toContain(FROM_SERVICE_NOTE);
  });
});

describe('Today from a service that answers its filters wrongly', () => {
  const copyGate = gate();
  gates.push(copyGate.open);
  let during: TodaySummary;
  let dropped: string;

  beforeAll(async () => {
    const paid = data.payments!.find((p) => p.status === 'paid' && p.paid_date != null)!;
    const proxy = await holdingProxy(
      sandbox.baseUrl,
      copyGate.opened,
      (path, body) => {
        const page = body as { data: ServiceRecord[] };
        // A paid payment in the answer to status=late: a row its filter should have left out.
        if (path.startsWith('/api/v1/payments?status=late&') && !path.includes('cursor='))
          return { ...page, data: [paid, ...page.data] };
        // One unverified document left out: the copy will find it.
        if (path.startsWith('/api/v1/documents?is_verified=false&') && !path.includes('cursor=')) {
          dropped = page.data[0]!.id;
          return { ...page, data: page.data.slice(1) };
        }
        return body;
      },
      // The service refuses a filter its document lists.
      (_, path) =>
        path.startsWith('/api/v1/maintenance_requests?status=')
          ? {
              status: 422,
              body: { error: { code: 'invalid_request', message: 'priority cannot be combined' } },
            }
          : undefined,
    );
    proxies.push(proxy);
    await connect('Wrong service', proxy.baseUrl, key);
    during = await answered();
  });

  it('counts rows outside a filter by the copy’s rules and says the figure is provisional', () => {
    expect(during.fromService.latePayments).toEqual({ state: 'shown', provisional: true, message: null });
    expect(during.latePayments!.count).toBe(lateOf(data.payments!).length);
    expect(during.fromService.endingLeases).toMatchObject({ state: 'shown', provisional: false });
  });

  it('leaves a figure to the copy, and says so, when the service refuses its filter', () => {
    expect(during.urgentMaintenance).toBeNull();
    expect(during.fromService.urgentMaintenance).toMatchObject({ state: 'refused' });
    expect(during.fromService.urgentMaintenance!.message).toMatch(/priority cannot be combined/);
  });

  it('logs the difference, with both counts, when the copy’s figure takes the service’s place', async () => {
    const unverified = data.documents!.filter((d) => d.is_verified === false).length;
    expect(dropped).toBeDefined();
    expect(during.unverifiedDocuments).toBe(unverified - 1);
    copyGate.open();
    expect((await services.offlineCopy.whenIdle()).state).toBe('done');
    const after = await summary();
    expect(after.unverifiedDocuments).toBe(unverified);
    expect(after.urgentMaintenance).not.toBeNull();
    expect(logged()).toContain(
      `Today's unverifiedDocuments differed: the service's filtered listings gave ${unverified - 1} unverified documents, the offline copy gives ${unverified} unverified documents`,
    );
  });
});

describe('Today from a service of another contract (Lakeside)', () => {
  const copyGate = gate();
  gates.push(copyGate.open);
  let during: TodaySummary;

  beforeAll(async () => {
    const proxy = await holdingProxy(lakeside.baseUrl, copyGate.opened);
    proxies.push(proxy);
    await connect('Lakeside', proxy.baseUrl, lakeside.apiKey);
    during = await answered();
  });

  it('asks by the contract’s own fields and values: the verification flag is answered, statuses the service does not know are refused', async () => {
    const papers = await cleanListing(lakeside.baseUrl, lakeside.apiKey, 'documents');
    expect(during.fromService.unverifiedDocuments).toMatchObject({ state: 'shown' });
    expect(during.unverifiedDocuments).toBe(papers.filter((d) => d.is_verified === false).length);
    // Lakeside's contract lists lease statuses draft/live/ended, payment states due/overdue and job
    // statuses logged/booked: the service behind it knows none of them and refuses each.
    for (const figure of ['endingLeases', 'latePayments', 'urgentMaintenance'] as const) {
      expect(during.fromService[figure]).toMatchObject({ state: 'refused' });
      expect(during[figure]).toBeNull();
    }
    copyGate.open();
    expect((await services.offlineCopy.whenIdle()).state).toBe('done');
    const after = await summary();
    expect(after.fromService).toEqual({});
    expect(after.latePayments!.count).toBeGreaterThan(0);
    expect(after.unverifiedDocuments).toBe(during.unverifiedDocuments);
  });
});
