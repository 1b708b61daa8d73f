import { describe, expect, it } from 'vitest';
import { parseText } from '../scope/parse.js';
import { FORMATS } from './formats/index.js';
import { windowFor } from './input.js';
import { spansAround } from './syntaxNodes.js';
import { lineWindow, syntaxWindow, type WindowLines } from './window.js';

const linesDoc = (lines: readonly string[]) => ({ uri: 'file:///x', lineCount: lines.length, lines: (from: number, to: number) => lines.slice(from, to) });
const windowLines = (lines: readonly string[]): WindowLines => ({ lineCount: lines.length, lastLineEmpty: lines.length > 1 && lines[lines.length - 1] === '', line: (row) => lines[row] ?? '' });
const numbered = (n: number) => Array.from({ length: n }, (_, i) => `line ${i}`);

describe('lineWindow', () => {
  const shape = { kind: 'lines', above: 2, below: 3, context: 1 } as const;
  it('takes the lines around the cursor line, then the context beyond them', () => {
    expect(lineWindow(shape, windowLines(numbered(100)), 50)).toEqual({ first: 47, end: 55, editable: { start: 48, end: 54 } });
  });
  it('is clamped to the document, without the empty line after a final line break', () => {
    expect(lineWindow(shape, windowLines([...numbered(4), '']), 0)).toEqual({ first: 0, end: 4, editable: { start: 0, end: 4 } });
    expect(lineWindow(shape, windowLines(numbered(5)), 4)).toEqual({ first: 1, end: 5, editable: { start: 2, end: 5 } });
  });
  it('keeps the cursor line editable when the cursor is on that empty last line', () => {
    expect(lineWindow(shape, windowLines([...numbered(4), '']), 4)).toEqual({ first: 1, end: 5, editable: { start: 2, end: 5 } });
  });
  it("trims blank lines at the block's ends as Sweep's server does, a line added below for each dropped above, the cursor line kept", () => {
    const lines = ['a', '', '', 'cursor', 'b', 'c', '', '', 'd', 'e', 'f'];
    const trimmed = { kind: 'lines', above: 2, below: 5, context: 0, trimBlank: true } as const;
    // Block [1, 9): its two blank lines at the top go and the end moves two lines down, to 'f'.
    expect(lineWindow(trimmed, windowLines(lines), 3)).toEqual({ first: 3, end: 11, editable: { start: 3, end: 11 } });
    // Block [1, 9) of another file: the blank lines at its bottom go.
    expect(lineWindow(trimmed, windowLines(['a', 'b', 'cursor', 'c', '', '', '', '', 'd']), 2)).toEqual({ first: 0, end: 4, editable: { start: 0, end: 4 } });
    expect(lineWindow(trimmed, windowLines(['', '', 'x', '', '']), 0)).toEqual({ first: 0, end: 3, editable: { start: 0, end: 3 } });
  });
});

describe('each family’s trained window', () => {
  const doc = linesDoc(numbered(200));
  const at = { line: 100, character: 0 };
  it('Sweep: 21 lines, 10 above and 10 below the cursor line, nothing around them', () => {
    expect(windowFor(FORMATS.sweep, doc, at)).toEqual({ first: 90, end: 111, editable: { start: 90, end: 111 } });
  });
  it("Sweep v2: 2 above and 5 below", () => {
    expect(windowFor(FORMATS['sweep-v2'], doc, at)).toEqual({ first: 98, end: 106, editable: { start: 98, end: 106 } });
  });
  it('Instinct: 5 lines either side editable (11), the excerpt 25 either side', () => {
    expect(windowFor(FORMATS.instinct, doc, at)).toEqual({ first: 75, end: 126, editable: { start: 95, end: 106 } });
  });
});

/** The Rust file of Zed's `test_excerpt_for_cursor_position` (crates/zeta/src/input_excerpt.rs @0d692688). */
const ZED_RUST = [
  'fn foo() {',
  '    let x = 42;',
  '    println!("Hello, world!");',
  '}',
  '',
  'fn bar() {',
  '    let x = 42;',
  '    let mut sum = 0;',
  '    for i in 0..x {',
  '        sum += i;',
  '    }',
  '    println!("Sum: {}", sum);',
  '    return sum;',
  '}',
  '',
  'fn generate_random_numbers() -> Vec<i32> {',
  '    let mut rng = rand::thread_rng();',
  '    let mut numbers = Vec::new();',
  '    for _ in 0..5 {',
  '        numbers.push(rng.gen_range(1..101));',
  '    }',
  '    numbers',
  '}',
  '',
];

describe('syntaxWindow (Zeta)', () => {
  const cursor = { line: 12, character: 5 };
  async function window(editableTokens: number, contextTokens: number) {
    const text = ZED_RUST.join('\n');
    const tree = (await parseText('rust', text))!;
    const nodes = spansAround(tree.rootNode, text, cursor, editableTokens * 3 + 2);
    return syntaxWindow({ kind: 'syntax', editableTokens, contextTokens }, windowLines(ZED_RUST), { row: cursor.line, column: cursor.character }, nodes, (row) => Buffer.byteLength(ZED_RUST[row]));
  }
  it("matches Zed's own test: the largest node that fits, then line by line on both sides", async () => {
    // 50/32: `fn bar` fits; rows 3–15 editable, rows 1–17 shown.
    expect(await window(50, 32)).toEqual({ first: 1, end: 18, editable: { start: 3, end: 16 } });
    // 40/32: `fn bar` does not fit; the region grows by lines from a smaller node.
    expect(await window(40, 32)).toEqual({ first: 5, end: 20, editable: { start: 8, end: 17 } });
  });
  it('grows from the cursor line alone without a syntax tree, and never past the file', () => {
    const lines = numbered(5);
    expect(syntaxWindow({ kind: 'syntax', editableTokens: 350, contextTokens: 150 }, windowLines(lines), { row: 2, column: 0 }, [], (row) => lines[row].length)).toEqual({
      first: 0,
      end: 5,
      editable: { start: 0, end: 5 },
    });
    // 3 bytes a token: each 6-byte line takes 2 of 4 tokens, so one line above and one below.
    expect(syntaxWindow({ kind: 'syntax', editableTokens: 4, contextTokens: 0 }, windowLines(lines), { row: 2, column: 0 }, [], (row) => lines[row].length)).toEqual({
      first: 1,
      end: 4,
      editable: { start: 1, end: 4 },
    });
  });
});
