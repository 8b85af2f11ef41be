// Build of the three Electron targets. The preload is sandboxed, so it must be one self-contained
// CommonJS file; the sandbox and salvage entries are built beside main so the packaged app can start each
// as a process of its own.
import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  main: {
    build: {
      // Source maps let the end-to-end run report coverage of src/main; packaging leaves them out.
      sourcemap: true,
      // Pure-JavaScript dependencies are bundled: resolving and loading zod's many module files at
      // every start costs more than the few kilobytes of it the app uses. Native modules stay outside.
      externalizeDeps: { exclude: ['zod', 'papaparse', 're2js', 'p-queue'] },
      rolldownOptions: {
        input: {
          index: resolve('src/main/index.ts'),
          sandbox: resolve('src/sandbox/cli.ts'),
          salvage: resolve('src/main/store/salvage/salvage-cli.ts'),
          scrub: resolve('src/main/store/scrub-cli.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: resolve('src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve('src/renderer'),
    plugins: [react()],
    build: {
      outDir: resolve('out/renderer'),
      sourcemap: false,
      minify: true,
      rolldownOptions: { input: resolve('src/renderer/index.html') },
    },
  },
});
