// Records that lead to each other, on the demo organisation: from the Tenants list a tenant's page
// (Enter), their lease, its payments, and back and forward through them (the browser's and the
// window menu's); a record's page from the offline copy under the "as of" banner; and "which documents of this
// building are unverified?" answered on the property's page across its units, leases and tenants,
// with the count read from the demo service here, while the Documents list filtered by the property
// says plainly that it counts only the property's own and leads to the page.
import { test, expect } from './harness/app-fixture';
import { readAll } from '../../src/main/api/read-listing';
import type { ServiceRecord } from '../../src/shared/service';

test('a tenant opened with Enter leads to their lease and its payments; back and forward retrace them', async ({
  app,
}) => {
  const { page } = app;
  const client = await app.demoClient();
  const tenants = await readAll(client, 'tenants', {});
  // The first tenant in the list with a lease that has payments.
  let chosen: { index: number; tenant: ServiceRecord; lease: ServiceRecord; payments: number } | undefined;
  for (const [index, tenant] of tenants.slice(0, 15).entries()) {
    for (const lease of await readAll(client, 'leases', { tenant_id: tenant.id })) {
      const payments = (await readAll(client, 'payments', { lease_id: lease.id })).length;
      if (payments > 0) chosen = { index, tenant, lease, payments };
      if (chosen) break;
    }
    if (chosen) break;
  }
  if (!chosen) throw new Error('The demo organisation has no tenant with a paid lease among its first 15');
  const { index, tenant, lease, payments } = chosen;

  await app.open('#/c/tenants');
  const grid = page.getByRole('grid', { name: 'Tenants' });
  await expect(grid.getByRole('gridcell').first()).toBeVisible();
  await grid.focus();
  await page.keyboard.press('Home');
  for (let i = 0; i < index; i++) await page.keyboard.press('j');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`#/r/tenants/${tenant.id}$`));
  const tenantTitle = page.getByRole('heading', { level: 1 });
  await expect(tenantTitle).toContainText(String(tenant.last_name ?? tenant.name ?? ''));
  await expect(page).toHaveTitle(/Tenant — PropDesk$/);
  const tenantPageTitle = await page.title();
  await expect(page.getByRole('region', { name: 'About this tenant' })).toContainText(String(tenant.email));
  const tenantLeases = await readAll(client, 'leases', { tenant_id: tenant.id });
  await expect(page.getByRole('region', { name: `Leases (${tenantLeases.length})` })).toBeVisible();
  await expect(page.locator('[data-ref-state="loading"]')).toHaveCount(0);
  await app.screenshots('record-tenant');
  await app.checkA11y('record-tenant');

  await page
    .getByRole('region', { name: /^Leases/ })
    .locator(`a[href="#/r/leases/${lease.id}"]`)
    .click();
  await expect(page).toHaveURL(new RegExp(`#/r/leases/${lease.id}$`));
  await expect(page).toHaveTitle(/Lease — PropDesk$/);
  const paymentsCard = page.getByRole('region', { name: `Payments (${payments})` });
  await expect(paymentsCard).toBeVisible();
  await paymentsCard.getByRole('link', { name: /^(All \d+|Show) in Payments$/ }).click();
  await expect(page).toHaveURL(new RegExp(`#/c/payments\\?lease_id=${lease.id}$`));
  await expect(page.getByRole('status').filter({ hasText: /^[\d,]+ loaded/ })).toHaveText(
    `${payments.toLocaleString('en-US')} loaded`,
  );

  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`#/r/leases/${lease.id}$`));
  await expect(page.getByRole('region', { name: `Payments (${payments})` })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`#/r/tenants/${tenant.id}$`));
  await expect(page).toHaveTitle(tenantPageTitle);
  await page.goBack();
  await expect(page).toHaveURL(/#\/c\/tenants$/);
  // The window's menu moves through the same history.
  await app.main.clickMenu('View', 'Forward');
  await expect(page.getByRole('region', { name: 'About this tenant' })).toBeVisible();
  await app.main.clickMenu('View', 'Forward');
  await expect(page.getByRole('region', { name: 'About this lease' })).toBeVisible();
  await app.main.clickMenu('View', 'Back');
  await expect(page).toHaveURL(new RegExp(`#/r/tenants/${tenant.id}$`));
  await page.goForward();
  await expect(page.getByRole('region', { name: 'About this lease' })).toBeVisible();
  await page.goForward();
  await expect(page).toHaveURL(new RegExp(`#/c/payments\\?lease_id=${lease.id}$`));
});

test('a property’s page finds every unverified document of the building; the Documents list says it counts fewer', async ({
  app,
}) => {
  const { page } = app;
  const client = await app.demoClient();
  const properties = await readAll(client, 'properties', {});
  // The property with the most unverified documents attached to its units, leases and tenants.
  let best:
    { property: ServiceRecord; unverified: ServiceRecord[]; own: number; indirect: number } | undefined;
  for (const property of properties.slice(0, 6)) {
    const units = await readAll(client, 'units', { property_id: property.id });
    const leases = (await Promise.all(units.map((u) => readAll(client, 'leases', { unit_id: u.id })))).flat();
    const tenants = [...new Set(leases.map((l) => String(l.tenant_id)))];
    const owners = [
      ['property', [property.id]],
      ['unit', units.map((u) => u.id)],
      ['lease', leases.map((l) => l.id)],
      ['tenant', tenants],
    ] as const;
    const documents: ServiceRecord[] = [];
    for (const [type, ids] of owners)
      for (const id of ids)
        documents.push(...(await readAll(client, 'documents', { entity_type: type, entity_id: id })));
    const unverified = documents.filter((d) => d.is_verified !== true);
    const own = unverified.filter((d) => d.entity_type === 'property').length;
    if (!best || unverified.length - own > best.indirect)
      best = { property, unverified, own, indirect: unverified.length - own };
  }
  const { property, unverified } = best!;
  expect(best!.indirect).toBeGreaterThan(0);

  await app.open(`#/r/properties/${property.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Property');
  await expect(page.getByTestId('unverified-count')).toHaveText(`${unverified.length} not verified`);
  await page.getByRole('switch', { name: 'Unverified only' }).click();
  const rows = page.locator('table[aria-label$="documents"] tbody tr');
  await expect(rows).toHaveCount(unverified.length);
  await expect(page.locator('table[aria-label$="documents"] [data-ref-state="loading"]')).toHaveCount(0);
  const attached = await page.locator('table[aria-label$="documents"] tbody td:last-child').allTextContents();
  // Each says what it is attached to, by name: "Unit …", "Lease of …", "Tenant …".
  expect(attached.some((t) => /^(Unit|Lease of|Tenant) /.test(t))).toBe(true);
  expect(attached.every((t) => /^(Property|Unit|Lease of|Tenant) \S/.test(t))).toBe(true);
  await app.screenshots('record-property');
  await app.checkA11y('record-property');
  await page.getByRole('region', { name: /^Documents/ }).scrollIntoViewIfNeeded();
  await app.screenshots('record-property-documents');

  await app.open(`#/c/documents?entity_type=property&entity_id=${property.id}`);
  const note = page.getByRole('note');
  await expect(note).toContainText('This list counts only documents attached directly to');
  await expect(note).toContainText('Its page counts all of them');
  await expect(note.locator('[data-ref-state="named"]')).toBeVisible();
  await app.screenshots('documents-owner-note');
  await app.checkA11y('documents-owner-note');
  await note.getByRole('link', { name: 'Open its page' }).click();
  await expect(page).toHaveURL(new RegExp(`#/r/properties/${property.id}$`));
  await expect(page.getByTestId('unverified-count')).toHaveText(`${unverified.length} not verified`);
});

test('with the service out of reach, a record’s page reads the offline copy under the as-of banner', async ({
  app,
}) => {
  const { page } = app;
  const client = await app.demoClient();
  const [lease] = (await client.list('leases', { limit: 1 })).data;
  const payments = (await readAll(client, 'payments', { lease_id: lease!.id })).length;
  await app.open();
  await app.updateOfflineCopy();
  await app.main.setOffline(true);
  await app.open(`#/r/leases/${lease!.id}`);
  const banner = page.getByRole('status').filter({ hasText: 'showing data as of' });
  await expect(banner).toContainText('Offline — showing data as of');
  await expect(page.getByRole('region', { name: `Payments (${payments})` })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Lease');
  await app.main.setOffline(false);
});
