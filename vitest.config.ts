// Unit and integration tests run under plain Node against real parts (sandbox over HTTP, SQLite files,
// the OS keychain); renderer component tests opt into happy-dom with a file comment.
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    include: ['test/unit/**/*.test.{ts,tsx}'],
    environment: 'node',
    pool: 'forks',
    // Sized for a busy 2-core machine running two suites at once, where a test against the sandbox
    // takes many times as long as on a quiet one; only a failing test ever waits this out.
    testTimeout: 120_000,
    hookTimeout: 240_000,
    // Waits for state (expect.poll here, Testing Library's findBy… and waitFor in dom-waits.ts) are as
    // patient as a busy machine needs (PATIENCE_MS, test/support/patience.ts); vi.waitFor takes
    // `patiently` where it is called.
    expect: { poll: { timeout: 60_000, interval: 20 } },
    setupFiles: ['test/support/dom-waits.ts'],
    reporters: ['default'],
  },
});
