// The early hint through the built app: an update drafted from an older read of a lease than the one
// the offline copy holds says, on its card, that the record changed on the service since drafting and
// which drafted field differs there; the check before submitting still reads the service and warns.
import { test, expect } from './harness/app-fixture';

test('a change whose record the offline copy holds newer says so before submitting', async ({ app }) => {
  const { page } = app;
  const client = await app.demoClient();
  const [lease] = (await client.list('leases', { filters: { status: 'active' }, limit: 1 })).data;
  const rent = Number(lease!.monthly_rent);
  await app.updateOfflineCopy();

  // Drafted from a read made before someone changed the rent at the service.
  const draft = await app.call('drafts.create', {
    label: 'Rent for one lease',
    changes: [
      {
        operation: 'update',
        resourceType: 'lease',
        resourceId: lease!.id,
        fields: { monthly_rent: rent + 25 },
        snapshot: { ...lease!, monthly_rent: rent - 100, updated_at: '2025-01-01T00:00:00.000Z' },
      },
    ],
  });
  await app.open(`#/drafts/${draft.id}`);
  const card = page.getByRole('region', { name: /^1\. Lease / });
  const hint = card.getByRole('note');
  await expect(hint).toContainText(
    'Changed on the service since you drafted this — check before submitting.',
  );
  await expect(hint).toContainText('Monthly rent');
  await app.screenshots('changed-since-drafting');

  // The live check before submitting stays, and says the same from the service itself.
  await page.getByRole('button', { name: 'Review and submit…' }).click();
  const confirm = page.getByRole('dialog', { name: /as suggestions\?/ });
  await expect(confirm.getByText('One record has changed since you drafted')).toBeVisible();
});
