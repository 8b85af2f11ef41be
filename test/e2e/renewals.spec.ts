// The lease calendar as actions, through the built app and the demo service, booted once: five leases
// ending within 90 days at one property renewed at +3 % from a fresh Expirations screen, counted in
// clicks and keys, approved on the demo's review page and read back from the service's lease listing
// as drafted; then a tenant's notice, approved, puts the unit on the Vacancy board with its date; and
// leases chosen on the Leases list by checkbox and Shift-click open the renewal's preview for them.
import type { Locator, Page } from '@playwright/test';
import type { ApiClient } from '../../src/main/api/api-client';
import type { ServiceRecord } from '../../src/shared/service';
import type { AppHarness } from './harness/app-fixture';
import { test, expect } from './harness/app-fixture';

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const nextDay = (day: string) => dayOf(Date.parse(`${day}T00:00:00Z`) + DAY_MS);

async function readAll(client: ApiClient, filters: Record<string, string> = {}): Promise<ServiceRecord[]> {
  const out: ServiceRecord[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.list('leases', { filters, limit: 100, ...(cursor ? { cursor } : {}) });
    out.push(...page.data);
    cursor = page.hasMore && page.nextCursor ? page.nextCursor : undefined;
  } while (cursor);
  return out;
}

/** Running, ending within 90 days, and nothing after it on its unit: a lease a landlord would renew. */
function renewable(leases: readonly ServiceRecord[], today: string): ServiceRecord[] {
  const horizon = dayOf(Date.parse(today) + 90 * DAY_MS);
  return leases.filter(
    (l) =>
      typeof l.end_date === 'string' &&
      String(l.start_date) <= today &&
      l.end_date >= today &&
      l.end_date <= horizon &&
      !leases.some(
        (o) => o.unit_id === l.unit_id && o.id !== l.id && String(o.start_date) >= String(l.end_date),
      ),
  );
}

/** Counts what the landlord does: every click, and every key pressed. */
function counter(page: Page) {
  const n = { clicks: 0, keys: 0 };
  return {
    n,
    click: async (target: Locator) => {
      n.clicks += 1;
      await target.click();
    },
    type: async (text: string) => {
      n.keys += text.length;
      await page.keyboard.type(text);
    },
    press: async (key: string) => {
      n.keys += 1;
      await page.keyboard.press(key);
    },
  };
}

/** Submits the open draft and approves its whole batch on the demo's review page. */
async function submitAndApprove(app: AppHarness, suggestions: number, count = counter(app.page)) {
  const { page } = app;
  await count.click(page.getByRole('button', { name: 'Review and submit…' }));
  const confirm = page.getByRole('dialog', { name: /as suggestions\?/ });
  await count.click(confirm.getByRole('button', { name: `Submit ${suggestions} suggestions` }));
  await expect(
    page.getByRole('region', { name: 'Submission' }).getByRole('heading', { name: 'Sent for review' }),
  ).toBeVisible();
  const draftId = decodeURIComponent(page.url().split('#/drafts/')[1]!);
  const { label } = await app.call('drafts.get', { id: draftId });
  await app.open('#/suggestions');
  const card = page.getByRole('region', { name: `Batch ${label}` });
  if (app.opened.length === 0) app.dialogs.answerMessage(0);
  const opened = app.opened.length;
  await card.getByRole('button', { name: `Open review page for ${label}` }).click();
  await expect.poll(() => app.opened.length).toBe(opened + 1);
  const review = await page.context().newPage();
  await review.goto(app.opened.at(-1)!);
  await review.getByLabel('Demo identity').selectOption('landlord');
  await review.getByRole('button', { name: 'Use this identity' }).click();
  await review.getByRole('button', { name: `Approve all pending suggestions of batch ${label}` }).click();
  await review.getByRole('button', { name: /^Approve and apply \d+ pending suggestion/ }).click();
  await expect(review.getByText(/Approved by/).first()).toBeVisible();
  await review.close();
  return count;
}

test('renew five leases at +3 % from Expirations, then a notice on the Vacancy board', async ({ app }) => {
  const { page } = app;
  await app.updateOfflineCopy();
  const client = await app.demoClient();
  const today = (await app.call('portfolio.view', { view: 'expirations' })).today;
  const leases = await readAll(client);
  // Five leases of one property, chosen by rule: the first property (by the Expirations rows' order)
  // with five renewable leases.
  const ok = new Set(renewable(leases, today).map((l) => l.id));
  const rows = (await app.call('portfolio.view', { view: 'expirations' })).rows.filter((r) => ok.has(r.id));
  const group = [...new Set(rows.map((r) => r.group))].find(
    (g) => rows.filter((r) => r.group === g).length >= 5,
  )!;
  const chosen = rows.filter((r) => r.group === group).slice(0, 5);
  expect(chosen).toHaveLength(5);

  // From a fresh Expirations screen: five boxes, Renew, "3", Enter, Draft, submit.
  await app.open('#/portfolio/expirations');
  const count = counter(page);
  for (const row of chosen)
    await count.click(
      page.getByRole('checkbox', { name: `Choose lease ${String(row.cells.lease ?? row.id)}` }),
    );
  await count.click(page.getByRole('button', { name: 'Renew 5 leases' }));
  const dialog = page.getByRole('dialog', { name: 'Renew 5 leases' });
  await expect(dialog.getByRole('textbox', { name: 'Percent' })).toBeFocused();
  await count.type('3');
  await app.screenshot('renewal-rule');
  await count.press('Enter');
  const table = dialog.getByRole('table', { name: 'Renewals' });
  await expect(
    table.getByRole('textbox', { name: 'New start' }).or(table.getByLabel('New start')),
  ).toHaveCount(5);
  await expect(table.locator('[data-ref-state="loading"]')).toHaveCount(0);
  await app.screenshots('renewal-preview');
  await count.click(dialog.getByRole('button', { name: 'Draft 5 renewals' }));
  await expect(page).toHaveURL(/#\/drafts\/[\w-]+$/);
  await expect(page.getByText('5 leases to create')).toBeVisible();
  await expect(page.getByText(/Reading the service.s description/)).toHaveCount(0);
  await app.screenshots('renewal-draft');
  await submitAndApprove(app, 5, count);
  expect(count.n.clicks).toBeLessThanOrEqual(15);
  expect(count.n.keys).toBeLessThanOrEqual(30);

  // The service's lease listing has each new lease as drafted: tenant, unit, deposit, dates, rent.
  for (const row of chosen) {
    const old = leases.find((l) => l.id === row.id)!;
    const start = nextDay(String(old.end_date));
    await expect
      .poll(async () =>
        (await readAll(client, { unit_id: String(old.unit_id) })).find((l) => l.start_date === start),
      )
      .toMatchObject({
        tenant_id: old.tenant_id,
        unit_id: old.unit_id,
        security_deposit: old.security_deposit,
        monthly_rent: Math.round(Number(old.monthly_rent) * 1.03),
      });
  }

  // A tenant's notice on another running lease, its last day 30 days from today.
  const renewed = new Set(chosen.map((r) => r.id));
  const notice = renewable(leases, today).find((l) => !renewed.has(l.id))!;
  const lastDay = dayOf(Date.parse(today) + 30 * DAY_MS);
  await app.open(`#/r/leases/${encodeURIComponent(notice.id)}`);
  await page.getByRole('button', { name: 'Tenant gave notice' }).click();
  const form = page.getByRole('dialog', { name: 'Tenant gave notice' });
  await form.getByLabel(/the tenancy’s last day/).fill(lastDay);
  await expect(form.getByRole('checkbox', { name: /Set the unit’s status to “notice/ })).toBeChecked();
  await app.screenshot('notice-dialog');
  await form.getByRole('button', { name: 'Draft the notice' }).click();
  await expect(page).toHaveURL(/#\/drafts\/[\w-]+$/);
  await submitAndApprove(app, 2);

  // After approval the unit is on the Vacancy board, becoming vacant the day after the new last day.
  await expect
    .poll(async () => {
      const board = await app.call('portfolio.view', { view: 'vacancy' });
      return board.rows.find((r) => r.id === notice.unit_id)?.cells.vacant_from;
    })
    .toBe(nextDay(lastDay));
  await app.open('#/portfolio/vacancy');
  const unitName = (await app.call('portfolio.view', { view: 'vacancy' })).rows.find(
    (r) => r.id === notice.unit_id,
  )!.cells.unit;
  await page.getByRole('searchbox', { name: 'Find in Vacancy board' }).fill(String(unitName));
  await expect(
    page.getByRole('table', { name: 'Vacancy board' }).getByText('becoming vacant').first(),
  ).toBeVisible();
  await app.screenshots('vacancy-becoming');

  // On the Leases list: the first lease's box, then Shift on the third's, chooses three to renew.
  await app.open('#/c/leases');
  const boxes = page.getByRole('grid', { name: 'Leases' }).getByRole('checkbox');
  await boxes.nth(0).click();
  await boxes.nth(2).click({ modifiers: ['Shift'] });
  await expect(boxes.nth(1)).toBeChecked();
  await page.getByRole('button', { name: 'Renew 3 leases' }).click();
  const fromList = page.getByRole('dialog', { name: 'Renew 3 leases' });
  await expect(fromList.getByRole('textbox', { name: 'Percent' })).toBeFocused();
  await page.keyboard.type('3');
  await page.keyboard.press('Enter');
  await expect(fromList.getByRole('table', { name: 'Renewals' }).locator('tbody tr')).toHaveCount(3);
  await app.screenshots('renewal-from-leases-list');
});
