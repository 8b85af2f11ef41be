// Every control shows where the keyboard is, in light and in dark: Tab through a list with its
// filters, a draft, the rent review and the portfolio overview, and each focused control draws an
// outline or ring that contrasts at least 3:1 with the colours around it. From the end of the page one
// sweep of Tab visits every control and the page's body only after the last.
import type { Page } from '@playwright/test';
import { test, expect } from './harness/app-fixture';
import type { AppHarness } from './harness/app-fixture';
import { probeFocus } from './harness/focus-ring';

/** More than any of these screens has controls (a date field takes one stop per part). */
const MAX_STOPS = 160;

async function tabThrough(page: Page, screen: string): Promise<string[]> {
  const problems: string[] = [];
  // Tab on to the end of the page first, so the sweep below starts at the page's first control.
  let atEnd = false;
  for (let i = 0; i < MAX_STOPS && !atEnd; i++) {
    await page.keyboard.press('Tab');
    atEnd = (await probeFocus(page)).element === 'body';
  }
  if (!atEnd) return [`${screen}: Tab never leaves the page's controls`];
  for (let i = 0; i < MAX_STOPS; i++) {
    await page.keyboard.press('Tab');
    const focus = await probeFocus(page);
    if (focus.element === 'body') {
      if (i === 0) problems.push(`${screen}: Tab reached no control`);
      return problems;
    }
    if (focus.contrast < 3)
      problems.push(
        `${screen}: ${focus.element} shows ${focus.ring} (contrast ${focus.contrast.toFixed(2)})`,
      );
  }
  return [...problems, `${screen}: Tab never comes back to the end of the page`];
}

async function everyScheme(app: AppHarness, screen: string, ready: () => Promise<void>): Promise<string[]> {
  const problems: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    await app.page.emulateMedia({ colorScheme });
    await ready();
    problems.push(...(await tabThrough(app.page, `${screen} (${colorScheme})`)));
  }
  await app.page.emulateMedia({ colorScheme: null });
  return problems;
}

test('every control on four screens shows a focus ring with 3:1 contrast, light and dark', async ({
  app,
}) => {
  const { page } = app;
  // The overview charts the offline copy.
  await app.updateOfflineCopy();
  const client = await app.demoClient();
  const [lease] = (await client.list('leases', { filters: { status: 'active' }, limit: 1 })).data;
  const draft = await app.call('drafts.create', {
    label: 'Focus check',
    changes: [
      {
        operation: 'update',
        resourceType: 'lease',
        resourceId: lease!.id,
        fields: { end_date: '2027-06-30', monthly_rent: Number(lease!.monthly_rent) + 25 },
        snapshot: lease!,
      },
    ],
  });
  const problems: string[] = [];
  const heading = (name: string) => expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  await app.open('#/c/leases?status=active');
  problems.push(
    ...(await everyScheme(app, 'Leases list', async () => {
      await heading('Leases');
      await expect(page.getByRole('grid', { name: 'Leases' }).getByRole('row').nth(1)).toBeVisible();
    })),
  );
  await app.open(`#/drafts/${encodeURIComponent(draft.id)}`);
  problems.push(
    ...(await everyScheme(app, 'Draft', () => expect(page.locator('section.change-card')).toBeVisible())),
  );
  await app.open('#/rent-review');
  problems.push(...(await everyScheme(app, 'Rent review', () => heading('Bulk rent review'))));
  await app.open('#/portfolio/overview');
  problems.push(
    ...(await everyScheme(app, 'Portfolio overview', async () => {
      await heading('Portfolio');
      await expect(page.getByRole('group', { name: 'Leases ending per month', exact: true })).toBeVisible();
    })),
  );
  expect(problems).toEqual([]);
});

test('focused controls as they look: a filter, a date field, a chart bar, the collapsed sidebar', async ({
  app,
}) => {
  const { page } = app;
  await app.open('#/c/leases');
  await expect(page.getByRole('grid', { name: 'Leases' }).getByRole('row').nth(1)).toBeVisible();
  await page.getByRole('grid', { name: 'Leases' }).focus();
  await page.keyboard.press('Shift+Tab');
  await app.screenshots('focus-list-filter');

  await app.updateOfflineCopy();
  await app.open('#/portfolio/overview');
  const bar = page.locator('.chart-mark[tabindex="0"]').first();
  await expect(bar).toBeVisible();
  await bar.focus();
  await app.screenshots('focus-chart-bar');

  await page.setViewportSize({ width: 1024, height: 700 });
  await app.open('#/c/leases');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Leases', exact: true })
    .focus();
  await app.screenshots('focus-collapsed-sidebar');
  await app.checkA11y('focus rings');
});
