import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { bracketContext, CODE, lexiconFor, openAtCursor, scanLine } from './brackets.js';
import { MB, heapUsedAfterGc } from '../../../test/harness/heap.js';

const ts = lexiconFor('typescript');
const brackets = (line: string, languageId = 'typescript') => scanLine(line, CODE, lexiconFor(languageId)).brackets;

describe('scanLine', () => {
  it('reports opens and closes in order', () => {
    expect(scanLine('f(a[0]) {', CODE, ts).events).toEqual(['open', 'open', 'close', 'close', 'open']);
    expect(brackets('f(a[0]) {')).toBe('([]){');
  });

  it('ignores brackets in string literals, including escaped quotes', () => {
    expect(brackets(`x("(", '[', "\\"{")`)).toBe('()');
  });

  it('ignores brackets in comments: line comments per language, block comments across lines', () => {
    expect(brackets('a(b) // )))')).toBe('()');
    expect(brackets('a(b) # )))', 'python')).toBe('()');
    const open = scanLine('f(); /* ( {', CODE, ts);
    expect(open.brackets).toBe('()');
    expect(scanLine('} */ g(', open.state, ts).brackets).toBe('(');
  });

  it('carries multi-line strings to the next line but not single-line quotes', () => {
    expect(scanLine('const t = `a {', CODE, ts).state.closer).toBe('`');
    expect(scanLine('} still text` + f(', { closer: '`' }, ts).brackets).toBe('(');
    const quote = scanLine('x = "open', CODE, ts);
    expect(quote.state.closer).toBeNull();
    expect(quote.openQuote).toBe(true);
    expect(scanLine('doc = """ (', CODE, lexiconFor('python')).state.closer).toBe('"""');
  });

  it("reads ' as a character literal in Rust, Java, Kotlin and Go, so lifetimes open nothing", () => {
    expect(brackets("fn f<'a>(x: &'a str) -> &'a str {", 'rust')).toBe('(){');
    expect(brackets("if (c == '(') {", 'java')).toBe('(){');
    expect(brackets("it's (odd)", 'typescript')).toBe('');
  });

  it('skips JavaScript regular expressions but not divisions or JSX closing tags', () => {
    expect(brackets('const OPEN = /\\(/g;')).toBe('');
    expect(brackets('if (/[)]/.test(s)) {')).toBe('(()){');
    expect(brackets('const half = (a + b) / 2; f(x)')).toBe('()()');
    expect(brackets('{items.map((i) => <li>{i}</li>)}', 'typescriptreact')).toBe('{((){})}');
  });

  it("takes YAML's # as a comment only after whitespace, and counts nothing in Markdown", () => {
    expect(brackets('url: http://x/#(frag) # (note', 'yaml')).toBe('()');
    expect(brackets('See [the notes](notes.md) (soon', 'markdown')).toBe('');
  });
});

describe('bracketContext', () => {
  const at = (source: string, languageId = 'typescript') => {
    const offset = source.indexOf('|');
    return bracketContext(source.slice(0, offset) + source.slice(offset + 1), offset, lexiconFor(languageId));
  };

  it('counts the closers the file lacks: opened before the cursor line, closed by nothing after it', () => {
    expect(at('function f() {\n  if (x) {\n    |')).toEqual({ inherited: 0, lacking: 2 });
    expect(at('function f() {\n  if (x) {\n    |\n  }\n')).toEqual({ inherited: 0, lacking: 1 });
    expect(at('function f() {\n  if (x) {\n    |\n  }\n}\n')).toEqual({ inherited: 0, lacking: 0 });
  });

  it('lets the text after the cursor close the cursor line’s brackets first', () => {
    expect(at('const xs = [\n  f(|\n')).toEqual({ inherited: 1, lacking: 1 });
    expect(at('const xs = [\n  f(|)\n')).toEqual({ inherited: 1, lacking: 1 });
    expect(at('const xs = [\n  f(|)]\n')).toEqual({ inherited: 1, lacking: 0 });
  });

  it('ignores brackets the suffix opens and closes itself, and brackets in strings and comments', () => {
    expect(at('{\n  |\n  g({ a: "}" }); // }\n')).toEqual({ inherited: 0, lacking: 1 });
    expect(at('def f(:\n    |\n    x = "("  # )\n', 'python')).toEqual({ inherited: 0, lacking: 1 });
  });
});

describe('openAtCursor', () => {
  it('finds the innermost bracket opened on an earlier line, with the text before it or, alone on its line, the line above', () => {
    expect(openAtCursor('type S struct {\n\tA int\n\tB', ts).enclosing).toEqual({ bracket: '{', header: 'type S struct ' });
    expect(openAtCursor('enum E\n{\n    A,\n    B', ts).enclosing).toEqual({ bracket: '{', header: 'enum E' });
    expect(openAtCursor('f(a, {\n  x: [\n    1,\n  ],\n  y', ts).enclosing).toEqual({ bracket: '{', header: 'f(a, ' });
    expect(openAtCursor('const xs = [1, (2)];\nf(', ts).enclosing).toBeNull();
  });

  it('says which multi-line string the cursor is inside', () => {
    expect(openAtCursor('x = """usage\n\n', lexiconFor('python')).string).toBe('"""');
    expect(openAtCursor('x = """a""" + f(', lexiconFor('python')).string).toBeNull();
    expect(openAtCursor('return `\n  <p>', ts).string).toBe('`');
    expect(openAtCursor('/* note\n', ts).string).toBeNull();
  });
});

describe('bracketContext over recent scans', () => {
  it('property: after earlier requests on other texts, it answers as a fresh module does', async () => {
    const line = fc.constantFrom('f(a, {', '});', '  x[0] = "(";', '/* ( */', '/* [', '*/ )', '`${(', '`)', "'{'", 'if (a) {', '}', '', '// )');
    const texts = fc.array(fc.array(line, { maxLength: 12 }).map((lines) => lines.join('\n')), { minLength: 1, maxLength: 6 });
    await fc.assert(
      fc.asyncProperty(texts, fc.nat(), fc.constantFrom('typescript', 'python', 'kotlin'), async (list, cut, languageId) => {
        for (const text of list) bracketContext(text, cut % (text.length + 1), lexiconFor(languageId));
        const last = list[list.length - 1];
        const offset = cut % (last.length + 1);
        vi.resetModules();
        const fresh = await import('./brackets.js');
        expect(bracketContext(last, offset, lexiconFor(languageId))).toEqual(fresh.bracketContext(last, offset, fresh.lexiconFor(languageId)));
      }),
      { numRuns: 60 },
    );
  });
});

describe('the cache of line scans', () => {
  it('keeps no version of the document alive: 100 versions of a 2,000-line file, each with one line changed', () => {
    const line = (i: number, v: number) => `  const value${i} = compute(${i}, ${v}); // long enough that a line is a view into its text`;
    const version = (v: number) => Array.from({ length: 2000 }, (_, i) => line(i, i === 1000 ? v : 0)).join('\n');
    const first = version(0);
    bracketContext(first, first.length, ts);
    const before = heapUsedAfterGc();
    for (let v = 1; v <= 100; v++) {
      const text = version(v);
      expect(bracketContext(text, text.length, ts)).toEqual({ inherited: 0, lacking: 0 });
    }
    // Each version is 190 KB: kept through its changed line, the 100 would hold 19 MB.
    expect(heapUsedAfterGc() - before).toBeLessThan(4 * MB);
  });
});
