import { describe, expect, it } from 'vitest';
import { CompletionCache, type CacheKey } from './cache.js';

const key: CacheKey = { scope: 's', version: 3, prefix: 'def f():\n    ', suffix: '\n' };

describe('CompletionCache', () => {
  it('serves the completion for the same text, version and scope', () => {
    const cache = new CompletionCache();
    cache.set(key, 'return 1');
    expect(cache.get({ ...key })).toBe('return 1');
  });

  it.each<Partial<CacheKey>>([{ version: 4 }, { scope: 't' }, { prefix: 'def f():\n  ' }, { suffix: '\n\n' }])('misses when %j differs', (patch) => {
    const cache = new CompletionCache();
    cache.set(key, 'return 1');
    expect(cache.get({ ...key, ...patch })).toBeUndefined();
  });

  it('does not confuse text moved between prefix and suffix', () => {
    const cache = new CompletionCache();
    cache.set({ ...key, prefix: 'ab', suffix: 'c' }, 'x');
    expect(cache.get({ ...key, prefix: 'a', suffix: 'bc' })).toBeUndefined();
  });

  it('keeps the 50 most recently used entries', () => {
    const cache = new CompletionCache();
    for (let v = 0; v < 50; v++) cache.set({ ...key, version: v }, `c${v}`);
    // Reading entry 0 makes entry 1 the least recently used: the 51st entry evicts it.
    expect(cache.get({ ...key, version: 0 })).toBe('c0');
    cache.set({ ...key, version: 50 }, 'c50');
    expect(cache.get({ ...key, version: 1 })).toBeUndefined();
    for (const v of [0, ...Array.from({ length: 49 }, (_, i) => i + 2)]) expect(cache.get({ ...key, version: v })).toBe(`c${v}`);
  });

  it('forgets everything when cleared', () => {
    const cache = new CompletionCache();
    cache.set(key, 'x');
    cache.clear();
    expect(cache.get(key)).toBeUndefined();
  });
});
