// What the service refuses, through the built app against a service of its own: a read-only key is
// told apart from a full one at "Test connection" (suggesting is not checked there, never shown green),
// its refusal is remembered and said before the next draft of that kind; and a refusal of a full key
// marks the field the service names on its change.
import { startSandbox } from '../../src/sandbox';
import type { Sandbox } from '../../src/sandbox';
import type { AppHarness } from './harness/app-fixture';
import { test, expect } from './harness/app-fixture';

let sandbox: Sandbox;
test.beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
});
test.afterAll(async () => {
  await sandbox.close();
});

const keyOf = (name: string) => sandbox.keys.find((k) => k.name === name)!.key;

async function connect(app: AppHarness, name: string, key: string): Promise<string> {
  const added = await app.call('connections.add', { name, baseUrl: sandbox.baseUrl, apiKey: keyOf(key) });
  await app.call('connections.switch', { id: added.id });
  return added.id;
}

/** Submits the open draft from its editor and waits until the service's answer is shown. */
async function submitAndWaitForRefusal(app: AppHarness): Promise<void> {
  const { page } = app;
  await page.getByRole('button', { name: 'Review and submit…' }).click();
  const confirm = page.getByRole('dialog', { name: /as suggestions\?/ });
  await confirm.getByRole('button', { name: /^Submit 1 suggestion/ }).click();
  await expect(page.getByText(/The service did not accept this batch/).first()).toBeVisible();
}

test('a read-only key is told apart at Test connection and warned about before the second draft', async ({
  app,
}) => {
  const { page } = app;
  await connect(app, 'Read only', 'readonly');

  await app.open('#/connections');
  const card = page.getByRole('region', { name: 'Read only' });
  await card.getByRole('button', { name: 'Test connection' }).click();
  const suggesting = card.getByRole('table', { name: 'What this key may suggest' });
  await expect(suggesting.getByRole('row', { name: /Leases leases:propose Not checked/ })).toBeVisible();
  await expect(suggesting.getByText('Readable')).toHaveCount(0);

  const leases = await app.call('collections.list', { collection: 'leases', filters: {}, limit: 2 });
  const [first, second] = leases.data;
  const draft = await app.call('drafts.create', {
    label: 'Rent for one lease',
    changes: [
      {
        operation: 'update',
        resourceType: 'lease',
        resourceId: first!.id,
        fields: { monthly_rent: Number(first!.monthly_rent) + 10 },
        snapshot: first!,
      },
    ],
  });
  await app.open(`#/drafts/${draft.id}`);
  await submitAndWaitForRefusal(app);
  await expect(page.getByText(/may not suggest these changes/).first()).toBeVisible();
  await expect(page.getByText(/fix what is marked/)).toHaveCount(0);

  // The next draft of a lease: said before anything is drafted, on the record's "Suggest a change".
  await app.open(`#/r/leases/${encodeURIComponent(second!.id)}`);
  await page.getByRole('button', { name: 'Suggest a change' }).click();
  const dialog = page.getByRole('dialog', { name: /Suggest a change to lease/ });
  await expect(dialog.getByRole('status', { name: 'Refused before' })).toContainText('leases:propose');
  await app.screenshot('refused-before-suggest');
  await page.keyboard.press('Escape');

  // The connection's card says it too, and Test connection marks the type refused.
  await app.open('#/connections');
  await expect(card.getByRole('status', { name: 'Refused before' })).toBeVisible();
  await card.getByRole('button', { name: 'Test connection' }).click();
  await expect(suggesting.getByRole('row', { name: /Leases leases:propose Refused/ })).toBeVisible();
  await app.screenshots('connections-refused');
});

test('a refusal marks the field the service names on its change', async ({ app }) => {
  const { page } = app;
  await connect(app, 'Full', 'full');
  const [property] = (await app.call('collections.list', { collection: 'properties', filters: {}, limit: 1 }))
    .data;
  const draft = await app.call('drafts.create', {
    label: 'Repair with a wrong unit',
    changes: [
      {
        operation: 'create',
        resourceType: 'maintenance_request',
        fields: {
          property_id: property!.id,
          unit_id: 'unit_not_here',
          title: 'The boiler failed',
          priority: 'high',
          status: 'open',
        },
      },
    ],
  });
  await app.open(`#/drafts/${draft.id}`);
  await submitAndWaitForRefusal(app);
  const unitRow = page.locator('.field-row[data-field="unit_id"]');
  await expect(unitRow.locator('.field-error')).toHaveText(/No unit with this ID exists/);
  await expect(page.getByText(/correct what is marked beside the changes/).first()).toBeVisible();
  await app.screenshots('refusal-marked');
});
