import { defineConfig } from 'vitest/config';

// Real-browser tests: headless Chromium (/usr/bin/chromium) driven by playwright-core.
// Run with `npm run test:browser`; the main config excludes test/browser.
export default defineConfig({
  test: {
    include: ['test/browser/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
