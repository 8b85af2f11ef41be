// Collection browsers against the demo organisation: paging to the end, filters, details and related
// records, record pages, CSV export, the keyboard, and a key that may read properties only.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import Papa from 'papaparse';
import { test, expect } from './harness/app-fixture';
import { scrollToEnd } from './harness/list-status';
import { COLLECTIONS } from '../../src/shared/service';
import type { Collection } from '../../src/shared/service';
import { readAll } from '../../src/main/api/read-listing';
import { COLLECTION_LABELS } from '../../src/shared/labels';
import { startSandbox } from '../../src/sandbox';
import type { SaveDialogFacts } from '../support/electron-stand-in/protocol';

test('every collection pages to its end with exactly the records the service has', async ({ app }) => {
  const { page } = app;
  await app.open();
  const client = await app.demoClient();
  for (const collection of COLLECTIONS) {
    const expected = (await readAll(client, collection, {})).length;
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: COLLECTION_LABELS[collection], exact: true })
      .click();
    await expect(page.getByRole('heading', { name: COLLECTION_LABELS[collection] })).toBeVisible();
    const text = await scrollToEnd(page, COLLECTION_LABELS[collection]);
    expect(text, collection).toContain(`${expected.toLocaleString('en-US')} loaded`);
    // Virtualization keeps the DOM small however long the list is.
    expect(
      await page.getByRole('grid', { name: COLLECTION_LABELS[collection] }).getByRole('row').count(),
    ).toBeLessThan(150);
  }
  await app.screenshot('collections-documents-end');
});

test('filters narrow the list, live in the route, and survive reload and history', async ({ app }) => {
  const { page } = app;
  await app.open('#/c/leases');
  const client = await app.demoClient();
  const cutoff = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
  const expected = await readAll(client, 'leases', { end_date: cutoff });
  await page.getByLabel('Ending on or before').fill(cutoff);
  await expect(page).toHaveURL(new RegExp(`end_date=${cutoff}`));
  const total = `${expected.length.toLocaleString('en-US')} loaded`;
  await expect.poll(() => scrollToEnd(page, 'Leases')).toContain(total);
  await page.reload();
  await expect(page.getByLabel('Ending on or before')).toHaveValue(cutoff);
  await expect.poll(() => scrollToEnd(page, 'Leases')).toContain(total);
  await app.screenshot('collections-leases-filtered');
  await app.checkA11y('leases filtered');

  await app.open('#/c/properties');
  await page.getByLabel('Active').selectOption('false');
  const inactive = await readAll(client, 'properties', { is_active: 'false' });
  await expect(page.getByRole('status').filter({ hasText: /^[\d,]+ loaded/ })).toContainText(
    `${inactive.length} loaded`,
  );
  await page.goBack();
  await expect(page.getByLabel('Active')).toHaveValue('');
});

test('the record picker filters units by a property chosen by name', async ({ app }) => {
  const { page } = app;
  const client = await app.demoClient();
  const [property] = (await client.list('properties', { limit: 1 })).data;
  const units = await readAll(client, 'units', { property_id: property!.id });
  await app.open('#/c/units');
  await page.getByRole('button', { name: /Property: any/ }).click();
  await page.getByPlaceholder('Search by name, address or ID…').fill(String(property!.name));
  await page
    .getByRole('dialog')
    .getByRole('option', { name: new RegExp(property!.id) })
    .click();
  await expect(page.getByRole('status').filter({ hasText: /^[\d,]+ loaded/ })).toContainText(
    `${units.length} loaded`,
  );
  expect(page.url()).toContain(`property_id=${property!.id}`);

  // The chosen property is shown by its name, its ID on hover.
  const chosen = page.getByRole('button', { name: `Property: ${String(property!.name)}` });
  await expect(chosen.locator('[title]')).toHaveAttribute('title', property!.id);

  // An ID typed in is offered only once a read by it finds the record: one made up never is.
  await chosen.click();
  await page.getByPlaceholder('Search by name, address or ID…').fill('prop_notreadyet');
  await expect(page.getByRole('dialog').getByText(/^No match/)).toBeVisible();
  await expect(page.getByRole('dialog').getByRole('option', { name: /as typed/ })).toHaveCount(0);
  await page.keyboard.press('Escape');
  expect(page.url()).toContain(`property_id=${property!.id}`);
});

test('keyboard: J/K and arrows move, Enter opens the page, the panel follows, Esc closes, Ctrl-K jumps', async ({
  app,
}) => {
  const { page } = app;
  await app.open('#/c/tenants');
  const grid = page.getByRole('grid', { name: 'Tenants' });
  await grid.focus();
  await page.keyboard.press('j');
  // Enter opens the record's page; back returns to the list, where a click shows the details panel.
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/r\/tenants\//);
  await expect(page.getByRole('heading', { name: /Leases \(\d+\)/ })).toBeVisible();
  await page.goBack();
  await page.getByRole('grid', { name: 'Tenants' }).getByRole('gridcell').first().click();
  const panel = page.getByRole('complementary', { name: 'Record details' });
  await expect(panel).toBeVisible();
  await grid.focus();
  const first = page.url();
  await page.keyboard.press('j');
  await expect.poll(() => page.url()).not.toBe(first);
  await page.keyboard.press('ArrowUp');
  await expect.poll(() => page.url()).toBe(first);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();

  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Go to' });
  await expect(palette).toBeVisible();
  await app.screenshot('palette');
  await app.checkA11y('palette');
  await page.keyboard.type('Maint');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Maintenance' })).toBeVisible();

  const [lease] = (await (await app.demoClient()).list('leases', { limit: 1 })).data;
  await page.keyboard.press('Control+k');
  await page.keyboard.type(lease!.id);
  // Found in the service by its ID, under the collection it belongs to.
  await expect(palette.getByRole('group', { name: 'Leases' }).getByRole('option')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`#/r/leases/${lease!.id}`));
});

test('details link to related records, and a property page lists its documents', async ({ app }) => {
  const { page } = app;
  const client = await app.demoClient();
  const [payment] = (await client.list('payments', { limit: 1 })).data;
  const lease = await client.get('leases', String(payment!.lease_id));
  const unit = await client.get('units', String(lease.unit_id));
  await app.open(`#/c/payments/${payment!.id}`);
  const panel = page.getByRole('complementary', { name: 'Record details' });
  await panel.getByRole('link', { name: 'Open lease' }).click();
  await expect(page).toHaveURL(new RegExp(`#/r/leases/${lease.id}$`));
  // On a record's page, a reference among its fields leads to the page of the record it names.
  const facts = page.getByRole('region', { name: 'About this lease' });
  await facts.locator(`a[href="#/r/units/${unit.id}"]`).click();
  await expect(page).toHaveURL(new RegExp(`#/r/units/${unit.id}$`));
  await page
    .getByRole('region', { name: 'About this unit' })
    .locator(`a[href="#/r/properties/${String(unit.property_id)}"]`)
    .click();
  await expect(page).toHaveURL(new RegExp(`#/r/properties/${String(unit.property_id)}$`));
  await expect(page.getByRole('heading', { name: /Units \(\d+\)/ })).toBeVisible();
  const documents = page.getByRole('heading', { name: /Documents \(\d+\)/ });
  await expect(documents).toBeVisible();
  await app.screenshot('property-page');
  await app.checkA11y('property page');
  const all = await page.getByRole('row').count();
  await page.getByRole('switch', { name: 'Unverified only' }).click();
  await expect.poll(() => page.getByRole('row').count()).toBeLessThan(all);
  await expect(page.getByRole('cell', { name: 'Verified', exact: true })).toHaveCount(0);
  await expect(page.getByRole('cell', { name: 'Not verified', exact: true }).first()).toBeVisible();
});

test('export writes every matching record to the chosen file, named for its filters and day', async ({
  app,
}) => {
  const { page } = app;
  const target = join(app.documents, 'active leases.csv');
  app.dialogs.answerSave(target);
  await app.open('#/c/leases?status=active');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Saved / })).toContainText('“active leases.csv”');
  // Main's own save dialog asked, over the app's window, starting in Documents with a suggested name.
  expect(app.dialogs.calls).toHaveLength(1);
  const [call] = app.dialogs.calls;
  expect(call!.kind).toBe('save');
  expect(call!.windowId).not.toBeNull();
  const options = call!.options as SaveDialogFacts;
  expect(options.filters).toEqual([{ name: 'CSV (spreadsheet)', extensions: ['csv'] }]);
  expect(options.properties).toContain('showOverwriteConfirmation');
  expect(dirname(options.defaultPath!)).toBe(app.documents);
  expect(basename(options.defaultPath!)).toMatch(
    /^Leases – with status active – .* – as of \d{4}-\d{2}-\d{2}\.csv$/,
  );
  const expected = await readAll(await app.demoClient(), 'leases', { status: 'active' });
  const text = readFileSync(target, 'utf8');
  // A byte-order mark, then the header on the first line.
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  const rows = parsed.data;
  expect(rows.map((r) => r.id).sort()).toEqual(expected.map((r) => r.id).sort());
  expect(rows.every((r) => r.status === 'active')).toBe(true);
});

test('a key that may read properties only shows a clear “not allowed” state elsewhere', async ({ app }) => {
  const { page } = app;
  const sandbox = await startSandbox({ port: 0 });
  try {
    const key = sandbox.keys.find((k) => k.name === 'properties-only')!.key;
    const added = await app.call('connections.add', {
      name: 'Properties only',
      baseUrl: sandbox.baseUrl,
      apiKey: key,
    });
    await app.call('connections.switch', { id: added.id });
    await app.open('#/c/properties');
    await expect(page.getByRole('grid', { name: 'Properties' }).getByRole('row').nth(2)).toBeVisible();
    for (const collection of COLLECTIONS.filter((c) => c !== 'properties') as Collection[]) {
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: COLLECTION_LABELS[collection], exact: true })
        .click();
      await expect(page.getByRole('heading', { name: 'Not allowed' })).toBeVisible();
    }
    await app.screenshot('not-allowed');
    await app.checkA11y('not allowed');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Connections' }).click();
    await page
      .getByRole('region', { name: 'Properties only' })
      .getByRole('button', { name: 'Test connection' })
      .click();
    const matrix = page.getByRole('table', { name: 'What this key may read' });
    await expect(matrix.getByRole('row', { name: /Properties properties:read Readable/ })).toBeVisible();
    await expect(matrix.getByRole('row', { name: /Leases leases:read Not allowed/ })).toBeVisible();
    await app.screenshot('connections-scope-matrix');
  } finally {
    await sandbox.close();
  }
});

test('an invalid list position is reported with a retry that never restarts the list silently', async ({
  app,
}) => {
  const { page } = app;
  const first = await startSandbox({ port: 0 });
  const port = Number(new URL(first.baseUrl).port);
  let second: Awaited<ReturnType<typeof startSandbox>> | undefined;
  try {
    const key = first.keys.find((k) => k.name === 'full')!.key;
    const added = await app.call('connections.add', {
      name: 'Restarting service',
      baseUrl: first.baseUrl,
      apiKey: key,
    });
    await app.call('connections.switch', { id: added.id });
    // This list is about the service's own pages: no offline copy is kept to answer from instead.
    await app.call('offlineCopy.setKeepCopy', { keep: false });
    await app.open('#/c/payments');
    await expect(page.getByRole('status').filter({ hasText: /^[\d,]+ loaded/ })).toContainText(
      '100 loaded — more',
    );
    // The service restarts without its state: the cursor the list holds is no longer valid there.
    await first.close();
    second = await startSandbox({ port, fullKey: key });
    await page.getByRole('grid', { name: 'Payments' }).evaluate((el) => el.scrollTo(0, el.scrollHeight));
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('The next page could not be loaded.');
    await expect(alert).toContainText(/list position|cursor/i);
    await app.screenshot('collections-invalid-cursor');
    await alert.getByRole('button', { name: 'Retry this page' }).click();
    await expect(alert).toContainText('The next page could not be loaded.');
    // The rows already shown stay; nothing was silently reloaded from the first page.
    await expect(page.getByRole('status').filter({ hasText: /^[\d,]+ loaded/ })).toContainText('100 loaded');
    await alert.getByRole('button', { name: 'Reload from the start' }).click();
    await expect(page.getByRole('alert')).toHaveCount(0);
  } finally {
    await first.close().catch(() => undefined);
    await second?.close();
  }
});

test('Payments narrow to a property and received days of PropDesk’s own, the sum following them', async ({
  app,
}) => {
  const { page } = app;
  await app.open();
  await app.updateOfflineCopy();
  const client = await app.demoClient();
  const [payments, leases, units] = await Promise.all([
    readAll(client, 'payments', {}),
    readAll(client, 'leases', {}),
    readAll(client, 'units', {}),
  ]);
  const unitOf = new Map(leases.map((l) => [l.id, String(l.unit_id)]));
  const propertyOf = new Map(units.map((u) => [u.id, String(u.property_id)]));
  const placeOf = (p: (typeof payments)[number]) => propertyOf.get(unitOf.get(String(p.lease_id)) ?? '');
  const property = placeOf(payments.find((p) => typeof p.paid_date === 'string')!)!;
  const year = String(new Date().getUTCFullYear() - 1);
  const [from, to] = [`${year}-01-01`, `${year}-12-31`];
  const picked = payments.filter(
    (p) =>
      placeOf(p) === property &&
      typeof p.paid_date === 'string' &&
      p.paid_date.slice(0, 10) >= from &&
      p.paid_date.slice(0, 10) <= to,
  );
  expect(picked.length).toBeGreaterThan(1);
  const cents = picked.reduce((s, p) => s + Math.round(Number(p.amount) * 100), 0);
  const money = (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });

  await app.open(`#/c/payments?property=${property}&received_from=${from}&received_to=${to}`);
  const own = page.getByRole('group', { name: 'PropDesk’s own filters' });
  await expect(own.getByLabel('Received on or after')).toHaveValue(from);
  await expect(
    page.getByRole('status').filter({ hasText: 'every payment these filters match' }),
  ).toContainText(
    `${picked.length.toLocaleString('en-US')} ${picked.length === 1 ? 'payment' : 'payments'} · ${money}`,
  );
  const grid = page.getByRole('grid', { name: 'Payments' });
  await expect(grid.getByRole('columnheader', { name: 'Property (by lease)' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  await app.screenshots('payments-own-filters');

  // Save as PDF holds every payment these filters match, not only the rows drawn, with the total.
  const pdfPath = join(app.documents, 'payments.pdf');
  app.dialogs.answerSave(pdfPath);
  await page.getByRole('button', { name: 'Save as PDF' }).click();
  await expect(page.getByRole('status').filter({ hasText: '“payments.pdf”' })).toContainText(
    `Saved ${picked.length.toLocaleString('en-US')} rows`,
    { timeout: 15_000 },
  );
  const options = app.dialogs.calls.at(-1)!.options as SaveDialogFacts;
  expect(options.filters).toEqual([{ name: 'PDF document', extensions: ['pdf'] }]);
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', '-layout', pdfPath, '-'], { encoding: 'utf8' });
  const name = String((await readAll(client, 'properties', {})).find((p) => p.id === property)!.name);
  expect(text).toContain(`Property (by lease): ${name} (PropDesk’s own filter`);
  expect(text).toMatch(/Received between .+ and .+ \(PropDesk’s own filter/);
  expect(text).toContain(`Total, ${picked.length.toLocaleString('en-US')} payments`);
  expect(text).toContain(money);
  expect(text).toMatch(/page 1 of \d+/);
  // One row a payment, each naming its property as the screen does.
  const rows = text.split('\n').filter((l) => l.includes(name) && !l.includes('own filter'));
  expect(rows).toHaveLength(picked.length);
  await app.screenshot('payments-saved-as-pdf');
  await app.checkA11y('payments with PropDesk’s own filters');
});
