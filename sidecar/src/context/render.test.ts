import { describe, expect, it } from 'vitest';
import { diagnosticsSection, fenced, referenceSections, rulesSection } from './render.js';
import type { ContextItem } from './types.js';

const item = (kind: ContextItem['kind'], text: string, path = 'src/a.ts', label = 'x'): ContextItem => ({ kind, text, path, label, languageId: kind === 'definition' ? 'typescript' : 'text', rank: 0 });

describe('chat rendering of context', () => {
  it('puts rules in one system section, nearest first, each with its file', () => {
    expect(rulesSection([item('rules', 'Use cents.', 'pkg/AGENTS.md'), item('definition', 'x'), item('rules', 'Be nice.', 'AGENTS.md')])).toBe(
      "The project's own rules for code follow (nearest first); follow them unless the instruction says otherwise.\n\nFrom pkg/AGENTS.md:\nUse cents.\n\nFrom AGENTS.md:\nBe nice.",
    );
    expect(rulesSection([item('definition', 'x')])).toBeNull();
  });

  it('titles definitions, similar code and recent edits as reference, in that order', () => {
    const sections = referenceSections([item('recentEdit', '@@ -1,1 +1,1 @@\n-a\n+b'), item('definition', 'interface A {}', 'src/a.ts'), item('similar', 'f()', 'src/b.ts', 'src/b.ts:4')]);
    expect(sections).toEqual([
      'Definitions of names the code uses, from the project (for reference only; they are not part of your reply):\n\nsrc/a.ts:\n```typescript\ninterface A {}\n```',
      'Similar code in other open files (for reference only):\n\nsrc/b.ts:4:\n```text\nf()\n```',
      "The user's latest edits, most recent first (for context):\n```diff\n--- src/a.ts\n+++ src/a.ts\n@@ -1,1 +1,1 @@\n-a\n+b\n```",
    ]);
  });

  it('lists diagnostics one per line', () => {
    expect(diagnosticsSection([item('diagnostic', 'error: a'), item('diagnostic', 'hint: b')])).toBe('Problems the editor reports in the code to edit:\n- error: a\n- hint: b');
  });

  it('fences code with a fence longer than any inside it', () => {
    expect(fenced('md', 'a\n```js\nx\n```')).toBe('````md\na\n```js\nx\n```\n````');
  });
});
