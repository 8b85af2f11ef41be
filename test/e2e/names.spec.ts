// Records read as a landlord reads them: every screen names the records a record refers to (a
// lease's unit as "<property> · <unit>", its tenant by name) with the ID on hover, and shows money in
// the connection's currency, in currency units even where the service's contract keeps whole cents
// under names of its own; and that service's income by property, on screen, in CSV and in PDF.
import type { Locator, Page } from '@playwright/test';
import type { ApiClient } from '../../src/main/api/api-client';
import type { ServiceRecord } from '../../src/shared/service';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Papa from 'papaparse';
import { cleanListing } from '../support/offline-copy-fixture';
import { startLakesideService } from '../support/lakeside-service';
import type { LakesideService } from '../support/lakeside-service';
import { clientOf, test, expect } from './harness/app-fixture';
import type { AppHarness } from './harness/app-fixture';

const SEP = ' · ';

interface Names {
  lease: ServiceRecord;
  unit: ServiceRecord;
  property: ServiceRecord;
  tenant: ServiceRecord;
  unitLabel: string;
  leaseLabel: string;
}

/** The first lease the service lists, with the records it refers to and the labels they should get. */
async function firstLease(
  client: ApiClient,
  unitWords: (u: ServiceRecord) => string,
  personWords: (t: ServiceRecord) => string,
  propertyWords: (p: ServiceRecord) => string,
): Promise<Names> {
  const [lease] = (await client.list('leases', { limit: 1 })).data;
  const unit = await client.get('units', String(lease!.unit_id));
  const property = await client.get('properties', String(unit.property_id));
  const tenant = await client.get('tenants', String(lease!.tenant_id));
  const unitLabel = `${propertyWords(property)}${SEP}${unitWords(unit)}`;
  return {
    lease: lease!,
    unit,
    property,
    tenant,
    unitLabel,
    leaseLabel: `${personWords(tenant)}${SEP}${unitLabel}`,
  };
}

/** The value of a field in the details panel, by the field's exact words. */
function detail(page: Page, field: string): Locator {
  return page
    .getByRole('complementary', { name: 'Record details' })
    .locator('.field')
    .filter({ has: page.locator('dt').getByText(field, { exact: true }) })
    .locator('dd');
}

/** The cell of a grid column in the row of a record. */
async function cell(page: Page, grid: Locator, column: string, recordId: string): Promise<Locator> {
  await expect(page.locator(`[id="row-${recordId}"]`)).toBeVisible();
  const headers = await grid.getByRole('columnheader').allTextContents();
  const at = headers.indexOf(column);
  expect(at, `column ${column} among ${headers.join(', ')}`).toBeGreaterThanOrEqual(0);
  return page.locator(`[id="row-${recordId}"] [role="gridcell"]`).nth(at);
}

test('Units, Leases, a lease’s details, the property page, a draft and the rent review name records', async ({
  app,
}) => {
  const { page } = app;
  const client = await app.demoClient();
  const n = await firstLease(
    client,
    (u) => String(u.unit_number),
    (t) => String(t.name),
    (p) => String(p.name),
  );

  await app.open('#/c/units');
  const units = page.getByRole('grid', { name: 'Units' });
  const property = await cell(page, units, 'Property', n.unit.id);
  await expect(property).toHaveText(String(n.property.name));
  await expect(property).toHaveAttribute('title', n.property.id);
  await app.screenshot('names-units');

  await app.open('#/c/leases');
  const leases = page.getByRole('grid', { name: 'Leases' });
  await expect(await cell(page, leases, 'Unit', n.lease.id)).toHaveText(n.unitLabel);
  await expect(await cell(page, leases, 'Tenant', n.lease.id)).toHaveText(String(n.tenant.name));
  // No reference column shows an ID once the names have arrived.
  await expect(leases.locator('[role="gridcell"].ref.muted')).toHaveCount(0);
  await app.screenshot('names-leases');

  await app.open(`#/c/leases/${encodeURIComponent(n.lease.id)}`);
  const details = page.getByRole('complementary', { name: 'Record details' });
  await expect(detail(page, 'Unit')).toHaveText(n.unitLabel);
  await expect(detail(page, 'Tenant')).toHaveText(String(n.tenant.name));
  await expect(details.getByRole('link', { name: `Open unit: ${n.unitLabel}` })).toBeVisible();
  await app.screenshot('names-lease-details');

  await app.open(`#/property/${encodeURIComponent(n.property.id)}`);
  await expect(page.getByRole('link', { name: n.unitLabel, exact: true })).toBeVisible();
  const owners = page.locator('table[aria-label$="documents"] td:last-child');
  await expect(owners.first()).toBeVisible();
  // Owners are named: "Unit Maple Court · 3B", never "Unit unit_…".
  await expect(page.locator('table[aria-label$="documents"] [data-ref-state="loading"]')).toHaveCount(0);
  const ownerTexts = await owners.allTextContents();
  expect(ownerTexts.filter((t) => /^(Unit|Lease of|Tenant|Property) [a-z]+_[\w-]+$/.test(t))).toEqual([]);
  await app.screenshot('names-property');

  const rent = Number(n.lease.monthly_rent);
  const draft = await app.call('drafts.create', {
    label: 'Names check',
    changes: [
      {
        operation: 'update',
        resourceType: 'lease',
        resourceId: n.lease.id,
        fields: { monthly_rent: rent + 50, unit_id: n.lease.unit_id },
        snapshot: n.lease,
      },
    ],
  });
  await app.open(`#/drafts/${encodeURIComponent(draft.id)}`);
  const card = page.locator('section.change-card');
  await expect(card.getByRole('heading', { level: 3 })).toContainText(`Lease ${n.leaseLabel}`);
  // Current and suggested unit by name.
  await expect(card.locator('.current', { hasText: n.unitLabel })).toBeVisible();
  await expect(
    card.getByRole('button', { name: new RegExp(`Unit.*: ${escape(n.unitLabel)}`) }),
  ).toBeVisible();
  await app.screenshot('names-draft');

  await app.open('#/rent-review');
  await page.getByRole('button', { name: 'Preview' }).click();
  const table = page.getByRole('table', { name: 'Rent review preview' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  const firstRow = table.locator('.vgrid-body [role="row"]').first();
  const leaseCell = firstRow.getByRole('cell').nth(1);
  await expect(leaseCell).not.toHaveText(/^lease_/);
  await expect(leaseCell).toContainText(SEP);
  // Lease, tenant, the figures and the note first; the unit further along.
  await expect(firstRow.getByRole('cell').nth(8)).toContainText(SEP);
  await expect(table.locator('[data-ref-state="loading"]')).toHaveCount(0);
  await app.screenshot('names-rent-review');
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

test('a service with its own field names and whole cents: names by its fields, amounts in pounds', async ({
  app,
}) => {
  const { page } = app;
  const lakeside = await startLakesideService();
  try {
    const added = await app.call('connections.add', {
      name: 'Lakeside Lettings',
      baseUrl: lakeside.baseUrl,
      apiKey: lakeside.apiKey,
      currency: 'GBP',
    });
    await app.call('connections.switch', { id: added.id });
    // The sandbox behind it holds the same records in its own fields and in pounds.
    const client = clientOf(lakeside.sandbox.baseUrl, lakeside.apiKey);
    const n = await firstLease(
      client,
      (u) => String(u.unit_number),
      (t) => String(t.name),
      (p) => String(p.name),
    );
    const pounds = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'GBP' }).format(
      Number(n.lease.monthly_rent),
    );

    await app.open('#/c/leases');
    const leases = page.getByRole('grid', { name: 'Leases' });
    await expect(await cell(page, leases, 'Unit', n.lease.id)).toHaveText(n.unitLabel);
    await expect(await cell(page, leases, 'Tenant', n.lease.id)).toHaveText(String(n.tenant.name));
    const headers = await leases.getByRole('columnheader').allTextContents();
    const rentHeader = headers.find((h) => /rent/i.test(h) && !/deposit/i.test(h))!;
    await expect(await cell(page, leases, rentHeader, n.lease.id)).toHaveText(pounds);
    await app.screenshot('names-lakeside-leases');

    await app.open(`#/c/leases/${encodeURIComponent(n.lease.id)}`);
    const details = page.getByRole('complementary', { name: 'Record details' });
    await expect(detail(page, 'Unit')).toHaveText(n.unitLabel);
    await expect(details).toContainText(pounds);
    await app.screenshot('names-lakeside-details');

    await checkLakesideIncome(app, lakeside);
  } finally {
    await lakeside.close();
  }
});

/**
 * Last year's income per property from the same service: received by the day in "settled_on", amounts
 * in whole pence, on screen, in the CSV and in the PDF read back, equal to what the test adds up from
 * its own listings of Lakeside's fields.
 */
async function checkLakesideIncome(app: AppHarness, lakeside: LakesideService) {
  const { page } = app;
  await app.updateOfflineCopy();
  const year = String(Number((await app.call('portfolio.today', {})).today.slice(0, 4)) - 1);
  const [units, leases, payments, properties] = await Promise.all(
    (['units', 'leases', 'payments', 'properties'] as const).map((c) =>
      cleanListing(lakeside.baseUrl, lakeside.apiKey, c),
    ),
  );
  const propertyOf = new Map(units!.map((u) => [u.id, String(u.property_id)]));
  const unitOf = new Map(leases!.map((l) => [l.id, String(l.unit_id)]));
  const expected = new Map<string, number>();
  for (const p of payments!) {
    if (typeof p.settled_on !== 'string' || !p.settled_on.startsWith(`${year}-`)) continue;
    const property = propertyOf.get(unitOf.get(String(p.lease_id))!)!;
    expected.set(property, (expected.get(property) ?? 0) + Number(p.amount));
  }
  expect(expected.size).toBeGreaterThan(0);
  const total = [...expected.values()].reduce((a, b) => a + b, 0);
  const names = new Map(properties!.map((p) => [p.id, String(p.display_name)]));
  const streets = new Map(properties!.map((p) => [p.id, String(p.street_address)]));
  const gbp = (pence: number) =>
    new Intl.NumberFormat('en-US', { style: 'currency', currency: 'GBP' }).format(pence / 100);

  await app.open('#/portfolio/income');
  await expect(page.getByRole('heading', { name: `Income by property, ${year}` })).toBeVisible();
  const table = page.getByRole('table', { name: 'Income by property' });
  await expect(table).toHaveAttribute('aria-rowcount', String(expected.size + 2));
  await expect(table.locator('tfoot')).toContainText(gbp(total));
  const shown = await table
    .locator('tbody tr:not([aria-hidden])')
    .evaluateAll((rows) =>
      rows.map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent ?? '')),
    );
  expect(shown.length).toBe(expected.size);
  for (const [id, pence] of expected) {
    // The name's cell carries the street after it: "Cedar Commons 2" is not "Cedar Commons".
    const row = shown.find((cells) => cells[0]!.startsWith(`${names.get(id)!} ${streets.get(id)!}`));
    expect(row?.at(-2), names.get(id)).toBe(gbp(pence));
  }
  await app.screenshot('names-lakeside-income');

  const csvPath = join(app.documents, 'lakeside-income.csv');
  app.dialogs.answerSave(csvPath);
  await page.getByRole('button', { name: 'Export CSV' }).click();
  await expect(page.getByText(`Saved ${expected.size} rows`)).toBeVisible();
  const [header, ...lines] = Papa.parse<string[]>(readFileSync(csvPath, 'utf8').slice(1).trim()).data;
  const at = header!.indexOf('Total (GBP)');
  expect(at).toBeGreaterThan(0);
  const rows = lines.filter((l) => l[0] !== 'Total');
  expect(new Map(rows.map((l) => [l[1]!, Math.round(Number(l[at]) * 100)]))).toEqual(expected);

  const pdfPath = join(app.documents, 'lakeside-income.pdf');
  app.dialogs.answerSave(pdfPath);
  await page.getByRole('button', { name: 'Save as PDF' }).click();
  await expect(page.getByRole('status').filter({ hasText: '“lakeside-income.pdf”' })).toBeVisible({
    timeout: 90_000,
  });
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', '-layout', pdfPath, '-'], { encoding: 'utf8' });
  expect(text).toContain(`Lakeside Lettings — Income by property, ${year}`);
  expect(text).toContain(gbp(total));
  for (const [id, pence] of expected) expect(text, names.get(id)).toContain(gbp(pence));
}
