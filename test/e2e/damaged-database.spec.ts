// A damaged database at start-up, through the built app: the salvage runs in a process of its own and
// the window opens with a notice that says by kind what was kept and what was lost. A file crafted with
// a view whose query never ends (in the drafts' place) no longer hangs the start with no window.
import { join } from 'node:path';
import { DEMO_CONNECTION_ID } from '../../src/main/connections/connection-service';
import { openStore } from '../../src/main/store/open-store';
import { damagePage, endlessDraftsView, pagesOf } from '../support/damage';
import { expect, test } from './harness/app-fixture';

/** Adds `n` drafts of one change each to the demo connection of the app's database. */
function addDrafts(file: string, n: number): void {
  const store = openStore(file);
  for (let i = 0; i < n; i++)
    store.drafts.create(DEMO_CONNECTION_ID, `Rent review ${String(i).padStart(3, '0')} `.padEnd(60, '.'), [
      { operation: 'create', resourceType: 'tenant', fields: { name: `Tenant ${i}` } },
    ]);
  store.close();
}

test('a damaged file with a view whose query never ends: the window opens and says the drafts were lost', async ({
  app,
}) => {
  const file = join(app.dataDir, 'propdesk.sqlite');
  await app.main.quit();
  addDrafts(file, 3);
  endlessDraftsView(file, DEMO_CONNECTION_ID);
  const [page] = pagesOf(file, 'tracked_proposals_by_status');
  damagePage(file, page!.pageno, page!.size);

  await app.restart('#/drafts');
  const notice = app.page.getByRole('alert').filter({ hasText: 'database was damaged' });
  await expect(notice).toContainText('Lost: some drafts that could not be read');
  await expect(notice).toContainText(
    /moved aside to \S+propdesk\.sqlite\.damaged-\S+ and is kept for support/,
  );
  expect((await app.call('drafts.list')).drafts).toEqual([]);
  await app.screenshot('damaged-database-view');
});

test('a damaged page of drafts: every readable draft is kept and the notice counts what was lost by kind', async ({
  app,
}) => {
  const file = join(app.dataDir, 'propdesk.sqlite');
  await app.main.quit();
  addDrafts(file, 150);
  const leaves = pagesOf(file, 'drafts', ['leaf']);
  const damaged = leaves[Math.floor(leaves.length / 2)]!;
  damagePage(file, damaged.pageno, damaged.size);
  const kept = 150 - damaged.cells;

  await app.restart('#/drafts');
  const notice = app.page.getByRole('alert').filter({ hasText: 'database was damaged' });
  await expect(notice).toContainText(`Kept: ${kept} drafts and ${kept} changes in drafts.`);
  await expect(notice).toContainText(
    `Lost: at least ${damaged.cells} drafts, ${damaged.cells} changes in drafts and the offline copy (PropDesk makes it again).`,
  );
  expect((await app.call('drafts.list')).drafts).toHaveLength(kept);
  await app.screenshot('damaged-database-notice');
});
