import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildEditPrompt, EDIT_CONTEXT_CHARS, EDIT_CONTEXT_LINES, fitContext } from './prompt.js';

const doc = Array.from({ length: 200 }, (_, i) => `line ${i}`);

function prompt(overrides: Partial<Parameters<typeof buildEditPrompt>[0]> = {}) {
  return buildEditPrompt({
    fileName: 'src/app.ts',
    languageId: 'typescript',
    lines: doc,
    start: 100,
    end: 103,
    code: 'line 100\nline 101\nline 102\n',
    instruction: 'rename line to row',
    ...overrides,
  });
}

describe('buildEditPrompt', () => {
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

describe('fitContext', () => {
  it('drops whole lines farthest from the selection until the side fits', () => {
    const long = Array.from({ length: EDIT_CONTEXT_LINES }, (_, i) => `${i}`.padEnd(299, 'x'));
    const above = fitContext(long, 'above');
    const below = fitContext(long, 'below');
    expect(above.length).toBe(20);
    expect(above.at(-1)).toBe(long.at(-1));
    expect(below[0]).toBe(long[0]);
    expect(below.length).toBe(20);
  });

  it('never cuts a line and never exceeds the cap (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 900 }), { maxLength: EDIT_CONTEXT_LINES }), fc.constantFrom('above' as const, 'below' as const), (lines, side) => {
        const kept = fitContext(lines, side);
        expect(kept.join('\n').length).toBeLessThanOrEqual(EDIT_CONTEXT_CHARS);
        const expected = side === 'above' ? lines.slice(lines.length - kept.length) : lines.slice(0, kept.length);
        expect(kept).toEqual(expected);
        const next = side === 'above' ? lines[lines.length - kept.length - 1] : lines[kept.length];
        if (next !== undefined) expect(kept.join('\n').length + next.length + (kept.length > 0 ? 1 : 0)).toBeGreaterThan(EDIT_CONTEXT_CHARS);
      }),
    );
  });

  it('drops a single nearest line that alone is over the cap', () => {
    expect(fitContext(['a', 'y'.repeat(EDIT_CONTEXT_CHARS + 1)], 'above')).toEqual([]);
  });
});
