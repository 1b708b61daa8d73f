import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import type { Range } from '@redline/shared-protocol';
import type { Node, Tree } from 'web-tree-sitter';
import { DocumentStore } from '../server/documents.js';
import { ownParsers } from './grammars.js';
import { MAX_CACHED_TREES, MAX_PARSE_CHARS, SyntaxCache, parseInSlices, parseText } from './parse.js';

describe('parseText', () => {
  it('parses supported languages and returns null for others', async () => {
    const tree = await parseText('python', 'def f():\n    pass\n');
    expect(tree?.rootNode.firstChild?.type).toBe('function_definition');
    tree?.delete();
    expect(await parseText('plaintext', 'x')).toBeNull();
  });

  it('does not parse a text over the limit', async () => {
    const line = 'x = 1\n';
    expect(await parseText('python', line.repeat(Math.ceil(MAX_PARSE_CHARS / line.length) + 1))).toBeNull();
  });

  it('reads a NUL as a space: the nodes around it keep their places', async () => {
    const tree = await parseText('kotlin', 'fun a() = 1\n\u0000\nfun b() = 2\n');
    const functions = tree!.rootNode.children.filter((n) => n?.type === 'function_declaration');
    expect(functions.map((n) => n!.startPosition.row)).toEqual([0, 2]);
    tree!.delete();
  });
});

describe('parseInSlices', () => {
  const source = (seed: number) =>
    Array.from({ length: 400 }, (_, i) => `/** Step ${i * seed}. */\nexport function step${i}(value: number): string {\n  if (value > ${i}) return \`\${value * ${seed}}\`;\n  return [value, ${i}].join('-');\n}\n`).join('');

  /** The whole parse's tree, as text: the oracle. */
  async function whole(text: string): Promise<string> {
    const tree = (await parseText('typescript', text))!;
    const shown = tree.rootNode.toString();
    tree.delete();
    return shown;
  }

  it('gives way between slices and ends with the tree of a whole parse', async () => {
    const text = source(3);
    let slices = 0;
    const tree = (await parseInSlices('typescript', text, ownParsers(), async () => void slices++, () => false, 0))!;
    expect(slices).toBeGreaterThan(5);
    expect(tree.rootNode.toString()).toBe(await whole(text));
    tree.delete();
  });

  it('stops when told, and the parser then parses another text from its start', async () => {
    const parsers = ownParsers();
    let slices = 0;
    expect(await parseInSlices('typescript', source(3), parsers, async () => void slices++, () => slices > 3, 0)).toBeNull();
    const other = source(7);
    const tree = (await parseInSlices('typescript', other, parsers, async () => {}, () => false))!;
    expect(tree.rootNode.toString()).toBe(await whole(other));
    tree.delete();
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

describe('SyntaxCache following a document', () => {
  const uri = 'file:///inc.ts';
  const source = ['// π 😀 header', 'export function total(items: number[]) {', '  let sum = 0;', '  for (const x of items) sum += x;', '  return sum;', '}', ''].join('\n');

  function setup(text: string) {
    const documents = new DocumentStore();
    const cache = new SyntaxCache();
    cache.follow(documents);
    documents.open({ textDocument: { uri, languageId: 'typescript', version: 1, text } });
    let version = 1;
    const change = (range: Range, newText: string) => documents.change({ textDocument: { uri, version: ++version }, contentChanges: [{ range, text: newText }] });
    const current = () => {
      const doc = documents.get(uri)!;
      return cache.tree(uri, 'typescript', doc.version, doc.buffer.getText());
    };
    return { documents, cache, change, current };
  }

  /** Every node with its type and place. */
  function nodes(tree: Tree): string[] {
    const out: string[] = [];
    const visit = (n: Node) => {
      out.push(`${n.type} ${n.startIndex}-${n.endIndex} ${n.startPosition.row}:${n.startPosition.column}`);
      for (const c of n.children) if (c) visit(c);
    };
    visit(tree.rootNode);
    return out;
  }

  /** Anonymous leaves that are not MISSING: punctuation and keywords, whose type is their text. */
  function tokens(tree: Tree): Node[] {
    const out: Node[] = [];
    const visit = (n: Node) => {
      if (n.childCount === 0 && !n.isNamed && !n.isMissing && n.endIndex > n.startIndex) out.push(n);
      for (const c of n.children) if (c) visit(c);
    };
    visit(tree.rootNode);
    return out;
  }

  async function fresh(text: string): Promise<string> {
    const tree = (await parseText('typescript', text))!;
    const s = tree.rootNode.toString();
    tree.delete();
    return s;
  }

  it('applies the changes to the tree and reparses only on request, reusing it', async () => {
    const { documents, cache, change, current } = setup(source);
    await current();
    expect(cache.parses).toEqual({ full: 1, incremental: 0 });
    change({ start: { line: 2, character: 12 }, end: { line: 2, character: 13 } }, '1');
    change({ start: { line: 4, character: 12 }, end: { line: 4, character: 12 } }, ' * 2');
    // Two changes, no parse yet; one incremental reparse for the request.
    expect(cache.parses).toEqual({ full: 1, incremental: 0 });
    const tree = (await current())!;
    expect(cache.parses).toEqual({ full: 1, incremental: 1 });
    expect(tree.rootNode.toString()).toBe(await fresh(documents.get(uri)!.buffer.getText()));
    cache.forget(uri);
  });

  it('property: after any edits (lines joined and split, astral characters, CRLF, NUL), the reparsed tree is a fresh parse of valid code, and every token sits at its text', async () => {
    const piece = fc.constantFrom('x', ' ', '\n', '\r\n', '{', '}', '(', ')', '"', '😀', 'é', ';', 'let a = 1;', '/*', '*/', '`${', '\0');
    const edit = fc.record({ from: fc.nat(400), length: fc.nat(12), text: fc.array(piece, { maxLength: 4 }).map((p) => p.join('')) });
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(edit, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 4 }), fc.boolean(), async (batches, crlf) => {
        const { documents, cache, change, current } = setup(crlf ? source.replace(/\n/g, '\r\n') : source);
        await current();
        for (const batch of batches) {
          for (const e of batch) {
            const buffer = documents.get(uri)!.buffer;
            const length = buffer.getText().length;
            const start = Math.min(e.from, length);
            const end = Math.min(start + e.length, length);
            change({ start: buffer.positionAt(start), end: buffer.positionAt(end) }, e.text);
          }
          const text = documents.get(uri)!.buffer.getText();
          const tree = (await current())!;
          // Tree-sitter's error recovery may place ERROR nodes differently after an incremental
          // reparse, so valid code must parse exactly as fresh; in any code every token must sit
          // at the offsets of its text (what a wrong edit would break).
          const reference = (await parseText('typescript', text))!;
          if (!reference.rootNode.hasError) expect(nodes(tree)).toEqual(nodes(reference));
          reference.delete();
          for (const leaf of tokens(tree)) expect(text.slice(leaf.startIndex, leaf.endIndex)).toBe(leaf.type);
        }
        expect(cache.parses.full).toBe(1);
        cache.forget(uri);
      }),
      { numRuns: 150 },
    );
  });

  it('keeps following the document after clear(): the next request parses afresh, later ones incrementally', async () => {
    const { documents, cache, change, current } = setup(source);
    await current();
    cache.clear();
    change({ start: { line: 2, character: 12 }, end: { line: 2, character: 13 } }, '1');
    expect((await current())!.rootNode.toString()).toBe(await fresh(documents.get(uri)!.buffer.getText()));
    change({ start: { line: 4, character: 12 }, end: { line: 4, character: 12 } }, ' * 2');
    expect((await current())!.rootNode.toString()).toBe(await fresh(documents.get(uri)!.buffer.getText()));
    expect(cache.parses).toEqual({ full: 2, incremental: 1 });
    cache.forget(uri);
  });

  it('parses afresh when the text it was given is older than the document', async () => {
    const { documents, cache, change } = setup(source);
    await cache.tree(uri, 'typescript', 1, source);
    change({ start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, 'let z;\n');
    // A request that read the text before that change: its tree does not follow later changes.
    await cache.tree(uri, 'typescript', 1, source);
    change({ start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, 'let y;\n');
    const doc = documents.get(uri)!;
    const tree = (await cache.tree(uri, 'typescript', doc.version, doc.buffer.getText()))!;
    expect(tree.rootNode.toString()).toBe(await fresh(doc.buffer.getText()));
    cache.forget(uri);
  });
});
