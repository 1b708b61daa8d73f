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


describe('the replacement prompt with context', () => {
  const item = (kind: 'definition' | 'rules' | 'diagnostic' | 'recentEdit', text: string, rank = 0) => ({ kind, text, rank, path: `src/${kind}.ts`, label: kind, languageId: 'typescript' });
  const input = { fileName: 'src/app.ts', languageId: 'typescript', lines: doc, start: 100, end: 103, code: 'line 100\nline 101\nline 102\n', instruction: 'fix it' };

  it('puts rules in the system message, definitions and edits before the code, diagnostics after it', () => {
    const items = [item('diagnostic', "error (ts 2304) at `x`: Cannot find name 'x'."), item('rules', 'Money is in cents.'), item('definition', 'interface Money { cents: number }'), item('recentEdit', '@@ -1,1 +1,1 @@\n-a\n+b')];
    const { messages, context } = buildReplacementPrompt(input, { items, budget: 100_000 });
    expect(messages[0].content).toMatch(/^You are editing code[\s\S]*\n\nThe project's own rules[\s\S]*From src\/rules.ts:\nMoney is in cents\.$/);
    const user = messages[1].content;
    const order = ['File: src/app.ts', 'interface Money', "The user's latest edits", 'Code above', 'Code to edit:', 'Cannot find name', 'Instruction: fix it'];
    const positions = order.map((s) => user.indexOf(s));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(context.items.map((i) => i.kind)).toEqual(['definition', 'rules', 'diagnostic', 'recentEdit']);
  });

  it('spends the budget on the code first, then the surroundings, then items in rank order', () => {
    const code = 'x'.repeat(1000) + '\n';
    // 1,200 characters: the code, then about 100 a side of surroundings, nothing left for a definition.
    const tight = buildReplacementPrompt({ ...input, start: 100, end: 101, code }, { items: [item('definition', 'd'.repeat(50))], budget: 1200 });
    expect(tight.context.items).toEqual([]);
    expect(tight.context.dropped).toHaveLength(1);
    expect(tight.messages[1].content).toContain('line 99\n');
    expect(tight.messages[1].content).not.toContain('line 80\n');
    const roomy = buildReplacementPrompt({ ...input, start: 100, end: 101, code }, { items: [item('definition', 'second', 1), item('definition', 'first', 0)], budget: 4000 });
    expect(roomy.context.items.map((i) => i.text)).toEqual(['first', 'second']);
    expect(roomy.messages[1].content.indexOf('first')).toBeLessThan(roomy.messages[1].content.indexOf('second'));
  });
});
