// A start of PropDesk killed while it salvages its damaged database: opens the store the app's way
// and says "salvaging" once the salvage process runs, so the test can kill this process (and its
// salvage, in the same process group) at that point.
import { join, resolve } from 'node:path';
import { nodeProcessLauncher } from '../../src/main/connections/node-process-launcher';
import { openStoreRecovering } from '../../src/main/store/open-store';

const [file] = process.argv.slice(2);
const ROOT = resolve(import.meta.dirname, '../..');
const launcher = nodeProcessLauncher(process.execPath, [
  '--import',
  'tsx',
  join(ROOT, 'src/main/store/salvage/salvage-cli.ts'),
]);
await openStoreRecovering(file!, {
  salvage: {
    launch(options) {
      const launched = launcher.launch(options);
      process.stdout.write('salvaging\n');
      return launched;
    },
  },
});
process.stdout.write('finished\n');
