import { describe, expect, it, vi } from 'vitest';
import { MAX_CACHED_TREES, SyntaxCache, parseText } from './parse.js';

describe('parseText', () => {
  it('parses supported languages and returns null for others', async () => {
    const tree = await parseText('python', 'def f():\n    pass\n');
    expect(tree?.rootNode.firstChild?.type).toBe('function_definition');
    tree?.delete();
    expect(await parseText('plaintext', 'x')).toBeNull();
  });
});

describe('SyntaxCache', () => {
  it('reuses the tree for the same version and reparses, deleting the old tree, on a new one', async () => {
    const cache = new SyntaxCache();
    const first = await cache.tree('file:///a.ts', 'typescript', 1, 'let a = 1;');
    expect(await cache.tree('file:///a.ts', 'typescript', 1, 'ignored: same version')).toBe(first);

    const deleted = vi.spyOn(first!, 'delete');
    const second = await cache.tree('file:///a.ts', 'typescript', 2, 'function f() {}');
    expect(deleted).toHaveBeenCalledOnce();
    expect(second).not.toBe(first);
    expect(second?.rootNode.firstChild?.type).toBe('function_declaration');
    cache.forget('file:///a.ts');
  });

  it('keeps documents apart and deletes the tree on forget', async () => {
    const cache = new SyntaxCache();
    const a = await cache.tree('file:///a.go', 'go', 1, 'package a');
    const b = await cache.tree('file:///b.rs', 'rust', 1, 'fn b() {}');
    const deleted = vi.spyOn(a!, 'delete');
    cache.forget('file:///a.go');
    expect(deleted).toHaveBeenCalledOnce();
    expect(await cache.tree('file:///b.rs', 'rust', 1, '')).toBe(b);
    expect(await cache.tree('file:///a.go', 'go', 1, 'package a')).not.toBe(a);
    cache.forget('file:///a.go');
    cache.forget('file:///b.rs');
  });

  it('reparses when the language changes and caches nothing for unsupported ones', async () => {
    const cache = new SyntaxCache();
    const js = await cache.tree('file:///x', 'javascript', 1, 'x');
    const ts = await cache.tree('file:///x', 'typescript', 1, 'x');
    expect(ts).not.toBe(js);
    expect(await cache.tree('file:///x', 'plaintext', 2, 'x')).toBeNull();
    cache.forget('file:///x');
  });

  it(`keeps trees for the ${MAX_CACHED_TREES} documents used last and deletes the rest`, async () => {
    const cache = new SyntaxCache();
    const uris = Array.from({ length: MAX_CACHED_TREES + 1 }, (_, i) => `file:///f${i}.py`);
    const trees = [];
    for (const uri of uris) trees.push(await cache.tree(uri, 'python', 1, 'x = 1'));
    // f0, the least recently used, went when the last one came in. Touching f1 makes f2 the next to go.
    expect(await cache.tree(uris[1], 'python', 1, 'x = 1')).toBe(trees[1]);
    const victim = vi.spyOn(trees[2]!, 'delete');
    expect(await cache.tree(uris[0], 'python', 1, 'x = 1')).not.toBe(trees[0]);
    expect(victim).toHaveBeenCalledOnce();
    expect(await cache.tree(uris[1], 'python', 1, 'x = 1')).toBe(trees[1]);
    for (const uri of uris) cache.forget(uri);
  });
});
