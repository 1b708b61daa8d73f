import { defineConfig } from 'vitest/config';

// `npm run test:platforms`: the cross-built executables (slow: qemu, Wine, 100 MB files), kept out of `npm test`.
export default defineConfig({
  test: {
    include: ['test/platforms/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
