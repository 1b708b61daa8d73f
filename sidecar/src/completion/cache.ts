/**
 * Completions for exactly this text, at this document version, in this scope. Every edit bumps the
 * version, so it never serves into a changed file; it serves the unchanged case: a dismissed
 * suggestion asked for again, or a second manual trigger at the same spot.
 */
import { LRUCache } from 'lru-cache';

export const CACHE_ENTRIES = 50;

export interface CacheKey {
  scope: string;
  version: number;
  /** Exact text, whitespace included: it matters in strings and in Python. */
  prefix: string;
  suffix: string;
}

export function cacheKey(key: CacheKey): string {
  return JSON.stringify([key.scope, key.version, key.prefix, key.suffix]);
}

export class CompletionCache {
  private readonly entries = new LRUCache<string, string>({ max: CACHE_ENTRIES });

  get(key: CacheKey): string | undefined {
    return this.entries.get(cacheKey(key));
  }

  set(key: CacheKey, completion: string): void {
    this.entries.set(cacheKey(key), completion);
  }

  /** Turned off: its memory is the reason it is off by default. */
  clear(): void {
    this.entries.clear();
  }
}
