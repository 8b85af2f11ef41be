// Waits a service asks for, through the built app, against a service in front of a sandbox that
// answers the suggestions' poll "429, Retry-After: 59" every time and a submission with a crafted
// Retry-After (seconds past any date, then a date in the year 9999). The poll's limit holds the poll
// only: the Leases list loads while it lasts. The crafted waits never throw or storm: the draft says
// until when the submission waits (at most a day), "Try now" sends it once more, and the service counts
// exactly the sends made. Quitting while the poll is held ends while the hold is still in force, and
// the next start gets the single-instance lock and says the same about the draft.
import { startSandbox } from '../../src/sandbox';
import { startRewritingProxy } from '../support/rewriting-proxy';
import type { ProxyArrival } from '../support/rewriting-proxy';
import { test, expect } from './harness/app-fixture';

const KEY = `pdk_e2e_holds_${'h'.repeat(24)}`;
const POLL_WAIT_S = 59;
const DAY = 86_400_000;
/** What the service answers each submission with, in turn; the last one from then on. */
const CRAFTED = ['99999999999999', 'Fri, 31 Dec 9999 23:59:59 GMT'];

const isPoll = (a: ProxyArrival) => a.method === 'GET' && a.path.startsWith('/api/v1/proposals');
const isSubmission = (a: ProxyArrival) => a.method === 'POST' && a.path === '/api/v1/proposals';

test('a service’s waits hold only what they limit, never storm or throw, and never keep the quit waiting', async ({
  app,
}) => {
  test.setTimeout(90_000);
  const { page } = app;
  const sandbox = await startSandbox({ port: 0, fullKey: KEY });
  let submissions = 0;
  const service = await startRewritingProxy(
    sandbox.baseUrl,
    (_path, body) => body,
    (method, path) => {
      const tooMany = { error: { code: 'rate_limited', message: 'Too many requests.' } };
      if (method === 'GET' && path.startsWith('/api/v1/proposals'))
        return { status: 429, headers: { 'Retry-After': String(POLL_WAIT_S) }, body: tooMany };
      if (method === 'POST' && path === '/api/v1/proposals') {
        const header = CRAFTED[Math.min(submissions++, CRAFTED.length - 1)]!;
        return { status: 429, headers: { 'Retry-After': header }, body: tooMany };
      }
      return undefined;
    },
  );
  /** When the poll's last refusal holds it until, as the service asked. */
  const pollHeldUntil = () => service.arrivals.filter(isPoll).at(-1)!.at + POLL_WAIT_S * 1000;
  const sent = () => service.arrivals.filter(isSubmission).length;
  try {
    // No offline copy: every list is read from the service through the connection's scheduler.
    const connection = await app.call('connections.add', {
      name: 'Limited office',
      baseUrl: service.baseUrl,
      apiKey: KEY,
      keepCopy: false,
    });
    await app.call('connections.switch', { id: connection.id });
    await app.call('contract.get');

    // The poll is told to wait 59 s; the Leases list loads meanwhile.
    await expect.poll(() => service.arrivals.filter(isPoll).length, { timeout: 20_000 }).toBeGreaterThan(0);
    const heldUntil = pollHeldUntil();
    await app.open('#/c/leases');
    await expect(page.getByRole('grid', { name: 'Leases' }).getByRole('row').nth(1)).toBeVisible({
      timeout: 40_000,
    });
    expect(Date.now()).toBeLessThan(heldUntil);
    const status = page.getByRole('contentinfo', { name: 'Status' });
    await expect(status).toContainText(/checking suggestions again in \d+ seconds/);
    await app.screenshot('service-holds-leases-while-poll-held');

    // A submission answered with a wait past any date: recorded as a day's wait, said with its end.
    const lease = (await (
      await fetch(`${sandbox.baseUrl}/api/v1/leases?limit=1`, { headers: { Authorization: `Bearer ${KEY}` } })
    ).json()) as { data: Array<{ id: string; monthly_rent: number }> };
    const draft = await app.call('drafts.create', {
      label: 'Held rent change',
      changes: [
        {
          operation: 'update',
          resourceType: 'lease',
          resourceId: lease.data[0]!.id,
          fields: { monthly_rent: lease.data[0]!.monthly_rent + 15 },
        },
      ],
    });
    await app.call('drafts.submit', { id: draft.id, revision: draft.revision });
    const waitsUntil = async () => (await app.call('drafts.get', { id: draft.id })).submission?.nextAttemptAt;
    await expect.poll(waitsUntil, { timeout: 20_000 }).not.toBeNull();
    const until = Date.parse((await waitsUntil())!);
    expect(until).toBeGreaterThan(Date.now() + DAY - 60_000);
    expect(until).toBeLessThanOrEqual(Date.now() + DAY);
    await app.open(`#/drafts/${encodeURIComponent(draft.id)}`);
    const submission = page.getByRole('region', { name: 'Submission' });
    await expect(submission).toContainText(/Sending suggestions waits until .+, as the service asked\./);
    await expect(status).toContainText(/Sending suggestions waits until .+, as the service asked\./);
    await expect(status.getByRole('button', { name: 'Try now' })).toBeVisible();
    await app.screenshots('service-holds-draft-waits');
    expect(app.main.running).toBe(true);
    expect(sent()).toBe(1);

    // "Try now": sent once more, answered with a date in the year 9999, and held a day again.
    await submission.getByRole('button', { name: 'Try now' }).click();
    await expect.poll(sent).toBe(2);
    await expect.poll(async () => Date.parse((await waitsUntil())!)).toBeGreaterThan(until);
    expect(Date.parse((await waitsUntil())!)).toBeLessThanOrEqual(Date.now() + DAY);
    await expect(submission.getByRole('button', { name: 'Try now' })).toBeEnabled();

    // Quitting while the poll is held: the app has ended before the hold does.
    const quitHeldUntil = pollHeldUntil();
    await app.main.quit();
    expect(app.main.running).toBe(false);
    expect(Date.now()).toBeLessThan(quitHeldUntil);

    // The next start gets the lock and opens its window; the submission still waits, unsent.
    await app.restart(`#/drafts/${encodeURIComponent(draft.id)}`);
    expect(app.main.running).toBe(true);
    await expect(submission).toContainText(/Sending suggestions waits until .+, as the service asked\./);
    const after = Date.parse((await waitsUntil())!);
    expect(after).toBeLessThanOrEqual(Date.now() + DAY);
    await expect(status).toContainText('1 submission waiting');
    expect(sent()).toBe(2);
  } finally {
    await service.close();
    await sandbox.close();
  }
});
