// People and money in the demo organisation, where names repeat (three tenants are called Sofia
// Walsh): each person is one group on the screen and has their own ID in the CSV, and a tenant's
// balance is what the service's own payments say they owe. Main's real services over the demo service,
// the figures checked against the service's records read with plain fetch.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDay } from '../../../../src/shared/date-style';
import { bodyLines } from '../../../../src/shared/portfolio-body-lines';
import type { ServiceRecord } from '../../../../src/shared/service';
import { cleanListing, offlineCopyFixture, offlineCopyToEnd } from '../../../support/offline-copy-fixture';
import type { OfflineCopyFixture } from '../../../support/offline-copy-fixture';

let fx: OfflineCopyFixture;
let csvDir: string;
let savePath: string | undefined;
let tenants: ServiceRecord[];
let payments: ServiceRecord[];
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  csvDir = mkdtempSync(join(tmpdir(), 'propdesk-people-'));
  // Seed 1 is the demo organisation's.
  fx = await offlineCopyFixture({ seed: 1 }, { chooseSaveFile: async () => savePath });
  tenants = await cleanListing(fx.sandbox.baseUrl, fx.key, 'tenants');
  payments = await cleanListing(fx.sandbox.baseUrl, fx.key, 'payments');
  await fx.services.contract.get(fx.connectionId, () => fx.services.clients.client().openapi());
  await offlineCopyToEnd(fx.services);
});

afterAll(async () => {
  await fx.close();
  rmSync(csvDir, { recursive: true, force: true, maxRetries: 10 });
});

/** The service's charges unpaid on a day: due before it and not paid by it. */
const unpaidOn = (day: string) =>
  payments.filter(
    (p) =>
      String(p.due_date).slice(0, 10) < day &&
      (typeof p.paid_date !== 'string' || p.paid_date.slice(0, 10) > day),
  );
const unpaidOf = (tenantId: string) => unpaidOn(today).filter((p) => p.tenant_id === tenantId);

describe('the demo organisation’s three Sofia Walshes', () => {
  const walshes = () => tenants.filter((t) => t.name === 'Sofia Walsh');

  /** The Sofia Walshes who owe something today, by the service's own payments. */
  const owing = () => walshes().filter((t) => unpaidOf(t.id).length > 0);

  it('are three people in the demo, more than one of them owing', () => {
    expect(walshes()).toHaveLength(3);
    expect(owing().length).toBeGreaterThan(1);
  });

  it('are one group each in Delinquency on the screen, each with their email beneath', async () => {
    const table = await fx.services.handlers['portfolio.view']({ view: 'delinquency' });
    const groups = bodyLines(table.rows).filter((l) => l.kind === 'group' && l.group === 'Sofia Walsh');
    expect(groups).toHaveLength(owing().length);
    const notes = groups.map((g) => (g.kind === 'group' ? g.note : null));
    expect(new Set(notes)).toEqual(new Set(owing().map((t) => t.email)));
    // Each group's rows are that person's leases only.
    for (const g of groups) {
      if (g.kind !== 'group') continue;
      const who = owing().find((t) => t.email === g.note)!;
      expect(new Set(g.rows.map((r) => r.cells.tenant_id))).toEqual(new Set([who.id]));
      expect(g.rows.map((r) => r.opens)).toEqual(g.rows.map(() => ({ collection: 'tenants', id: who.id })));
    }
  });

  it('are one group each on the rent roll’s tenant cells too: the CSV names each by ID', async () => {
    savePath = join(csvDir, 'rent-roll.csv');
    await fx.services.handlers['portfolio.export']({ view: 'rent-roll' });
    const rows = Papa.parse<Record<string, string>>(readFileSync(savePath, 'utf8'), {
      header: true,
      skipEmptyLines: true,
    }).data.filter((r) => r.Tenant === 'Sofia Walsh');
    expect(rows.length).toBeGreaterThan(1);
    const ids = new Set(walshes().map((t) => t.id));
    for (const r of rows) expect(ids.has(r['Tenant ID']!), r['Tenant ID']).toBe(true);
  });

  it('are three distinguishable hits in search, each with the field that matched or their email', async () => {
    const answer = await fx.services.handlers['search.query']({ text: 'Sofia Walsh', limit: 10 });
    const hits = answer.groups
      .find((g) => g.collection === 'tenants')!
      .hits.filter((h) => h.label === 'Sofia Walsh');
    expect(hits).toHaveLength(3);
    expect(new Set(hits.map((h) => h.note))).toEqual(new Set(walshes().map((t) => t.email)));
    const one = walshes()[1]!;
    const byEmail = await fx.services.handlers['search.query']({ text: String(one.email).split('@')[0]! });
    const hit = byEmail.groups.find((g) => g.collection === 'tenants')!.hits[0]!;
    expect(hit.id).toBe(one.id);
    expect(hit.matched).toEqual({ field: 'email', value: one.email });
  });

  it('are told apart in the Delinquency CSV by their tenant IDs, with lease IDs beside them', async () => {
    savePath = join(csvDir, 'delinquency.csv');
    await fx.services.handlers['portfolio.export']({ view: 'delinquency' });
    const parsed = Papa.parse<Record<string, string>>(readFileSync(savePath, 'utf8'), {
      header: true,
      skipEmptyLines: true,
    });
    expect(parsed.errors).toEqual([]);
    const rows = parsed.data.filter((r) => r.Tenant === 'Sofia Walsh');
    expect(new Set(rows.map((r) => r['Tenant ID']))).toEqual(new Set(owing().map((t) => t.id)));
    expect(rows.every((r) => r['Lease ID'] !== '')).toBe(true);
  });
});

describe('a tenant’s balance', () => {
  it('is what the service’s payments say Caleb Reyes owes, and since when', async () => {
    const caleb = tenants.find((t) => t.name === 'Caleb Reyes')!;
    const unpaid = unpaidOf(caleb.id);
    expect(unpaid.length).toBeGreaterThan(0);
    const balance = await fx.services.handlers['records.balance']({ collection: 'tenants', id: caleb.id });
    const cents = unpaid.reduce((sum, p) => sum + Math.round(Number(p.amount) * 100), 0);
    expect(balance.count).toBe(unpaid.length);
    expect(Math.round(balance.total! * 100)).toBe(cents);
    expect(balance.since).toBe(unpaid.map((p) => String(p.due_date).slice(0, 10)).sort()[0]);
    // Oldest first, the same estimate and caveat as Delinquency.
    expect(balance.charges.map((c) => c.paymentId)).toEqual(
      [...unpaid].sort((a, b) => String(a.due_date).localeCompare(String(b.due_date))).map((p) => p.id),
    );
    expect(balance.notes[0]).toMatch(/^An estimate from payments/);
    const delinquency = await fx.services.handlers['portfolio.view']({ view: 'delinquency' });
    const rows = delinquency.rows.filter((r) => r.cells.tenant_id === caleb.id);
    expect(rows.reduce((s, r) => s + Math.round(Number(r.cells.total) * 100), 0)).toBe(cents);
  });

  it('of a property is what its tenants owe, from the copy', async () => {
    const units = await cleanListing(fx.sandbox.baseUrl, fx.key, 'units');
    const leases = await cleanListing(fx.sandbox.baseUrl, fx.key, 'leases');
    const propertyId = String(units[0]!.property_id);
    const unitIds = new Set(units.filter((u) => u.property_id === propertyId).map((u) => u.id));
    const leaseIds = new Set(leases.filter((l) => unitIds.has(String(l.unit_id))).map((l) => l.id));
    const owed = payments.filter(
      (p) =>
        leaseIds.has(String(p.lease_id)) &&
        String(p.due_date) < today &&
        (typeof p.paid_date !== 'string' || p.paid_date.slice(0, 10) > today),
    );
    const balance = await fx.services.handlers['records.balance']({
      collection: 'properties',
      id: propertyId,
    });
    expect(balance.source.kind).toBe('copy');
    expect(balance.count).toBe(owed.length);
    expect(Math.round((balance.total ?? 0) * 100)).toBe(
      owed.reduce((sum, p) => sum + Math.round(Number(p.amount) * 100), 0),
    );
  });
});

describe('Delinquency as of another day', () => {
  it('counts the charges due before that day and not paid by it, and says it is an estimate', async () => {
    const day = new Date(Date.now() - 75 * 86_400_000).toISOString().slice(0, 10);
    const table = await fx.services.handlers['portfolio.view']({ view: 'delinquency', asOfDay: day });
    expect(table.asOfDay).toBe(day);
    expect(table.today).toBe(day);
    // The day as every screen writes it ("Sep 12, 2026" in the computer's locale).
    expect(table.notes[0]!.startsWith(`As of ${formatDay(day)}: an estimate from today’s offline copy`)).toBe(
      true,
    );
    const expected = unpaidOn(day);
    expect(expected.length).not.toBe(unpaidOn(today).length);
    expect(table.rows.reduce((n, r) => n + Number(r.cells.payments), 0)).toBe(expected.length);
  });

  it('is refused for a view that is shown as of today only', async () => {
    await expect(
      fx.services.handlers['portfolio.view']({ view: 'vacancy', asOfDay: '2026-01-31' } as never),
    ).rejects.toMatchObject({ code: expect.stringMatching(/invalid/) });
  });
});
