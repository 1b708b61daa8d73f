import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{shared-protocol,client,sidecar,terminal-client,model-double,vscode-extension}/src/**/*.test.ts', 'vscode-extension/e2e/**/*.test.ts', 'test/**/*.test.ts'],
    // Real model servers take both cores: scripts/test.mjs runs that suite on its own, after this one.
    // The cross-built executables have their own, slow suite: `npm run test:platforms`.
    exclude: [...configDefaults.exclude, 'test/real-servers/**', 'test/platforms/**'],
    // A net for a wedged test, never a speed check: on a busy machine the end-to-end tests take twice
    // as long or more, and their own waits fail first, with a message that says what was missing.
    testTimeout: 90_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Sidecars started by tests keep their workspace index here, not in the user's cache directory.
    env: { XDG_CACHE_HOME: join(tmpdir(), 'redline-test-cache') },
  },
});
