// A first day with PropDesk: the fresh app opens on Today, says the demo organisation is sample data,
// makes the offline copy without being asked (the status bar shows it being made, then its age), and
// then shows figures that equal what the demo service's records say, each leading to exactly the rows
// it counts; Portfolio has figures on its first open.
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from './harness/app-fixture';
import { loadedCount } from './harness/list-status';
import { readAll } from '../../src/main/api/read-listing';
import { isOpenRequest } from '../../src/shared/maintenance-status';
import { formatMoney } from '../../src/shared/money';
import type { ServiceRecord } from '../../src/shared/service';

const today = new Date().toISOString().slice(0, 10);
const daysTo = (day: unknown) =>
  Math.round((Date.parse(String(day).slice(0, 10)) - Date.parse(today)) / 86_400_000);
const cents = (n: unknown) => Math.round(Number(n) * 100);

/** Goes back to Today and follows the figure link whose name starts so. */
async function follow(page: Page, name: RegExp): Promise<void> {
  await page.getByRole('link', { name: 'Today', exact: true }).click();
  await page.getByRole('link', { name }).click();
}

test('a fresh app opens on Today, makes the offline copy by itself and shows figures that lead to their rows', async ({
  app,
}) => {
  const { page } = app;
  const status = page.getByRole('contentinfo', { name: 'Status' });
  // Every text the status bar shows, from the page's first moment: the copy may be made in seconds.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { statusSeen: string[] }).statusSeen = seen;
    new MutationObserver(() => {
      const text = document.querySelector('footer[aria-label="Status"]')?.textContent ?? '';
      if (text && seen.at(-1) !== text) seen.push(text);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  // A first start on a folder nothing was ever written to.
  await app.restart('', { userData: join(app.dataDir, '..', 'first-day') });
  const seen = () => page.evaluate(() => (window as unknown as { statusSeen: string[] }).statusSeen);

  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Today', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(page.getByRole('region', { name: 'Sample data' })).toContainText('This is sample data');
  // Nobody pressed anything: the copy is being made, then done.
  await expect
    .poll(seen)
    .toEqual(expect.arrayContaining([expect.stringMatching(/Making the offline copy… \d+ %/)]));
  await expect(status.getByText(/^Offline copy as of /)).toBeVisible({ timeout: 240_000 });
  await expect(page.getByRole('region', { name: 'Offline copy' })).toHaveCount(0);

  // What the demo service's records say, read with its own client.
  const client = await app.demoClient();
  const all = async (c: Parameters<typeof readAll>[1], f: Record<string, string> = {}) =>
    readAll(client, c, f) as Promise<ServiceRecord[]>;
  const [leases, payments, requests, unverified] = await Promise.all([
    all('leases'),
    all('payments'),
    all('maintenance_requests'),
    all('documents', { is_verified: 'false' }),
  ]);
  const { connections, activeId } = await app.call('connections.list');
  const currency = connections.find((c) => c.id === activeId)!.currency;
  const money = (total: number) => formatMoney(total / 100, currency);

  const ending = (days: number) =>
    leases.filter(
      (l) =>
        l.status !== 'month_to_month' && l.end_date && daysTo(l.end_date) >= 0 && daysTo(l.end_date) <= days,
    );
  const late = payments.filter((p) => p.paid_date == null && String(p.due_date) < today);
  const urgent = (priority: string) => requests.filter((r) => r.priority === priority && isOpenRequest(r));
  expect(ending(60).length).toBeGreaterThan(0);
  expect(late.length).toBeGreaterThan(0);

  for (const days of [30, 60]) {
    const rows = ending(days);
    const link = page.getByRole('link', {
      name: new RegExp(`^${rows.length} leases? ends? in the next ${days} days`),
    });
    await expect(link).toContainText(
      `${money(rows.reduce((s, l) => s + cents(l.monthly_rent), 0))} monthly rent`,
    );
  }
  const lateLink = page.getByRole('link', { name: new RegExp(`^${late.length} payments? past due`) });
  await expect(lateLink).toContainText(`${money(late.reduce((s, p) => s + cents(p.amount), 0))} outstanding`);
  for (const priority of ['emergency', 'high'])
    await expect(
      page.getByRole('link', { name: new RegExp(`^${urgent(priority).length} open ${priority} requests?`) }),
    ).toBeVisible();
  await expect(
    page.getByRole('link', { name: new RegExp(`^${unverified.length} documents? not verified`) }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: /^0 waiting for a person to decide/ })).toBeVisible();

  await app.screenshots('today');
  await app.checkA11y('today');

  // Each figure leads to exactly the rows it counts.
  for (const days of [30, 60]) {
    const n = ending(days).length;
    await follow(page, new RegExp(`^${n} leases? ends? in the next ${days} days`));
    await expect(page).toHaveURL(new RegExp(`#/portfolio/expirations\\?ending=${days}$`));
    await expect(
      page.getByText(`Showing only the ${n} ${n === 1 ? 'lease' : 'leases'} ending in the next ${days} days`),
    ).toBeVisible();
  }
  await follow(page, /payments? past due/);
  await expect(page).toHaveURL(/#\/portfolio\/delinquency$/);
  const outstanding = page.locator('.pf-figure').filter({ hasText: 'Total outstanding' });
  await expect(outstanding).toContainText(money(late.reduce((s, p) => s + cents(p.amount), 0)));
  const table = await app.call('portfolio.view', { view: 'delinquency' });
  expect(table.rows.reduce((s, r) => s + Number(r.cells.payments), 0)).toBe(late.length);

  const emergency = urgent('emergency').length;
  await follow(page, /open emergency requests?/);
  await expect(page).toHaveURL(/#\/portfolio\/maintenance\?priority=emergency$/);
  await expect(
    page.getByText(`Showing only the ${emergency} open ${emergency === 1 ? 'request' : 'requests'} of`),
  ).toBeVisible();

  await follow(page, /documents? not verified/);
  await expect(page).toHaveURL(/#\/c\/documents\?is_verified=false$/);
  expect(await loadedCount(page, 'Documents')).toBe(unverified.length);

  await follow(page, /waiting for a person to decide/);
  await expect(page).toHaveURL(/#\/suggestions$/);
  await page.getByRole('link', { name: 'Today', exact: true }).click();
  await page.getByRole('link', { name: /^0 applied/ }).click();
  await expect(page).toHaveURL(/#\/suggestions\?status=applied&since=\d{4}-\d{2}-\d{2}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Suggestions' })).toBeVisible();

  // Portfolio on its first open: figures, not an offer to make a copy.
  await page.getByRole('link', { name: 'Portfolio', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Occupancy by property' })).toBeVisible();
  await expect(page.getByText(/No offline copy/)).toHaveCount(0);

  // The offline copy screen, in plain words.
  await app.open('#/portfolio/offline-copy');
  await expect(page.getByText(/^The copy is from .+ and holds [\d,]+ records\.$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Update the offline copy' })).toBeEnabled();
  await expect(page.getByText('Keep no copy on this computer')).toBeVisible();
  await app.screenshots('offline-copy-screen');
  await app.checkA11y('offline copy screen');

  // Connect your organisation: the connections screen with its add form open.
  await page.getByRole('link', { name: 'Today', exact: true }).click();
  await page.getByRole('button', { name: 'Connect your organisation' }).click();
  await expect(page.getByRole('dialog', { name: 'Add a connection' })).toBeVisible();
});
