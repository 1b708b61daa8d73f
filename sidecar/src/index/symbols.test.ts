import { describe, expect, it } from 'vitest';
import { parseFile } from '../context/definitions/definitions.js';
import { parseText } from '../scope/parse.js';
import { docOf, indexFile, signatureOf } from './symbols.js';

async function indexed(languageId: string, text: string) {
  const tree = (await parseText(languageId, text))!;
  try {
    return indexFile(parseFile('/w/f', languageId, tree.rootNode, text)!);
  } finally {
    tree.delete();
  }
}

describe('what the index keeps of a file', () => {
  it('TypeScript: name, kind, exported, signature, first sentence of the doc comment, and the words of members', async () => {
    const file = await indexed(
      'typescript',
      `import { x } from './x';\n\n/** Decides whether an order may be returned. More text. */\nexport interface ReturnPolicy {\n  assertCanReturn(command: { orderId: string }): Promise<void>;\n}\n\nexport const returnPolicy: ReturnPolicy = make();\n\nfunction hidden() {\n  return 1;\n}\n`,
    );
    expect(file.imports).toEqual(['./x']);
    expect(file.declarations.map(({ words: _w, ...d }) => d)).toEqual([
      { name: 'ReturnPolicy', kind: 'interface', exported: true, signature: 'export interface ReturnPolicy {', doc: 'Decides whether an order may be returned.', line: 2, endLine: 5 },
      { name: 'returnPolicy', kind: 'variable', exported: true, signature: 'export const returnPolicy: ReturnPolicy = make();', doc: '', line: 7, endLine: 7 },
      { name: 'hidden', kind: 'function', exported: false, signature: 'function hidden() { … }', doc: '', line: 9, endLine: 11 },
    ]);
    expect(file.declarations[0].words).toEqual(expect.arrayContaining(['assert', 'command', 'order', 'decid']));
    expect(file.declarations[0].words.filter((w) => w === 'polici').length).toBeGreaterThanOrEqual(3);
  });

  it('Python, Java, Go and Rust say what other files may use', async () => {
    expect((await indexed('python', 'def _private():\n    pass\n\ndef public():\n    """Does it. Really."""\n')).declarations.map((d) => [d.name, d.exported, d.doc])).toEqual([
      ['_private', false, ''],
      ['public', true, 'Does it.'],
    ]);
    expect((await indexed('java', 'package a;\n/** A thing. */\npublic class A {}\nclass B {}\n')).declarations.map((d) => [d.name, d.kind, d.exported, d.doc])).toEqual([
      ['A', 'class', true, 'A thing.'],
      ['B', 'class', false, ''],
    ]);
    expect((await indexed('go', 'package p\n\n// Check checks.\nfunc Check() {}\nfunc helper() {}\n')).declarations.map((d) => [d.name, d.exported, d.doc])).toEqual([
      ['Check', true, 'Check checks.'],
      ['helper', false, ''],
    ]);
    expect((await indexed('rust', '/// Policy.\npub struct Policy;\nfn inner() {}\n')).declarations.map((d) => [d.name, d.kind, d.exported])).toEqual([
      ['Policy', 'struct', true],
      ['inner', 'function', false],
    ]);
  });

  it('signature and doc of an outline with attributes and block comments', () => {
    expect(signatureOf('/**\n * Doc.\n */\n@Deprecated\npublic void run() { … }')).toBe('public void run() { … }');
    expect(docOf('/**\n * Runs it. Twice.\n */\n@Deprecated\npublic void run() { … }')).toBe('Runs it.');
    expect(docOf('#[derive(Debug)]\n/// Policy of returns\npub struct P;')).toBe('Policy of returns');
  });
});
