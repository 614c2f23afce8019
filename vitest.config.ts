import { defineConfig } from 'vitest/config';

// Unit and API suites. The browser suite has its own config in e2e/ because it needs the built app.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'] } },
      { test: { name: 'web', include: ['packages/web/src/**/*.test.ts'] } },
      { test: { name: 'admin', include: ['packages/admin/src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          // `*.postgres.test.ts` asks what only a PostgreSQL server does: run with TEST_DATABASE_URL.
          include: [
            'packages/server/src/**/*.test.ts',
            ...(process.env.TEST_DATABASE_URL ? [] : ['!packages/server/src/**/*.postgres.test.ts']),
          ],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // The media fixture is generated once and shared by every API test file.
          globalSetup: ['packages/server/src/test/global-setup.ts'],
          fileParallelism: false,
        },
      },
    ],
  },
});
