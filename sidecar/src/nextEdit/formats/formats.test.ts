import { describe, expect, it } from 'vitest';
import type { NextEditInput } from '../format.js';
import { FORMATS } from './index.js';

/** A rename of `count` to `total` on line 1, the cursor after it; the window is the whole file. */
const INPUT: NextEditInput = {
  path: 'src/stats.ts',
  languageId: 'typescript',
  lines: ['function sum(xs) {', '  let total = 0;', '  for (const x of xs) count += x;', '  return count;', '}'],
  first: 0,
  editable: { start: 1, end: 4 },
  cursor: { line: 1, character: 11 },
  edits: [
    { path: 'src/other.ts', before: ['a'], after: ['b'], diff: '@@ -3,1 +3,1 @@\n-a\n+b' },
    { path: 'src/stats.ts', before: ['  let count = 0;'], after: ['  let total = 0;'], diff: '@@ -2,1 +2,1 @@\n-  let count = 0;\n+  let total = 0;' },
  ],
  original: ['  let count = 0;', '  for (const x of xs) count += x;', '  return count;'],
};

const RENAMED = ['  let total = 0;', '  for (const x of xs) total += x;', '  return total;'];

describe('sweep', () => {
  const format = FORMATS.sweep;
  it('writes the changes oldest first as original/updated blocks, then the window before the edit, as it is, and opens the updated one', () => {
    const { prompt, stops } = format.build(INPUT) as { prompt: string; stops: string[] };
    expect(prompt).toBe(
      [
        '<|file_sep|>src/other.ts.diff',
        'original:',
        'a',
        'updated:',
        'b',
        '<|file_sep|>src/stats.ts.diff',
        'original:',
        '  let count = 0;',
        'updated:',
        '  let total = 0;',
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
    expect(stops).toContain('<|file_sep|>');
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

describe('zeta', () => {
  const format = FORMATS.zeta;
  it('marks the editable region and the cursor in the fenced excerpt, the edits as diffs oldest first', () => {
    const { prompt, stops } = format.build(INPUT) as { prompt: string; stops: string[] };
    const edits = prompt.slice(prompt.indexOf('### User Edits:'), prompt.indexOf('### User Excerpt:'));
    expect(edits).toBe('### User Edits:\n\nUser edited src/other.ts:\n```diff\n@@ -3,1 +3,1 @@\n-a\n+b\n```\n\nUser edited src/stats.ts:\n```diff\n@@ -2,1 +2,1 @@\n-  let count = 0;\n+  let total = 0;\n```\n\n');
    expect(prompt.slice(prompt.indexOf('### User Excerpt:'))).toBe(
      [
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
    expect(prompt.startsWith('### Instruction:\n')).toBe(true);
    expect(stops).toContain('<|editable_region_end|>');
  });
  it('has no start-of-file marker when the excerpt starts further down', () => {
    const { prompt } = format.build({ ...INPUT, first: 1, lines: INPUT.lines.slice(1) }) as { prompt: string };
    expect(prompt).not.toContain('<|start_of_file|>');
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

describe('instinct', () => {
  const format = FORMATS.instinct;
  it("uses Qwen's chat template, the edits most recent first, the excerpt under its quoted path", () => {
    const { prompt, stops } = format.build(INPUT) as { prompt: string; stops: string[] };
    expect(prompt.startsWith('<|im_start|>system\n')).toBe(true);
    expect(prompt.endsWith('<|im_end|>\n<|im_start|>assistant\n')).toBe(true);
    const user = prompt.slice(prompt.indexOf('<|im_start|>user\n') + '<|im_start|>user\n'.length, prompt.lastIndexOf('<|im_end|>'));
    expect(user.slice(user.indexOf('### Context:'))).toBe(
      [
        '### Context:',
        '',
        '',
        '',
        '',
        '### User Edits:',
        '',
        'User edited file "src/stats.ts"',
        '',
        '```diff',
        '@@ -2,1 +2,1 @@',
        '-  let count = 0;',
        '+  let total = 0;',
        '```',
        '',
        'User edited file "src/other.ts"',
        '',
        '```diff',
        '@@ -3,1 +3,1 @@',
        '-a',
        '+b',
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
    expect(stops).toContain('<|im_end|>');
  });
  it('reads the region as answered, or between markers the model repeated', () => {
    expect(format.read(`${RENAMED.join('\n')}\n<|im_end|>`, INPUT)).toEqual(RENAMED);
    expect(format.read(`<|editable_region_start|>\n${RENAMED.join('\n')}\n<|editable_region_end|>\n}`, INPUT)).toEqual(RENAMED);
  });
});

describe('instruct', () => {
  const format = FORMATS.instruct;
  it('asks a chat model for the lines between the markers, the edits as a diff oldest first', () => {
    const request = format.build(INPUT);
    expect(request.kind).toBe('chat');
    const user = (request as { messages: Array<{ content: string }> }).messages[1].content;
    expect(user.indexOf('--- src/other.ts')).toBeLessThan(user.indexOf('--- src/stats.ts'));
    expect(user).toContain('<|editable_region_start|>\n  let total<|user_cursor_is_here|> = 0;\n');
    expect(user).toContain('```typescript\nfunction sum(xs) {\n');
  });
  it('reads the fenced lines, markers the model kept left out; chatter without a fence is no reply', () => {
    expect(format.read(`Here:\n\`\`\`ts\n<|editable_region_start|>\n${RENAMED.join('\n')}\n<|editable_region_end|>\n\`\`\`\nDone.`, INPUT)).toEqual(RENAMED);
    expect(format.read('I would rename count to total.', INPUT)).toBeNull();
  });
});
