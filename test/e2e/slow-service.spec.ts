// PropDesk on a slow, rate-limited service: the demo service started apart (its built entry, as
// `npm run sandbox -- --latency-ms 200 --rate-limit 4` would), every answer 200 ms late and at most 4
// requests a second. Connected to it, the app makes its offline copy of every collection at once:
// Today shows its first figure while the copy is still being made (payments, the largest, still say
// they are on their way), and the status bar says the service asks PropDesk to slow down. Made so on
// a busy machine too: the copy's first pages of its seven collections, asked for together, are more
// than the limit whatever the app's own speed (at 8 a second a starved app never reached it), and the
// last page of payments is held back until the test has seen all that (the copy could end first).
import { join } from 'node:path';
import { nodeProcessLauncher } from '../../src/main/connections/node-process-launcher';
import { ROOT } from '../support/electron-host/stand-in-build';
import { startRewritingProxy } from '../support/rewriting-proxy';
import type { RewritingProxy } from '../support/rewriting-proxy';
import { test, expect } from './harness/app-fixture';

const KEY = `pdk_e2e_slow_${'s'.repeat(24)}`;

test('a slow service: Today shows figures before the offline copy is complete, late payments from the service, and says it is slowed down', async ({
  app,
}) => {
  const { page } = app;
  const service = nodeProcessLauncher(process.execPath, [join(ROOT, 'out/main/sandbox.js')]).launch({
    args: ['--port', '0', '--json', '--latency-ms', '200', '--rate-limit', '4'],
    env: { PROPDESK_SANDBOX_KEY: KEY },
  });
  let letPaymentsEnd!: () => void;
  const paymentsHeld = new Promise<void>((resolve) => (letPaymentsEnd = resolve));
  let proxy: RewritingProxy | undefined;
  try {
    const { baseUrl } = JSON.parse(await service.firstLine) as { baseUrl: string };
    proxy = await startRewritingProxy(baseUrl.replace(/\/$/, ''), async (path, body) => {
      const last = (body as { hasMore?: unknown }).hasMore === false;
      // The copy's listing of payments (no filter) is held at its last page; Today's own filtered
      // listings pass.
      if (path.startsWith('/api/v1/payments?') && !path.includes('status=') && last) await paymentsHeld;
      return body;
    });
    const connection = await app.call('connections.add', {
      name: 'Slow office',
      baseUrl: proxy.baseUrl,
      apiKey: KEY,
    });
    await app.call('connections.switch', { id: connection.id });
    await app.open('');
    await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();

    // The leases are in while the payments are still being read: the figure is there, the copy is not done.
    const ending = page.getByRole('region', { name: 'Leases ending' });
    await expect(ending.getByRole('link', { name: /in the next 30 days/ })).toBeVisible({ timeout: 60_000 });
    const copy = await app.call('offlineCopy.status');
    expect(copy.state).toBe('running');
    expect(copy.collections.find((c) => c.collection === 'payments')?.asOf).toBeNull();
    // Late payments come from the service's filtered listings meanwhile, and say so.
    const late = page.getByRole('region', { name: 'Late payments' });
    await expect(late.getByRole('link', { name: /payments? past due/ })).toBeVisible({ timeout: 30_000 });
    await expect(late).toContainText('From the service; the offline copy is still being made.');
    await expect(page.getByRole('region', { name: 'Offline copy' })).toContainText('Being read:');
    const status = page.getByRole('contentinfo', { name: 'Status' });
    await expect(status).toContainText(
      /The service asks PropDesk to slow down; copying at about [\d.]+ requests? a second/,
    );
    await app.screenshot('slow-service-today-while-copying');
    // The figure opens the same rows, from the service too.
    const shown = Number((await late.locator('.today-number').textContent())!.replace(/\D/g, ''));
    await late.getByRole('link', { name: /payments? past due/ }).click();
    await expect(page.getByText('From the service; the offline copy is still being made.')).toBeVisible();
    await expect(page.getByRole('table')).toBeVisible();
    const unpaid = await app.call('portfolio.view', { view: 'delinquency' });
    expect(unpaid.rows.reduce((sum, r) => sum + Number(r.cells.payments), 0)).toBe(shown);
    await app.screenshot('slow-service-late-payments-from-the-service');
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();

    // The copy completes, and every figure is there.
    letPaymentsEnd();
    await expect(page.getByRole('region', { name: 'Late payments' }).getByRole('link')).toBeVisible({
      timeout: 120_000,
    });
    // Payments are not always the last collection in: on a busy machine another may still be read.
    await expect
      .poll(async () => (await app.call('offlineCopy.status')).state, { timeout: 120_000, intervals: [500] })
      .toBe('done');
    await expect(page.getByRole('region', { name: 'Offline copy' })).toHaveCount(0);
    // The copy's figure has taken the service's place.
    await expect(page.getByRole('region', { name: 'Late payments' })).not.toContainText('From the service');
  } finally {
    letPaymentsEnd();
    await proxy?.close();
    await service.stop();
  }
});
