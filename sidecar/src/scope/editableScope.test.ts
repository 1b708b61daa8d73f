import { describe, expect, it } from 'vitest';
import type { Range } from '@redline/shared-protocol';
import { resolveEditableScope, selectedLines } from './editableScope.js';

const caret = (line: number, character = 2): Range => ({ start: { line, character }, end: { line, character } });
/** A selection from inside line `from` to inside line `to - 1`, i.e. whole lines [from, to). */
const cut = (from: number, to: number): Range => ({ start: { line: from, character: 3 }, end: { line: to - 1, character: 2 } });
const rows = (scope: { startLine: number; endLine: number }) => [scope.startLine, scope.endLine];

interface Fixture {
  languageId: string;
  source: string[];
  /** Rows [start, end) of the function (with doc comment / decorators / attributes). */
  fn: [number, number];
  header: number;
  blankInBody: number;
  /** A statement line inside the function. */
  statement: [number, [number, number]];
  /** Whole lines that cut a multi-line call, and the statement they widen to. */
  cutsCall: [[number, number], [number, number]];
  /** Several whole statements, left as they are. */
  clean: [number, number];
}

const FIXTURES: Fixture[] = [
  {
    languageId: 'typescript',
    source: ["import { g } from './g';", '', '/** Doubles. */', 'export function twice(a: number): number {',
      '  const x = g(', '    a,', '    a,', '  );', '', '  log(x);', '  return x * 2;', '}', ''],
    fn: [2, 12], header: 3, blankInBody: 8, statement: [10, [10, 11]], cutsCall: [[5, 7], [4, 8]], clean: [4, 11],
  },
  {
    languageId: 'typescriptreact',
    source: ['export function Card(props: { title: string }) {', '  const label = format(', '    props.title,',
      '  );', '', '  return (', '    <div className="card">', '      {label}', '    </div>', '  );', '}', ''],
    fn: [0, 11], header: 0, blankInBody: 4, statement: [1, [1, 4]], cutsCall: [[6, 8], [5, 10]], clean: [1, 10],
  },
  {
    languageId: 'javascript',
    source: ['class Counter {', '  constructor() {', '    this.count = 0;', '  }', '', '  add(step) {',
      '    const next = clamp(', '      this.count + step,', '    );', '', '    this.count = next;', '  }', '}', ''],
    fn: [5, 12], header: 5, blankInBody: 9, statement: [10, [10, 11]], cutsCall: [[7, 8], [6, 9]], clean: [6, 11],
  },
  {
    languageId: 'python',
    source: ['import os', '', '@cached', 'def load(path):', '    data = read(', '        path,', '    )', '',
      '    return data', ''],
    fn: [2, 9], header: 3, blankInBody: 7, statement: [8, [8, 9]], cutsCall: [[5, 6], [4, 7]], clean: [4, 9],
  },
  {
    languageId: 'java',
    source: ['class Store {', '    /** Loads. */', '    @Override', '    public String load(String key) {',
      '        String v = read(', '            key,', '            "x");', '', '        return v;', '    }', '}', ''],
    fn: [1, 10], header: 3, blankInBody: 7, statement: [8, [8, 9]], cutsCall: [[5, 6], [4, 7]], clean: [4, 9],
  },
  {
    languageId: 'kotlin',
    source: ['class Repo {', '    // Finds.', '    fun find(id: Int): String? {', '        val row = query(',
      '            id,', '        )', '', '        return row', '    }', '}', ''],
    fn: [1, 9], header: 2, blankInBody: 6, statement: [7, [7, 8]], cutsCall: [[4, 5], [3, 6]], clean: [3, 8],
  },
  {
    languageId: 'go',
    source: ['package store', '', '// Load reads.', 'func (s *Store) Load(key string) string {',
      '\tv := s.read(', '\t\tkey,', '\t)', '', '\treturn v', '}', ''],
    fn: [2, 10], header: 3, blankInBody: 7, statement: [8, [8, 9]], cutsCall: [[5, 6], [4, 7]], clean: [4, 9],
  },
  {
    languageId: 'rust',
    source: ['impl Store {', '    #[inline]', '    fn load(&self, key: &str) -> String {', '        let v = self.read(',
      '            key,', '        );', '', '        v', '    }', '}', ''],
    fn: [1, 9], header: 2, blankInBody: 6, statement: [7, [7, 8]], cutsCall: [[4, 5], [3, 6]], clean: [3, 8],
  },
];

describe.each(FIXTURES)('$languageId', (f) => {
  const text = f.source.join('\n');

  it('takes the whole function for a caret on a blank line in its body', async () => {
    expect(rows(await resolveEditableScope(f.languageId, text, caret(f.blankInBody, 0)))).toEqual(f.fn);
  });

  it('takes the whole function for a caret on its header line', async () => {
    expect(rows(await resolveEditableScope(f.languageId, text, caret(f.header, 8)))).toEqual(f.fn);
  });

  it('takes the statement for a caret on a statement', async () => {
    const [line, expected] = f.statement;
    expect(rows(await resolveEditableScope(f.languageId, text, caret(line, 9)))).toEqual(expected);
  });

  it('widens a selection that cuts through a multi-line call to the statement', async () => {
    const [[from, to], expected] = f.cutsCall;
    expect(rows(await resolveEditableScope(f.languageId, text, cut(from, to)))).toEqual(expected);
  });

  it('keeps a selection of whole statements as it is', async () => {
    const scope = await resolveEditableScope(f.languageId, text, cut(...f.clean));
    expect(rows(scope)).toEqual(f.clean);
  });
});

describe('resolveEditableScope details', () => {
  const ts = FIXTURES[0].source.join('\n');

  it('widens a selection crossing several statements to all of them, not to the function', async () => {
    expect(await resolveEditableScope('typescript', ts, cut(6, 10))).toEqual({ startLine: 4, endLine: 10, node: null });
  });

  it('widens a selection of part of a header to the whole declaration', async () => {
    const range = { start: { line: 3, character: 16 }, end: { line: 3, character: 21 } };
    expect(await resolveEditableScope('typescript', ts, range)).toEqual({ startLine: 3, endLine: 12, node: 'function_declaration' });
  });

  it('takes the commented function for a caret on its doc comment', async () => {
    expect(rows(await resolveEditableScope('typescript', ts, caret(2, 5)))).toEqual([2, 12]);
  });

  it('does not attach a comment separated from the function by a blank line', async () => {
    const source = ['// Section.', '', 'function f() {', '', '}'].join('\n');
    expect(rows(await resolveEditableScope('typescript', source, caret(3, 0)))).toEqual([2, 5]);
  });

  it('gives just the line for a caret on a blank line outside any function', async () => {
    expect(await resolveEditableScope('typescript', ts, caret(1, 0))).toEqual({ startLine: 1, endLine: 2, node: null });
    const js = FIXTURES[2].source.join('\n');
    expect(rows(await resolveEditableScope('javascript', js, caret(4, 0)))).toEqual([4, 5]);
  });

  it('takes the statement a trailing comment follows', async () => {
    const source = ['function f() {', '  const a = 1;', '  go(a); // start', '  stop();', '}'].join('\n');
    expect(rows(await resolveEditableScope('javascript', source, caret(2, 14)))).toEqual([2, 3]);
  });

  it('treats a comment detached from code like blank space in the function', async () => {
    const source = ['fn f() {', '    a();', '', '    // TODO', '', '    b();', '}'].join('\n');
    expect(rows(await resolveEditableScope('rust', source, caret(3, 6)))).toEqual([0, 7]);
  });

  it('ends a selection that stops at column 0 before that line', async () => {
    const range = { start: { line: 9, character: 0 }, end: { line: 11, character: 0 } };
    expect(rows(await resolveEditableScope('typescript', ts, range))).toEqual([9, 11]);
  });

  it('handles CRLF line endings', async () => {
    expect(rows(await resolveEditableScope('typescript', FIXTURES[0].source.join('\r\n'), caret(8, 0)))).toEqual([2, 12]);
  });

  it('returns the lines themselves for an unsupported language', async () => {
    expect(await resolveEditableScope('plaintext', ts, caret(5))).toEqual({ startLine: 5, endLine: 6, node: null });
    expect(await resolveEditableScope('plaintext', ts, cut(5, 7))).toEqual({ startLine: 5, endLine: 7, node: null });
  });
});

describe('selectedLines', () => {
  it('clamps to the document and never returns an empty span', () => {
    expect(selectedLines({ start: { line: 8, character: 0 }, end: { line: 99, character: 4 } }, 10)).toEqual({ startLine: 8, endLine: 10 });
    expect(selectedLines({ start: { line: 3, character: 2 }, end: { line: 3, character: 2 } }, 10)).toEqual({ startLine: 3, endLine: 4 });
    expect(selectedLines({ start: { line: 3, character: 0 }, end: { line: 4, character: 0 } }, 10)).toEqual({ startLine: 3, endLine: 4 });
  });
});
