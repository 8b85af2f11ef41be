// Drafting from where the landlord stands, through the built app and the demo service: a new tenancy
// from a vacant unit's page ends, after the tenant is approved on the demo review page, with the lease
// drafted for that tenant's real ID and then submitted; a repair from a unit's page reaches the
// service with that unit in a handful of clicks; and one from the Maintenance list picks its unit
// among the units of the property picked first.
import type { Page } from '@playwright/test';
import type { AppHarness } from './harness/app-fixture';
import { test, expect } from './harness/app-fixture';

/** Approves the one suggestion of `label` on the demo review page, as a landlord would there. */
async function approveOnReviewPage(app: AppHarness, label: string, trustFirst: boolean): Promise<void> {
  const { page } = app;
  await app.open('#/suggestions');
  const card = page.getByRole('region', { name: `Batch ${label}` });
  await expect(card).toBeVisible();
  if (trustFirst) app.dialogs.answerMessage(0);
  const opened = app.opened.length;
  await card.getByRole('button', { name: `Open review page for ${label}` }).click();
  await expect.poll(() => app.opened.length).toBe(opened + 1);
  const [proposal] = (await app.call('suggestions.list')).batches.find((b) => b.label === label)!.proposals;
  const review = await page.context().newPage();
  await review.goto(app.opened.at(-1)!);
  await review.getByLabel('Demo identity').selectOption('landlord');
  await review.getByRole('button', { name: 'Use this identity' }).click();
  await review.getByRole('button', { name: `Approve: ${proposal!.summary}` }).click();
  await expect(review.getByText(/Approved by/)).toBeVisible();
  await review.close();
}

async function submitDraft(page: Page, suggestions: number): Promise<void> {
  await page.getByRole('button', { name: 'Review and submit…' }).click();
  const confirm = page.getByRole('dialog', { name: /as suggestions\?/ });
  await confirm
    .getByRole('button', { name: `Submit ${suggestions} suggestion${suggestions === 1 ? '' : 's'}` })
    .click();
  await expect(confirm).toHaveCount(0);
}

test('a new tenancy from a vacant unit: the tenant first, then the lease for their real ID', async ({
  app,
}) => {
  const { page } = app;
  const client = await app.demoClient();
  const [unit] = (await client.list('units', { filters: { status: 'vacant' }, limit: 1 })).data;
  const email = `jordan.reyes.${Date.now()}@example.com`;

  await app.open(`#/r/units/${encodeURIComponent(unit!.id)}`);
  await page.getByRole('button', { name: 'New tenancy' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^New tenancy at / })).toBeVisible();
  const tenant = page.getByRole('region', { name: /New tenant/ });
  const lease = page.getByRole('region', { name: /New lease/ });
  await tenant.getByRole('textbox', { name: /^Name/ }).fill('Jordan Reyes');
  await tenant.getByRole('textbox', { name: /^Email/ }).fill(email);
  await tenant.getByRole('combobox', { name: /^Status/ }).selectOption({ label: 'future' });
  await tenant.getByRole('checkbox', { name: /active/i }).check();
  // The lease names the tenant drafted with it: no picker that would take "Jordan" as an ID.
  await expect(lease.getByText(/The new tenant in this draft/)).toBeVisible();
  await lease.getByLabel(/^Start date/).fill('2027-01-01');
  await lease.getByRole('spinbutton', { name: /^Monthly rent/ }).fill('1450');
  await lease.getByRole('spinbutton', { name: /^Security deposit/ }).fill('1450');
  await lease.getByRole('combobox', { name: /^Status/ }).selectOption({ label: 'pending' });
  await expect(page.getByRole('status', { name: 'Sent in parts' })).toContainText('goes in 2 parts');
  await expect(page.getByRole('status').filter({ hasText: 'Saved on this computer' })).toBeVisible();
  await app.screenshots('new-tenancy-draft');

  await page.getByRole('button', { name: 'Review and submit…' }).click();
  const confirm = page.getByRole('dialog', { name: /as suggestions\?/ });
  await expect(
    confirm.getByRole('list', { name: 'What will be suggested' }).getByRole('listitem'),
  ).toHaveCount(1);
  await expect(confirm.getByRole('list', { name: 'Sent in a later part' })).toContainText('New lease');
  // The confirm says, in words, what the held lease's tenant will be.
  await expect(confirm.getByRole('list', { name: 'Sent in a later part' })).toContainText(
    'the new tenant this draft creates',
  );
  await app.screenshot('new-tenancy-confirm');
  await confirm.getByRole('button', { name: 'Submit 1 suggestion' }).click();
  await expect(confirm).toHaveCount(0);

  // The lease waits in a draft of its own, still editable, while the tenant waits for review.
  const stepOf = async () => (await app.call('drafts.list')).drafts.find((d) => d.laterPart);
  await expect.poll(async () => (await stepOf())?.laterPart?.state).toBe('waiting');
  const part2 = (await stepOf())!;
  const part1Label = (await app.call('drafts.list')).drafts.find((d) =>
    d.label.endsWith('part 1 of 2'),
  )!.label;

  // Today says what the lease waits for, with a way to it.
  await app.open('#/today');
  const nextSteps = page.getByRole('region', { name: 'Next steps of drafts sent in parts' });
  await expect(nextSteps.getByRole('listitem')).toContainText('Waiting for the new tenant to be approved');
  await expect(nextSteps.getByRole('link', { name: part2.label })).toBeVisible();

  await approveOnReviewPage(app, part1Label, true);
  const tenantId = async () => {
    for (let cursor: string | undefined; ;) {
      const page = await client.list('tenants', { limit: 100, ...(cursor ? { cursor } : {}) });
      const hit = page.data.find((t) => t.email === email);
      if (hit || !page.nextCursor) return hit?.id;
      cursor = page.nextCursor;
    }
  };
  await expect.poll(tenantId).toBeTruthy();
  const realId = (await tenantId())!;
  await expect
    .poll(async () => (await app.call('drafts.get', { id: part2.id })).changes[0]?.fields.tenant_id, {
      timeout: 90_000,
    })
    .toBe(realId);

  await app.open('#/suggestions');
  await expect(nextSteps.getByRole('listitem')).toContainText('ready to review and submit');
  await nextSteps.getByRole('link', { name: part2.label }).click();
  await expect(page.getByRole('status', { name: 'Ready to submit' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Tenant \(required\): Jordan Reyes/ })).toBeVisible();
  await app.screenshots('new-tenancy-ready');
  // At 1024 px the draft's whole name shows: it wraps instead of being cut to "New te…".
  await page.setViewportSize({ width: 1024, height: 700 });
  const title = page.getByRole('heading', { level: 1 });
  await expect(title).toHaveText(part2.label);
  expect(
    await title.evaluate((e) => e.scrollWidth <= e.clientWidth && e.getBoundingClientRect().width > 0),
  ).toBe(true);
  await page.setViewportSize({ width: 1280, height: 800 });
  await submitDraft(page, 1);
  await expect.poll(async () => (await app.call('drafts.get', { id: part2.id })).state).toBe('submitted');
  await approveOnReviewPage(app, part2.label, false);
  await expect
    .poll(async () =>
      (await client.list('leases', { filters: { unit_id: unit!.id }, limit: 100 })).data.some(
        (l) => l.tenant_id === realId && l.start_date === '2027-01-01',
      ),
    )
    .toBe(true);
});

test('a repair from a unit page reaches the service with that unit in a handful of clicks', async ({
  app,
}) => {
  const { page } = app;
  const client = await app.demoClient();
  const [unit] = (await client.list('units', { limit: 1 })).data;
  let clicks = 0;
  const click = async (locator: ReturnType<Page['getByRole']>) => {
    clicks += 1;
    await locator.click();
  };

  await app.open(`#/r/units/${encodeURIComponent(unit!.id)}`);
  await click(page.getByRole('button', { name: 'New maintenance request' }));
  const repair = page.getByRole('region', { name: /New maintenance request/ });
  // The unit and its property are filled in and named; the report time is now.
  await expect(repair.getByRole('button', { name: /^Unit: / })).not.toContainText('Not set');
  await expect(repair.getByRole('button', { name: /^Property \(required\): / })).not.toContainText('Choose');
  await expect(repair.getByLabel(/^Reported/)).not.toHaveValue('');
  await repair.getByRole('textbox', { name: /^Title/ }).fill('The boiler failed');
  clicks += 1;
  await repair.getByRole('combobox', { name: /^Priority/ }).selectOption({ label: 'emergency' });
  clicks += 1;
  await repair.getByRole('combobox', { name: /^Status/ }).selectOption({ label: 'open' });
  await click(page.getByRole('button', { name: 'Review and submit…' }));
  const confirm = page.getByRole('dialog', { name: /as suggestions\?/ });
  const list = confirm.getByRole('list', { name: 'What will be suggested' });
  await expect(list).toContainText('The boiler failed');
  // Names, not IDs, on the last screen before sending.
  await expect(list).not.toContainText(unit!.id);
  await expect(list).not.toContainText(String(unit!.property_id));
  await app.screenshot('repair-confirm');
  await click(confirm.getByRole('button', { name: 'Submit 1 suggestion' }));
  expect(clicks).toBeLessThanOrEqual(10);

  await expect
    .poll(async () =>
      (await client.listProposals({ limit: 100 })).data.some(
        (p) =>
          p.resourceType === 'maintenance_request' &&
          (p.fields as Record<string, unknown> | undefined)?.unit_id === unit!.id,
      ),
    )
    .toBe(true);
});

test('a repair from the Maintenance list: reported now, the unit chosen among the picked property’s units', async ({
  app,
}) => {
  const { page } = app;
  const client = await app.demoClient();
  // A property with several units, so the narrowing has others' units to leave out.
  const byProperty = new Map<string, number>();
  for (const u of (await client.list('units', { limit: 100 })).data)
    byProperty.set(String(u.property_id), (byProperty.get(String(u.property_id)) ?? 0) + 1);
  const [propertyId] = [...byProperty].sort((a, b) => b[1] - a[1])[0]!;
  const property = { id: propertyId };
  const units = (await client.list('units', { filters: { property_id: property.id }, limit: 100 })).data;
  expect(units.length).toBeGreaterThan(1);
  const unit = units.at(-1)!;

  await app.open('#/c/maintenance_requests');
  await expect(page.getByRole('button', { name: 'New maintenance request' })).toBeVisible();
  await app.screenshots('maintenance-list-new-request');
  await page.getByRole('button', { name: 'New maintenance request' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New maintenance request' })).toBeVisible();
  const repair = page.getByRole('region', { name: /New maintenance request/ });
  // Nothing picked for the landlord; the report time is now.
  await expect(repair.getByRole('button', { name: /^Property \(required\): / })).toContainText('Choose');
  await expect(repair.getByRole('button', { name: /^Unit: / })).toContainText('Not set');
  await expect(repair.getByLabel(/^Reported/)).not.toHaveValue('');

  await repair.getByRole('button', { name: /^Property \(required\): / }).click();
  await page.getByRole('option', { name: new RegExp(property!.id) }).click();
  await repair.getByRole('button', { name: /^Unit: / }).click();
  // The unit picker lists the chosen property's units only, and says so.
  const picker = page.getByRole('dialog').filter({ has: page.getByText(/^Units of .+ only$/) });
  const chosen = picker.getByRole('option', { name: new RegExp(unit.id) });
  await expect(chosen).toBeVisible();
  const offered = await picker.getByRole('option').allTextContents();
  const ids = [...new Set(units.map((u) => u.id))];
  expect(offered.length).toBeGreaterThan(0);
  expect(offered.filter((text) => !ids.some((id) => text.includes(id)))).toEqual([]);
  await app.screenshot('repair-from-list-unit-picker');
  await chosen.click();

  await repair.getByRole('textbox', { name: /^Title/ }).fill('Stair light out');
  await repair.getByRole('combobox', { name: /^Priority/ }).selectOption({ label: 'low' });
  await repair.getByRole('combobox', { name: /^Status/ }).selectOption({ label: 'open' });
  await submitDraft(page, 1);
  await expect
    .poll(async () =>
      (await client.listProposals({ limit: 100 })).data.some((p) => {
        const fields = p.fields as Record<string, unknown> | undefined;
        return (
          fields?.unit_id === unit.id && fields.property_id === property!.id && Boolean(fields.reported_at)
        );
      }),
    )
    .toBe(true);
});

test('a repair for a unit the same draft creates: picked in the unit picker, held until the unit is approved', async ({
  app,
}) => {
  const { page } = app;
  const client = await app.demoClient();
  const [property] = (await client.list('properties', { limit: 1 })).data;
  const unitNumber = `9Z${Date.now() % 100_000}`;
  const draft = await app.call('drafts.create', {
    label: 'A new unit and its first repair',
    changes: [
      {
        operation: 'create',
        resourceType: 'unit',
        fields: {
          property_id: property!.id,
          unit_number: unitNumber,
          bedrooms: 2,
          bathrooms: 1,
          square_feet: 800,
          market_rent: 1600,
          status: 'make_ready',
        },
      },
      {
        operation: 'create',
        resourceType: 'maintenance_request',
        fields: {
          property_id: property!.id,
          title: 'Fit the smoke alarms',
          priority: 'high',
          status: 'open',
        },
      },
    ],
  });

  await app.open(`#/drafts/${draft.id}`);
  const repair = page.getByRole('region', { name: /^2\. New maintenance request/ });
  await repair.getByRole('button', { name: /^Unit: / }).click();
  await page.getByRole('option', { name: 'The new unit this draft creates' }).click();
  await expect(repair.getByText(/The new unit in this draft\. It is sent first/)).toBeVisible();
  await expect(page.getByRole('status', { name: 'Sent in parts' })).toContainText('goes in 2 parts');

  await page.getByRole('button', { name: 'Review and submit…' }).click();
  const confirm = page.getByRole('dialog', { name: /as suggestions\?/ });
  await expect(confirm.getByRole('list', { name: 'Sent in a later part' })).toContainText(
    'unit the new unit this draft creates',
  );
  await app.screenshot('linked-unit-confirm');
  await confirm.getByRole('button', { name: 'Submit 1 suggestion' }).click();
  await expect(confirm).toHaveCount(0);

  // The service holds the unit alone; the repair waits in a draft of its own for the unit's real ID.
  await expect.poll(async () => (await app.call('drafts.get', { id: draft.id })).state).toBe('submitted');
  const batchId = (await app.call('drafts.get', { id: draft.id })).submission!.batchId!;
  const batch = (await client.listProposals({ batchId, limit: 100 })).data;
  expect(batch.map((p) => p.resourceType)).toEqual(['unit']);
  const part2 = (await app.call('drafts.list')).drafts.find((d) => d.laterPart)!;
  expect(part2.laterPart).toMatchObject({ state: 'waiting', waitsFor: ['unit'] });

  await approveOnReviewPage(app, (await app.call('drafts.get', { id: draft.id })).label, true);
  const units = (await client.list('units', { filters: { property_id: property!.id }, limit: 100 })).data;
  const unitId = units.find((u) => u.unit_number === unitNumber)?.id;
  expect(unitId).toBeTruthy();
  await expect
    .poll(async () => (await app.call('drafts.get', { id: part2.id })).changes[0]?.fields.unit_id)
    .toBe(unitId);
});
