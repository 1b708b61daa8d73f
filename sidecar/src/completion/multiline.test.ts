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
  const code = { enabled: true, languageId: 'typescript', syntax: 'code' as const, awaitsBody: false, lineAfter: '', prefix: '' };
  const decide = (lineBefore: string, more: Partial<Parameters<typeof decideMultiline>[0]> = {}) => decideMultiline({ ...code, lineBefore, ...more });

  it('is one line inside a string or a comment', () => {
    expect(decide('', { syntax: 'string' })).toEqual({ multiline: false });
    expect(decide('  // note', { syntax: 'comment' })).toEqual({ multiline: false });
  });

  it('is one line with code after the cursor, and when multiline completions are disabled', () => {
    expect(decide('if (x) {', { lineAfter: '}' }).multiline).toBe(false);
    expect(decide('', { enabled: false }).multiline).toBe(false);
    expect(decide('/**', { enabled: false }).multiline).toBe(false);
  });

  it('is multiline on a blank line and after a block opener', () => {
    expect(decide('    ').multiline).toBe(true);
    for (const line of ['function f() {', 'def f():', 'call(', 'const xs = [', 'const f = () =>']) expect(decide(line).multiline, line).toBe(true);
    for (const line of ['let area shape =', '    | Some x ->', 'match x with']) expect(decide(line, { languageId: 'fsharp' }).multiline, line).toBe(true);
  });

  it('is multiline at the end of a header the syntax tree says awaits its body, else one line', () => {
    expect(decide('function render(props', { awaitsBody: true }).multiline).toBe(true);
    expect(decide('const x = fo').multiline).toBe(false);
  });

  it('runs a doc comment opened alone on the cursor line to its closer, even inside a comment node', () => {
    expect(decide('  /**', { syntax: 'comment' })).toEqual({ multiline: true, closer: '*/' });
    expect(decide('    """', { languageId: 'python', syntax: 'string' })).toEqual({ multiline: true, closer: '"""' });
    expect(decide("'''", { languageId: 'python' })).toEqual({ multiline: true, closer: "'''" });
    expect(decide('  /** Sums.', { syntax: 'comment' }).multiline).toBe(false);
    expect(decide('x = """', { languageId: 'python', syntax: 'string' }).multiline).toBe(false);
  });

  it('runs a multi-line string open at the cursor (a triple-quoted string, a template literal) to its closer', () => {
    const python = (prefix: string) => decide(prefix.slice(prefix.lastIndexOf('\n') + 1), { languageId: 'python', syntax: 'string', prefix });
    expect(python('x = """')).toEqual({ multiline: true, closer: '"""' });
    expect(python('def f():\n    """Sums the items')).toEqual({ multiline: true, closer: '"""' });
    expect(python('HELP = \'\'\'usage: x\n\n')).toEqual({ multiline: true, closer: "'''" });
    expect(python('x = """done""" + y').multiline).toBe(false);
    expect(decide('  return `', { prefix: 'function f() {\n  return `' })).toEqual({ multiline: true, closer: '`' });
    expect(decide('  f("a', { prefix: '  f("a', syntax: 'string' })).toEqual({ multiline: false });
  });

  it('one line elsewhere, which may grow: by a block it opens, and after a list item by its siblings', () => {
    expect(decide('  const x = fo', { prefix: 'function f() {\n  const x = fo' })).toEqual({ multiline: false, opensBlock: true, listItem: false });
    expect(decide('  name: string;', { prefix: 'interface A {\n  name: string;' })).toEqual({ multiline: false, opensBlock: true, listItem: true });
    expect(decide('version: 1', { languageId: 'yaml', prefix: 'version: 1' })).toEqual({ multiline: false, opensBlock: true, listItem: true });
    expect(decide('x', { syntax: 'comment' })).toEqual({ multiline: false });
  });

  it('YAML: a key whose value is a block, a block scalar or an open flow collection; an inline value after "key: "', () => {
    const yaml = (line: string) => decide(line, { languageId: 'yaml' }).multiline;
    expect(yaml('steps:')).toBe(true);
    expect(yaml('    environment: # overridden in production')).toBe(true);
    expect(yaml('        run: |')).toBe(true);
    expect(yaml('description: >-')).toBe(true);
    expect(yaml('branches: [')).toBe(true);
    expect(yaml('    image: ')).toBe(false);
    expect(yaml('version: 0.1.0')).toBe(false);
    expect(yaml('  - dist')).toBe(false);
  });

  it('Markdown: a heading opens its section; other lines are one line', () => {
    expect(decide('## Installation', { languageId: 'markdown' })).toEqual({ multiline: true, headingSection: true });
    expect(decide('- Ghost-text completions', { languageId: 'markdown' }).multiline).toBe(false);
    expect(decide('#hashtag', { languageId: 'markdown' }).multiline).toBe(false);
  });

  it('Markdown: an opening code fence runs to the closing fence; a closing one is one line', () => {
    const md = (line: string, before = '') => decide(line, { languageId: 'markdown', prefix: before + line });
    expect(md('```sh', '## Build\n\n')).toEqual({ multiline: true, closer: '```' });
    expect(md('~~~', '')).toEqual({ multiline: true, closer: '~~~' });
    expect(md('```', '```sh\nnpm ci\n').multiline).toBe(false);
  });

  it('CSS: a selector or at-rule awaits its block; a declaration is one line even after a colon', () => {
    const css = (line: string, prefix = '') => decide(line, { languageId: 'css', prefix: prefix + line }).multiline;
    expect(css('.card:hover', '.card {\n  color: red;\n}\n\n')).toBe(true);
    expect(css('@media (max-width: 600px)')).toBe(true);
    expect(css('  .card', '@media print {\n')).toBe(true);
    expect(css('  display:', '.toolbar {\n')).toBe(false);
    expect(css('  color: ', '.a { }\n.b {\n')).toBe(false);
    expect(css('  &:hover', '.button {\n  color: red;\n')).toBe(true);
    expect(css('  src: url(a.woff2)', '@font-face {\n')).toBe(false);
    expect(css('h1,')).toBe(false);
    expect(css('.a { color: red; }')).toBe(false);
  });
});
