// A landlord's first rent review on the demo organisation: leases chosen in Portfolio's expirations,
// shown at the top of the review; a 3 % raise never above market rent; the draft opening as a table of
// lease · unit · tenant · current → new; one row edited in place; review and submit. The suggestions
// at the service carry exactly the rents worked out here from the service's own records.
import type { ApiClient } from '../../src/main/api/api-client';
import type { ServiceRecord } from '../../src/shared/service';
import { test, expect } from './harness/app-fixture';

async function readAll(client: ApiClient, collection: 'leases' | 'units'): Promise<ServiceRecord[]> {
  const out: ServiceRecord[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.list(collection, { limit: 100, ...(cursor ? { cursor } : {}) });
    out.push(...page.data);
    cursor = page.hasMore && page.nextCursor ? page.nextCursor : undefined;
  } while (cursor);
  return out;
}

/** Whole cents of an amount in dollars. */
const cents = (dollars: number) => Math.round(dollars * 100);

/**
 * +3 % to the nearest dollar, never above the unit's market rent: a raise that would pass it ends on
 * it, a rent already at or above it (or with none on record) is left out, and so is one that rounding
 * leaves where it was. Null when the lease is left out.
 */
function expectedRent(rent: number, market: number | null): number | null {
  if (market === null || cents(rent) >= cents(market)) return null;
  const raised = Math.round(Number(((cents(rent) * 103) / 100).toPrecision(12)) / 100) * 100;
  const capped = Math.min(raised, cents(market));
  return capped === cents(rent) ? null : capped / 100;
}

test('first rent review: chosen leases → +3 % never above market → a draft table → edit → submit', async ({
  app,
}) => {
  const { page } = app;
  await app.updateOfflineCopy();

  // Portfolio's lease expirations: the first group with a few leases, chosen with its box.
  const expirations = await app.call('portfolio.view', { view: 'expirations' });
  const groups = [...new Set(expirations.rows.map((r) => r.group))];
  const group = groups.find((g) => expirations.rows.filter((r) => r.group === g).length >= 3)!;
  const chosen = expirations.rows.filter((r) => r.group === group).map((r) => r.id);
  await app.open('#/portfolio/expirations');
  await page.getByRole('checkbox', { name: `Choose all leases ending within ${group}` }).check();
  await page.getByRole('button', { name: `Start rent review for ${chosen.length} leases` }).click();

  // The chosen leases lead the form, not a note under it.
  await expect(page.getByRole('heading', { level: 1, name: 'Bulk rent review' })).toBeVisible();
  const which = page.getByRole('group', { name: 'Which leases' });
  await expect(which.getByRole('note')).toContainText(`${chosen.length} leases chosen in Portfolio`);
  await expect(which.getByRole('link', { name: 'choose others' })).toBeVisible();

  // The main choice: raise by a percentage (3 % by default), never above market rent (on by default).
  await expect(page.getByLabel('Raise by a percentage')).toBeChecked();
  await expect(page.getByRole('textbox', { name: 'Percentage', exact: true })).toHaveValue('3');
  const ceiling = page.getByRole('switch', { name: 'Never above market rent' });
  await expect(ceiling).toBeChecked();
  await expect(page.getByText('rents already at or above it are left out, unchanged')).toBeVisible();
  await page.getByRole('button', { name: 'Preview' }).click();

  // The figures from the service's own records.
  const client = await app.demoClient();
  const [leases, units] = await Promise.all([readAll(client, 'leases'), readAll(client, 'units')]);
  const unitOf = new Map(units.map((u) => [u.id, u]));
  const expected = new Map<string, number>();
  for (const id of chosen) {
    const lease = leases.find((l) => l.id === id)!;
    const unit = unitOf.get(String(lease.unit_id));
    const market = typeof unit?.market_rent === 'number' ? unit.market_rent : null;
    const rent = expectedRent(Number(lease.monthly_rent), market);
    if (rent !== null) expected.set(id, rent);
  }
  expect(expected.size).toBeGreaterThanOrEqual(2);

  const table = page.getByRole('table', { name: 'Rent review preview' });
  await expect(table.getByRole('columnheader', { name: 'Tenant' })).toBeVisible();
  const headline = page.getByRole('status').filter({ hasText: 'across' });
  await expect(headline).toContainText(`across ${expected.size} lease`);
  // No row ends above market with the switch on.
  await expect(table.getByText(/above market rent/)).toHaveCount(0);
  await expect(table.locator('[data-ref-state="loading"]')).toHaveCount(0);
  await app.screenshots('rent-review');
  await app.checkA11y('first rent review preview');

  await page.getByRole('button', { name: 'Create draft' }).click();

  // One draft, opened as a table of the one field it changes.
  await expect(page).toHaveURL(/#\/drafts\/[\w-]+$/);
  const draftId = decodeURIComponent(page.url().split('#/drafts/')[1]!);
  const draftTable = page.getByRole('table', { name: /Monthly rent, current and new/ });
  await expect(draftTable).toBeVisible();
  await expect(page.locator('section.change-card')).toHaveCount(0);
  const inputs = draftTable.getByRole('spinbutton', { name: /^New monthly rent of / });
  await expect(inputs).toHaveCount(expected.size);
  await expect(draftTable.locator('[data-ref-state="loading"]')).toHaveCount(0);
  await app.screenshots('draft-table');
  await app.checkA11y('draft as a table');

  // Edit the first row in place; Enter moves to the next row.
  const before = await app.call('drafts.get', { id: draftId });
  const edited = before.changes[0]!;
  const editedRent = expected.get(edited.resourceId!)! + 5;
  expected.set(edited.resourceId!, editedRent);
  await inputs.first().fill(String(editedRent));
  await inputs.first().press('Enter');
  await expect(inputs.nth(1)).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: 'Saved on this computer' })).toBeVisible();
  await expect
    .poll(async () => (await app.call('drafts.get', { id: draftId })).changes[0]!.fields)
    .toEqual({ monthly_rent: editedRent });

  await page.getByRole('button', { name: 'Review and submit…' }).click();
  const confirm = page.getByRole('dialog', { name: /Submit “.*” as suggestions/ });
  await confirm.getByRole('button', { name: `Submit ${expected.size} suggestions` }).click();
  const sent = page.getByRole('region', { name: 'Submission' });
  await expect(sent.getByRole('heading', { name: 'Sent for review' })).toBeVisible();

  // What was sent is exactly what was worked out, the edited row included, and the service has it.
  const after = await app.call('drafts.get', { id: draftId });
  expect(new Map(after.changes.map((c) => [c.resourceId!, c.fields.monthly_rent]))).toEqual(expected);
  const batchId = after.submission!.batchId!;
  const proposals = (await client.listProposals({ batchId, limit: 100 })).data;
  const suggested = proposals
    .map((p) => Number(/→ \$?([\d,]+(?:\.\d+)?)/.exec(p.summary)![1]!.replace(/,/g, '')))
    .sort((a, b) => a - b);
  expect(suggested).toEqual([...expected.values()].sort((a, b) => a - b));
  expect(proposals.every((p) => p.status === 'proposed')).toBe(true);
});
