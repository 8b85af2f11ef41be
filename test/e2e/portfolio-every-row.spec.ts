// Every row of a portfolio view through the built app, against a service with over a thousand units
// (records-scale 5): the rent roll keeps only the rows near the scrolled position in the page, still
// tells screen readers how many rows there are and where each one is, scrolls from the keyboard to
// its very last row under a sticky header with the totals row in sight, and prints every row, both
// through the browser's print and through "Save as PDF".
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from './harness/app-fixture';
import { pageCount } from './harness/pdf-facts';
import { startSandbox } from '../../src/sandbox';
import type { Sandbox } from '../../src/sandbox';

/** The PDF's text as poppler's pdftotext reads it; null where poppler is not installed. */
function pdfText(path: string): string | null {
  try {
    return execFileSync('pdftotext', ['-enc', 'UTF-8', path, '-'], { encoding: 'utf8', maxBuffer: 64 << 20 });
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return null;
    throw error;
  }
}

let sandbox: Sandbox | undefined;
test.afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

test('a view of over a thousand rows scrolls to its last row and prints them all', async ({ app }) => {
  const { page } = app;
  sandbox = await startSandbox({ port: 0, seed: 3, recordsScale: 5 });
  const added = await app.call('connections.add', {
    name: 'Large portfolio',
    baseUrl: sandbox.baseUrl,
    apiKey: sandbox.keys.find((k) => k.name === 'full')!.key,
  });
  await app.call('connections.switch', { id: added.id });
  await app.updateOfflineCopy();
  const view = await app.call('portfolio.view', { view: 'rent-roll' });
  expect(view.rows.length).toBeGreaterThan(1_000);
  const groups = new Set(view.rows.map((r) => r.group)).size;
  // Headings, every group heading and row, the totals row.
  const rowCount = 1 + groups + view.rows.length + 1;

  await app.open('#/portfolio/rent-roll');
  const table = page.getByRole('table', { name: 'Rent roll' });
  await expect(table).toHaveAttribute('aria-rowcount', String(rowCount));
  const drawn = table.locator('tbody tr:not([aria-hidden])');
  await expect(drawn.first()).toBeVisible();
  expect(await drawn.count()).toBeLessThan(200);
  const total = table.locator('tfoot tr');
  await expect(total).toHaveAttribute('aria-rowindex', String(rowCount));
  await expect(total).toContainText(`Total · ${view.rows.length.toLocaleString('en-US')} rows`);
  // The totals row's cells stick to the foot of the scroller (the row itself sits at the table's end).
  const totalCell = total.getByRole('rowheader');
  await expect(totalCell).toBeInViewport();
  await app.screenshot('portfolio-every-row-top');

  // From the keyboard: the rows' region takes focus, Page Down moves, End reaches the last row.
  const region = page.getByRole('region', { name: 'Rent roll: rows' });
  await region.focus();
  await page.keyboard.press('PageDown');
  await expect.poll(() => region.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
  const last = view.rows.at(-1)!;
  const lastRow = table.locator(`tbody tr[aria-rowindex="${rowCount - 1}"]`);
  // Keyboard scrolling is animated and rows are measured as they are drawn: End again at each look
  // (the poll's own pace) until the last row is drawn and the view stays at the foot.
  const atEnd = () => region.evaluate((el) => Math.abs(el.scrollHeight - el.clientHeight - el.scrollTop) < 1);
  await expect
    .poll(
      async () => {
        await page.keyboard.press('End');
        return (await lastRow.count()) === 1 && (await atEnd());
      },
      { intervals: [300] },
    )
    .toBe(true);
  await expect(lastRow).toContainText(String(last.cells.unit));
  await expect(lastRow).toBeInViewport();
  // The header row stays at the top of the scrolled rows, and the totals row at their foot.
  await expect(table.getByRole('columnheader', { name: 'Unit', exact: true })).toBeInViewport();
  await expect(totalCell).toBeInViewport();
  expect(await drawn.count()).toBeLessThan(200);
  await app.screenshot('portfolio-every-row-end');
  await app.checkA11y('portfolio view of every row');

  // The browser's print draws every row, and the view goes back to drawing a few afterwards.
  await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
  await expect(drawn).toHaveCount(groups + view.rows.length);
  await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
  await expect.poll(() => drawn.count()).toBeLessThan(200);

  // Save as PDF prints every row too: a landscape page holds a few dozen of them, and, where poppler's
  // pdftotext can read the file back, every unit of the view is in its text.
  const target = join(app.documents, 'rent-roll-every-row.pdf');
  app.dialogs.answerSave(target);
  await page.getByRole('button', { name: 'Save as PDF' }).click();
  await expect(page.getByRole('status').filter({ hasText: '“rent-roll-every-row.pdf”' })).toBeVisible({
    timeout: 90_000,
  });
  expect(pageCount(readFileSync(target))).toBeGreaterThan(view.rows.length / 60);
  const text = pdfText(target);
  if (text === null) {
    test.info().annotations.push({ type: 'not checked', description: 'pdftotext is not installed' });
    return;
  }
  const missing = view.rows.map((r) => String(r.cells.unit)).filter((unit) => !text.includes(unit));
  expect(missing).toEqual([]);
});
