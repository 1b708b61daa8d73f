import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildWholeFilePrompt } from './formats/wholeFile.js';
import { block, EDIT_CONTEXT_CHARS, EDIT_CONTEXT_LINES, fitContext, planRequest } from './prompt.js';

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

describe('block', () => {
  it('fences code with a fence longer than any of its own, so a Markdown file cannot close it', () => {
    expect(block('Code:', 'ts', ['a', 'b'])).toBe('Code:\n```ts\na\nb\n```');
    expect(block('Doc:', 'markdown', ['# T', '```sh', 'x', '````'])).toBe('Doc:\n`````markdown\n# T\n```sh\nx\n````\n`````');
  });
});

describe('planRequest and the located formats', () => {
  const definition = { kind: 'definition' as const, path: 'src/policy.ts', label: 'ReturnPolicy', languageId: 'typescript', text: 'interface ReturnPolicy {}', rank: 0 };
  const rules = { kind: 'rules' as const, path: 'AGENTS.md', label: 'AGENTS.md', languageId: 'markdown', text: 'Money is in cents.', rank: 0 };

  it('places rules after the system prompt, definitions after the header, and budgets after the code', () => {
    const planned = planRequest('SYSTEM', { header: 'HEADER', body: ['BODY'], instruction: 'Instruction: x' }, { items: [rules, definition], budget: 1000 }, 900);
    expect(planned.messages[0].content).toBe("SYSTEM\n\nThe project's own rules for code follow (nearest first); follow them unless the instruction says otherwise.\n\nFrom AGENTS.md:\nMoney is in cents.");
    expect(planned.messages[1].content.startsWith('HEADER\n\nDefinitions of names the code uses')).toBe(true);
    expect(planned.messages[1].content.endsWith('BODY\n\nInstruction: x')).toBe(true);
    // 100 characters left after the code: both fit; with 10 left, neither does.
    expect(planned.context.items).toHaveLength(2);
    expect(planRequest('S', { body: [], instruction: 'i' }, { items: [rules, definition], budget: 1000 }, 990).context.items).toEqual([]);
  });

  it('gives a whole-file prompt the definitions before the file, the whole file counting as its code', () => {
    const lines = ['import { returnPolicy } from "./policy";', 'returnPolicy;'];
    const planned = buildWholeFilePrompt({ fileName: 'a.ts', languageId: 'typescript', lines, start: 1, end: 2, instruction: 'go', scope: 'selection' }, { items: [definition], budget: 100_000 });
    const user = planned.messages[1].content;
    expect(user.indexOf('interface ReturnPolicy {}')).toBeLessThan(user.indexOf('File: a.ts'));
    expect(planned.context.base).toBe(lines.join('\n').length + 1);
  });
});
