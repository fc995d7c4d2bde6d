import { defineConfig } from 'vitest/config';
import { existsSync } from 'node:fs';
import ScansFirst from './test/support/sequencer.ts';

/**
 * Every test of the repo, by tier: unit tests beside their code, the local stand-ins, CDK
 * assertions, the web app, and the system tier (integration, harnesses, browser end-to-end)
 * which runs against one local stack started by its global setup.
 */
export default defineConfig({
  test: {
    sequence: { sequencer: ScansFirst },
    projects: [
      { test: { name: 'unit', include: ['shared/src/**/*.test.ts', 'functions/src/**/*.test.ts', 'session-host/src/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'local', include: ['infra/local/**/*.test.ts'], environment: 'node', testTimeout: 60_000, hookTimeout: 60_000 } },
      { test: { name: 'cdk', include: ['infra/test/**/*.test.ts'], environment: 'node', testTimeout: 180_000 } },
      ...(existsSync('web/vitest.config.ts') ? ['web/vitest.config.ts'] : []),
      {
        test: {
          name: 'system',
          include: ['test/integration/**/*.test.ts', 'test/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/support/global-setup.ts'],
          setupFiles: ['test/support/worker-env.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
