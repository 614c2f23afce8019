import { defineConfig } from 'vitest/config';

// Browser tests: the real server on a free port with a fresh DATA_DIR, driven by Debian's Chromium.
export default defineConfig({
  test: {
    include: ['e2e/**/*.spec.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    // A phone-sized Chromium on a 2-core machine shared with the server: generous limits, so a busy
    // moment does not fail a test whose behaviour is right (timing targets live in bench/).
    testTimeout: 120_000,
    hookTimeout: 180_000,
    expect: { poll: { timeout: 10_000 } },
    fileParallelism: false,
  },
});
