import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeProject } from './definitions/projectFixture.js';
import { capRules, cursorRuleApplies, parseCursorRule, projectRules, RULES_FILE_MAX_CHARS } from './rules.js';
import { ProjectIndex, openDocumentsOf } from './sourceIndex.js';
import { WorkspaceFiles } from './workspace.js';

async function rulesFor(files: Record<string, string>, file: string) {
  const root = writeProject(files);
  const items = await projectRules(join(root, file), new ProjectIndex(new WorkspaceFiles([root]), openDocumentsOf(() => [])));
  return items.map((i) => [i.path, i.text]);
}

describe('projectRules', () => {
  it('takes every kind of rules file, nearest directory first, in a fixed order within a directory', async () => {
    const rules = await rulesFor(
      {
        'AGENTS.md': 'Root agents rules.\n',
        '.github/copilot-instructions.md': 'Copilot instructions.\n',
        '.cursorrules': 'Old cursor rules.\n',
        '.cursor/rules/ts.mdc': '---\ndescription: TypeScript\nglobs: *.ts\nalwaysApply: false\n---\nUse strict types.\n',
        '.cursor/rules/py.mdc': '---\nglobs: *.py\n---\nPython only.\n',
        '.cursor/rules/always.mdc': '---\nalwaysApply: true\n---\nAlways.\n',
        '.cursor/rules/manual.mdc': '---\ndescription: ask for it\n---\nOnly on request.\n',
        'packages/shop/.redline/rules.md': 'Shop rules: money is in cents.\n',
        'packages/shop/AGENTS.md': 'Shop agents.\n',
        'packages/shop/src/cart.ts': 'export {}\n',
      },
      'packages/shop/src/cart.ts',
    );
    expect(rules).toEqual([
      ['packages/shop/.redline/rules.md', 'Shop rules: money is in cents.'],
      ['packages/shop/AGENTS.md', 'Shop agents.'],
      ['AGENTS.md', 'Root agents rules.'],
      ['.cursor/rules/always.mdc', 'Always.'],
      ['.cursor/rules/ts.mdc', 'Use strict types.'],
      ['.cursorrules', 'Old cursor rules.'],
      ['.github/copilot-instructions.md', 'Copilot instructions.'],
    ]);
  });

  it('finds nothing outside a workspace folder', async () => {
    const root = writeProject({ 'AGENTS.md': 'x' });
    const index = new ProjectIndex(new WorkspaceFiles([join(root, 'sub')]), openDocumentsOf(() => []));
    expect(await projectRules(join(root, 'a.ts'), index)).toEqual([]);
  });
});

describe('Cursor rules', () => {
  it('reads unquoted, quoted, listed and bracketed globs', () => {
    expect(parseCursorRule('---\nglobs: *.ts, src/**/*.tsx\n---\nx').globs).toEqual(['*.ts', 'src/**/*.tsx']);
    expect(parseCursorRule('---\nglobs:\n  - "*.py"\n  - tests/**\n---\nx').globs).toEqual(['*.py', 'tests/**']);
    expect(parseCursorRule('---\nglobs: ["a/*.go", \'b.go\']\n---\nx').globs).toEqual(['a/*.go', 'b.go']);
    expect(parseCursorRule('no front matter').body).toBe('no front matter');
  });

  it('applies by glob relative to the rules root, a bare file pattern at any depth', () => {
    const rule = (globs: string[]) => ({ alwaysApply: false, globs, body: '' });
    expect(cursorRuleApplies(rule(['*.ts']), 'src/deep/a.ts')).toBe(true);
    expect(cursorRuleApplies(rule(['src/*.ts']), 'src/deep/a.ts')).toBe(false);
    expect(cursorRuleApplies(rule(['src/**/*.ts']), 'src/deep/a.ts')).toBe(true);
    expect(cursorRuleApplies(rule([]), 'a.ts')).toBe(false);
  });
});

describe('capRules', () => {
  it('cuts a long file at a line and marks the cut', () => {
    const long = Array.from({ length: 400 }, (_, i) => `Rule ${i}: be nice.`).join('\n');
    const capped = capRules(long);
    expect(capped.length).toBeLessThanOrEqual(RULES_FILE_MAX_CHARS + 2);
    expect(capped.endsWith('\n…')).toBe(true);
    expect(long.startsWith(capped.slice(0, -2))).toBe(true);
  });
});
