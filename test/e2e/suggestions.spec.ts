// Suggestions end to end: a batch submitted through the bridge (drafts.create + submit),
// its review page opened from the suggestions service (a new origin put to the user in main's own message box,
// declined once, then trusted), one suggestion approved and one dismissed by a person on the
// sandbox's review page in Chromium, a third left to expire; the suggestions service follows every change without
// a reload, shows the applied value live at the service, raises notifications, keeps the sidebar
// badge and its filters in the route, and re-drafts what expired. Since you last looked tells of a
// colleague's work; a colleague's new and changed records reach the list on screen while the landlord
// types; and a tenant approved at a service that names no created record is found by PropDesk.
import { clientOf, test, expect } from './harness/app-fixture';
import type { AppHarness } from './harness/app-fixture';
import { readAll } from '../../src/main/api/read-listing';
import { startSandbox } from '../../src/sandbox';
import type { Sandbox } from '../../src/sandbox';
import { personaName } from '../../src/sandbox';
import type { PropdeskBridge } from '../../src/shared/bridge';
import { Colleague } from '../support/colleague';

const TTL_SECONDS = 120;
let sandbox: Sandbox;
test.beforeAll(async () => {
  // Applied creates come back without the record's ID, as service-api.md allows.
  sandbox = await startSandbox({
    port: 0,
    proposalTtlSeconds: TTL_SECONDS,
    colleague: true,
    noCreatedIds: true,
  });
});
test.afterAll(async () => {
  await sandbox.close();
});

test('submit, review in the browser, and watch the suggestions service follow approve, dismiss and expiry', async ({
  app,
}) => {
  const { page } = app;

  // The API is reached as localhost while the service's web app answers on 127.0.0.1: the review
  // address is then on an origin the user has to confirm once.
  const key = sandbox.keys.find((k) => k.name === 'full')!.key;
  const apiBase = sandbox.baseUrl.replace('127.0.0.1', 'localhost');
  const connection = await app.call('connections.add', {
    name: 'Harbor Property Co',
    baseUrl: apiBase,
    apiKey: key,
  });
  await app.call('connections.switch', { id: connection.id });
  const client = clientOf(apiBase, key);
  const leases = (await client.list('leases', { filters: { status: 'active' }, limit: 4 }))
    .data as unknown as Array<{ id: string; monthly_rent: number }>;
  const [a, b, c, d] = leases;
  const rents = [a!.monthly_rent + 25, Math.round(b!.monthly_rent * 1.2), c!.monthly_rent - 50];

  await app.open('#/suggestions');
  await expect(page.getByRole('heading', { name: 'No suggestions yet' })).toBeVisible();

  // Submit through the bridge, as the drafts screen does.
  const batchLabel = 'Spring rent review';
  const submitted = await page.evaluate(
    async ({ label, leases, rents }) => {
      const bridge = (window as unknown as { propdesk: PropdeskBridge }).propdesk;
      const created = await bridge.drafts.create({
        label,
        changes: leases.map((l, i) => ({
          operation: 'update' as const,
          resourceType: 'lease' as const,
          resourceId: l.id,
          fields: { monthly_rent: rents[i]! },
        })),
      });
      if (!created.ok) return created;
      return bridge.drafts.submit({ id: created.data.id, revision: created.data.revision });
    },
    { label: batchLabel, leases: [a!, b!, c!].map((l) => ({ id: l.id })), rents },
  );
  expect(submitted.ok, JSON.stringify(submitted)).toBe(true);
  // Another tool suggests a change straight at the service: shown apart, never announced.
  const elsewhere = await fetch(`${sandbox.baseUrl}/api/v1/proposals`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${key}`,
      'Content-Type': 'application/json',
      'Idempotency-Key': 'other-tool-1',
    },
    body: JSON.stringify({
      label: 'Made by the accounting script',
      changes: [
        {
          operation: 'update',
          resourceType: 'lease',
          resourceId: d!.id,
          fields: { monthly_rent: d!.monthly_rent + 5 },
        },
      ],
    }),
  });
  expect(elsewhere.status).toBe(201);

  // The suggestions service shows the batch without a reload, three suggestions waiting, and the sidebar badge.
  const batch = page.getByRole('region', { name: `Batch ${batchLabel}` });
  await expect(batch).toBeVisible();
  await expect(batch.getByRole('listitem').filter({ has: page.locator('.suggestions-summary') })).toHaveCount(
    3,
  );
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: /^Suggestions\W+4 waiting for review$/ })).toBeVisible();
  await expect(page.getByRole('tab', { name: /Proposed 4/ })).toHaveAttribute('aria-selected', 'true');
  const outside = page.getByRole('region', { name: 'Made outside PropDesk' });
  await expect(outside.getByRole('region', { name: 'Batch Made by the accounting script' })).toBeVisible();
  await expect(outside.getByRole('button', { name: /Re-draft|Open review page/ })).toHaveCount(0);
  await expect(batch.getByText(/Expires in \d+ minutes/).first()).toBeVisible();
  await expect(batch.locator('.expiry-soon')).toHaveCount(3);
  await expect(batch.getByText(/Rent rises by/)).toBeVisible();
  await expect(batch.getByText(/Rent falls by/)).toBeVisible();
  await app.screenshot('suggestions-proposed');
  await app.checkA11y('suggestions proposed');

  // Open the review page: main asks about the new origin in its own message box, over the window.
  // Declined first: nothing opens and the page says why. Then trusted, and opened.
  const openReview = batch.getByRole('button', { name: `Open review page for ${batchLabel}` });
  const reviewOrigin = new URL(sandbox.baseUrl).origin;
  const asked = () => app.dialogs.calls.filter((c) => c.kind === 'message');
  app.dialogs.answerMessage(1);
  await openReview.click();
  await expect(batch.getByRole('status').filter({ hasText: 'Not opened' })).toContainText(
    `you chose not to trust ${reviewOrigin}`,
  );
  expect(app.opened).toEqual([]);
  await app.screenshot('suggestions-review-declined');
  app.dialogs.answerMessage(0);
  await openReview.click();
  await expect.poll(() => app.opened.length).toBe(1);
  await expect(batch.getByRole('status').filter({ hasText: 'Opened in your browser' })).toBeVisible();
  expect(asked()).toHaveLength(2);
  for (const call of asked()) {
    expect(call.windowId).not.toBeNull();
    expect(call.options.message).toContain(reviewOrigin);
    expect(call.options.buttons).toEqual(['Trust and open', 'Don’t open']);
    expect(call.options.cancelId).toBe(1);
  }
  const reviewUrl = app.opened[0]!;
  expect(new URL(reviewUrl).origin).toBe(reviewOrigin);
  // Trusted from now on: the next click opens without asking.
  await openReview.click();
  await expect.poll(() => app.opened.length).toBe(2);
  expect(asked()).toHaveLength(2);

  // A person approves one and dismisses another on the service's review page.
  const proposals = (await app.call('suggestions.list')).batches.find(
    (x) => x.label === batchLabel,
  )!.proposals;
  const [pa, pb, pc] = proposals;
  const review = await page.context().newPage();
  await review.goto(reviewUrl);
  await review.getByLabel('Demo identity').selectOption('property_manager');
  await review.getByRole('button', { name: 'Use this identity' }).click();
  await review.getByRole('button', { name: `Approve: ${pa!.summary}` }).click();
  await review.getByRole('button', { name: `Dismiss: ${pb!.summary}` }).click();
  await expect(review.getByText(/Approved by/)).toBeVisible();
  await expect(review.getByText(/Dismissed by/)).toBeVisible();
  await review.close();

  // Back in PropDesk, with no reload: the tabs' counts follow the service.
  await expect(page.getByRole('tab', { name: /Applied 1/ })).toBeVisible();
  await expect(page.getByRole('tab', { name: /Dismissed 1/ })).toBeVisible();
  await expect(page.getByRole('tab', { name: /Proposed 2/ })).toBeVisible();
  await expect(nav.getByRole('link', { name: /^Suggestions\W+2 waiting for review$/ })).toBeVisible();

  await page.getByRole('tab', { name: /Applied/ }).click();
  await expect(page).toHaveURL(/status=applied/);
  const applied = page.getByRole('listitem', { name: pa!.summary });
  await expect(applied.getByText('Applied', { exact: true })).toBeVisible();
  // An amount in the demo connection's currency, as the contract describes the field.
  const shown = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(rents[0]!);
  await expect(applied.getByText(`Live at the service: Monthly rent is ${shown}.`)).toBeVisible();
  await expect(applied.getByRole('list', { name: 'Status history' })).toContainText('Proposed');
  await expect(applied.getByRole('list', { name: 'Status history' })).toContainText('Applied');
  const current = await client.get('leases', a!.id);
  expect(current.monthly_rent).toBe(rents[0]);
  await app.screenshot('suggestions-applied');
  await app.checkA11y('suggestions applied');

  await page.getByRole('tab', { name: /Dismissed/ }).click();
  await expect(
    page.getByRole('listitem', { name: pb!.summary }).getByText('Dismissed', { exact: true }),
  ).toBeVisible();
  // Who dismissed it, as the service's contract says who decided.
  await expect(page.getByRole('listitem', { name: pb!.summary })).toContainText(
    `dismissed by ${personaName('org_demo', 'property_manager')}`,
  );
  await app.screenshot('suggestions-dismissed');

  // The third is left unreviewed until it expires; the service reports it, the suggestions service follows.
  sandbox.control.advanceClock((TTL_SECONDS + 1) * 1000);
  await expect(page.getByRole('tab', { name: /Expired 2/ })).toBeVisible();
  await expect(page.getByRole('tab', { name: /Proposed 0/ })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Suggestions', exact: true })).toBeVisible();
  await page.getByRole('tab', { name: /Expired/ }).click();
  const expired = page.getByRole('listitem', { name: pc!.summary });
  await expect(expired.getByText('Expired', { exact: true })).toBeVisible();
  await expect(expired.getByRole('list', { name: 'Status history' })).toContainText('Expired');
  await app.screenshot('suggestions-expired');
  await app.checkA11y('suggestions expired');

  // Notifications at the Electron boundary: the batch is named, each outcome told, none worded as done by PropDesk.
  const told = app.notifications.map((n) => `${n.title} ${n.body}`).join('\n');
  expect(app.notifications.every((n) => n.title.startsWith(`“${batchLabel}”`))).toBe(true);
  expect(told).toMatch(/1 approved/);
  expect(told).toMatch(/1 dismissed/);
  expect(told).toMatch(/1 expired/);
  expect(told).not.toMatch(/PropDesk (changed|updated|applied)/i);

  // Filters live in the route and survive a reload.
  await page.getByLabel('Record type').selectOption('lease');
  await expect(page).toHaveURL(/type=lease/);
  await page.getByLabel('Batch', { exact: true }).selectOption({ index: 1 });
  await expect(page).toHaveURL(/batch=/);
  await page.reload();
  await expect(page.getByLabel('Record type')).toHaveValue('lease');
  await expect(page.getByRole('tab', { name: /Expired 1/ })).toHaveAttribute('aria-selected', 'true');
  await page.getByLabel('Record type').selectOption('property');
  await expect(page.getByText('No suggestions match these filters.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).not.toHaveURL(/type=|batch=/);

  // Re-draft what expired: a new editable draft with the same suggested value opens.
  await page.getByRole('button', { name: `Re-draft: ${pc!.summary}` }).click();
  await expect(page).toHaveURL(/#\/drafts\/[\w-]+$/);
  const draftId = decodeURIComponent(page.url().split('#/drafts/')[1]!);
  const draft = await app.call('drafts.get', { id: draftId });
  expect(draft.label).toBe(`${batchLabel} (again)`);
  expect(draft.state).toBe('editing');
  expect(draft.changes.map((ch) => [ch.resourceId, ch.fields])).toEqual([
    [c!.id, { monthly_rent: rents[2] }],
  ]);
});

test('since you last looked: a colleague’s late payment and emergency request, gone after Mark as seen and a restart; who dismissed; a colleague’s changes reach the open list; a tenant created without an ID is found', async ({
  app,
}) => {
  const { page } = app;
  const key = sandbox.keys.find((k) => k.name === 'full')!.key;
  const connection = await app.call('connections.add', {
    name: 'Since',
    baseUrl: sandbox.baseUrl,
    apiKey: key,
  });
  await app.call('connections.switch', { id: connection.id });
  // The first copy sets the mark and tells of nothing.
  await expect
    .poll(async () => (await app.call('since.digest')).markedAt, { timeout: 120_000 })
    .not.toBeNull();
  expect((await app.call('since.digest')).lines).toEqual([]);

  // Overnight: the colleague marks a payment late and opens an emergency request; a person dismisses
  // a suggestion of the landlord's.
  const client = clientOf(sandbox.baseUrl, key);
  const today = new Date().toISOString().slice(0, 10);
  const payments = (await client.list('payments', { filters: { status: 'paid' }, limit: 100 })).data;
  const paid = payments.find((p) => String(p.due_date) < today)!;
  const unit = (await client.list('units', { limit: 1 })).data[0]!;
  const colleague = new Colleague(sandbox.baseUrl);
  await colleague.markLate(paid.id);
  const emergency = await colleague.openEmergency({
    property_id: String(unit.property_id),
    unit_id: unit.id,
    title: 'Burst pipe under the kitchen sink',
  });
  const lease = (await client.list('leases', { filters: { status: 'active' }, limit: 1 })).data[0]!;
  const draft = await app.call('drafts.create', {
    label: 'One rent',
    changes: [
      {
        operation: 'update',
        resourceType: 'lease',
        resourceId: lease.id,
        fields: { monthly_rent: Number(lease.monthly_rent) + 15 },
      },
    ],
  });
  await app.call('drafts.submit', { id: draft.id, revision: draft.revision });
  await expect.poll(async () => (await app.call('suggestions.refresh')).batches.length).toBeGreaterThan(0);
  const proposal = (await app.call('suggestions.list')).batches.find((b) => b.label === 'One rent')!
    .proposals[0]!;
  expect(sandbox.control.dismiss(proposal.id, 'landlord').ok).toBe(true);
  await app.call('suggestions.refresh');
  await app.updateOfflineCopy();

  await app.open('#/today');
  const region = page.getByRole('region', { name: 'Since you last looked' });
  await expect(region.getByRole('heading')).toHaveText(/^Since you last looked \(.+\)$/);
  await expect(region.getByRole('link', { name: /^1 payment now late$/ })).toBeVisible();
  await expect(region.getByRole('link', { name: /^1 maintenance request opened/ })).toContainText('1 urgent');
  await expect(region).toContainText(`dismissed by ${personaName('org_demo', 'landlord')}`);
  await app.screenshot('today-since-you-last-looked');
  // Each line opens exactly its records.
  const records = async (kind: 'payments_late' | 'maintenance_opened') =>
    (await app.call('since.records', { kind, offset: 0, limit: 100 })).records.map((r) => r.id);
  expect(await records('payments_late')).toEqual([paid.id]);
  expect(await records('maintenance_opened')).toEqual([emergency.id]);
  await region.getByRole('link', { name: /^1 maintenance request opened/ }).click();
  const list = page.getByRole('list', { name: 'Maintenance requests opened' });
  await expect(list.getByRole('link')).toHaveCount(1);
  await expect(list.getByRole('link')).toHaveAttribute(
    'href',
    `#/r/maintenance_requests/${encodeURIComponent(emergency.id)}`,
  );
  // One desktop notification for the urgent request.
  expect(app.notifications.filter((n) => n.title.startsWith('Urgent maintenance'))).toHaveLength(1);

  await app.open('#/today');
  await region.getByRole('button', { name: /Mark as seen/ }).click();
  await expect(region).toContainText('Nothing has changed at the service since then.');
  await app.restart('#/today');
  await expect(
    page
      .getByRole('region', { name: 'Since you last looked' })
      .getByText('Nothing has changed at the service since then.'),
  ).toBeVisible();

  await colleagueReachesOpenList(app, client, colleague);
});

/** The IDs of the rows a list shows (every row is drawn: the lists this walk-through opens are short). */
const shownIds = (page: AppHarness['page'], label: string) =>
  page
    .locator(`[role="grid"][aria-label="${label}"] [id^="row-"]`)
    .evaluateAll((rows) => rows.map((r) => r.id.slice('row-'.length)).sort());

/** Every ID of a list as the window reads it (from the offline copy, page by page). */
async function listedIds(
  app: AppHarness,
  collection: 'tenants',
  filters: Record<string, string>,
): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await app.call('collections.list', {
      collection,
      filters,
      limit: 100,
      ...(cursor ? { cursor } : {}),
    });
    ids.push(...page.data.map((r) => r.id));
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return ids;
}

/**
 * A colleague's new and changed records reach the list on screen without Reload, with exactly the IDs
 * changed at the service, while what the landlord is typing in the list's search stays as typed; a
 * new tenancy's tenant, approved at a service that does not say which record a create made, is found:
 * in the Tenants list and by name in the lease part that follows.
 */
async function colleagueReachesOpenList(
  app: AppHarness,
  client: ReturnType<typeof clientOf>,
  colleague: Colleague,
): Promise<void> {
  const { page } = app;
  const emergencies = async () =>
    (await client.list('maintenance_requests', { filters: { priority: 'emergency' }, limit: 100 })).data
      .map((r) => r.id)
      .sort();
  const before = await emergencies();
  await app.open('#/c/maintenance_requests?priority=emergency');
  await expect.poll(() => shownIds(page, 'Maintenance')).toEqual(before);
  // The landlord starts looking for a property in the list's filter, and has not chosen yet.
  await page.getByRole('button', { name: /Property: any/ }).click();
  const search = page.getByPlaceholder('Search by name, address or ID…');
  await search.pressSequentially('Ced');

  const unit = (await client.list('units', { limit: 1 })).data[0]!;
  const added = await colleague.openEmergency({
    property_id: String(unit.property_id),
    unit_id: unit.id,
    title: 'No heating in the whole building',
  });
  const low = (await client.list('maintenance_requests', { filters: { priority: 'low' }, limit: 1 }))
    .data[0]!;
  await colleague.change('maintenance_requests', low.id, {
    priority: 'emergency',
    title: 'Ceiling leak spreading',
  });
  expect(await emergencies()).toEqual([...before, added.id, low.id].sort());

  // Meanwhile a new tenancy's tenant is approved at the service, which names no created record.
  const tenancy = await tenantApproved(app, client);

  // The list's next on-screen check brings both, with no Reload; the typing is still there.
  await expect
    .poll(() => shownIds(page, 'Maintenance'), { timeout: 45_000 })
    .toEqual([...before, added.id, low.id].sort());
  await expect(search).toHaveValue('Ced');
  await expect(search).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.locator(`[id="row-${low.id}"]`)).toContainText('Ceiling leak spreading');
  await app.screenshot('colleague-changes-in-open-list');

  // The tenant PropDesk found lands in the Tenants list and names itself in the lease part.
  await expect
    .poll(async () => (await app.call('drafts.get', { id: tenancy.part2 })).changes[0]?.fields.tenant_id, {
      timeout: 20_000,
    })
    .toBe(tenancy.tenantId);
  await expect.poll(() => listedIds(app, 'tenants', { is_active: 'true' })).toContain(tenancy.tenantId);
  await app.open(`#/c/tenants?is_active=true`);
  // Newest first: the found tenant heads the list.
  const created = page.getByRole('columnheader', { name: 'Created' });
  await created.getByRole('button').click();
  await created.getByRole('button').click();
  await expect(created).toHaveAttribute('aria-sort', 'descending');
  await expect(page.locator(`[id="row-${tenancy.tenantId}"]`)).toContainText(tenancy.name);
  await app.screenshot('created-without-id-in-tenants');
  await app.open(`#/drafts/${encodeURIComponent(tenancy.part2)}`);
  await expect(
    page.getByRole('button', { name: new RegExp(`^Tenant \\(required\\): ${tenancy.name}`) }),
  ).toBeVisible();
  await expect(page.getByText(/\(not found\)/)).toHaveCount(0);
}

/** A new tenancy sent in parts; its tenant approved at the service. The tenant's ID and the lease part. */
async function tenantApproved(
  app: AppHarness,
  client: ReturnType<typeof clientOf>,
): Promise<{ part2: string; tenantId: string; name: string }> {
  const name = 'Ines Okafor';
  const email = `ines.okafor.${Date.now()}@example.com`;
  const vacant = (await client.list('units', { filters: { status: 'vacant' }, limit: 1 })).data[0]!;
  const draft = await app.call('drafts.create', {
    label: 'A new tenancy',
    changes: [
      {
        id: 'tenant',
        operation: 'create',
        resourceType: 'tenant',
        fields: { name, email, status: 'future', is_active: true },
      },
      {
        id: 'lease',
        operation: 'create',
        resourceType: 'lease',
        fields: {
          unit_id: vacant.id,
          start_date: '2027-02-01',
          end_date: null,
          monthly_rent: 1375,
          security_deposit: 1375,
          status: 'pending',
        },
      },
    ],
    links: [{ changeId: 'lease', field: 'tenant_id', sourceChangeId: 'tenant' }],
  });
  await app.call('drafts.submit', { id: draft.id, revision: draft.revision });
  await expect.poll(async () => (await app.call('drafts.get', { id: draft.id })).state).toBe('submitted');
  const part2 = (await app.call('drafts.list')).drafts.find((d) => d.laterPart)!.id;
  await app.call('suggestions.refresh');
  const { label } = await app.call('drafts.get', { id: draft.id });
  const proposal = (await app.call('suggestions.list')).batches.find((b) => b.label === label)!.proposals[0]!;
  expect(proposal.resourceId).toBeNull();
  expect(sandbox.control.approve(proposal.id, 'landlord').ok).toBe(true);
  await app.call('suggestions.refresh');
  const tenantId = String(
    (await readAll(client, 'tenants', { is_active: 'true' })).find((t) => t.email === email)!.id,
  );
  return { part2, tenantId, name };
}
