import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    exclude: ['e2e/**', 'node_modules/**', 'dist/**', 'dist-server/**'],
    environment: 'node',
    testTimeout: 20_000,
    pool: 'forks',
  },
});
