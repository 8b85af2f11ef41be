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
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default'],
  },
});
