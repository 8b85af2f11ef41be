// The offline copy reads every collection at once, Today's first, and each collection is in use as
// soon as it is complete: Today shows a figure while a larger collection is still being read. Held
// by order and counts: the service's answers of one collection are held back by the test, never
// timed.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { copyOrder } from '../../../../src/main/offline-copy/offline-copy-service';
import { TODAY_NEEDS } from '../../../../src/main/portfolio/today-figures';
import type { OfflineCopyStatus } from '../../../../src/shared/portfolio';
import type { Collection } from '../../../../src/shared/service';
import { offlineCopyFixture } from '../../../support/offline-copy-fixture';
import type { OfflineCopyFixture } from '../../../support/offline-copy-fixture';
import { patiently } from '../../../support/patience';

/** The order the builder gives the copy: Today's collections first. */
const COPY_ORDER = copyOrder(TODAY_NEEDS);

let fx: OfflineCopyFixture | undefined;
afterEach(async () => {
  await fx?.close();
  fx = undefined;
});

/** A fetch that records every listing's first page as it is sent, and holds one collection's pages until released. */
function holdingFetch(held: Collection) {
  const firstPages: string[] = [];
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const fetchHeld: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    const collection = url.pathname.split('/').at(-1)!;
    // Only the copy's listings: the suggestions' own poll lists proposals whenever its turn comes.
    const copied = (COPY_ORDER as readonly string[]).includes(collection);
    if (copied && !url.searchParams.has('cursor') && url.searchParams.get('limit') === '100')
      firstPages.push(collection);
    if (collection === held) await gate;
    return fetch(input, init);
  };
  return { fetchHeld, firstPages, release: () => release() };
}

const runOf = (status: OfflineCopyStatus, collection: Collection) =>
  status.collections.find((c) => c.collection === collection)!.run?.state;

describe('the offline copy in parallel', () => {
  it('asks for every collection at once, Today’s first, and Today counts each as it lands', async () => {
    const held = holdingFetch('payments');
    fx = await offlineCopyFixture({}, { fetch: held.fetchHeld });
    const { services } = fx;
    services.offlineCopy.start();

    // Every collection but the held one is read to its end and in use while payments wait.
    const others = COPY_ORDER.filter((c) => c !== 'payments');
    await vi.waitFor(() => {
      const status = services.offlineCopy.status();
      for (const c of others) expect(runOf(status, c)).toBe('done');
    }, patiently);
    // Each listing's first page was asked for before any had ended: Today's collections first.
    expect(held.firstPages.slice(0, COPY_ORDER.length)).toEqual([...COPY_ORDER]);

    const status = services.offlineCopy.status();
    expect(status.state).toBe('running');
    expect(runOf(status, 'payments')).toBe('reading');
    expect(status.current).toBe('payments');
    const during = await services.handlers['portfolio.today']({});
    expect(during.missing).toEqual(['payments']);
    expect(during.endingLeases).not.toBeNull();
    expect(during.urgentMaintenance).not.toBeNull();
    expect(during.unverifiedDocuments).not.toBeNull();
    expect(during.latePayments).toBeNull();
    // A portfolio view that needs no payments is whole already; one that does says what it waits for.
    expect((await services.handlers['portfolio.view']({ view: 'rent-roll' })).missing).toEqual([]);
    expect((await services.handlers['portfolio.view']({ view: 'delinquency' })).missing).toEqual([
      'payments',
    ]);

    held.release();
    const done = await services.offlineCopy.whenIdle();
    expect(done.state).toBe('done');
    expect(done.collections.every((c) => c.run?.state === 'done' && c.asOf !== null)).toBe(true);
    const after = await services.handlers['portfolio.today']({});
    expect(after.missing).toEqual([]);
    expect(after.latePayments).not.toBeNull();
  });

  it('one collection failing leaves the others in use, names it, and the next update resumes it', async () => {
    let refuse = true;
    const documentStarts: number[] = [];
    const fetchRefusing: typeof fetch = async (input, init) => {
      const url = new URL(String(input));
      if (url.pathname.endsWith('/documents') && !url.searchParams.has('cursor')) documentStarts.push(1);
      if (refuse && url.pathname.endsWith('/documents') && url.searchParams.has('cursor'))
        return new Response(JSON.stringify({ error: { code: 'forbidden', message: 'No.' } }), {
          status: 403,
          headers: { 'Content-Type': 'application/json' },
        });
      return fetch(input, init);
    };
    fx = await offlineCopyFixture({}, { fetch: fetchRefusing });
    const { services } = fx;
    services.offlineCopy.start();
    const failed = await services.offlineCopy.whenIdle();
    expect(failed.state).toBe('failed');
    expect(failed.message).toMatch(/^The offline copy could not be finished while reading documents: /);
    expect(failed.message).not.toMatch(/online/);
    for (const c of failed.collections)
      if (c.collection !== 'documents')
        expect([c.collection, c.run?.state, !!c.asOf]).toEqual([c.collection, 'done', true]);
    const documents = failed.collections.find((c) => c.collection === 'documents')!;
    expect(documents.run?.state).toBe('failed');
    expect(documents.asOf).toBeNull();
    expect(documents.pending?.resumable).toBe(true);

    refuse = false;
    services.offlineCopy.start();
    const done = await services.offlineCopy.whenIdle();
    expect(done.state).toBe('done');
    expect(done.collections.every((c) => c.asOf !== null)).toBe(true);
    // The documents went on from their stored position: their first page was asked for once only.
    expect(documentStarts).toHaveLength(1);
  });
});
