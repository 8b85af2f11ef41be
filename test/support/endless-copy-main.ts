// A PropDesk main process for the endless-copy test, run as its own Node process with a small heap:
// it opens the app's services on a data folder with the offline copy's budget it is given, connects to
// the service at the address it is given, makes its first offline copy, and prints how it ended
// (state, message, each collection's count, date and records waiting to continue) as one JSON line,
// with the largest heap it saw, and exits 0. Running out of memory would end it with V8's own exit code instead.
import { createAppServices } from '../../src/main/app/app-services';
import type { CopyBudget } from '../../src/main/offline-copy/copy-budget';
import { testPorts } from './test-services';

const [dataDir = '', baseUrl = '', budget = '{}'] = process.argv.slice(2);

async function main(): Promise<void> {
  let heapMB = 0;
  const sample = setInterval(
    () => (heapMB = Math.max(heapMB, Math.round(process.memoryUsage().heapUsed / 2 ** 20))),
    50,
  );
  const services = createAppServices({ ...testPorts(dataDir), copyBudget: JSON.parse(budget) as CopyBudget });
  services.connections.ensureActive();
  services.store.offlineCopies.setKeepCopy('demo', false);
  services.start();
  const conn = await services.connections.add({
    name: 'Endless',
    baseUrl,
    apiKey: 'pdk_EndlessServiceKey0000000000000',
  });
  services.store.offlineCopies.setKeepCopy(conn.id, false);
  await services.connections.switchTo(conn.id);
  services.store.offlineCopies.setKeepCopy(conn.id, true);
  services.offlineCopy.start();
  const status = await services.offlineCopy.whenIdle();
  const collections = status.collections.map((c) => ({
    collection: c.collection,
    count: c.count,
    asOf: c.asOf,
    pending: c.pending?.fetched ?? 0,
  }));
  console.log(JSON.stringify({ what: 'copy', state: status.state, message: status.message, collections }));
  clearInterval(sample);
  console.log(JSON.stringify({ what: 'memory', heapMB }));
  await services.stop();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
