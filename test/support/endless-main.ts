// A PropDesk main process for the endless-service test, run as its own Node process with a small heap:
// it opens the app's services on a data folder, adds a connection to the service at the address it
// is given, and reads from it what main reads without being asked (the suggestions poll) and what a
// person asks for (a record's page, a bulk rent review). It prints each outcome as one JSON line and
// exits 0; running out of memory would end it with V8's own exit code instead.
import { createAppServices } from '../../src/main/app/app-services';
import { testPorts } from './test-services';

const [dataDir = '', baseUrl = ''] = process.argv.slice(2);

async function outcome(what: string, work: () => Promise<unknown>): Promise<void> {
  try {
    await work();
    console.log(JSON.stringify({ what, ok: true }));
  } catch (error) {
    console.log(JSON.stringify({ what, ok: false, message: (error as Error).message }));
  }
}

async function main(): Promise<void> {
  const services = createAppServices(testPorts(dataDir));
  services.connections.ensureActive();
  services.store.offlineCopies.setKeepCopy('demo', false);
  const conn = await services.connections.add({
    name: 'Endless',
    baseUrl,
    apiKey: 'pdk_EndlessServiceKey0000000000000',
  });
  services.store.offlineCopies.setKeepCopy(conn.id, false);
  await services.connections.switchTo(conn.id);
  await outcome('suggestions poll', () => services.suggestions.pollOnce());
  await outcome('record page', () =>
    services.handlers['records.related']({ collection: 'properties', id: 'p1' }),
  );
  await outcome('rent review', () =>
    services.handlers['rentReview.preview']({
      leaseFilters: {},
      rentField: 'monthly_rent',
      rule: { kind: 'percent', percent: 3 },
      neverAboveMarket: false,
      rounding: { step: 1, mode: 'nearest' },
    }),
  );
  const used = process.memoryUsage();
  console.log(JSON.stringify({ what: 'memory', heapMB: Math.round(used.heapUsed / 2 ** 20) }));
  await services.stop();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
