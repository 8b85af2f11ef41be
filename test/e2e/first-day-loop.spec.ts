// A landlord's first day, end to end: make the offline copy, suggest a new rent for a lease, a person
// approves it on the demo service's review page, and PropDesk closes the loop without a manual
// update: the batch card counts it applied, Portfolio's rent roll shows the new rent, and the amount
// reads the same on the grid, the suggestion row and Portfolio.
import { test, expect } from './harness/app-fixture';
import type { PropdeskBridge } from '../../src/shared/bridge';

test('suggest a rent, approve it in the browser, and see it everywhere without updating the copy', async ({
  app,
}) => {
  const { page } = app;
  await app.updateOfflineCopy();

  // A running lease at the top of the rent roll, so its row is on screen.
  const roll = await app.call('portfolio.view', { view: 'rent-roll' });
  const client = await app.demoClient();
  const leases = (await client.list('leases', { filters: { status: 'active' }, limit: 100 })).data;
  const row = roll.rows.find((r) => r.cells.rent !== null && leases.some((l) => l.unit_id === r.id))!;
  const lease = leases.find((l) => l.unit_id === row.id && l.monthly_rent === row.cells.rent)!;
  expect(lease, 'an active lease shown on the rent roll').toBeTruthy();
  const newRent = (lease.monthly_rent as number) + 85;
  const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(newRent);

  const label = 'Rent for the new year';
  const submitted = await page.evaluate(
    async ({ label, id, rent }) => {
      const bridge = (window as unknown as { propdesk: PropdeskBridge }).propdesk;
      const created = await bridge.drafts.create({
        label,
        changes: [
          { operation: 'update', resourceType: 'lease', resourceId: id, fields: { monthly_rent: rent } },
        ],
      });
      if (!created.ok) return created;
      return bridge.drafts.submit({ id: created.data.id, revision: created.data.revision });
    },
    { label, id: lease.id, rent: newRent },
  );
  expect(submitted.ok, JSON.stringify(submitted)).toBe(true);

  // The batch card: nothing decided yet; above the cards, once, the service's message quoted (folded
  // away until asked for) and who may approve.
  await app.open('#/suggestions');
  const card = page.getByRole('region', { name: `Batch ${label}` });
  const standing = card.getByRole('list', { name: `Where batch ${label} stands` });
  await expect(standing.getByRole('listitem')).toHaveText([
    '0 applied',
    '0 dismissed',
    '0 expired',
    '1 waiting',
  ]);
  const said = page.locator('details.suggestions-message');
  await said.getByText('What the service said when it recorded the waiting batches').click();
  await expect(said.getByText(/^When it recorded this batch the service said: “/)).toBeVisible();
  await expect(
    page.getByText(/Property Manager, Landlord, Broker or Admin of your organisation/),
  ).toBeVisible();
  await expect(card.getByText(/the service said|Property Manager/)).toHaveCount(0);
  const suggestion = card.getByRole('listitem').filter({ has: page.locator('.suggestions-summary') });
  await expect(suggestion.getByText(`Monthly rent ${money}`)).toBeVisible();
  await app.screenshots('batch-card');
  await app.checkA11y('batch card');

  // A person approves it on the service's review page.
  app.dialogs.answerMessage(0);
  await card.getByRole('button', { name: `Open review page for ${label}` }).click();
  await expect.poll(() => app.opened.length).toBe(1);
  const [proposal] = (await app.call('suggestions.list')).batches.find((b) => b.label === label)!.proposals;
  const review = await page.context().newPage();
  await review.goto(app.opened[0]!);
  await review.getByLabel('Demo identity').selectOption('landlord');
  await review.getByRole('button', { name: 'Use this identity' }).click();
  await review.getByRole('button', { name: `Approve: ${proposal!.summary}` }).click();
  await expect(review.getByText(/Approved by/)).toBeVisible();
  await review.close();

  // Back in PropDesk with no reload and no update pressed: the card counts it applied.
  await app.open('#/suggestions?status=applied');
  await expect(standing.getByRole('listitem')).toHaveText([
    '1 applied',
    '0 dismissed',
    '0 expired',
    '0 waiting',
  ]);
  await expect(page.getByText(/Property Manager, Landlord, Broker or Admin/)).toHaveCount(0);
  await expect(page.getByText(/the service said/)).toHaveCount(0);
  await expect(suggestion.getByText(`Live at the service: Monthly rent is ${money}.`)).toBeVisible();
  await app.screenshots('batch-card-applied');

  // Portfolio's rent roll reads the copy, which now holds the approved rent.
  await expect
    .poll(
      async () =>
        (await app.call('portfolio.view', { view: 'rent-roll' })).rows.find((r) => r.id === row.id)?.cells
          .rent,
    )
    .toBe(newRent);
  await app.open('#/portfolio/rent-roll');
  const table = page.getByRole('table', { name: 'Rent roll' });
  await expect(table.getByRole('cell', { name: money, exact: true }).first()).toBeVisible();
  await app.screenshots('rent-roll-after-approval');

  // The grid: the same amount, written the same way.
  await app.open(`#/c/leases?unit_id=${encodeURIComponent(String(lease.unit_id))}`);
  const grid = page.getByRole('grid', { name: 'Leases' });
  await expect(page.locator(`[id="row-${lease.id}"]`)).toBeVisible();
  await expect(grid.locator(`[id="row-${lease.id}"] [role="gridcell"]`, { hasText: money })).toHaveText(
    money,
  );
  await app.screenshots('leases-grid-after-approval');
});
