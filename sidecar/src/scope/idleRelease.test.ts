import { describe, expect, it } from 'vitest';
import { getParser, releaseTreeSitter, treeSitterIdleMs } from './grammars.js';
import { IDLE_RELEASE_MS, shouldRelease } from './idleRelease.js';
import { SyntaxCache } from './parse.js';

describe('shouldRelease', () => {
  it('releases a loaded instance idle for the whole period, never a missing one', () => {
    expect(shouldRelease(null)).toBe(false);
    expect(shouldRelease(IDLE_RELEASE_MS - 1)).toBe(false);
    expect(shouldRelease(IDLE_RELEASE_MS)).toBe(true);
    expect(shouldRelease(10, 5)).toBe(true);
  });
});

describe('releaseTreeSitter', () => {
  it('drops the instance; the next use builds a fresh one that parses, and older trees stay readable', async () => {
    const before = await getParser('python');
    const old = before!.parse('def f():\n    return 1\n')!;
    expect(treeSitterIdleMs()).not.toBeNull();
    releaseTreeSitter();
    expect(treeSitterIdleMs()).toBeNull();
    const after = await getParser('python');
    expect(after).not.toBe(before);
    // The fresh instance has its own Language: a parser from it parses on its own.
    const fresh = after!.parse('x = [1, 2]\n')!;
    expect(fresh.rootNode.child(0)?.type).toBe('expression_statement');
    expect(old.rootNode.child(0)?.type).toBe('function_definition');
    fresh.delete();
    old.delete();
  });

  it('a cleared syntax cache parses again instead of returning a tree of the released instance', async () => {
    const cache = new SyntaxCache();
    const text = 'fun main() {}\n';
    const first = await cache.tree('file:///a.kt', 'kotlin', 1, text);
    expect(await cache.tree('file:///a.kt', 'kotlin', 1, text)).toBe(first);
    cache.clear();
    releaseTreeSitter();
    const second = await cache.tree('file:///a.kt', 'kotlin', 1, text);
    expect(second).not.toBe(first);
    expect(second?.rootNode.toString()).toContain('function_declaration');
    cache.clear();
  });
});
