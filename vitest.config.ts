import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        // The contract from its TypeScript source, so server tests never run against a stale build.
        resolve: {
          alias: { '@ws/contract': fileURLToPath(new URL('packages/contract/src/index.ts', import.meta.url)) },
        },
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'packages/contract/src/**/*.test.ts'],
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          env: { NODE_ENV: 'test' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: {
          alias: { '@ws/contract': fileURLToPath(new URL('packages/contract/src/index.ts', import.meta.url)) },
        },
        test: {
          name: 'console',
          include: ['apps/console/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          restoreMocks: true,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
