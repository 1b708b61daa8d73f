import { describe, expect, it } from 'vitest';
import { buildReplacementPrompt } from './replacement.js';

const doc = Array.from({ length: 200 }, (_, i) => `line ${i}`);

function prompt(overrides: Partial<Parameters<typeof buildReplacementPrompt>[0]> = {}) {
  return buildReplacementPrompt({
    fileName: 'src/app.ts',
    languageId: 'typescript',
    lines: doc,
    start: 100,
    end: 103,
    code: 'line 100\nline 101\nline 102\n',
    instruction: 'rename line to row',
    ...overrides,
  }).messages;
}

describe('the replacement prompt', () => {
  it('is a system message demanding a bare complete replacement, then one user message', () => {
    const messages = prompt();
    expect(messages.map((m) => m.role)).toEqual(['system', 'user']);
    const system = messages[0].content;
    expect(system).toMatch(/editor/);
    expect(system).toMatch(/complete replacement/);
    for (const banned of ['no diff', 'no fragment', 'no Markdown fences', 'no commentary']) expect(system).toContain(banned);
    expect(system).toMatch(/Keep everything the instruction does not mention/);
    expect(JSON.stringify(messages)).not.toMatch(/temperature/i);
  });

  it('carries file name, 40 lines each side marked as context, the code, then the instruction, in that order', () => {
    const user = prompt()[1].content;
    const order = ['File: src/app.ts', 'line 60\n', 'line 99\n', 'line 103\n', 'line 142\n', 'Code to edit:', 'Instruction: rename line to row'];
    const positions = order.map((s) => user.indexOf(s));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(user).not.toContain('line 59\n');
    expect(user).not.toContain('line 143\n');
    expect(user.match(/for context only, do not include it in your reply/g)).toHaveLength(2);
  });

  it('sends the given code, not the document lines, as the code to edit', () => {
    const user = prompt({ code: 'proposed side\n' })[1].content;
    const edit = user.slice(user.indexOf('Code to edit:'));
    expect(edit).toContain('proposed side');
    expect(edit).not.toContain('line 100');
  });

  it('omits a context section when there is nothing on that side', () => {
    const user = prompt({ start: 0, end: 200, code: doc.join('\n') })[1].content;
    expect(user).not.toMatch(/for context only/);
  });

  it('stops at the document edges', () => {
    const user = prompt({ start: 2, end: 198 })[1].content;
    expect(user).toContain('line 0\n');
    expect(user).toContain('line 199\n');
  });
});

