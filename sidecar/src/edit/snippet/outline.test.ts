import { describe, expect, it } from 'vitest';
import { parseText } from '../../scope/parse.js';
import { markdownOutline, outlineFile, outlineSnippet, type Item } from './outline.js';

const lines = (text: string) => text.split('\n');
/** Each item as `key [start,head,end)`, members indented under it. */
function shape(items: readonly Item[], depth = 0): string[] {
  return items.flatMap((i) => [
    `${'  '.repeat(depth)}${i.kind === 'elision' ? '…' : i.key} [${i.start},${i.head},${i.end})${i.elides ? ' elides' : ''}${i.member ? ' member' : ''}`,
    ...(i.body ? shape(i.body.items, depth + 1) : []),
  ]);
}

describe('outlineFile', () => {
  it('reads TypeScript imports with their names, a class with its members, and comments attached to what follows them', async () => {
    const text = `import { a, b as c } from "./x";
import d, * as e from "y";

/** A box. */
export class Box {
  private size = 1;

  get area(): number {
    return this.size ** 2;
  }

  // free comment

  grow(by: number): void {
    this.size += by;
  }
}

export const EMPTY = new Box();`;
    const items = (await outlineFile('typescript', lines(text), parseText))!;
    expect(shape(items)).toEqual([
      'import ./x [0,0,1)',
      'import y [1,1,2)',
      'type Box [3,4,17)',
      '  value size [5,5,6)',
      '  value get area [7,7,10)',
      '  comment // free comment [11,11,12)',
      '  value grow [13,13,16)',
      'value EMPTY [18,18,19)',
    ]);
    expect(items[0].names).toEqual(['a', 'c']);
    expect(items[1].names).toEqual(['d', 'e']);
    expect(items[2].body).toMatchObject({ start: 5, end: 16 });
  });

  it('reads a Python class behind its decorator, a Go import block of imports and a method by its receiver, a Rust impl with its attribute', async () => {
    const py = (await outlineFile('python', lines('@dataclass\nclass A:\n    x: int = 0\n\n    def f(self):\n        return 1\n'), parseText))!;
    expect(shape(py)).toEqual(['type A [0,1,6)', '  value x [2,2,3)', '  value f [4,4,6)']);
    const go = (await outlineFile('go', lines('package p\n\nimport (\n\t"fmt"\n\tx "net/http"\n)\n\nfunc (s *Server) Get() {\n}\n'), parseText))!;
    expect(shape(go)).toEqual(['package  [0,0,1)', 'import (block) [2,2,6)', '  import fmt [3,3,4)', '  import net/http [4,4,5)', 'value Server.Get [7,7,9)']);
    expect(go[1].body?.imports).toBe(true);
    const rust = (await outlineFile('rust', lines('#[cfg(test)]\nmod tests {\n    fn t() {}\n}\n\nimpl fmt::Display for Feet {\n    fn fmt(&self) {}\n}\n'), parseText))!;
    expect(shape(rust)).toEqual(['type mod tests [0,1,4)', '  value t [2,2,3)', 'type impl fmt::Display for Feet [5,5,8)', '  value fmt [6,6,7)']);
  });

  it('has no outline for a language without a grammar', async () => {
    expect(await outlineFile('yaml', ['a: 1'], parseText)).toBeNull();
  });
});

describe('outlineSnippet', () => {
  it('reads elision markers as items, and marks a declaration with one inside', async () => {
    const text = `class Cart {
  // ... existing code ...

  total(): number {
    // ...
    return 1;
  }
}`;
    expect(shape((await outlineSnippet('typescript', lines(text), parseText))!)).toEqual(['type Cart [0,0,8)', '  … [1,1,2)', '  value total [3,3,7) elides']);
  });

  it('parses methods shown without their class as members, next to imports that parse at the top level', async () => {
    const text = `import { x } from "./x";

// ...

  remove(id: string): void {
    this.items = [];
  }

  count(): number {
    return 0;
  }`;
    expect(shape((await outlineSnippet('typescript', lines(text), parseText))!)).toEqual(['import ./x [0,0,1)', '… [2,2,3)', 'value remove [4,4,7) member', 'value count [8,8,11) member']);
  });

  it('reads a Python body that is only a marker, and a bare ellipsis as one', async () => {
    const text = `def main(argv):
    # ... unchanged ...


def load():
    ...`;
    expect(shape((await outlineSnippet('python', lines(text), parseText))!)).toEqual(['value main [0,0,2) elides', 'value load [4,4,6) elides']);
  });
});

describe('markdownOutline', () => {
  it('nests subsections, skips headings inside code fences, and keeps a trailing marker beside its section', () => {
    const text = `# Title

Intro.

## Install

\`\`\`bash
# not a heading
\`\`\`

<!-- ... -->

## Use

Run it.`;
    const items = markdownOutline(lines(text), new Set([10]));
    expect(shape(items)).toEqual(['section # title [0,0,15)', '  statement Intro. [2,2,3)', '  section ## install [4,4,9)', '  … [10,10,11)', '  section ## use [12,12,15)']);
  });

  it('gives a section the anchors and rules stacked right above its heading, not a setext underline', () => {
    const text = 'Intro.\n\n---\n<a name="push"></a>\n## Push\n\nAdds.\n\nText\n---\n## Pop\n';
    expect(shape(markdownOutline(lines(text), new Set()))).toEqual(['statement Intro. [0,0,1)', 'section ## push [2,4,10)', 'section ## pop [10,10,11)']);
  });
});

describe('test calls', () => {
  it('reads describe/it calls with a string name as declarations, groups holding their tests', async () => {
    const text = `describe("parse", () => {
  const x = 1;
  it("reads a number", () => {
    expect(1).toBe(1);
  });
  it.each(rows)("reads %s", (r) => {});
});
test.only(\`skips \${name}\`, () => {});`;
    const items = (await outlineFile('typescript', lines(text), parseText))!;
    expect(shape(items)).toEqual(['value describe parse [0,0,7)', '  value x [1,1,2)', '  value test reads a number [2,2,5)', '  value test reads %s [5,5,6)', 'value test skips ${name} [7,7,8)']);
  });

  it("reads Go subtests by name, and a test function that runs them as holding them", async () => {
    const text = 'package p\n\nfunc TestA(t *testing.T) {\n\tx := 1\n\tt.Run("one", func(t *testing.T) {\n\t\tuse(x)\n\t})\n}\n\nfunc helper() {\n\tt.Run(name, nil)\n}';
    const items = (await outlineFile('go', lines(text), parseText))!;
    expect(shape(items)).toEqual(['package  [0,0,1)', 'value TestA [2,2,8)', '  statement x := 1 [3,3,4)', '  value test one [4,4,7)', 'value helper [9,9,12)']);
  });
});
