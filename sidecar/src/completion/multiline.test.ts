import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import { Language, Parser } from 'web-tree-sitter';
import { cursorSyntax, decideMultiline } from './multiline.js';

const require = createRequire(import.meta.url);
const GRAMMARS: Record<string, string> = {
  typescript: 'tree-sitter-typescript/tree-sitter-typescript.wasm',
  python: 'tree-sitter-python/tree-sitter-python.wasm',
  go: 'tree-sitter-go/tree-sitter-go.wasm',
  rust: 'tree-sitter-rust/tree-sitter-rust.wasm',
};
const parsers: Record<string, Parser> = {};

beforeAll(async () => {
  await Parser.init();
  for (const [id, path] of Object.entries(GRAMMARS)) {
    parsers[id] = new Parser();
    parsers[id].setLanguage(await Language.load(require.resolve(path)));
  }
});

/** Parses `source` with the cursor at `|` removed and classifies the cursor. */
function syntaxAt(language: string, source: string) {
  const offset = source.indexOf('|');
  const tree = parsers[language].parse(source.slice(0, offset) + source.slice(offset + 1));
  if (!tree) throw new Error('no tree');
  return cursorSyntax(tree, offset);
}

describe('cursorSyntax', () => {
  it.each([
    ['typescript', 'const s = "héllo |world";', 'string'],
    ['typescript', 'const s = "done"|;', 'code'],
    ['typescript', 'const t = `a |b`;', 'string'],
    ['typescript', 'const t = `a ${x|} b`;', 'code'],
    ['typescript', 'f(); // note|\ng();', 'comment'],
    ['typescript', '/* block| */ f();', 'comment'],
    ['typescript', 'function f() {|\n}', 'code'],
    ['python', 'x = "ab|c"', 'string'],
    ['python', 'x = 1  # why|\n', 'comment'],
    ['go', 'var s = "a|b"', 'string'],
    ['rust', 'fn f() { let s = "a|b"; } // c', 'string'],
    ['rust', 'fn f() {} // c|', 'comment'],
  ])('%s %j → %s', (language, source, expected) => {
    expect(syntaxAt(language, source)).toBe(expected);
  });
});

describe('decideMultiline', () => {
  const code = { enabled: true, syntax: 'code' as const };

  it('is one line inside a string or a comment', () => {
    expect(decideMultiline({ ...code, syntax: 'string', lineBefore: '', lineAfter: '' })).toBe(false);
    expect(decideMultiline({ ...code, syntax: 'comment', lineBefore: '', lineAfter: '' })).toBe(false);
  });

  it('is one line with code after the cursor', () => {
    expect(decideMultiline({ ...code, lineBefore: 'if (x) {', lineAfter: '}' })).toBe(false);
  });

  it('is multiline on a blank line', () => {
    expect(decideMultiline({ ...code, lineBefore: '    ', lineAfter: '' })).toBe(true);
  });

  it('is multiline after a block opener', () => {
    for (const line of ['function f() {', 'def f():', 'call(', 'const xs = [', 'const f = () =>']) {
      expect(decideMultiline({ ...code, lineBefore: line, lineAfter: '' })).toBe(true);
    }
  });

  it('is one line after ordinary code', () => {
    expect(decideMultiline({ ...code, lineBefore: 'const x = fo', lineAfter: '' })).toBe(false);
  });

  it('is one line when multiline completions are disabled', () => {
    expect(decideMultiline({ ...code, enabled: false, lineBefore: '', lineAfter: '' })).toBe(false);
  });
});
