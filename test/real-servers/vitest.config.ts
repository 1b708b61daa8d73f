/** The real-server suite runs on its own, one file at a time: the servers take both cores. */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    include: ['test/real-servers/**/*.test.ts'],
    testTimeout: 180_000,
    hookTimeout: 600_000,
    fileParallelism: false,
    pool: 'forks',
  },
});
