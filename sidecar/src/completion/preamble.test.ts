import { describe, expect, it } from 'vitest';
import type { ContextItem } from '../context/types.js';
import { buildFimPrompt, commentLine } from './preamble.js';
import { FAMILIES, resolveTemplate } from './templates.js';

const definition: ContextItem = { kind: 'definition', path: 'src/policy.ts', label: 'ReturnPolicy', languageId: 'typescript', text: 'export interface ReturnPolicy {\n  check(): void;\n}', rank: 0 };
const similar: ContextItem = { kind: 'similar', path: 'src/other.ts', label: 'src/other.ts:1', languageId: 'typescript', text: 'policy.check();', rank: 0 };
const edit: ContextItem = { kind: 'recentEdit', path: 'src/a.ts', label: 'src/a.ts:3', languageId: 'diff', text: '@@ -3,1 +3,1 @@\n-a\n+b', rank: 0 };
const context = { items: [edit, similar, definition], path: 'src/main.ts', languageId: 'typescript' };

describe('buildFimPrompt', () => {
  it('is the bare template without items', () => {
    for (const template of Object.values(FAMILIES)) expect(buildFimPrompt(template, 'pre', 'suf', { ...context, items: [] })).toBe(template.build('pre', 'suf'));
  });

  it('qwen: a file_sep section per item, then the current file path, recent edits commented above the prefix', () => {
    expect(buildFimPrompt(FAMILIES.qwen, 'const x = ', ';\n', context)).toBe(
      '<|file_sep|>src/policy.ts\nexport interface ReturnPolicy {\n  check(): void;\n}\n' +
        '<|file_sep|>src/other.ts\npolicy.check();\n' +
        '<|file_sep|>src/main.ts\n<|fim_prefix|>// Recent edits:\n// src/a.ts\n// @@ -3,1 +3,1 @@\n// -a\n// +b\nconst x = <|fim_suffix|>;\n<|fim_middle|>',
    );
  });

  it('starcoder: file_sep sections, then the current path as the first line after fim_prefix', () => {
    expect(buildFimPrompt(FAMILIES.starcoder, 'x', 'y', { ...context, items: [definition] })).toBe(
      '<file_sep>src/policy.ts\nexport interface ReturnPolicy {\n  check(): void;\n}<file_sep><fim_prefix>src/main.ts\nx<fim_suffix>y<fim_middle>',
    );
  });

  it('other families and custom templates: path comments with every line commented, in the prefix', () => {
    const expected = '// Path: src/policy.ts\n// export interface ReturnPolicy {\n//   check(): void;\n// }\n// Path: src/main.ts\nx';
    expect(buildFimPrompt(FAMILIES.codellama, 'x', 'y', { ...context, items: [definition] })).toBe(`<PRE> ${expected} <SUF>y <MID>`);
    expect(buildFimPrompt(FAMILIES.codestral, 'x', 'y', { ...context, items: [definition] })).toBe(`[SUFFIX]y[PREFIX]${expected}`);
    const custom = resolveTemplate('<A>{prefix}<B>{suffix}<C>', 'm');
    expect(buildFimPrompt(custom as typeof FAMILIES.qwen, 'x', 'y', { ...context, items: [definition] })).toBe(`<A>${expected}<B>y<C>`);
  });

  it('comments in the current file’s language', () => {
    const py = buildFimPrompt(FAMILIES.deepseek, 'x', 'y', { items: [{ ...definition, languageId: 'python', text: 'def f(): ...' }], path: 'a.py', languageId: 'python' });
    expect(py).toContain('# Path: src/policy.ts\n# def f(): ...\n# Path: a.py\nx');
    expect(commentLine('html', 'a')).toBe('<!-- a -->');
    expect(commentLine('sql', '')).toBe('--');
  });
});
