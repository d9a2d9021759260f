import { defineConfig } from 'vitest/config';

/**
 * Browser tests: the global setup builds the client and the Go server, starts
 * the server on free loopback ports, and the tests drive Debian's Chromium.
 * Run with `npm run e2e -w client`.
 */
export default defineConfig({
  test: {
    include: ['e2e/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['./e2e/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
  },
});
