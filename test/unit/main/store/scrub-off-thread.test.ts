// The scrub of deleted data never holds main's event loop: over a real database file of about 70 MB
// whose offline copy was just forgotten, the rebuild runs in a process of its own (the one the
// launcher started, with the database and its side file), main's loop keeps turning and answers while
// it runs, and the rebuilt file is swapped in when the store closes: the forgotten tenant's email is in
// no file, and the mark is gone. A rebuild stopped half way (a quit, a crash) leaves the database as
// it was, still marked, and its side file is never used.
import { existsSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ProcessLauncher } from '../../../../src/main/connections/process-launcher';
import { openStore } from '../../../../src/main/store/open-store';
import type { Store } from '../../../../src/main/store/open-store';
import { scrubSide } from '../../../../src/main/store/scrub';
import { filesHolding } from '../../../support/files-holding';
import { storeListing, tempStore } from '../../../support/temp-store';
import { scrubLauncher } from '../../../support/test-services';

const EMAIL = 'marta.quell@example.com';
const RECORDS = 40_000;

let dir: string;
let file: string;
let store: Store;
let launched: string[][];

/** The launcher of the app's tests, noting what it was asked to start. */
function noting(real: ProcessLauncher): ProcessLauncher {
  return {
    launch(options) {
      launched.push(options.args);
      return real.launch(options);
    },
  };
}

const holding = (text: string) => filesHolding(dir, text);

beforeEach(() => {
  store = tempStore('scrub').store;
  file = store.file;
  dir = dirname(file);
  launched = [];
  // About 70 MB of tenants, one of them with the email the test looks for.
  const notes = 'n'.repeat(1_500);
  storeListing(
    store,
    'c1',
    'tenants',
    Array.from({ length: RECORDS }, (_, i) => ({
      id: `t${i}`,
      name: `Tenant ${i}`,
      email: i === 4_321 ? EMAIL : `tenant${i}@example.com`,
      notes,
    })),
  );
  store.offlineCopies.forget('c1');
  expect(holding(EMAIL).length).toBeGreaterThan(0);
});

afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true, maxRetries: 10 });
});

describe('the scrub of deleted data', () => {
  it('rebuilds in a process of its own while main keeps answering, and the quit swaps it in', async () => {
    let turns = 0;
    let scrubbing = true;
    const turn = () => {
      turns += 1;
      if (scrubbing) setImmediate(turn);
    };
    store.scrub(noting(scrubLauncher()));
    // Back at once: the rebuild runs beside main, which answers meanwhile.
    setImmediate(turn);
    const answered = await new Promise<string>((resolve) =>
      setImmediate(() => resolve(store.settings.get('scrubPending') === true ? 'pending' : 'done')),
    );
    await store.scrubbed();
    scrubbing = false;

    expect(launched).toEqual([[file, scrubSide(file)]]);
    expect(answered).toBe('pending');
    // Main's loop went round many times while the rebuild ran: it was never held for it.
    expect(turns).toBeGreaterThan(100);

    await store.closeScrubbed(60_000);
    expect(holding(EMAIL)).toEqual([]);
    expect(existsSync(scrubSide(file))).toBe(false);
    store = openStore(file);
    expect(store.scrubDeferred()).toBe(false);
    expect(store.settings.get('scrubPending')).toBeUndefined();
    expect(store.connections.get('c1')?.name).toBe('Test');
  });

  it('stopped half way, leaves the database as it was, still marked, and never uses the half-made file', async () => {
    store.scrub(noting(scrubLauncher()));
    // A quit that cannot wait: the rebuild is stopped.
    await store.closeScrubbed(0);
    expect(existsSync(scrubSide(file))).toBe(false);
    store = openStore(file);
    expect(store.settings.get('scrubPending')).toBe(true);
    expect(store.connections.get('c1')?.name).toBe('Test');
  });

  it('is done again when main wrote after its snapshot, and swaps in only a rebuild with every write', async () => {
    store.scrub(noting(scrubLauncher()));
    // A write while the rebuild runs: a rebuild from before it would lose it.
    store.connections.insert({
      id: 'c2',
      name: 'Later',
      baseUrl: 'http://y.test',
      webOrigin: null,
      kind: 'remote',
    });
    await store.scrubbed();
    await store.closeScrubbed(60_000);
    expect(launched.length).toBe(2);
    expect(holding(EMAIL)).toEqual([]);
    store = openStore(file);
    expect(store.connections.get('c2')?.name).toBe('Later');
  });

  it('finished before a later write, is done in place by the quit, so nothing deleted stays in the file', async () => {
    store.scrub(noting(scrubLauncher()));
    await store.scrubbed();
    // The app goes on writing after the rebuild ended (the copy's refresh, the poll): the rebuilt
    // file lacks that write and cannot be swapped in.
    store.connections.insert({
      id: 'c3',
      name: 'After the rebuild',
      baseUrl: 'http://z.test',
      webOrigin: null,
      kind: 'remote',
    });
    await store.closeScrubbed(60_000);
    expect(launched.length).toBe(1);
    expect(holding(EMAIL)).toEqual([]);
    expect(existsSync(scrubSide(file))).toBe(false);
    store = openStore(file);
    expect(store.settings.get('scrubPending')).toBeUndefined();
    expect(store.connections.get('c3')?.name).toBe('After the rebuild');
  });
});
