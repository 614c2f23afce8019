import { defineConfig } from 'vitest/config';

// Browser tests: the real server on a free port with a fresh DATA_DIR, driven by Debian's Chromium.
export default defineConfig({
  test: {
    include: ['e2e/**/*.spec.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
