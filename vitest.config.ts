import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const sourceOf = (file: string) => fileURLToPath(new URL(file, import.meta.url));
// The contract and the web kit from their TypeScript sources, so no test runs against a stale build;
// `@ws/web-kit/<entry>` is the entry's folder, as the kit's package.json exports it.
const contract = { find: '@ws/contract', replacement: sourceOf('packages/contract/src/index.ts') };
const webKit = { find: /^@ws\/web-kit\/([a-z0-9-]+)$/, replacement: sourceOf('packages/web-kit/src/$1/index.ts') };

export default defineConfig({
  test: {
    // Two files at a time even on two cores (Vitest's default there is one): they spend much of
    // their time waiting on PostgreSQL or the browser. `npm test` runs the end-to-end project (one
    // file at a time) as a second Vitest process beside this one (scripts/test.mjs).
    maxWorkers: 2,
    projects: [
      {
        resolve: { alias: [contract] },
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'packages/contract/src/**/*.test.ts'],
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          env: { NODE_ENV: 'test' },
          // Each file builds its own app on a fresh database, so the modules need no fresh copy per
          // file: importing the server once per worker instead of once per file saves about 40 %.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias: [contract, webKit] },
        test: {
          name: 'web-kit',
          include: ['packages/web-kit/src/**/*.test.{ts,tsx}'],
          setupFiles: ['packages/web-kit/src/test/set-up-i18n.ts'],
          environment: 'happy-dom',
          restoreMocks: true,
          // A first render imports much of antd: seconds on a busy machine.
          testTimeout: 20_000,
        },
      },
      {
        resolve: { alias: [contract, webKit] },
        test: {
          name: 'console',
          include: ['apps/console/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          restoreMocks: true,
          // A first render imports much of antd: seconds on a busy machine.
          testTimeout: 20_000,
        },
      },
      {
        resolve: { alias: [contract, webKit] },
        test: {
          name: 'agent',
          include: ['apps/agent/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          restoreMocks: true,
          // A first render imports much of antd: seconds on a busy machine.
          testTimeout: 20_000,
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
