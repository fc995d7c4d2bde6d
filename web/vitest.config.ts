import { defineConfig } from 'vitest/config';

// Unit tests of the SPA's logic. They also run from the repo root (`npx vitest run web`),
// where this file is not read, so no test may depend on anything configured here.
export default defineConfig({
  test: {
    name: 'web',
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
