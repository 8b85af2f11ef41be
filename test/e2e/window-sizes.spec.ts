// Any window size: at 1024×700, 1280×800 and 1920×1080 every screen keeps each visible control inside
// the window or inside an area that scrolls to it; the sidebar collapses to its icons in a small
// window, and a list with its details panel open still shows its key columns.
import { test, expect } from './harness/app-fixture';
import { unreachableControls } from './harness/reachable';

const SIZES = [
  { width: 1024, height: 700 },
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
];

const SCREENS: Array<{ name: string; hash: string }> = [
  { name: 'Properties', hash: '#/c/properties' },
  { name: 'Units', hash: '#/c/units' },
  { name: 'Tenants', hash: '#/c/tenants' },
  { name: 'Leases', hash: '#/c/leases' },
  { name: 'Payments', hash: '#/c/payments' },
  { name: 'Maintenance', hash: '#/c/maintenance_requests' },
  { name: 'Documents', hash: '#/c/documents' },
  { name: 'Portfolio', hash: '#/portfolio/overview' },
  { name: 'Drafts', hash: '#/drafts' },
  { name: 'Bulk rent review', hash: '#/rent-review' },
  { name: 'Suggestions', hash: '#/suggestions' },
  { name: 'Connections', hash: '#/connections' },
];

test('every screen keeps its controls within reach at three window sizes', async ({ app }) => {
  const { page } = app;
  await app.open();
  const problems: string[] = [];
  for (const size of SIZES) {
    await page.setViewportSize(size);
    for (const screen of SCREENS) {
      await page.evaluate((h) => (window.location.hash = h), screen.hash);
      await expect(page.getByRole('heading', { level: 1, name: screen.name })).toBeVisible();
      // Lists: wait for their rows, so the check sees the grid as the user does.
      if (screen.hash.startsWith('#/c/'))
        await expect(page.getByRole('grid').getByRole('row').nth(1)).toBeVisible();
      for (const p of await unreachableControls(page))
        problems.push(`${size.width}×${size.height} ${screen.name}: ${p}`);
    }
  }
  expect(problems).toEqual([]);
});

test('the sidebar collapses by itself in a small window, and on request', async ({ app }) => {
  const { page } = app;
  await page.setViewportSize({ width: 1024, height: 700 });
  await app.open('#/c/leases');
  const nav = page.getByRole('navigation', { name: 'Main' });
  // Icons only, each still named.
  await expect(nav.getByRole('link', { name: 'Leases', exact: true })).toBeVisible();
  expect((await nav.getByRole('link', { name: 'Leases', exact: true }).boundingBox())!.width).toBeLessThan(
    48,
  );
  await expect(nav.getByRole('button', { name: 'Search everything' })).toBeVisible();
  await app.screenshots('sidebar-collapsed');
  await app.checkA11y('collapsed sidebar');

  await page.setViewportSize({ width: 1280, height: 800 });
  const toggle = nav.getByRole('button', { name: 'Collapse the sidebar' });
  await expect(toggle).toBeVisible();
  await expect(nav.getByText('Ctrl K')).toBeVisible();
  await toggle.click();
  await expect(nav.getByRole('button', { name: 'Show the sidebar’s names' })).toBeVisible();
  // Remembered across a reload.
  await page.reload();
  await expect(nav.getByRole('button', { name: 'Show the sidebar’s names' })).toBeVisible();
});

test('a list with its details open keeps the label and another column at 1024 px', async ({ app }) => {
  const { page } = app;
  await page.setViewportSize({ width: 1024, height: 700 });
  await app.open('#/c/leases');
  const grid = page.getByRole('grid', { name: 'Leases' });
  await grid.getByRole('row').nth(1).click();
  await expect(page.getByRole('complementary', { name: 'Record details' })).toBeVisible();
  const gridBox = (await grid.boundingBox())!;
  const headers = grid.getByRole('columnheader');
  const shown: string[] = [];
  for (let i = 0; i < (await headers.count()); i++) {
    const box = await headers.nth(i).boundingBox();
    if (box && box.x + box.width <= gridBox.x + gridBox.width + 1)
      shown.push((await headers.nth(i).textContent()) ?? '');
  }
  expect(shown.length).toBeGreaterThanOrEqual(2);
  await app.screenshots('leases-details-small');
});
