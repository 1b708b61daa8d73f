import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{shared-protocol,client,sidecar,terminal-client,model-double,vscode-extension}/src/**/*.test.ts', 'vscode-extension/e2e/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
