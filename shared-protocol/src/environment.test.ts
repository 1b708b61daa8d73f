import { describe, expect, it } from 'vitest';
import protocol from '../protocol.json' with { type: 'json' };
import { SIDECAR_GLIBC_TUNABLES, sidecarEnvironment } from './environment.js';

describe("the sidecar's environment", () => {
  it('is what protocol.json publishes for the Kotlin client', () => {
    expect(protocol.sidecarEnvironment.glibcTunables).toEqual(SIDECAR_GLIBC_TUNABLES);
  });

  it("keeps the client's variables and adds the malloc threshold to GLIBC_TUNABLES", () => {
    const env = sidecarEnvironment({ PATH: '/usr/bin', HOME: '/home/u', UNSET: undefined });
    expect(env).toEqual({ PATH: '/usr/bin', HOME: '/home/u', GLIBC_TUNABLES: 'glibc.malloc.mmap_threshold=16384' });
  });

  it("appends to the user's own tunables", () => {
    expect(sidecarEnvironment({ GLIBC_TUNABLES: 'glibc.malloc.arena_max=2' }).GLIBC_TUNABLES).toBe('glibc.malloc.arena_max=2:glibc.malloc.mmap_threshold=16384');
  });

  it('leaves a threshold the user set, in GLIBC_TUNABLES or through MALLOC_MMAP_THRESHOLD_, as it is', () => {
    expect(sidecarEnvironment({ GLIBC_TUNABLES: 'glibc.malloc.mmap_threshold=65536:glibc.malloc.arena_max=1' }).GLIBC_TUNABLES).toBe('glibc.malloc.mmap_threshold=65536:glibc.malloc.arena_max=1');
    const legacy = sidecarEnvironment({ MALLOC_MMAP_THRESHOLD_: '65536' });
    expect(legacy).toEqual({ MALLOC_MMAP_THRESHOLD_: '65536' });
  });

  it("does not change the client's own environment object", () => {
    const parent = { GLIBC_TUNABLES: 'glibc.malloc.arena_max=2' };
    sidecarEnvironment(parent);
    expect(parent).toEqual({ GLIBC_TUNABLES: 'glibc.malloc.arena_max=2' });
  });
});
