import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{shared-protocol,client,sidecar,terminal-client,model-double}/src/**/*.test.ts', 'test/**/*.test.ts'],
    // The cross-built executables have their own, slow suite: `npm run test:platforms`.
    exclude: [...configDefaults.exclude, 'test/platforms/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
