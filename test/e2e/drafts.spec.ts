// Drafts end to end in Chromium against the real main services: a draft built from the contract's
// forms (a lease rent update and a new maintenance request) with its plan and inline validation,
// submitted as suggestions with the service's own message and review link; and a draft made while
// the service is down, kept across an app restart, and submitted once the service is back; and a
// triage from the Maintenance list, four statuses set in one batch in at most 12 clicks.
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { startSandbox } from '../../src/sandbox';
import { openDays } from '../../src/shared/open-age';
import type { PropdeskBridge } from '../../src/shared/bridge';
import { test, expect } from './harness/app-fixture';

const usd = (n: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 }).format(n);

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

async function newDraft(page: Page, label: string) {
  await page.getByRole('button', { name: 'New draft' }).click();
  const dialog = page.getByRole('dialog', { name: 'New draft' });
  await dialog.getByLabel('Name').fill(label);
  await dialog.getByRole('button', { name: 'Create draft' }).click();
  await expect(page.getByRole('heading', { level: 1, name: label })).toBeVisible();
}

// The renderer declares window.propdesk for itself; in page.evaluate it is typed here.
type BridgeWindow = Window & { propdesk: PropdeskBridge };

function card(page: Page, title: RegExp) {
  return page.getByRole('region', { name: title });
}

test('a draft with a rent update and a new maintenance request is checked, summarised and submitted', async ({
  app,
}) => {
  const { page } = app;
  const client = await app.demoClient();
  const [lease] = (await client.list('leases', { filters: { status: 'active' }, limit: 1 })).data;
  const [property] = (await client.list('properties', { limit: 1 })).data;
  const rent = Number(lease!.monthly_rent);

  await app.open('#/drafts');
  await expect(page.getByRole('heading', { name: 'No drafts yet' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Bulk rent review', exact: true })).toBeVisible();
  await app.screenshot('drafts-empty');
  await app.checkA11y('drafts empty');

  await newDraft(page, 'Spring rent review');
  await expect(page.getByText('No changes yet').first()).toBeVisible();

  // A lease update: the record is picked from the service and read as the change's snapshot.
  await page.getByRole('button', { name: 'Add change' }).click();
  const add = page.getByRole('dialog', { name: 'Add a change' });
  await add.getByLabel('or its ID').fill(String(lease!.id));
  await add.getByRole('button', { name: 'Add change' }).click();
  const leaseCard = card(page, /Lease /);
  await expect(leaseCard).toBeVisible();
  const rentInput = leaseCard.getByRole('spinbutton', { name: 'Monthly rent' });
  await expect(rentInput).toHaveValue(String(rent));
  // The new change takes the focus (its first field), ready to type in.
  await expect(leaseCard.locator('input:focus, select:focus, textarea:focus')).toHaveCount(1);

  // Inline validation from the contract's zod validator, then a valid value.
  await rentInput.fill('-5');
  await expect(leaseCard.locator('.field-error')).toBeVisible();
  await expect(rentInput).toHaveAttribute('aria-invalid', 'true');
  // A rent typed ten times over: a slip the confirm will point out, not refuse.
  const tenfold = rent * 10;
  await rentInput.fill(String(tenfold));
  await expect(leaseCard.locator('.field-error')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Plan' })).toHaveText(
    `1 lease update — monthly rent +${usd(tenfold - rent)} in total`,
  );

  // A new maintenance request: required fields are marked and reported until filled.
  await page.getByRole('button', { name: 'Add change' }).click();
  await add.getByLabel('Suggest a new record').check();
  await add.getByLabel('Type of record').selectOption({ label: 'Maintenance request' });
  await add.getByRole('button', { name: 'Add change' }).click();
  const repair = card(page, /New maintenance request/);
  await expect(repair).toBeVisible();
  await expect(repair.getByRole('textbox', { name: /^Title/ })).toHaveAttribute('aria-required', 'true');
  await repair.getByRole('textbox', { name: /^Title/ }).fill('x');
  await repair.getByRole('textbox', { name: /^Title/ }).fill('');
  await expect(repair.getByText('Required').first()).toBeVisible();
  await repair.getByRole('textbox', { name: /^Title/ }).fill('Kitchen tap drips');
  // The property is picked by its name from the service's records, not typed as an ID.
  await expect(repair.getByRole('textbox', { name: /^Property/ })).toHaveCount(0);
  await repair.getByRole('button', { name: 'Property (required): choose…' }).click();
  await page.getByPlaceholder('Search by name, address or ID…').fill(String(property!.name));
  await page
    .getByRole('dialog')
    .getByRole('option', { name: new RegExp(property!.id) })
    .click();
  // The chosen property by its name, not its ID.
  await expect(
    repair.getByRole('button', { name: `Property (required): ${String(property!.name)}` }),
  ).toBeVisible();
  await repair.getByRole('combobox', { name: /^Priority/ }).selectOption({ label: 'high' });
  await repair.getByRole('combobox', { name: /^Status/ }).selectOption({ label: 'open' });
  await expect(page.getByRole('region', { name: 'Plan' })).toHaveText(
    `1 lease update, 1 maintenance request to create — monthly rent +${usd(tenfold - rent)} in total`,
  );
  await expect(page.getByRole('status').filter({ hasText: 'Saved on this computer' })).toBeVisible();
  await expect(repair.locator('.field-error')).toHaveCount(0);
  await app.screenshot('drafts-editor');
  await app.checkA11y('draft editor');

  // The confirmation lists what will be suggested and says nothing changes until a person approves.
  await page.getByRole('button', { name: 'Review and submit…' }).click();
  const confirm = page.getByRole('dialog', { name: /Submit “Spring rent review” as suggestions/ });
  await expect(confirm).toContainText('Nothing changes until a person');
  const list = confirm.getByRole('list', { name: 'What will be suggested' });
  await expect(list.locator(':scope > li')).toHaveCount(2);
  await expect(list).toContainText(`monthly rent ${usd(rent)} → ${usd(tenfold)}`);
  // The slip is said beside its change, and sending stays possible.
  await expect(list.getByRole('list', { name: 'Check before sending' })).toContainText(
    `Monthly rent ${usd(rent)} → ${usd(tenfold)} is ten times the current value: an extra digit?`,
  );
  // Records by their names on the last screen before sending, never by their IDs.
  await expect(list).toContainText(`New maintenance request: property ${String(property!.name)}`);
  await expect(list).not.toContainText(String(property!.id));
  await app.screenshot('drafts-submit-confirm');
  await app.checkA11y('submit confirmation');
  await confirm.getByRole('button', { name: 'Submit 2 suggestions' }).click();

  const sent = page.getByRole('region', { name: 'Submission' });
  await expect(sent.getByRole('heading', { name: 'Sent for review' })).toBeVisible();
  const draftId = decodeURIComponent(page.url().split('#/drafts/')[1]!);
  const submission = (await app.call('drafts.get', { id: draftId })).submission!;
  expect(submission.batchId).toBeTruthy();
  await expect(sent.getByLabel('The service’s message')).toHaveText(submission.message!);
  await expect(sent).toContainText(submission.batchId!);
  // The service's flag on the tenfold rent, at once, not only later in Suggestions.
  await expect(sent.getByRole('region', { name: 'The service’s flags' })).toContainText(
    'Rent rises by 900.0 %',
  );
  await expect(sent.getByRole('link', { name: 'Follow in Suggestions' })).toHaveAttribute(
    'href',
    '#/suggestions',
  );
  await app.screenshot('drafts-sent');
  await app.checkA11y('draft sent');

  // The review page is on the service's own origin: main opens it without asking.
  await sent.getByRole('button', { name: 'Open review page' }).click();
  await expect.poll(() => app.opened.length).toBe(1);
  expect(new URL(app.opened[0]!).searchParams.get('batch')).toBe(submission.batchId);
  await expect(sent.getByRole('status').filter({ hasText: 'Opened in your browser' })).toBeVisible();
  expect(app.dialogs.calls.filter((c) => c.kind === 'message')).toEqual([]);

  await page.getByRole('link', { name: 'All drafts' }).click();
  const row = page.getByRole('row', { name: /Spring rent review/ });
  await expect(row).toContainText('2 of 200');
  await expect(row).toContainText('Sent for review');
  await app.screenshot('drafts-list');
  await app.checkA11y('drafts list');
});

test('a draft made while the service is down survives a restart and is submitted once the service is back', async ({
  app,
}) => {
  const { page } = app;
  const port = await freePort();
  const stateFile = join(app.dataDir, 'remote-service-state.json');
  const fullKey = `pdk_e2e_${'k'.repeat(32)}`;
  let sandbox = await startSandbox({ port, stateFile, fullKey });
  const [lease] = (
    await (
      await fetch(`${sandbox.baseUrl}/api/v1/leases?status=active&limit=1`, {
        headers: { Authorization: `Bearer ${fullKey}` },
      })
    ).json()
  ).data as Array<{ id: string; monthly_rent: number }>;

  await app.open('#/drafts');
  // No offline copy is kept: a first copy made in the background on first use could hold the lease
  // before the service goes down, and the change would be drafted from it instead of without values.
  const added = await page.evaluate(
    ([baseUrl, apiKey]) =>
      (window as unknown as BridgeWindow).propdesk.connections.add({
        name: 'Head office',
        baseUrl,
        apiKey,
        keepCopy: false,
      }),
    [sandbox.baseUrl, fullKey] as const,
  );
  expect(added).toMatchObject({ ok: true });
  const connectionId = (added as { ok: true; data: { id: string } }).data.id;
  await page.evaluate(
    (id) => (window as unknown as BridgeWindow).propdesk.connections.switch({ id }),
    connectionId,
  );
  // Read the contract once while the service is up: PropDesk keeps it for offline drafting.
  expect(
    await page.evaluate(() => (window as unknown as BridgeWindow).propdesk.contract.get()),
  ).toMatchObject({
    ok: true,
  });
  await sandbox.close();
  expect(await app.call('offlineCopy.status')).toMatchObject({ keepCopy: false, state: 'idle' });

  await app.open('#/drafts');
  await expect(page.getByRole('contentinfo', { name: 'Status' })).toContainText('Connected to Head office');
  await newDraft(page, 'Offline rent change');
  await page.getByRole('button', { name: 'Add change' }).click();
  const add = page.getByRole('dialog', { name: 'Add a change' });
  await add.getByLabel('or its ID').fill(lease!.id);
  await add.getByRole('button', { name: 'Add change' }).click();
  // The record can't be read now: the change is drafted without its current values.
  await expect(page.getByRole('status').filter({ hasText: 'could not be read now' })).toBeVisible();
  const leaseCard = card(page, /Lease /);
  await expect(leaseCard).toContainText('could not be read when this change was drafted');
  await leaseCard.getByRole('spinbutton', { name: 'Monthly rent' }).fill(String(lease!.monthly_rent + 40));
  await expect(page.getByRole('status').filter({ hasText: 'Saved on this computer' })).toBeVisible();
  // The computer has its network; only the service is down, and the words say so.
  await expect(page.getByRole('contentinfo', { name: 'Status' })).toContainText('Can’t reach Head office');
  await expect(page.getByRole('contentinfo', { name: 'Status' })).not.toContainText('Offline');
  await app.screenshot('drafts-offline-editor');
  await app.checkA11y('offline draft');

  // Submitting while offline queues it in the outbox; it can be cancelled until first sent.
  await page.getByRole('button', { name: 'Review and submit…' }).click();
  const confirm = page.getByRole('dialog', { name: /Submit “Offline rent change”/ });
  await expect(confirm).toContainText('Can’t reach Head office');
  await confirm.getByRole('button', { name: /Submit 1 suggestion/ }).click();
  const submission = page.getByRole('region', { name: 'Submission' });
  await expect(submission.getByRole('heading', { name: /Waiting to send|Sending/ })).toBeVisible();
  await expect(page.getByRole('contentinfo', { name: 'Status' })).toContainText(
    '1 submission waiting — Can’t reach Head office',
  );
  await app.screenshot('drafts-offline-waiting');
  await app.checkA11y('offline waiting');
  // Suggestions lists it as waiting to send, and says it is offline rather than "checked just now".
  const draftHash = page.url().slice(page.url().indexOf('#'));
  await app.open('#/suggestions');
  await expect(page.getByRole('region', { name: 'Waiting to send' })).toContainText('Offline rent change');
  await expect(page.getByText('No suggestions yet')).toHaveCount(0);
  await expect(page.locator('.suggestions-checked')).toHaveText('Can’t reach Head office');
  await app.screenshot('suggestions-offline-waiting');
  // Today counts it as waiting to be sent, not as "0 waiting".
  await app.open('#/today');
  await expect(page.getByRole('link', { name: /^1 submission waiting to be sent/ })).toBeVisible();
  await app.open(draftHash);
  await submission.getByRole('button', { name: 'Cancel submission' }).click();
  await expect(submission.getByRole('heading', { name: 'Submission cancelled' })).toBeVisible();
  await expect(page.getByRole('contentinfo', { name: 'Status' })).not.toContainText('waiting');
  const draftUrl = page.url();
  const hash = draftUrl.slice(draftUrl.indexOf('#'));

  // The app quits and starts again; the service comes back on the same address with its data.
  sandbox = await startSandbox({ port, stateFile, fullKey });
  try {
    await app.restart(hash);
    await expect(page.getByRole('heading', { level: 1, name: 'Offline rent change' })).toBeVisible();
    const rent = card(page, /Lease /).getByRole('spinbutton', { name: 'Monthly rent' });
    await expect(rent).toHaveValue(String(lease!.monthly_rent + 40));

    await page.getByRole('button', { name: 'Review and submit…' }).click();
    const again = page.getByRole('dialog', { name: /Submit “Offline rent change”/ });
    await expect(again.getByRole('list', { name: 'What will be suggested' })).toContainText('monthly rent');
    await again.getByRole('button', { name: /Submit 1 suggestion/ }).click();
    const sent = page.getByRole('region', { name: 'Submission' });
    await expect(sent.getByRole('heading', { name: 'Sent for review' })).toBeVisible();
    const done = (await app.call('drafts.get', { id: decodeURIComponent(hash.split('/')[2]!) })).submission!;
    await expect(sent.getByLabel('The service’s message')).toHaveText(done.message!);
    await expect(sent).toContainText(done.batchId!);
    await app.screenshot('drafts-after-restart-sent');
    await app.checkA11y('sent after restart');

    await sent.getByRole('button', { name: 'Open review page' }).click();
    await expect.poll(() => app.opened.length).toBe(1);
    expect(app.dialogs.calls.filter((c) => c.kind === 'message')).toEqual([]);
    const url = new URL(app.opened[0]!);
    expect(url.origin).toBe(sandbox.baseUrl);
    expect(url.searchParams.get('batch')).toBe(done.batchId);
    await expect(page.getByRole('contentinfo', { name: 'Status' })).not.toContainText('waiting');
  } finally {
    await sandbox.close();
  }
});

test('“Suggest a change” on a record adds an update of it to a draft and opens the editor on it', async ({
  app,
}) => {
  const { page } = app;
  const client = await app.demoClient();
  const [unit] = (await client.list('units', { limit: 1 })).data;
  await app.open(`#/c/units/${encodeURIComponent(unit!.id)}`);
  const panel = page.getByRole('complementary', { name: 'Record details' });
  await panel.getByRole('button', { name: 'Suggest a change' }).click();
  const dialog = page.getByRole('dialog', { name: /Suggest a change to/ });
  await expect(dialog).toContainText('Nothing is sent until you submit the draft');
  await app.screenshot('drafts-suggest-from-record');
  await app.checkA11y('suggest a change');
  await dialog.getByLabel('New draft').fill('Unit fixes');
  await dialog.getByRole('button', { name: 'Add to a new draft' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Unit fixes' })).toBeVisible();
  const unitCard = card(page, /Unit /);
  await expect(unitCard).toContainText(unit!.id);
  // Nothing differs from the record yet, and nothing asks for a change before the user is at it; the
  // editor starts on the field such a change is about (the unit's amount), not its first field.
  await expect(page.getByRole('region', { name: 'Plan' })).toHaveText('1 unit update');
  await expect(unitCard.getByRole('spinbutton', { name: /^Market rent/ })).toBeFocused();
  await expect(unitCard).not.toContainText('Change at least one field');

  // Back on another record, the draft still being edited is offered.
  await app.open(`#/c/units/${encodeURIComponent(unit!.id)}`);
  await page
    .getByRole('complementary', { name: 'Record details' })
    .getByRole('button', { name: 'Suggest a change' })
    .click();
  await expect(page.getByRole('group', { name: 'Add to a draft' })).toContainText('Unit fixes');
});

test('four maintenance requests open over 30 days at one property get a status in one batch, in at most 12 clicks', async ({
  app,
}) => {
  const { page } = app;
  const client = await app.demoClient();
  const every = async (collection: 'maintenance_requests' | 'properties') => {
    const records = [];
    for await (const p of client.listAll(collection, { limit: 100 })) records.push(...p.data);
    return records;
  };
  const requests = await every('maintenance_requests');
  // Chosen by rule: the first property with four requests the list shows as open over 30 days.
  // The computer's own day, which the list counts ages to.
  const now = new Date();
  const today = new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
  const days = (r: Record<string, unknown>) =>
    openDays(r, { since: 'reported_at', status: 'status' }, today) ?? -1;
  const property = (await every('properties')).find(
    (p) => requests.filter((r) => r.property_id === p.id && days(r) > 30).length >= 4,
  )!;
  expect(property, 'a property with four requests open over 30 days').toBeTruthy();
  const name = String(property.name);

  let clicks = 0;
  let keys = 0;
  let typed = 0;
  const log: string[] = [];
  const step = (say: string) => log.push(`${say}: ${clicks} clicks, ${keys} keys`);
  const click = async (target: Locator, modifiers?: Array<'Shift' | 'Control'>) => {
    await target.click(modifiers ? { modifiers } : {});
    clicks += 1;
  };

  await app.open('#/c/maintenance_requests');
  const grid = page.getByRole('grid', { name: 'Maintenance' });
  await expect(grid.getByRole('row').nth(1)).toBeVisible();

  // Narrowed to the property: its picker, its name typed, Enter.
  await click(page.getByRole('button', { name: 'Property: any' }));
  // As a person does, the name is typed once the picker's field shows, holding the focus.
  await expect(page.getByPlaceholder('Search by name, address or ID…')).toBeFocused();
  await page.keyboard.type(name);
  typed += name.length;
  // The picker offers the property typed whole first: Enter takes it.
  await expect(page.locator('[cmdk-item][aria-selected="true"]')).toContainText(property.id);
  await page.keyboard.press('Enter');
  keys += 1;
  await expect(page.getByRole('button', { name: `Property: ${name}` })).toBeVisible();
  const rows = grid.locator('.vgrid-row[id^="row-"]');
  await expect(rows).toHaveCount(requests.filter((r) => r.property_id === property.id).length);
  step('narrowed to the property');

  // Sorted by age: the request open longest first.
  await click(grid.getByRole('button', { name: /Open for/ }));
  await expect(grid.getByRole('columnheader', { name: /Open for/ })).toHaveAttribute('aria-sort', /ing/);
  const byId = new Map(requests.map((r) => [r.id, r]));
  const shown = await rows.evaluateAll((els) => els.map((el) => el.id.slice('row-'.length)));
  const ages = shown.map((id) => days(byId.get(id)!)).filter((d) => d >= 0);
  expect(ages).toEqual([...ages].sort((a, b) => b - a));
  step('sorted by age');

  // The four open longest: the first one's checkbox, Shift on the fourth's, Ctrl on any closed between.
  const chosen = shown.filter((id) => days(byId.get(id)!) > 30).slice(0, 4);
  const box = (id: string) => grid.locator(`[id="row-${id}"] input[type="checkbox"]`);
  await click(box(chosen[0]!));
  await click(box(chosen[3]!), ['Shift']);
  const run = shown.slice(shown.indexOf(chosen[0]!), shown.indexOf(chosen[3]!) + 1);
  for (const id of run.filter((id) => !chosen.includes(id))) await click(box(id), ['Control']);
  await expect(page.getByRole('status').filter({ hasText: /^4 chosen$/ })).toBeVisible();
  for (const id of shown) await expect(box(id)).toBeChecked({ checked: chosen.includes(id) });
  // The toolbar grown by the choice keeps each button on one line ("Set status…" not broken in two).
  const height = async (name: string) =>
    (await page.getByRole('button', { name, exact: true }).boundingBox())!.height;
  expect(await height('Set status…')).toBe(await height('Clear'));
  await app.screenshots('triage-chosen');
  step('four chosen');

  // "Set status…", a status (a list opened and a value picked: two clicks), one draft of four changes.
  await click(page.getByRole('button', { name: 'Set status…' }));
  const dialog = page.getByRole('dialog', { name: 'Set the status of 4 maintenance requests' });
  await dialog.getByLabel('New status').selectOption({ label: 'completed' });
  clicks += 2;
  await app.screenshot('triage-set-status');
  await click(dialog.getByRole('button', { name: 'Draft 4 changes' }));
  await expect(
    page.getByRole('heading', { level: 1, name: 'Set 4 maintenance requests to completed' }),
  ).toBeVisible();
  step('drafted');

  await click(page.getByRole('button', { name: 'Review and submit…' }));
  await click(page.getByRole('button', { name: 'Submit 4 suggestions' }));
  await expect(page.getByRole('heading', { name: 'Sent for review' })).toBeVisible();
  await app.screenshot('triage-sent');
  step('submitted');

  test.info().annotations.push({ type: 'clicks', description: log.join('; ') });
  console.log(`triage: ${clicks} clicks, ${keys} keys, ${typed} characters typed — ${log.join('; ')}`);
  expect(clicks).toBeLessThanOrEqual(12);

  // The service holds the four changes as one batch of suggestions, and nothing else in it.
  const proposals = [];
  for await (const p of client.listAllProposals({ limit: 100 })) proposals.push(...p.data);
  const batchId = proposals.find((p) => p.resourceId === chosen[0])?.batchId;
  expect(batchId).toBeTruthy();
  const batch = proposals.filter((p) => p.batchId === batchId);
  expect(batch.map((p) => String(p.resourceId)).sort()).toEqual([...chosen].sort());
  expect(batch.every((p) => p.resourceType === 'maintenance_request' && p.status === 'proposed')).toBe(true);
});
