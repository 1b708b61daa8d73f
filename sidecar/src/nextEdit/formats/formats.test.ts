/**
 * Golden prompts: each family's prompt for one rename, written out from the published format it
 * follows (cited per family), markers, section order and line breaks included.
 */
import { describe, expect, it } from 'vitest';
import { parseText } from '../../scope/parse.js';
import type { NextEditInput } from '../format.js';
import { spansAround } from '../syntaxNodes.js';
import { syntaxWindow } from '../window.js';
import { FORMATS } from './index.js';

const FILE = ['function sum(xs) {', '  let total = 0;', '  for (const x of xs) count += x;', '  return count;', '}'];

/** A rename of `count` to `total` on line 1, the cursor after it; the window is the whole file. */
const INPUT: NextEditInput = {
  path: 'src/stats.ts',
  languageId: 'typescript',
  lines: FILE,
  first: 0,
  editable: { start: 1, end: 4 },
  cursor: { line: 1, character: 11 },
  edits: [
    { path: 'src/other.ts', line: 2, before: ['x', 'a', 'y'], after: ['x', 'b', 'y'], diff: '@@ -3,3 +3,3 @@\n x\n-a\n+b\n y' },
    {
      path: 'src/stats.ts',
      line: 0,
      before: ['function sum(xs) {', '  let count = 0;', '  for (const x of xs) count += x;'],
      after: ['function sum(xs) {', '  let total = 0;', '  for (const x of xs) count += x;'],
      diff: '@@ -1,3 +1,3 @@\n function sum(xs) {\n-  let count = 0;\n+  let total = 0;\n   for (const x of xs) count += x;',
    },
  ],
  original: ['  let count = 0;', '  for (const x of xs) count += x;', '  return count;'],
  definitions: [{ path: 'src/math.ts', text: 'export function add(a: number, b: number): number' }],
  file: null,
};

const RENAMED = ['  let total = 0;', '  for (const x of xs) total += x;', '  return total;'];

const raw = (input: NextEditInput, family: keyof typeof FORMATS) => FORMATS[family].build(input) as { prompt: string; stops: string[] };

describe('sweep (0.5B, 1.5B): Zed’s sweep_prompt.rs and Sweep’s blog', () => {
  const format = FORMATS.sweep;
  it('writes related files, then the changes oldest first as original/updated blocks with their context, then the window before the edit, as it is, and opens the updated one', () => {
    const { prompt, stops } = raw(INPUT, 'sweep');
    expect(prompt).toBe(
      [
        '<|file_sep|>src/math.ts',
        'export function add(a: number, b: number): number',
        '<|file_sep|>src/other.ts.diff',
        'original:',
        'x',
        'a',
        'y',
        'updated:',
        'x',
        'b',
        'y',
        '<|file_sep|>src/stats.ts.diff',
        'original:',
        'function sum(xs) {',
        '  let count = 0;',
        '  for (const x of xs) count += x;',
        'updated:',
        'function sum(xs) {',
        '  let total = 0;',
        '  for (const x of xs) count += x;',
        '<|file_sep|>original/src/stats.ts',
        '  let count = 0;',
        '  for (const x of xs) count += x;',
        '  return count;',
        '<|file_sep|>current/src/stats.ts',
        '  let total = 0;',
        '  for (const x of xs) count += x;',
        '  return count;',
        '<|file_sep|>updated/src/stats.ts',
        '',
      ].join('\n'),
    );
    expect(stops).toEqual(['<|file_sep|>', '</s>', '<|endoftext|>']);
    expect(format.edits).toEqual({ context: 3, max: 3 });
  });
  it('writes an empty original side as an empty line, an empty updated side as nothing (Zed’s write_file_block)', () => {
    const insertion = { ...INPUT, definitions: [], edits: [{ path: 'a.ts', line: 0, before: [], after: ['new'], diff: '@@ -1,0 +1,1 @@\n+new' }] };
    expect(raw(insertion, 'sweep').prompt.startsWith('<|file_sep|>a.ts.diff\noriginal:\n\nupdated:\nnew\n<|file_sep|>original/')).toBe(true);
    const deletion = { ...INPUT, definitions: [], edits: [{ path: 'a.ts', line: 0, before: ['old'], after: [], diff: '@@ -1,1 +1,0 @@\n-old' }] };
    expect(raw(deletion, 'sweep').prompt.startsWith('<|file_sep|>a.ts.diff\noriginal:\nold\nupdated:\n<|file_sep|>original/')).toBe(true);
  });
  it('reads the updated window up to the next file block', () => {
    expect(format.read(`${RENAMED.join('\n')}\n<|file_sep|>src/x.ts\nmore`, INPUT)).toEqual(RENAMED);
    expect(format.read(`${RENAMED.join('\n')}\n`, INPUT)).toEqual(RENAMED);
  });
  it('takes an empty reply for no window', () => {
    expect(format.read('', INPUT)).toBeNull();
    expect(format.read('\n<|file_sep|>', INPUT)).toBeNull();
  });
});

describe('sweep-v2 (v2-7B): the model card and Sweep’s server sweep-autocomplete 0.1.1', () => {
  const format = FORMATS['sweep-v2'];
  const input = { ...INPUT, edits: INPUT.edits.map((e) => ({ ...e })), file: `${FILE.join('\n')}\n` };
  it('writes the file, its definitions, the ranged changes, then original/current/updated with line ranges and the cursor marker', () => {
    const { prompt, stops } = raw(input, 'sweep-v2');
    expect(prompt).toBe(
      [
        '<|file_sep|>src/stats.ts',
        ...FILE,
        '',
        '<|file_sep|>src/math.ts',
        'export function add(a: number, b: number): number',
        '',
        '<|file_sep|>src/other.ts:3:5',
        'original:',
        'x',
        'a',
        'y',
        'updated:',
        'x',
        'b',
        'y',
        '<|file_sep|>src/stats.ts:1:3',
        'original:',
        'function sum(xs) {',
        '  let count = 0;',
        '  for (const x of xs) count += x;',
        'updated:',
        'function sum(xs) {',
        '  let total = 0;',
        '  for (const x of xs) count += x;',
        // The cursor is on the block's first row: `{row + 1}:{row + line count + 1}`.
        '<|file_sep|>original/src/stats.ts:1:4',
        '  let count = 0;',
        '  for (const x of xs) count += x;',
        '  return count;',
        '<|file_sep|>current/src/stats.ts:1:4',
        '  let total<|cursor|> = 0;',
        '  for (const x of xs) count += x;',
        '  return count;',
        '<|file_sep|>updated/src/stats.ts:1:4',
        '',
      ].join('\n'),
    );
    expect(stops).toEqual(['<|endoftext|>', '<|file_sep|>']);
    expect(format.edits).toEqual({ context: 1, max: 6 });
  });
  it('without changes leaves their line empty, and leaves out a change that only moves whitespace', () => {
    const spaced = { ...input, definitions: [], edits: [{ path: 'a.ts', line: 0, before: ['x', 'a', 'y'], after: ['x', '  a  ', 'y'], diff: '' }] };
    expect(raw(spaced, 'sweep-v2').prompt).toContain(`}\n\n\n<|file_sep|>original/src/stats.ts:1:4\n`);
  });
  it('reads the updated block up to the next file block, a cursor marker the model wrote dropped', () => {
    expect(format.read(`  let total<|cursor|> = 0;\n${RENAMED.slice(1).join('\n')}\n<|file_sep|>`, input)).toEqual(RENAMED);
    expect(format.read('<|endoftext|>', input)).toBeNull();
  });
});

describe('zeta: Zed’s zeta.rs (the release’s client), input_excerpt.rs and zeta_prompt.rs', () => {
  const format = FORMATS.zeta;
  it('writes the instruction, the quoted-path events oldest first with line-ended diffs, and the excerpt with its markers', () => {
    const { prompt, stops } = raw(INPUT, 'zeta');
    expect(prompt).toBe(
      [
        '### Instruction:',
        'You are a code completion assistant and your task is to analyze user edits and then rewrite an excerpt that the user provides, suggesting the appropriate edits within the excerpt, taking into account the cursor location.',
        '',
        '### User Edits:',
        '',
        'User edited "src/other.ts":',
        '```diff',
        '@@ -3,3 +3,3 @@',
        ' x',
        '-a',
        '+b',
        ' y',
        '',
        '```',
        '',
        'User edited "src/stats.ts":',
        '```diff',
        '@@ -1,3 +1,3 @@',
        ' function sum(xs) {',
        '-  let count = 0;',
        '+  let total = 0;',
        '   for (const x of xs) count += x;',
        '',
        '```',
        '',
        '### User Excerpt:',
        '',
        '```src/stats.ts',
        '<|start_of_file|>',
        'function sum(xs) {',
        '<|editable_region_start|>',
        '  let total<|user_cursor_is_here|> = 0;',
        '  for (const x of xs) count += x;',
        '  return count;',
        '<|editable_region_end|>',
        '}',
        '```',
        '',
        '### Response:',
        '',
      ].join('\n'),
    );
    expect(stops).toContain('<|editable_region_end|>');
    expect(format.window).toEqual({ kind: 'syntax', editableTokens: 350, contextTokens: 150 });
    expect(format.edits.context).toBe(3);
  });
  it('shows the latest events that fit 500 tokens (3 bytes each), most recent kept', () => {
    const big = (n: number) => ({ path: `f${n}.ts`, line: 0, before: [], after: [], diff: `@@ -1,0 +1,1 @@\n+${'x'.repeat(600)}` });
    const { prompt } = raw({ ...INPUT, edits: [big(1), big(2), big(3)] }, 'zeta');
    expect(prompt).not.toContain('"f1.ts"');
    expect(prompt.indexOf('"f2.ts"')).toBeLessThan(prompt.indexOf('"f3.ts"'));
  });
  it("gives the excerpt of Zed's own test for its window, without a start-of-file marker when it starts further down", async () => {
    // zed-industries/zed crates/zeta/src/input_excerpt.rs @0d692688, test_excerpt_for_cursor_position, limits 50 and 32.
    const rust = ['fn foo() {', '    let x = 42;', '    println!("Hello, world!");', '}', '', 'fn bar() {', '    let x = 42;', '    let mut sum = 0;', '    for i in 0..x {', '        sum += i;', '    }', '    println!("Sum: {}", sum);', '    return sum;', '}', '', 'fn generate_random_numbers() -> Vec<i32> {', '    let mut rng = rand::thread_rng();', '    let mut numbers = Vec::new();', '    for _ in 0..5 {', '        numbers.push(rng.gen_range(1..101));', '    }', '    numbers', '}', ''];
    const text = rust.join('\n');
    const cursor = { line: 12, character: 5 };
    const tree = (await parseText('rust', text))!;
    const lines = { lineCount: rust.length, lastLineEmpty: true, line: (row: number) => rust[row] };
    const window = syntaxWindow({ kind: 'syntax', editableTokens: 50, contextTokens: 32 }, lines, { row: 12, column: 5 }, spansAround(tree.rootNode, text, cursor, 152), (row) => rust[row].length);
    const input = { ...INPUT, path: 'main.rs', lines: rust.slice(window.first, window.end), first: window.first, editable: window.editable, cursor, edits: [] };
    const { prompt } = raw(input, 'zeta');
    expect(prompt.slice(prompt.indexOf('```main.rs'), prompt.indexOf('\n\n### Response:'))).toBe(
      [
        '```main.rs',
        '    let x = 42;',
        '    println!("Hello, world!");',
        '<|editable_region_start|>',
        '}',
        '',
        'fn bar() {',
        '    let x = 42;',
        '    let mut sum = 0;',
        '    for i in 0..x {',
        '        sum += i;',
        '    }',
        '    println!("Sum: {}", sum);',
        '    r<|user_cursor_is_here|>eturn sum;',
        '}',
        '',
        'fn generate_random_numbers() -> Vec<i32> {',
        '<|editable_region_end|>',
        '    let mut rng = rand::thread_rng();',
        '    let mut numbers = Vec::new();',
        '```',
      ].join('\n'),
    );
  });
  it('reads the region between the markers, the cursor marker dropped', () => {
    const reply = ['```src/stats.ts', 'function sum(xs) {', '<|editable_region_start|>', '  let total<|user_cursor_is_here|> = 0;', RENAMED[1], RENAMED[2], '<|editable_region_end|>', '}', '```'].join('\n');
    expect(format.read(reply, INPUT)).toEqual(RENAMED);
    // The end marker is a stop string: the server cuts the reply there.
    expect(format.read(reply.slice(0, reply.indexOf('<|editable_region_end|>')), INPUT)).toEqual(RENAMED);
  });
  it('finds no region in a reply without its start marker or with two', () => {
    expect(format.read(RENAMED.join('\n'), INPUT)).toBeNull();
    expect(format.read(`<|editable_region_start|>\na\n<|editable_region_start|>\nb`, INPUT)).toBeNull();
  });
});

describe('instinct: continuedev/instinct utils/datautils.py', () => {
  const format = FORMATS.instinct;
  it("uses Qwen's chat template; the user turn: preface, context items, edits most recent first, the excerpt under its quoted path", () => {
    const { prompt, stops } = raw(INPUT, 'instinct');
    expect(prompt.startsWith('<|im_start|>system\n')).toBe(true);
    expect(prompt.endsWith('<|im_end|>\n<|im_start|>assistant\n')).toBe(true);
    const user = prompt.slice(prompt.indexOf('<|im_start|>user\n') + '<|im_start|>user\n'.length, prompt.lastIndexOf('<|im_end|>'));
    const [preface] = user.split('\n\n### Context:');
    expect(preface).not.toContain('\n');
    expect(user.slice(preface.length)).toBe(
      [
        '',
        '',
        '### Context:',
        '',
        '<|context_file|> src/math.ts',
        '<|snippet|>',
        'export function add(a: number, b: number): number',
        '',
        '',
        '### User Edits:',
        '',
        'User edited file "src/stats.ts"',
        '',
        '```diff',
        '@@ -1,3 +1,3 @@',
        ' function sum(xs) {',
        '-  let count = 0;',
        '+  let total = 0;',
        '   for (const x of xs) count += x;',
        '```',
        '',
        'User edited file "src/other.ts"',
        '',
        '```diff',
        '@@ -3,3 +3,3 @@',
        ' x',
        '-a',
        '+b',
        ' y',
        '```',
        '',
        '### User Excerpt:',
        '"src/stats.ts"',
        '',
        'function sum(xs) {',
        '<|editable_region_start|>',
        '  let total<|user_cursor_is_here|> = 0;',
        '  for (const x of xs) count += x;',
        '  return count;',
        '<|editable_region_end|>',
        '}',
      ].join('\n'),
    );
    // Without context items the section keeps the training's five line breaks.
    expect(raw({ ...INPUT, definitions: [] }, 'instinct').prompt).toContain('### Context:\n\n\n\n\n### User Edits:');
    expect(stops).toContain('<|im_end|>');
    expect(format.edits.context).toBe(5);
  });
  it("has the trained system prompt's structure: its sections in the prompt's order, steps, output format, a closing blank line", () => {
    const { prompt } = raw(INPUT, 'instinct');
    const system = prompt.slice('<|im_start|>system\n'.length, prompt.indexOf('<|im_end|>'));
    const order = ['<|editable_region_start|>', '- Context:', '- User Edits:', '- User Excerpt:', '- Cursor Position:', '# Steps', '1. ', '4. ', '# Output Format'].map((part) => system.indexOf(part));
    expect(order.every((at, i) => at >= 0 && (i === 0 || at > order[i - 1]))).toBe(true);
    expect(system.endsWith('.\n\n')).toBe(true);
    expect(system).toContain('most recent first');
  });
  it('reads the region as answered (a final line break is a final empty line, as the training joins the lines), or between markers the model repeated', () => {
    expect(format.read(`${RENAMED.join('\n')}<|im_end|>`, INPUT)).toEqual(RENAMED);
    expect(format.read(`${RENAMED.join('\n')}\n<|im_end|>`, INPUT)).toEqual([...RENAMED, '']);
    expect(format.read(`<|editable_region_start|>\n${RENAMED.join('\n')}\n<|editable_region_end|>\n}`, INPUT)).toEqual(RENAMED);
  });
});

describe('instruct', () => {
  const format = FORMATS.instruct;
  it('asks a chat model for the lines between the markers, with the definitions and the edits as a diff oldest first', () => {
    const request = format.build(INPUT);
    expect(request.kind).toBe('chat');
    const user = (request as { messages: Array<{ content: string }> }).messages[1].content;
    expect(user.indexOf('--- src/other.ts')).toBeLessThan(user.indexOf('--- src/stats.ts'));
    expect(user).toContain('<|editable_region_start|>\n  let total<|user_cursor_is_here|> = 0;\n');
    expect(user).toContain('```typescript\nfunction sum(xs) {\n');
    expect(user).toContain('from src/math.ts:\n```typescript\nexport function add(a: number, b: number): number\n```');
  });
  it('reads the fenced lines, markers the model kept left out; chatter without a fence is no reply', () => {
    expect(format.read(`Here:\n\`\`\`ts\n<|editable_region_start|>\n${RENAMED.join('\n')}\n<|editable_region_end|>\n\`\`\`\nDone.`, INPUT)).toEqual(RENAMED);
    expect(format.read('I would rename count to total.', INPUT)).toBeNull();
  });
});
