import { defineConfig } from 'vitest/config';

/* Node 25 and later carry a localStorage of their own, undefined unless --localstorage-file names a file; it
   would stand in for jsdom's in the tests that run in jsdom (vitest-dev/vitest#8757). The flag that turns it off
   does not exist before Node 25. */
const nodeMajor = Number(process.versions.node.split('.')[0]);

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    exclude: ['e2e/**', 'node_modules/**', 'dist/**', 'dist-server/**'],
    environment: 'node',
    setupFiles: ['vitest.setup.ts'],
    /* Budgets that stop a hung test, not speeds. The tests that start processes (the service, the import, the
       admin command line, each through tsx) or run ESLint took 20-60 s each when two cores were shared with other
       work at a load of 18-22, ten to twenty times as long as on a quiet machine, and failed the 20 s budget. */
    testTimeout: 90_000,
    hookTimeout: 90_000,
    /* In CI a test that fails runs once more, as the browser tests do (playwright.config.ts): CI tests three Node
       lines side by side on two cores (.ci/node-lines), and one failure there, whose log CI did not keep, kept a
       whole stop from landing. A test that fails twice still fails the run. */
    retry: process.env.CI ? 1 : 0,
    pool: 'forks',
    // PostgreSQL for the suites that need it: given, started once for the run, or skipped with a line saying why.
    globalSetup: ['scripts/pg-test-setup.ts'],
    execArgv: nodeMajor >= 25 ? ['--no-webstorage'] : [],
  },
});
