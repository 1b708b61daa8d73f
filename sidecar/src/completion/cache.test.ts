import { describe, expect, it } from 'vitest';
import { CACHE_ENTRIES, CompletionCache, type CacheKey } from './cache.js';

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
    for (let v = 0; v <= CACHE_ENTRIES; v++) cache.set({ ...key, version: v }, `c${v}`);
    expect(CACHE_ENTRIES).toBe(50);
    expect(cache.get({ ...key, version: 0 })).toBeUndefined();
    expect(cache.get({ ...key, version: 1 })).toBe('c1');
    expect(cache.get({ ...key, version: CACHE_ENTRIES })).toBe(`c${CACHE_ENTRIES}`);
  });

  it('forgets everything when cleared', () => {
    const cache = new CompletionCache();
    cache.set(key, 'x');
    cache.clear();
    expect(cache.get(key)).toBeUndefined();
  });
});
