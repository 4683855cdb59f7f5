import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{shared,engine,main,renderer}/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', 'dist/**', 'e2e/**'],
    environment: 'node',
    globalSetup: ['main/test-support/temp-root.ts'],
    testTimeout: 60_000,
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/unit-report.json' },
  },
});
