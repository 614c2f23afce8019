import { defineConfig } from 'vitest/config';

// Unit and API suites. The browser suite has its own config in e2e/ because it needs the built app.
// Two files at a time: every API file has its own database copy, DATA_DIR, ports and Redis prefix;
// only the seeded media folder is shared, and a file that counts what is stored there or may delete
// from it takes its own copy (`ownMedia` in build-app.ts). On the 2-core CI machine this cut the server project from 11.6
// to 7.2 min.
// Vitest wants one worker count for projects that run together, so every project states it.
const WORKERS = 2;

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', maxWorkers: WORKERS, include: ['packages/contract/src/**/*.test.ts'] } },
      { test: { name: 'web', maxWorkers: WORKERS, include: ['packages/web/src/**/*.test.ts'] } },
      { test: { name: 'admin', maxWorkers: WORKERS, include: ['packages/admin/src/**/*.test.ts'] } },
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
          maxWorkers: WORKERS,
        },
      },
    ],
  },
});
