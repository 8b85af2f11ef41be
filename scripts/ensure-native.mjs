// Makes sure better-sqlite3 is built for the runtime about to load it. Plain Node (tests, benchmarks)
// and Electron use different ABIs; rebuilding only when the current build does not load keeps
// `npm install` offline-safe and the test scripts fast.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const target = process.argv[2];
const require = createRequire(import.meta.url);

function run(command, args) {
  const result = spawnSync(command, args, { stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (target === 'node') {
  try {
    const Database = require('better-sqlite3');
    new Database(':memory:').close();
  } catch (error) {
    console.log(
      `better-sqlite3 does not load under Node (${error.code ?? error.message}); rebuilding it for Node…`,
    );
    run('npm', ['rebuild', 'better-sqlite3']);
  }
} else if (target === 'electron') {
  // Downloads Electron's headers once; needs the internet on first run, like Electron itself.
  run('npx', ['electron-builder', 'install-app-deps']);
} else {
  console.error('usage: ensure-native.mjs node|electron');
  process.exit(2);
}
