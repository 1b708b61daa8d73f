import { describe, expect, it } from 'vitest';
import { declarations, judge } from './oracle.js';

const original = `import { a } from "./a";

export class Box {
  open(): void {
    this.state = "open";
  }

  close(): void {
    this.state = "closed";
  }
}
`;

describe('the snippet oracle', () => {
  it('calls the expected file, and a refusal where one is due, exact; a refusal where a file was due, refused', () => {
    expect(judge(original, original.replace('"open"', '"opened"'), original.replace('"open"', '"opened"') + '\n').outcome).toBe('exact');
    expect(judge(original, null, null).outcome).toBe('exact');
    expect(judge(original, original, null).outcome).toBe('refused');
  });

  it('finds code the expected file keeps and the result lost', () => {
    const expected = original.replace('"open"', '"opened"');
    const lost = expected.replace('  close(): void {\n    this.state = "closed";\n  }\n', '');
    expect(judge(original, expected, lost)).toEqual({ outcome: 'deleted-elided', details: ['line lost: close(): void {', 'line lost: this.state = "closed";', 'declaration lost: method close(0)'] });
  });

  it('finds a moved method kept at both places, an import kept beside its new form, and a rewrite beside its old self', () => {
    const moved = original.replace('export class Box {\n', 'export class Box {\n  close(): void {\n    this.state = "closed";\n  }\n\n');
    expect(judge(original, original, moved)).toMatchObject({ outcome: 'duplicated', details: expect.arrayContaining(['declaration 2 times: method close(0)']) });
    const expected = original.replace('import { a } from "./a";', 'import { a, b } from "./a";');
    expect(judge(original, expected, `import { a, b } from "./a";\n${original}`)).toMatchObject({ outcome: 'duplicated', details: ['declaration 2 times: import a'] });
    const rewritten = original.replace('"open"', '"opened"');
    expect(judge(original, rewritten, rewritten.replace('export class Box {\n', 'export class Box {\n  open(): void {\n    this.state = "opened";\n  }\n'))).toMatchObject({ outcome: 'duplicated' });
  });

  it('finds a placeholder written into the file, in the styles chat answers use, but not one the file already had', () => {
    const expected = original.replace('"open"', '"opened"');
    for (const marker of ['// ... existing code ...', '# (existing test methods)', '[... rest of the README unchanged ...]', '(rest of the README stays the same)', '// [the tests stay as they are]', '<!-- ... -->', '...']) {
      const written = expected.replace('  close(): void {', `  ${marker}\n  close(): void {`);
      expect(judge(original, expected, written), marker).toEqual({ outcome: 'placeholder', details: [`placeholder written: ${marker}`] });
    }
    const had = original.replace('  close', '  // ... existing code ...\n  close');
    expect(judge(had, had, had).outcome).toBe('exact');
    expect(judge(original, expected, expected.replace('"opened"', '"opened"; // the rest of the state machine')).outcome).toBe('other');
  });

  it('calls anything else other, and a guess where a refusal was due other', () => {
    expect(judge(original, original, original.replace('  close', '    close')).outcome).toBe('other');
    expect(judge(original, null, original.replace('"open"', '"x"'))).toEqual({ outcome: 'other', details: ['placed where a refusal was expected'] });
  });

  it('reads declarations across languages without a parser', () => {
    const keys = (text: string) => [...declarations(text).keys()];
    expect(keys('from typing import Iterable, Optional\nimport os\n\nclass A:\n    def f(self):\n        pass\n')).toEqual(['import Iterable', 'import Optional', 'import os', 'class A', 'def f']);
    expect(keys('import (\n\t"fmt"\n\t"net/http"\n)\n\nfunc (c *Cache) Get(key string) string {\n')).toEqual(['import fmt', 'import net/http', 'func Cache.Get']);
    expect(keys('use std::collections::{HashMap, HashSet};\nimpl fmt::Display for Feet {\n    fn fmt(&self) {}\n')).toEqual(['import HashMap', 'import HashSet', 'impl fmt::Display for Feet', 'fn fmt']);
    expect(keys('import java.util.List;\npublic class R {\n    public Optional<Order> findById(String id) {\n        if (x) {\n')).toEqual(['import List', 'class R', 'method findById(1)']);
    expect(keys('# Title\n\n```bash\n# not a heading\n```\n## Usage\n')).toEqual(['heading # Title', 'heading ## Usage']);
    expect(keys('suspend fun add(title: String) {\nfun String.shout(): String =\n')).toEqual(['fun add', 'fun shout']);
  });
});
