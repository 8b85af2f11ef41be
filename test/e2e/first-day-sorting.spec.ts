// Sorting the record lists and "ending between" in the built app: with the offline copy, a heading
// sorts every row in main and the list says how old the copy is; without one, the grid sorts the rows
// loaded so far, says so, and "load all" makes the order exact. Compared with the service's records.
import type { Page } from '@playwright/test';
import { test, expect } from './harness/app-fixture';
import { scrollToEnd } from './harness/list-status';
import { readAll } from '../../src/main/api/read-listing';
import { compareRecords } from '../../src/shared/list-order';
import type { ListSort } from '../../src/shared/list-order';
import type { ServiceRecord } from '../../src/shared/service';

/** Rows on screen: the grid keeps the elements of rows scrolled away, hidden, for the next ones. */
const DRAWN = '[role="row"][id^="row-"]:not([hidden])';

/** Every row ID of the grid in the order drawn, scrolling through the virtualized list. */
async function shownOrder(page: Page, label: string, expected: number): Promise<string[]> {
  const grid = page.getByRole('grid', { name: label });
  const seen = new Map<number, string>();
  await grid.evaluate((el) => el.scrollTo(0, 0));
  // The rows drawn before the scroll stay until the grid redraws: read only once the first row is in.
  await expect
    .poll(() => grid.evaluate((el, first) => el.querySelector(first) !== null, `${DRAWN}[aria-rowindex="2"]`))
    .toBe(true);
  for (let step = 0; step < 500 && seen.size < expected; step++) {
    const rows = await grid.evaluate(
      (el, drawn) =>
        [...el.querySelectorAll(drawn)].map((r) => [
          Number(r.getAttribute('aria-rowindex')),
          r.id.slice('row-'.length),
        ]),
      DRAWN,
    );
    for (const [index, id] of rows) seen.set(index as number, id as string);
    const moved = await grid.evaluate((el) => {
      const before = el.scrollTop;
      el.scrollBy(0, el.clientHeight - 40);
      return el.scrollTop !== before;
    });
    if (!moved && seen.size < expected) break;
    // Rows are drawn on the frame after a scroll.
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
  }
  return [...seen.entries()].sort((a, b) => a[0] - b[0]).map(([, id]) => id);
}

const ids = (rows: ServiceRecord[]) => rows.map((r) => r.id);

test('leases ending between two dates, sorted by rent over the offline copy', async ({ app }) => {
  const { page } = app;
  await app.open();
  await app.updateOfflineCopy();
  const client = await app.demoClient();
  const ends = (await readAll(client, 'leases', {}))
    .map((r) => r.end_date)
    .filter((d): d is string => typeof d === 'string')
    .sort();
  const from = ends[Math.floor(ends.length * 0.3)]!;
  const to = ends[Math.floor(ends.length * 0.7)]!;
  const inRange = (await readAll(client, 'leases', { end_date: to })).filter(
    (r) => typeof r.end_date === 'string' && r.end_date >= from,
  );
  expect(inRange.length).toBeGreaterThan(3);

  await app.open('#/c/leases');
  await page.getByLabel('Ending on or after').fill(from);
  await page.getByLabel('Ending on or before').fill(to);
  await expect(page).toHaveURL(new RegExp(`end_date_from=${from}`));
  await expect
    .poll(() => scrollToEnd(page, 'Leases'))
    .toContain(`${inRange.length.toLocaleString('en-US')} loaded`);

  const rent = page.getByRole('columnheader', { name: /Monthly rent/ });
  await rent.getByRole('button').click();
  await expect(rent).toHaveAttribute('aria-sort', 'ascending');
  await rent.getByRole('button').press('Enter');
  await expect(rent).toHaveAttribute('aria-sort', 'descending');
  const sort: ListSort = { field: 'monthly_rent', direction: 'desc', kind: 'number' };
  const note = page.getByRole('status').filter({ hasText: 'Sorted' });
  await expect(note).toContainText(
    `Sorted by Monthly rent, descending: all ${inRange.length.toLocaleString('en-US')} rows of the offline copy as of`,
  );
  const expected = ids([...inRange].sort((a, b) => compareRecords(a, b, sort)));
  expect(await shownOrder(page, 'Leases', expected.length)).toEqual(expected);
  await page.getByRole('grid', { name: 'Leases' }).evaluate((el) => el.scrollTo(0, 0));
  await app.screenshots('sorting-leases-between');
  await app.checkA11y('leases ending between, sorted');
});

test('without a copy the grid sorts the rows loaded so far, and "load all" makes it exact', async ({
  app,
}) => {
  const { page } = app;
  await app.open();
  // A landlord who chose to keep no copy on this computer (the first start makes one by itself).
  await app.call('offlineCopy.setKeepCopy', { keep: false });
  const copies = (await app.call('offlineCopy.status')).collections.filter((c) => c.asOf !== null);
  expect(copies).toEqual([]);
  const client = await app.demoClient();
  const payments = await readAll(client, 'payments', {});
  expect(payments.length).toBeGreaterThan(100);

  await app.open('#/c/payments');
  const status = page.getByRole('status').filter({ hasText: /^[\d,]+ loaded/ });
  await expect(status).toContainText('100 loaded — more');
  const due = page.getByRole('columnheader', { name: /Due date/ });
  await due.getByRole('button').click();
  await expect(due).toHaveAttribute('aria-sort', 'ascending');
  const note = page.getByRole('status').filter({ hasText: 'Sorted' });
  await expect(note).toContainText('Sorted: the 100 rows loaded so far, by Due date, ascending.');
  await app.screenshots('sorting-loaded-so-far');
  await app.checkA11y('payments sorted, loaded so far');

  await note.getByRole('button', { name: 'Load all, then sort' }).click();
  await expect(note).toContainText(
    `Sorted by Due date, ascending: all ${payments.length.toLocaleString('en-US')} rows.`,
    {
      timeout: 120_000,
    },
  );
  const sort: ListSort = { field: 'due_date', direction: 'asc', kind: 'date' };
  const expected = ids([...payments].sort((a, b) => compareRecords(a, b, sort)));
  expect(await shownOrder(page, 'Payments', expected.length)).toEqual(expected);

  // A third click turns the sort off: the service's order again.
  await due.getByRole('button').click();
  await due.getByRole('button').click();
  await expect(due).toHaveAttribute('aria-sort', 'none');
  await expect(note).toHaveCount(0);
  expect((await shownOrder(page, 'Payments', 20)).slice(0, 20)).toEqual(ids(payments).slice(0, 20));
});
