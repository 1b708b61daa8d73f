/** What the packaged executable carries in its SEA blob, read from the file as Node's loader lays it out. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import wasmFiles from '../../sidecar/src/scope/wasmFiles.json';
import { PACKAGED_SIDECAR } from '../harness/packaged.js';
import { findSeaBlob } from '../platforms/executables.js';

const require = createRequire(import.meta.url);

describe('the packaged executable', () => {
  it('holds every .wasm gzipped, each inflating to its package file, and the runtime script plain', () => {
    const blob = findSeaBlob(readFileSync(PACKAGED_SIDECAR))!;
    expect(blob).not.toBeNull();
    for (const modulePath of new Set([wasmFiles.runtime, ...Object.values(wasmFiles.grammars)])) {
      const stored = blob.assets.get(basename(modulePath))!;
      const original = readFileSync(require.resolve(modulePath));
      expect(stored.length, modulePath).toBeLessThan(original.length / 2);
      expect(gunzipSync(stored).equals(original), modulePath).toBe(true);
    }
    const script = blob.assets.get(basename(wasmFiles.runtimeScript))!;
    expect(script.equals(readFileSync(require.resolve(wasmFiles.runtimeScript)))).toBe(true);
  });
});
