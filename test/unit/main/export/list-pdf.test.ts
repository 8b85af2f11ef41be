// Save as PDF of the Payments list, through the app's dispatcher against the real sandbox, printed by
// Chromium and read back with pdftotext: the file holds every payment the filters match (PropDesk's own
// filters, read from the offline copy, and the service's, read whole from the service) and no other,
// the organisation, the filters in words, "page N of M", and a total equal to the sum this test makes
// from its own HTTP listing. Under the demo's contract and under Lakeside's (received day
// "settled_on", amounts in pence), so fields and money units come from the contract. Bad input is
// refused before the save dialog is asked, and nothing is written.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppPorts } from '../../../../src/main/app/app-ports';
import type { SaveFileRequest } from '../../../../src/main/export/save-target';
import type { ServiceRecord } from '../../../../src/shared/service';
import { chromiumPrinter } from '../../../support/chromium-printer';
import type { ChromiumPrinter } from '../../../support/chromium-printer';
import { connectedToLakeside } from '../../../support/lakeside-connected';
import type { LakesideConnected } from '../../../support/lakeside-connected';
import { cleanListing, offlineCopyFixture, offlineCopyToEnd } from '../../../support/offline-copy-fixture';
import type { OfflineCopyFixture } from '../../../support/offline-copy-fixture';
import { windowCalls } from '../../../support/test-services';
import { until } from '../../../support/until';
import type { WindowAnswer } from '../../../support/test-services';

type Call = <T = Record<string, unknown>>(channel: string, args?: unknown) => Promise<WindowAnswer<T>>;
type Own = { property?: string; received_from?: string; received_to?: string };
type Saved = { saved: boolean; savedId?: string; name?: string; rows?: number; pages?: number };

interface Listed {
  payments: ServiceRecord[];
  leases: ServiceRecord[];
  units: ServiceRecord[];
  properties: ServiceRecord[];
}

interface Shape {
  received: string;
  amount: string;
  status: string;
  minorUnits: boolean;
  currency: string;
  propertyName: string;
}

/** The test's own HTTP listings of what it checks the PDF against. */
async function listedBy(baseUrl: string, key: string): Promise<Listed> {
  const [payments, leases, units, properties] = await Promise.all(
    (['payments', 'leases', 'units', 'properties'] as const).map((c) => cleanListing(baseUrl, key, c)),
  );
  return { payments: payments!, leases: leases!, units: units!, properties: properties! };
}

/** Where the save dialog answers, and what it was asked. */
class Dialog {
  readonly dir = mkdtempSync(join(tmpdir(), 'propdesk-list-pdf-'));
  readonly asked: SaveFileRequest[] = [];
  next: string | undefined;
  readonly ports: Partial<AppPorts>;

  constructor(printer: ChromiumPrinter) {
    this.ports = {
      chooseSaveFile: async (request) => {
        this.asked.push(request);
        const answer = this.next;
        this.next = undefined;
        return answer;
      },
      printDocumentToPdf: printer.print,
    };
  }
}

/** The test's own reading: a payment's property through its lease's unit, its day from the received field. */
function picked(listed: Listed, shape: Shape, own: Own, status?: string) {
  const unitOf = new Map(listed.leases.map((l) => [l.id, String(l.unit_id)]));
  const propertyOf = new Map(listed.units.map((u) => [u.id, String(u.property_id)]));
  const payments = listed.payments.filter((p) => {
    const raw = p[shape.received];
    const day = typeof raw === 'string' ? raw.slice(0, 10) : null;
    if ((own.received_from || own.received_to) && day === null) return false;
    if (own.received_from && day! < own.received_from) return false;
    if (own.received_to && day! > own.received_to) return false;
    if (own.property && propertyOf.get(unitOf.get(String(p.lease_id)) ?? '') !== own.property) return false;
    return status === undefined || p[shape.status] === status;
  });
  const cents = payments.reduce(
    (s, p) => s + (shape.minorUnits ? Number(p[shape.amount]) : Math.round(Number(p[shape.amount]) * 100)),
    0,
  );
  return { ids: new Set(payments.map((p) => p.id)), cents };
}

/** A property with payments received in a year, and that year. */
function aCase(listed: Listed, shape: Shape): { property: string; name: string; from: string; to: string } {
  const unitOf = new Map(listed.leases.map((l) => [l.id, String(l.unit_id)]));
  const paid = listed.payments.find((p) => typeof p[shape.received] === 'string')!;
  const property = String(listed.units.find((u) => u.id === unitOf.get(String(paid.lease_id)))!.property_id);
  const name = String(listed.properties.find((p) => p.id === property)![shape.propertyName]);
  const year = String(paid[shape.received]).slice(0, 4);
  return { property, name, from: `${year}-01-01`, to: `${year}-12-31` };
}

const pdfText = (path: string) =>
  execFileSync('pdftotext', ['-enc', 'UTF-8', '-layout', path, '-'], { encoding: 'utf8' });

const money = (cents: number, currency: string) =>
  new Intl.NumberFormat(Intl.DateTimeFormat().resolvedOptions().locale, {
    style: 'currency',
    currency,
  }).format(cents / 100);

async function savePdf(
  call: Call,
  dialog: Dialog,
  file: string,
  args: Record<string, unknown>,
): Promise<{ saved: Saved; text: string }> {
  dialog.next = join(dialog.dir, file);
  const answer = await call<Saved>('collections.savePdf', args);
  expect(answer.error).toBeUndefined();
  expect(answer.data).toMatchObject({ saved: true, name: file });
  return { saved: answer.data!, text: pdfText(join(dialog.dir, file)) };
}

/** The payment IDs printed, in order (an ID is one word of the first column). */
const printedIds = (text: string) => text.match(/\bpay_[a-z0-9]+\b/g) ?? [];

async function checkOwnFilters(
  call: Call,
  dialog: Dialog,
  listed: Listed,
  shape: Shape,
  organisation: string,
) {
  const { property, name, from, to } = aCase(listed, shape);
  const own = { property, received_from: from, received_to: to };
  const want = picked(listed, shape, own);
  expect(want.ids.size).toBeGreaterThan(1);
  const columns = [
    { name: 'id', label: 'ID' },
    { name: 'property_id', label: 'Property (by lease)' },
    { name: shape.amount, label: 'Amount' },
    { name: shape.received, label: 'Received' },
    { name: shape.status, label: 'Status' },
  ];
  const { saved, text } = await savePdf(call, dialog, 'own.pdf', {
    collection: 'payments',
    filters: {},
    own,
    columns,
  });
  const ids = printedIds(text);
  expect(new Set(ids)).toEqual(want.ids);
  expect(ids).toHaveLength(want.ids.size);
  expect(saved.rows).toBe(want.ids.size);
  expect(text).toContain(`${organisation} — Payments`);
  expect(text).toContain(`Property (by lease): ${name}`);
  expect(text).toMatch(/Received between .* \(PropDesk’s own filter/);
  expect(text).toContain(`Amount total ${money(want.cents, shape.currency)}`);
  // Every row names its property as the screen does, by its label: the filter's property.
  expect(text.split('\n').filter((l) => /\bpay_/.test(l) && l.includes(name))).toHaveLength(want.ids.size);
  expect(text).toMatch(new RegExp(`page 1 of ${saved.pages}\\b`));
  expect(text).toContain('From PropDesk’s offline copy of');
}

async function checkServiceFilters(call: Call, dialog: Dialog, listed: Listed, shape: Shape) {
  const want = picked(listed, shape, {}, 'late');
  expect(want.ids.size).toBeGreaterThan(1);
  const { saved, text } = await savePdf(call, dialog, 'late.pdf', {
    collection: 'payments',
    filters: { status: 'late' },
    columns: [
      { name: 'id', label: 'ID' },
      { name: shape.amount, label: 'Amount' },
    ],
  });
  const ids = printedIds(text);
  expect(new Set(ids)).toEqual(want.ids);
  expect(ids).toHaveLength(want.ids.size);
  expect(text).toContain('Status: late');
  expect(text).toContain(`Amount total ${money(want.cents, shape.currency)}`);
  expect(saved.pages).toBeGreaterThanOrEqual(1);
  return text;
}

describe('Payments saved as PDF, on the demo’s contract', () => {
  let printer: ChromiumPrinter;
  let dialog: Dialog;
  let fx: OfflineCopyFixture;
  let call: Call;
  let listed: Listed;
  const shape: Shape = {
    received: 'paid_date',
    amount: 'amount',
    status: 'status',
    minorUnits: false,
    currency: 'USD',
    propertyName: 'name',
  };

  beforeAll(async () => {
    printer = await chromiumPrinter();
    dialog = new Dialog(printer);
    fx = await offlineCopyFixture({ seed: 1 }, dialog.ports);
    call = windowCalls(fx.services);
    await call('connections.update', { id: fx.connectionId, currency: 'USD' });
    listed = await listedBy(fx.sandbox.baseUrl, fx.key);
  });

  afterAll(async () => {
    await fx.close();
    await printer.close();
    rmSync(dialog.dir, { recursive: true, force: true });
  });

  it('reads every page of the service’s filtered listing, not only one screen of it', async () => {
    // No offline copy: the listing is read whole from the service, page after page.
    await fx.services.offlineCopy.whenIdle();
    fx.services.store.offlineCopies.forget(fx.connectionId);
    const text = await checkServiceFilters(call, dialog, listed, shape);
    expect(text).toMatch(/Read from .+ on /);
    expect(dialog.asked.at(-1)!.suggestedName).toMatch(
      /^Payments – with status late – Test service – as of /,
    );
  });

  it('prints exactly the payments of PropDesk’s own filters, from the offline copy', async () => {
    await offlineCopyToEnd(fx.services);
    await checkOwnFilters(call, dialog, listed, shape, 'Test service');
  });

  it('exports the same payments to CSV under PropDesk’s own filters, read from the offline copy', async () => {
    const { property, from, to } = aCase(listed, shape);
    const own = { property, received_from: from, received_to: to };
    const want = picked(listed, shape, own);
    const path = join(dialog.dir, 'own.csv');
    dialog.next = path;
    const answer = await call<{ started: boolean }>('exports.start', {
      collection: 'payments',
      filters: {},
      own,
    });
    expect(answer.data?.started).toBe(true);
    await until(() => existsSync(path));
    const rows = Papa.parse<Record<string, string>>(readFileSync(path, 'utf8').slice(1), {
      header: true,
      skipEmptyLines: true,
    }).data;
    expect(new Set(rows.map((r) => r.id))).toEqual(want.ids);
    expect(rows).toHaveLength(want.ids.size);
    expect(dialog.asked.at(-1)!.suggestedName).toMatch(/received from .* received to /);
  });

  it('refuses bad input before asking where, and writes nothing', async () => {
    const before = readdirSync(dialog.dir).length;
    const asked = dialog.asked.length;
    const refused: unknown[] = [
      { collection: 'payments', filters: {}, columns: [{ name: 'no_such_field', label: 'X' }] },
      { collection: 'payments', filters: {}, columns: [] },
      { collection: 'units', filters: {}, columns: [{ name: 'id', label: 'ID' }] },
      { collection: 'payments', filters: { colour: 'red' }, columns: [{ name: 'id', label: 'ID' }] },
      {
        collection: 'payments',
        filters: {},
        own: { received_from: '2025-12-31', received_to: '2025-01-01' },
        columns: [{ name: 'id', label: 'ID' }],
      },
    ];
    for (const args of refused) {
      dialog.next = join(dialog.dir, 'refused.pdf');
      const answer = await call('collections.savePdf', args);
      expect(answer.ok, JSON.stringify(args)).toBe(false);
      expect(answer.error!.message.length, JSON.stringify(args)).toBeGreaterThan(10);
    }
    const unknown = await call('collections.savePdf', refused[0]);
    expect(unknown.error!.message).toMatch(/no column “no_such_field”/);
    // The swapped dates are found once the file is chosen, but before anything is written.
    expect(dialog.asked.length - asked).toBeLessThanOrEqual(1);
    expect(readdirSync(dialog.dir)).toHaveLength(before);
    expect(existsSync(join(dialog.dir, 'refused.pdf'))).toBe(false);
  });
});

describe('Payments saved as PDF, on Lakeside’s contract: settled_on, amounts in pence', () => {
  let printer: ChromiumPrinter;
  let dialog: Dialog;
  let lake: LakesideConnected;
  let call: Call;
  let listed: Listed;
  const shape: Shape = {
    received: 'settled_on',
    amount: 'amount',
    status: 'state',
    minorUnits: true,
    currency: 'GBP',
    propertyName: 'display_name',
  };

  beforeAll(async () => {
    printer = await chromiumPrinter();
    dialog = new Dialog(printer);
    lake = await connectedToLakeside('propdesk-list-pdf-', undefined, dialog.ports);
    expect((await lake.services.offlineCopy.whenIdle()).state).toBe('done');
    call = windowCalls(lake.services);
    await call('connections.update', { id: lake.services.connections.active().id, currency: 'GBP' });
    listed = await listedBy(lake.lakeside.baseUrl, lake.lakeside.apiKey);
    expect(listed.payments[0]).toHaveProperty('settled_on');
  });

  afterAll(async () => {
    await lake.close();
    await printer.close();
    rmSync(dialog.dir, { recursive: true, force: true });
  });

  it('prints exactly the payments of PropDesk’s own filters, the total in pounds from pence', async () => {
    await checkOwnFilters(call, dialog, listed, shape, 'Lakeside');
  });
});
