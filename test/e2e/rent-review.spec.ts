// Bulk rent review and CSV import end to end in Chromium against the real main services: a review of
// 250 leases previewed with totals, made into two drafts (200 + 50) labelled as parts of one review,
// both submitted, and two batches of 200 and 50 suggestions found at the service; and a CSV file
// imported into a draft with its problems shown per row before anything is added.
import type { Page } from '@playwright/test';
import { startSandbox } from '../../src/sandbox';
import type { Sandbox } from '../../src/sandbox';
import { test, expect } from './harness/app-fixture';

const usd = (n: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 }).format(n);

interface Lease {
  id: string;
  end_date: string | null;
  monthly_rent: number;
}

async function readAllPages<T>(sandbox: Sandbox, key: string, path: string): Promise<T[]> {
  const out: T[] = [];
  let cursor: string | null = null;
  do {
    const sep = path.includes('?') ? '&' : '?';
    const url = `${sandbox.baseUrl}${path}${sep}limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const res = await fetch(url, { headers: { Authorization: `Bearer ${key}` } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: T[]; hasMore: boolean; nextCursor: string | null };
    out.push(...body.data);
    cursor = body.hasMore ? body.nextCursor : null;
  } while (cursor);
  return out;
}

async function submitDraft(page: Page, name: RegExp, count: number) {
  await page.getByRole('link', { name }).click();
  await page.getByRole('button', { name: 'Review and submit…' }).click();
  const confirm = page.getByRole('dialog', { name: /Submit “.*” as suggestions/ });
  await expect(confirm).toContainText('Nothing changes until a person');
  await confirm.getByRole('button', { name: `Submit ${count} suggestions` }).click();
  const sent = page.getByRole('region', { name: 'Submission' });
  await expect(sent.getByRole('heading', { name: 'Sent for review' })).toBeVisible();
}

test('bulk rent review of 250 leases → two drafts → two batches', async ({ app }) => {
  const { page } = app;
  // The demo organisation has fewer active leases than 250; a service with twice its data has more.
  const sandbox = await startSandbox({ port: 0, recordsScale: 2 });
  try {
    const key = sandbox.keys.find((k) => k.name === 'full')!.key;
    const active = await readAllPages<Lease>(sandbox, key, '/api/v1/leases?status=active');
    const ends = active
      .map((l) => l.end_date)
      .filter((d): d is string => d !== null)
      .sort();
    expect(ends.length).toBeGreaterThanOrEqual(250);
    // The latest end date that keeps at least 250 leases; any beyond 250 are left out in the preview.
    const cutoff = ends[249]!;
    const matching = active.filter((l) => l.end_date !== null && l.end_date <= cutoff);
    const extra = matching.length - 250;

    const added = await app.call('connections.add', {
      name: 'Large portfolio',
      baseUrl: sandbox.baseUrl,
      apiKey: key,
    });
    await app.call('connections.switch', { id: added.id });

    await app.open('#/drafts');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Rent review' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Bulk rent review' })).toBeVisible();
    await expect(page.getByLabel('Lease status')).toHaveValue('active');
    await expect(page.getByLabel('Rent field', { exact: true })).toHaveValue('monthly_rent');
    await expect(page.getByLabel('Market rent field')).toHaveValue('market_rent');
    await app.screenshot('rent-review-empty');
    await app.checkA11y('rent review empty');

    await page.getByLabel('Ending on or before').fill(cutoff);
    // Up to market rent: leases already at or above it are shown greyed with the reason, and can't be kept.
    await page.getByLabel('Up to the market rent').check();
    await page.getByRole('button', { name: 'Preview' }).click();
    const table = page.getByRole('table', { name: 'Rent review preview' });
    const skippedRow = table
      .getByRole('row')
      .filter({ hasText: 'Already at or above the market rent' })
      .first();
    await expect(skippedRow).toBeVisible();
    await expect(skippedRow.getByRole('checkbox')).toBeDisabled();
    await expect(page.getByText(/\d+ skipped \(greyed, with the reason\)/)).toBeVisible();
    await app.screenshot('rent-review-market');
    await app.checkA11y('rent review market rule');

    await page.getByLabel('Raise by a percentage').check();
    await page.getByRole('textbox', { name: 'Percentage', exact: true }).fill('3');
    // Every lease raised by 3 %, above market or not: each such row says by how much.
    await page.getByRole('switch', { name: 'Never above market rent' }).uncheck();
    await page.getByLabel('To a multiple of').selectOption({ label: '$5' });
    // The settings changed since the preview: it says so, and drafts can't be made from it.
    await expect(page.getByText('The settings changed since this preview')).toBeVisible();
    await expect(page.getByRole('button', { name: /Create draft/ })).toBeDisabled();
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page.getByText('The settings changed since this preview')).toBeHidden();
    await expect(table.getByText('Already at or above the market rent')).toHaveCount(0);
    // With the switch off, a rent raised past its unit's market rent says by how much.
    await expect(table.getByText(/^ends \$[\d,.]+ above market rent$/).first()).toBeVisible();
    // Leases beyond 250 that share the cut-off date are left out with their boxes.
    for (let i = 0; i < extra; i += 1) {
      await table
        .getByRole('checkbox', { name: /Include lease/ })
        .first()
        .uncheck();
    }
    const round5 = (n: number) => Math.round(Math.round(n * 100) / 500) * 5;
    const expectedDelta =
      extra === 0
        ? matching.reduce((sum, l) => sum + (round5(l.monthly_rent * 1.03) - l.monthly_rent), 0)
        : null;
    const headline = page.getByRole('status').filter({ hasText: 'across' });
    await expect(headline).toContainText('across 250 leases');
    if (expectedDelta !== null)
      await expect(headline).toHaveText(`Monthly rent +${usd(expectedDelta)} across 250 leases`);
    await expect(page.getByText('Creates 2 drafts (200 + 50 changes)')).toBeVisible();
    await expect(page.getByText('These are drafts of suggestions')).toContainText(
      'nothing is sent to the service and no rent changes',
    );
    // Virtualized: a screenful of rows in the DOM, not 250.
    expect(await table.getByRole('row').count()).toBeLessThan(80);
    await app.screenshot('rent-review-preview');
    await app.checkA11y('rent review preview');

    // Leaving a lease out updates the totals and the split at once; putting it back restores them.
    const box = table.getByRole('checkbox', { name: /Include lease/ }).nth(extra + 1);
    await box.uncheck();
    await expect(headline).toContainText('across 249 leases');
    await expect(page.getByText('Creates 2 drafts (200 + 49 changes)')).toBeVisible();
    await box.check();
    await expect(page.getByText('Creates 2 drafts (200 + 50 changes)')).toBeVisible();
    await table.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect(table.getByRole('row', { name: /^Total/ })).toContainText('250 of');
    await app.screenshot('rent-review-preview-end');

    await page.getByLabel('Draft name').fill('Autumn rent review');
    await page.getByRole('button', { name: 'Create drafts' }).click();
    await expect(page).toHaveURL(/#\/drafts$/);
    const part1 = page.getByRole('row', { name: /Autumn rent review — part 1 of 2/ });
    const part2 = page.getByRole('row', { name: /Autumn rent review — part 2 of 2/ });
    await expect(part1).toContainText('200 of 200');
    await expect(part2).toContainText('50 of 200');
    await app.screenshot('rent-review-drafts');
    await app.checkA11y('rent review drafts');

    await submitDraft(page, /Autumn rent review — part 1 of 2/, 200);
    await page.getByRole('link', { name: 'All drafts' }).click();
    await submitDraft(page, /Autumn rent review — part 2 of 2/, 50);
    await app.screenshot('rent-review-part2-sent');

    // At the service: exactly two batches, of 200 and 50 lease updates, all awaiting a person.
    const proposals = await readAllPages<{ batchId: string; status: string; resourceType: string }>(
      sandbox,
      key,
      '/api/v1/proposals',
    );
    const sizes = new Map<string, number>();
    for (const p of proposals) sizes.set(p.batchId, (sizes.get(p.batchId) ?? 0) + 1);
    expect([...sizes.values()].sort((a, b) => b - a)).toEqual([200, 50]);
    expect(proposals.every((p) => p.status === 'proposed' && p.resourceType === 'lease')).toBe(true);
  } finally {
    await sandbox.close();
  }
});

test('a long preview shows its progress and can be cancelled, and its late answer is ignored', async ({
  app,
}) => {
  const { page } = app;
  // Every request of this service takes a while, so the preview is still running when cancelled.
  const sandbox = await startSandbox({ port: 0, latencyMs: 400 });
  try {
    const key = sandbox.keys.find((k) => k.name === 'full')!.key;
    const added = await app.call('connections.add', {
      name: 'Slow service',
      baseUrl: sandbox.baseUrl,
      apiKey: key,
    });
    await app.call('connections.switch', { id: added.id });
    await app.open('#/rent-review');
    await page.getByRole('button', { name: 'Preview' }).click({ timeout: 30_000 });
    const progress = page.getByRole('status').filter({ hasText: 'Reading leases and units' });
    await expect(progress).toBeVisible();
    await app.screenshot('rent-review-progress');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(progress).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Preview a review' })).toBeVisible();
    // Until the cancelled preview has finished in main (the service hears no more of its requests, each
    // of which takes 400 ms): its answer is not shown.
    let heard = -1;
    const stillAsking = () => heard !== (heard = sandbox.control.requestCount());
    await expect.poll(stillAsking, { intervals: [1_000], timeout: 120_000 }).toBe(false);
    await expect(page.getByRole('table', { name: 'Rent review preview' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Preview' })).toBeEnabled();
  } finally {
    await sandbox.close();
  }
});

test('a CSV file becomes changes in a draft only after its problems are shown and the user confirms', async ({
  app,
}) => {
  const { page } = app;
  const client = await app.demoClient();
  const leases = (await client.list('leases', { filters: { status: 'active' }, limit: 3 })).data;
  const [a, b, c] = leases.map((l) => ({ id: l.id, rent: Number(l.monthly_rent) }));

  await app.open('#/drafts');
  await page.getByRole('button', { name: 'New draft' }).click();
  const naming = page.getByRole('dialog', { name: 'New draft' });
  await naming.getByLabel('Name').fill('Imported rents');
  await naming.getByRole('button', { name: 'Create draft' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Imported rents' })).toBeVisible();

  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import changes from CSV' });
  await expect(dialog).toBeVisible();
  const csv =
    '\ufeffLease ID,Monthly Rent,Status,Note\r\n' +
    `${a!.id},"$${(a!.rent + 25).toLocaleString('en-US')}.00",Active,"Reviewed, agreed"\r\n` +
    '\r\n' +
    `${b!.id},${b!.rent + 40},,"two\nlines"\r\n` +
    `${c!.id},abc,finished,\r\n` +
    ',1500,,no id\r\n';
  await dialog.getByLabel('CSV file (with a header row)').setInputFiles({
    name: 'rents.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv, 'utf8'),
  });
  await expect(dialog).toContainText('rents.csv: 4 rows, 4 columns');
  await expect(dialog.getByLabel('Field for column “Lease ID”')).toHaveValue('@id');
  await expect(dialog.getByLabel('Field for column “Monthly Rent”')).toHaveValue('monthly_rent');
  await expect(dialog.getByLabel('Field for column “Note”')).toHaveValue('');
  await expect(dialog.getByRole('status').filter({ hasText: 'ready to add' })).toHaveText(
    '2 of 4 rows ready to add · 2 rows have problems and will be left out',
  );
  const problems = dialog.getByRole('table', { name: 'Problems by row' });
  await expect(
    problems.getByRole('row', { name: /^5 Monthly rent Monthly rent must be a number \(not “abc”\)/ }),
  ).toBeVisible();
  await expect(
    problems.getByRole('row', { name: /^5 Status Status must be one of: .* \(not “finished”\)/ }),
  ).toBeVisible();
  await expect(problems.getByRole('row', { name: /^6 Record ID No record ID in this row/ })).toBeVisible();
  // Nothing is in the draft until the user confirms.
  const draftId = decodeURIComponent(page.url().split('#/drafts/')[1]!);
  expect((await app.call('drafts.get', { id: draftId })).changeCount).toBe(0);
  await app.screenshot('rent-review-csv-import');
  await app.checkA11y('csv import');

  await dialog.getByRole('button', { name: 'Add 2 changes to the draft' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'Added' })).toContainText(
    'Added 2 changes to this draft. Nothing has been sent',
  );
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('2 of 200 changes')).toBeVisible();
  const detail = await app.call('drafts.get', { id: draftId });
  expect(detail.changes.map((ch) => [ch.resourceId, ch.fields])).toEqual([
    [a!.id, { monthly_rent: a!.rent + 25 }],
    [b!.id, { monthly_rent: b!.rent + 40 }],
  ]);
  // Each imported update keeps the record as read, for current → new and the staleness check.
  expect(detail.changes.every((ch) => ch.snapshot && ch.snapshot.id === ch.resourceId)).toBe(true);
  await app.screenshot('rent-review-csv-imported');
  await app.checkA11y('draft after import');
});
