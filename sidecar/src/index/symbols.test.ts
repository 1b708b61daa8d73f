import { describe, expect, it } from 'vitest';
import { parseFile } from '../context/definitions/definitions.js';
import { parseText } from '../scope/parse.js';
import { whole } from './slices.js';
import { indexFile } from './symbols.js';

async function indexed(languageId: string, text: string) {
  const tree = (await parseText(languageId, text))!;
  try {
    return whole(indexFile(parseFile('/w/f', languageId, tree.rootNode, text)!));
  } finally {
    tree.delete();
  }
}

describe('what the index keeps of a file', () => {
  it('TypeScript: name, kind, exported, rows, and the words of name, doc comment and members', async () => {
    const file = await indexed(
      'typescript',
      `import { x } from './x';\n\n/** Decides whether an order may be returned. More text. */\nexport interface ReturnPolicy {\n  assertCanReturn(command: { orderId: string }): Promise<void>;\n}\n\nexport const returnPolicy: ReturnPolicy = make();\n\nfunction hidden() {\n  return 1;\n}\n`,
    );
    expect(file.declarations.map(({ words: _w, ...d }) => d)).toEqual([
      { name: 'ReturnPolicy', kind: 'interface', exported: true, line: 2, endLine: 5 },
      { name: 'returnPolicy', kind: 'variable', exported: true, line: 7, endLine: 7 },
      { name: 'hidden', kind: 'function', exported: false, line: 9, endLine: 11 },
    ]);
    expect(file.declarations[0].words).toEqual(expect.arrayContaining(['assert', 'command', 'order', 'decid']));
    expect(file.declarations[0].words.filter((w) => w === 'polici').length).toBeGreaterThanOrEqual(3);
  });

  it('Python, Java, Go and Rust say what other files may use', async () => {
    expect((await indexed('python', 'def _private():\n    pass\n\ndef public():\n    """Does it. Really."""\n')).declarations.map((d) => [d.name, d.exported])).toEqual([
      ['_private', false],
      ['public', true],
    ]);
    expect((await indexed('java', 'package a;\n/** A thing. */\npublic class A {}\nclass B {}\n')).declarations.map((d) => [d.name, d.kind, d.exported])).toEqual([
      ['A', 'class', true],
      ['B', 'class', false],
    ]);
    expect((await indexed('go', 'package p\n\n// Check checks.\nfunc Check() {}\nfunc helper() {}\n')).declarations.map((d) => [d.name, d.exported])).toEqual([
      ['Check', true],
      ['helper', false],
    ]);
    expect((await indexed('rust', '/// Policy.\npub struct Policy;\nfn inner() {}\n')).declarations.map((d) => [d.name, d.kind, d.exported])).toEqual([
      ['Policy', 'struct', true],
      ['inner', 'function', false],
    ]);
  });
});
