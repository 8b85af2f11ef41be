// The offline copy and the portfolio views end to end, against a sandbox this test controls (added as
// a remote connection): an update with its progress bar, each portfolio view with CSV export and the
// expirations' hand-off to the bulk rent review, then the service stopped: collection lists and the
// record picker read the copy under the "Can't reach <service> — showing data as of …" banner.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Papa from 'papaparse';
import { test, expect } from './harness/app-fixture';
import type { AppHarness } from './harness/app-fixture';
import { clientOf } from './harness/app-fixture';
import { loadedCount } from './harness/list-status';
import { startSandbox } from '../../src/sandbox';
import type { Sandbox } from '../../src/sandbox';
import { readAll } from '../../src/main/api/read-listing';
import type { ApiClient } from '../../src/main/api/api-client';

/** The test's own sums: every payment received in the year, in cents, by its lease's unit's property. */
async function receivedByProperty(client: ApiClient, year: number): Promise<Map<string, number>> {
  const [payments, leases, units] = await Promise.all([
    readAll(client, 'payments', {}),
    readAll(client, 'leases', {}),
    readAll(client, 'units', {}),
  ]);
  const unitOf = new Map(leases.map((l) => [l.id, String(l.unit_id)]));
  const propertyOf = new Map(units.map((u) => [u.id, String(u.property_id)]));
  const cents = new Map<string, number>();
  for (const p of payments) {
    if (typeof p.paid_date !== 'string' || !p.paid_date.startsWith(`${year}-`)) continue;
    const property = propertyOf.get(unitOf.get(String(p.lease_id))!)!;
    cents.set(property, (cents.get(property) ?? 0) + Math.round(Number(p.amount) * 100));
  }
  return cents;
}

const dollars = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

let sandbox: Sandbox | undefined;
test.afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

async function connect(app: AppHarness, latencyMs = 0) {
  sandbox = await startSandbox({ seed: 9, latencyMs });
  const key = sandbox.keys.find((k) => k.name === 'full')!.key;
  const connection = await app.call('connections.add', {
    name: 'Harbour Lets',
    baseUrl: sandbox.baseUrl,
    apiKey: key,
  });
  await app.call('connections.switch', { id: connection.id });
  return clientOf(sandbox.baseUrl, key);
}

test('updating the offline copy shows progress, can be stopped and resumed, and lists each collection’s as-of time', async ({
  app,
}) => {
  const { page } = app;
  // A slow service, so an update is still running when it is stopped.
  const client = await connect(app, 150);
  // The copy made by itself on the switch is turned off and deleted: this test makes its own.
  await app.call('offlineCopy.setKeepCopy', { keep: false });
  await app.call('offlineCopy.setKeepCopy', { keep: true });
  await app.open('#/portfolio/offline-copy');
  await expect(page.getByRole('heading', { name: 'Offline copy' })).toBeVisible();
  await expect(page.getByText('There is no copy on this computer yet.')).toBeVisible();
  await app.screenshot('portfolio-sync-empty');
  await page.getByRole('button', { name: 'Update the offline copy' }).click();
  const progress = page.getByRole('progressbar', { name: 'Offline copy progress' });
  await expect(page.getByText(/Making the offline copy… \d+ % [\d,]+ records read/)).toBeVisible();
  await expect.poll(async () => Number(await progress.getAttribute('aria-valuenow'))).toBeGreaterThan(0);
  await app.screenshot('portfolio-sync-running');
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(page.getByText(/^Stopped\. What was read is kept/)).toBeVisible();
  await page.getByRole('button', { name: 'Update the offline copy' }).click();
  await expect(page.getByText('Up to date', { exact: true })).toBeVisible({ timeout: 180_000 });
  const table = page.getByRole('table', { name: 'What the offline copy holds' });
  const payments = await readAll(client, 'payments', {});
  await expect(table.getByRole('row', { name: /Payments/ })).toContainText(
    payments.length.toLocaleString('en-US'),
  );
  await expect(table.getByText('Not copied yet')).toHaveCount(0);
  await expect(page.getByRole('contentinfo', { name: 'Status' })).toContainText('Offline copy as of');
  await app.screenshot('portfolio-sync-done');
  await app.checkA11y('offline copy');
});

test('each portfolio view from the copy, exported to CSV; expirations start a bulk rent review', async ({
  app,
}) => {
  const { page } = app;
  const client = await connect(app);
  await app.updateOfflineCopy();
  const dir = app.documents;
  await app.open('#/portfolio/rent-roll');
  const views = [
    ['rent-roll', 'Rent roll', 'Rent roll'],
    ['expirations', 'Expirations', 'Lease expirations'],
    ['vacancy', 'Vacancy', 'Vacancy board'],
    ['delinquency', 'Delinquency', 'Delinquency (estimate from payments)'],
    ['maintenance', 'Maintenance', 'Maintenance triage'],
  ] as const;
  for (const [view, tab, title] of views) {
    await page.getByRole('tab', { name: tab, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`#/portfolio/${view}$`));
    const table = page.getByRole('table', { name: title });
    await expect(table).toBeVisible();
    const expected = await app.call('portfolio.view', { view });
    // Every row and group heading is counted for screen readers (the rows are virtualized), with the
    // heading row and the totals row when the view has money columns.
    const groups = new Set(expected.rows.map((r) => r.groupKey)).size;
    const totalled = Object.keys(expected.totals).length > 0 ? 1 : 0;
    await expect(table).toHaveAttribute(
      'aria-rowcount',
      String(1 + groups + expected.rows.length + totalled),
    );
    await expect(table.locator('tbody tr:not([aria-hidden])').first()).toBeVisible();
    await expect(page.getByText(/From the offline copy as of/)).toBeVisible();
    app.dialogs.answerSave(join(dir, `${view}.csv`));
    await page.getByRole('button', { name: 'Export CSV' }).click();
    await expect(page.getByText(`Saved ${expected.rows.length.toLocaleString('en-US')} rows`)).toBeVisible();
    expect(readFileSync(join(dir, `${view}.csv`), 'utf8')).toContain(expected.columns[0]!.label);
    await app.screenshot(`portfolio-${view}`);
    await app.checkA11y(`portfolio ${view}`);
  }

  await checkIncome(app, client);

  await page.getByRole('tab', { name: 'Expirations', exact: true }).click();
  const expirations = await app.call('portfolio.view', { view: 'expirations' });
  const soonest = expirations.rows.filter((r) => r.group === '0–30 days').map((r) => r.id);
  await page.getByRole('checkbox', { name: 'Choose all leases ending within 0–30 days' }).check();
  const start = page.getByRole('button', { name: `Start rent review for ${soonest.length} leases` });
  await expect(start).toBeEnabled();
  await app.screenshot('portfolio-expirations-chosen');
  await start.click();
  await expect(page).toHaveURL(/#\/rent-review\?leases=/);
  const query = new URL(page.url().replace('#/rent-review', 'rent-review')).searchParams.get('leases');
  expect(query!.split(',').sort()).toEqual([...soonest].sort());
});

test('with the service stopped, lists and pickers read the copy under an offline banner', async ({ app }) => {
  const { page } = app;
  const client = await connect(app);
  const [property] = (await client.list('properties', { limit: 1 })).data;
  const units = await readAll(client, 'units', { property_id: property!.id });
  await app.updateOfflineCopy();
  await sandbox!.close();

  await app.open('#/c/units');
  const banner = page.getByRole('status').filter({ hasText: 'showing data as of' });
  // The computer is online and only the service is gone: said as such, not as being offline.
  await expect(banner).toContainText(/Can.t reach Harbour Lets — showing data as of/);
  await expect(page.getByRole('contentinfo', { name: 'Status' })).toContainText(/Can.t reach Harbour Lets/);
  await page.getByRole('button', { name: /Property: any/ }).click();
  await page.getByPlaceholder('Search by name, address or ID…').fill(String(property!.name));
  await page
    .getByRole('dialog')
    .getByRole('option', { name: new RegExp(property!.id) })
    .click();
  expect(await loadedCount(page, 'Units')).toBe(units.length);
  await expect(banner).toBeVisible();
  await app.screenshot('portfolio-offline-units');
  await app.checkA11y('offline units');

  // The portfolio views need no service at all.
  await app.open('#/portfolio/vacancy');
  await expect(page.getByRole('table', { name: 'Vacancy board' })).toBeVisible();
  await app.screenshot('portfolio-offline-vacancy');
});

/** Last year's income per property, on screen, in the CSV and in the PDF, as the test's own listings add up. */
async function checkIncome(app: AppHarness, client: ApiClient) {
  const { page } = app;
  const year = Number((await app.call('portfolio.today', {})).today.slice(0, 4)) - 1;
  const expected = await receivedByProperty(client, year);
  const total = [...expected.values()].reduce((a, b) => a + b, 0);
  expect(expected.size).toBeGreaterThan(1);
  const names = new Map((await readAll(client, 'properties', {})).map((p) => [p.id, String(p.name)]));

  await page.getByRole('tab', { name: 'Income', exact: true }).click();
  await expect(page.getByRole('heading', { name: `Income by property, ${year}` })).toBeVisible();
  const table = page.getByRole('table', { name: 'Income by property' });
  await expect(table).toHaveAttribute('aria-rowcount', String(expected.size + 2));
  await expect(table.locator('tfoot')).toContainText(dollars(total));
  const drawn = table.locator('tbody tr:not([aria-hidden])');
  await expect(drawn.first()).toBeVisible();
  const byName = new Map([...expected].map(([id, cents]) => [names.get(id)!, cents]));
  expect(byName.size).toBe(expected.size);
  for (const cells of await drawn.evaluateAll((rows) =>
    rows.map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent ?? '')),
  )) {
    // The name's cell carries the address after it; "Alder Flats 2" is not "Alder Flats".
    const name = [...byName.keys()]
      .filter((n) => cells[0]!.startsWith(n))
      .sort((a, b) => b.length - a.length)[0];
    expect(cells.at(-2), cells[0]).toBe(dollars(byName.get(name!)!));
  }
  await app.screenshot('portfolio-income');

  const csvPath = join(app.documents, 'income.csv');
  app.dialogs.answerSave(csvPath);
  await page.getByRole('button', { name: 'Export CSV' }).click();
  await expect(page.getByText(`Saved ${expected.size} rows`)).toBeVisible();
  const raw = readFileSync(csvPath, 'utf8');
  expect(raw.startsWith('\uFEFF')).toBe(true);
  const [header, ...lines] = Papa.parse<string[]>(raw.slice(1).trim()).data;
  expect(header!.slice(0, 3)).toEqual(['Property', 'Property ID', `Jan ${year} (USD)`]);
  const at = header!.indexOf('Total (USD)');
  const rows = lines.filter((l) => l[0] !== 'Total');
  expect(new Map(rows.map((l) => [l[1]!, Math.round(Number(l[at]) * 100)]))).toEqual(expected);
  // Numbers as numbers: written bare, never quoted.
  for (const l of rows) expect(raw).toContain(`,${l[at]},`);
  expect(Math.round(Number(lines.find((l) => l[0] === 'Total')![at]) * 100)).toBe(total);

  const pdfPath = join(app.documents, 'income.pdf');
  app.dialogs.answerSave(pdfPath);
  await page.getByRole('button', { name: 'Save as PDF' }).click();
  await expect(page.getByRole('status').filter({ hasText: '“income.pdf”' })).toBeVisible({ timeout: 90_000 });
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', '-layout', pdfPath, '-'], { encoding: 'utf8' });
  expect(text).toContain(`Harbour Lets — Income by property, ${year}`);
  expect(text).toContain(`Cash basis: money received, by the date it was received`);
  expect(text).toMatch(/page 1 of \d+/);
  // Each property's name starts its row (its address on a line below); its figures are on the row's lines.
  const printed = text.split('\n').map((l) => l.trim());
  for (const [id, cents] of expected) {
    const row = printed.findIndex((l) => l === names.get(id) || l.startsWith(`${names.get(id)!}  `));
    expect(row, names.get(id)).toBeGreaterThanOrEqual(0);
    expect(printed.slice(row, row + 2).join(' '), names.get(id)).toContain(dollars(cents));
  }
  expect(text).toContain(dollars(total));
}
