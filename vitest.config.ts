import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The browser test needs Chromium; it has its own command (`npm run test:browser`).
    exclude: ['test/browser/**'],
    testTimeout: 30_000,
    // Records every answer of the adapter's tests and checks it against the OpenAPI document.
    setupFiles: ['test/helpers/openapi-response-hook.ts'],
    benchmark: {
      include: ['bench/**/*.bench.ts'],
    },
  },
});
