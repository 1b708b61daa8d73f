import { describe, expect, it } from 'vitest';
import { parseText } from '../../scope/parse.js';
import { placeSnippet, type SnippetBounds } from './place.js';

/** The file after applying the snippet, or what the placement said instead. */
async function applied(languageId: string, file: string, snippet: string, bounds?: SnippetBounds): Promise<string> {
  const lines = file.split('\n');
  const p = await placeSnippet({ languageId, fileLines: lines, snippet, ...(bounds ? { bounds } : {}) }, parseText);
  if (p.kind === 'new') return '<new>';
  if (p.kind === 'unplaced') return `<refused: ${p.reason}>`;
  return [...lines.slice(0, p.start), ...p.lines, ...lines.slice(p.end)].join('\n');
}

const shop = `import { Item } from "./item";

export class Shop {
  private items: Item[] = [];

  add(item: Item): void {
    this.items.push(item);
  }

  total(): number {
    let sum = 0;
    for (const i of this.items) sum += i.price;
    return sum;
  }

  clear(): void {
    this.items = [];
  }
}

export function open(): Shop {
  return new Shop();
}
`;

describe('placeSnippet by structure (TypeScript)', () => {
  it('replaces a function shown whole, without markers, and nothing else', async () => {
    expect(await applied('typescript', shop, 'export function open(): Shop {\n  const shop = new Shop();\n  return shop;\n}')).toBe(
      shop.replace('  return new Shop();', '  const shop = new Shop();\n  return shop;'),
    );
  });

  it('replaces a method shown without its class, keeping its neighbours', async () => {
    expect(await applied('typescript', shop, '  total(): number {\n    return this.items.reduce((s, i) => s + i.price, 0);\n  }')).toBe(
      shop.replace('    let sum = 0;\n    for (const i of this.items) sum += i.price;\n    return sum;', '    return this.items.reduce((s, i) => s + i.price, 0);'),
    );
  });

  it('puts a new method where its neighbours in the snippet put it, and keeps the bodies a marker stands for', async () => {
    const snippet = `  add(item: Item): void {
    // ...
  }

  count(): number {
    return this.items.length;
  }

  total(): number {
    // ...
  }`;
    expect(await applied('typescript', shop, snippet)).toBe(shop.replace('  total(): number {', '  count(): number {\n    return this.items.length;\n  }\n\n  total(): number {'));
  });

  it('moves a method the snippet shows elsewhere instead of copying it', async () => {
    const snippet = `export class Shop {
  private items: Item[] = [];

  clear(): void {
    this.items = [];
  }

  // ... the rest as it is ...
}`;
    const moved = shop.replace('  clear(): void {\n    this.items = [];\n  }\n', '').replace('  private items: Item[] = [];\n', '  private items: Item[] = [];\n\n  clear(): void {\n    this.items = [];\n  }\n').replace('    return sum;\n  }\n\n}', '    return sum;\n  }\n}');
    expect(await applied('typescript', shop, snippet)).toBe(moved);
  });

  it('merges imports as a set: a new one after its neighbour in the snippet, more names into an existing one, none removed', async () => {
    const file = 'import { a } from "./a";\nimport { b } from "./b";\n\nexport const x = a + b;\n';
    const snippet = 'import { a, c } from "./a";\nimport { log } from "./log";\n\n// ...';
    expect(await applied('typescript', file, snippet)).toBe('import { a, c } from "./a";\nimport { log } from "./log";\nimport { b } from "./b";\n\nexport const x = a + b;\n');
    expect(await applied('typescript', file, 'import { c } from "./a";\n\n// ...')).toBe(file.replace('{ a }', '{ c, a }'));
  });

  it('keeps what a whole-file rewrite does not show, and adds what it declares new before its neighbour', async () => {
    const snippet = 'const LIMIT = 10;\n\nexport function open(): Shop {\n  return new Shop().limit(LIMIT);\n}';
    expect(await applied('typescript', shop, snippet)).toBe(shop.replace('export function open(): Shop {\n  return new Shop();', 'const LIMIT = 10;\n\nexport function open(): Shop {\n  return new Shop().limit(LIMIT);'));
  });

  it('reads a declaration shown under a new name, its body mostly the same, as a rename where the snippet elides nothing', async () => {
    const snippet = 'export class Shop {\n  private items: Item[] = [];\n\n  add(item: Item): void {\n    this.items.push(item);\n  }\n\n  sum(): number {\n    let sum = 0;\n    for (const i of this.items) sum += i.price;\n    return sum;\n  }\n\n  clear(): void {\n    this.items = [];\n  }\n}';
    expect(await applied('typescript', shop, snippet)).toBe(shop.replace('  total(): number {', '  sum(): number {'));
  });

  it('puts a new import shown beside no other import after the file\'s imports', async () => {
    const file = 'package p;\n\nimport a.B;\n\nclass C {\n    void f() {\n    }\n}\n';
    const snippet = 'import a.D;\n\n// ...\n\n    void f() {\n        new D();\n    }';
    expect(await applied('java', file, snippet)).toBe('package p;\n\nimport a.B;\nimport a.D;\n\nclass C {\n    void f() {\n        new D();\n    }\n}\n');
  });

  it('keeps the items an elision names, wherever the other items moved', async () => {
    const file = 'const a = 1;\n\nfunction format() {}\n\nconst b = 2;\n\nfunction g() {}\n';
    const snippet = 'const b = 2;\n\n// ... format unchanged ...\n\nfunction g() {\n  return 1;\n}';
    expect(await applied('typescript', file, snippet)).toBe('const a = 1;\n\nconst b = 2;\n\nfunction format() {}\n\nfunction g() {\n  return 1;\n}\n');
  });
});

describe('placeSnippet with what chat answers get wrong', () => {
  it('keeps the rest of a declaration the snippet breaks off before its end', async () => {
    const cut = '  total(): number {\n    let sum = 0;\n    for (const i of this.items) sum += i.price * i.qty;';
    expect(await applied('typescript', shop, cut)).toBe(shop.replace('sum += i.price;', 'sum += i.price * i.qty;'));
  });

  it('keeps the members a class shown in part does not mention, and puts a new one after the member it follows in the block', async () => {
    const snippet = 'export class Shop {\n  add(item: Item): void {\n    this.items.push(item);\n  }\n\n  count(): number {\n    return this.items.length;\n  }\n}';
    expect(await applied('typescript', shop, snippet)).toBe(shop.replace('  total(): number {', '  count(): number {\n    return this.items.length;\n  }\n\n  total(): number {'));
  });

  it('removes a member the answer says it removed', async () => {
    const answer = 'Counting is simpler now:\n\n```ts\nexport class Shop {\n  total(): number {\n    return this.items.length;\n  }\n}\n```\n\nI also removed `clear`, which nothing calls.';
    expect(await applied('typescript', shop, answer)).toBe(shop.replace('let sum = 0;\n    for (const i of this.items) sum += i.price;\n    return sum;', 'return this.items.length;').replace('\n  clear(): void {\n    this.items = [];\n  }\n', ''));
  });

  it('replaces the file with a whole-file answer in another order, and the import section with one that merged imports', async () => {
    const whole = 'import { Item } from "./item";\n\nexport function open(): Shop {\n  return new Shop();\n}\n\nexport class Shop {\n  private items: Item[] = [];\n  add(item: Item): void {\n    this.items.push(item);\n  }\n  total(): number {\n    return 0;\n  }\n  clear(): void {\n    this.items = [];\n  }\n}';
    expect(await applied('typescript', shop, whole)).toBe(`${whole}\n`);
    const file = 'import { a } from "./x";\nimport { b } from "./x";\nimport c from "c";\n\nexport const v = a + b + c;\n';
    expect(await applied('typescript', file, 'import c from "c";\nimport { a, b } from "./x";\n\n// ...')).toBe('import c from "c";\nimport { a, b } from "./x";\n\nexport const v = a + b + c;\n');
  });

  it('tells an implementation from the overload signatures above it', async () => {
    const file = 'export function f(a: string): string;\nexport function f(a: number): number;\nexport function f(a: any): any {\n  return a;\n}\n';
    expect(await applied('typescript', file, 'export function f(a: any): any {\n  return a ?? null;\n}')).toBe(file.replace('return a;', 'return a ?? null;'));
  });
});

describe('placeSnippet refuses rather than guessing', () => {
  it('refuses a method two classes have when the snippet names neither, saying where and what helps', async () => {
    const file = 'class A {\n  run() {\n    return 1;\n  }\n}\n\nclass B {\n  run() {\n    return 2;\n  }\n}\n';
    expect(await applied('typescript', file, 'run() {\n  return 3;\n}')).toBe('<refused: `run` fits 2 places equally well (in `A`, lines 2–4; in `B`, lines 8–10); select the one to replace and apply it again>');
  });

  it('refuses a new declaration that holds a placeholder: it stands for code the file does not have', async () => {
    const snippet = 'export class Shop {\n  // ...\n\n  reset(): void {\n    // ... reset the state here ...\n  }\n}';
    expect(await applied('typescript', shop, snippet)).toBe('<refused: `reset` is new, and the placeholder in it ("// ... reset the state here ...") stands for code the file does not have; write that code out in the block, or delete the placeholder, and apply it again>');
  });

  it('tells overloads apart by their parameters', async () => {
    const file = 'class L {\n    void log(String m) {\n        out(m);\n    }\n\n    void log(String m, Throwable t) {\n        out(m);\n    }\n}\n';
    expect(await applied('java', file, '    void log(String message, Throwable error) {\n        out(message + error);\n    }')).toBe(file.replace('void log(String m, Throwable t) {\n        out(m);', 'void log(String message, Throwable error) {\n        out(message + error);'));
  });
});

describe('placeSnippet in other languages', () => {
  it('Python: a method into the one class that has it, its decorator kept; a new function after a marker', async () => {
    const file = '@dataclass\nclass A:\n    x: int = 0\n\n    def f(self):\n        return 1\n\n\ndef g():\n    pass\n';
    expect(await applied('python', file, 'class A:\n    # ...\n\n    def f(self):\n        return 2\n')).toBe(file.replace('return 1', 'return 2'));
    expect(await applied('python', file, '# ... existing code ...\n\ndef h():\n    return 3\n')).toBe(`${file}\n\ndef h():\n    return 3\n`);
  });

  it('Go: an import into the import block, a method by its receiver', async () => {
    const file = 'package p\n\nimport (\n\t"fmt"\n\t"os"\n)\n\nfunc (s *S) Run() {\n\tfmt.Println(os.Args)\n}\n';
    const snippet = 'import (\n\t"fmt"\n\t"log"\n\t"os"\n)\n\n// ...\n\nfunc (s *S) Run() {\n\tlog.Println(os.Args)\n}';
    expect(await applied('go', file, snippet)).toBe(file.replace('\t"fmt"\n', '\t"fmt"\n\t"log"\n').replace('fmt.Println', 'log.Println'));
  });

  it('tests by their names: a test added to a group shown without markers, a group rewritten whole, tests wrapped in a new group', async () => {
    const spec = 'describe("sum", () => {\n  it("adds", () => {\n    expect(sum(1, 2)).toBe(3);\n  });\n\n  it("adds none", () => {\n    expect(sum()).toBe(0);\n  });\n});\n';
    const added = 'describe("sum", () => {\n  it("adds floats", () => {\n    expect(sum(0.5, 0.25)).toBeCloseTo(0.75);\n  });\n});';
    expect(await applied('typescript', spec, added)).toBe(spec.replace('});\n});', '});\n\n  it("adds floats", () => {\n    expect(sum(0.5, 0.25)).toBeCloseTo(0.75);\n  });\n});'));
    const table = 'describe("sum", () => {\n  it.each([[[1, 2], 3], [[2, 2], 4]])("adds %j", (args, total) => {\n    expect(sum(...args)).toBe(total);\n  });\n\n  it("adds none", () => {\n    expect(sum()).toBe(0);\n  });\n});';
    expect(await applied('typescript', spec, table)).toBe(`${table}\n`);
    const grouped = 'describe("sum", () => {\n  describe("numbers", () => {\n    it("adds", () => {\n      expect(sum(1, 2)).toBe(3);\n    });\n  });\n\n  // ...\n});';
    expect(await applied('typescript', spec, grouped)).toBe('describe("sum", () => {\n  describe("numbers", () => {\n    it("adds", () => {\n      expect(sum(1, 2)).toBe(3);\n    });\n  });\n\n  it("adds none", () => {\n    expect(sum()).toBe(0);\n  });\n});\n');
  });

  it('Go: a subtest shown alone replaces the one of that name, its test function kept', async () => {
    const file = 'package p\n\nfunc TestSum(t *testing.T) {\n\tt.Run("two", func(t *testing.T) {\n\t\tif Sum(1, 2) != 3 {\n\t\t\tt.Fatal("sum")\n\t\t}\n\t})\n\n\tt.Run("none", func(t *testing.T) {\n\t\tif Sum() != 0 {\n\t\t\tt.Fatal("none")\n\t\t}\n\t})\n}\n';
    const block = '\tt.Run("none", func(t *testing.T) {\n\t\tif got := Sum(); got != 0 {\n\t\t\tt.Fatalf("Sum() = %d", got)\n\t\t}\n\t})';
    expect(await applied('go', file, block)).toBe(file.replace('\t\tif Sum() != 0 {\n\t\t\tt.Fatal("none")', '\t\tif got := Sum(); got != 0 {\n\t\t\tt.Fatalf("Sum() = %d", got)'));
  });

  it('Markdown: a section shown under another section moves there; a heading shown alone keeps its text, retitled', async () => {
    const readme = '# t\n\n## Usage\n\n## Options\n\nText.\n\n### Parse\n\nParses.\n\n## LICENSE\n\nMIT\n';
    expect(await applied('markdown', readme, '## Usage\n\n### Parse\n\n<!-- ... -->\n\n## Options\n\n<!-- ... -->\n\n## License')).toBe('# t\n\n## Usage\n\n### Parse\n\nParses.\n\n## Options\n\nText.\n\n## License\n\nMIT\n');
  });

  it('Markdown: a section replaced by its heading; a heading shown empty at the end stands for itself', async () => {
    const file = '# T\n\n## A\n\nold a\n\n## B\n\nkeep b\n';
    expect(await applied('markdown', file, '## A\n\nnew a\n\n## B\n')).toBe('# T\n\n## A\n\nnew a\n\n## B\n\nkeep b\n');
  });

  it("Markdown: a section's own code block is content, a fence that says markdown wraps it", async () => {
    const file = '# T\n\n## Run\n\nrun it\n';
    const section = '## Run\n\n```bash\nrun --fast\n```\n';
    const expected = '# T\n\n## Run\n\n```bash\nrun --fast\n```\n';
    expect(await applied('markdown', file, section)).toBe(expected);
    expect(await applied('markdown', file, `Try this:\n\n\`\`\`markdown\n${section}\`\`\`\n`)).toBe(expected);
  });

  it('takes the block out of a whole chat answer', async () => {
    const answer = 'Here is the fix:\n\n```ts\nexport function open(): Shop {\n  return new Shop(1);\n}\n```\n\nThat is all.';
    expect(await applied('typescript', shop, answer)).toBe(shop.replace('new Shop()', 'new Shop(1)'));
  });
});

describe('placeSnippet by lines', () => {
  it('places statements that declare nothing by their lines, a rewritten stretch found once included', async () => {
    const file = 'function f(s) {\n  const a = s.slice(0, 1);\n  const b = s.slice(1);\n  return [a, b];\n}\n';
    expect(await applied('typescript', file, '  const a = s.slice(0, 1).trim();\n  const b = s.slice(1).trim();\n  return [a, b];')).toBe(file.replace('s.slice(0, 1);', 's.slice(0, 1).trim();').replace('s.slice(1);', 's.slice(1).trim();'));
  });

  it('replaces a block rewritten whole under a header found once, in a language read by lines', async () => {
    const css = '.card {\n  padding: 4px;\n  color: red;\n}\n\n.title {\n  font-weight: bold;\n}\n';
    expect(await applied('css', css, '.card {\n  padding: 8px 12px;\n  border-radius: 6px;\n}')).toBe('.card {\n  padding: 8px 12px;\n  border-radius: 6px;\n}\n\n.title {\n  font-weight: bold;\n}\n');
    const cs = 'class A\n{\n    public int Sum(int[] xs)\n    {\n        var s = 0;\n        foreach (var x in xs) s += x;\n        return s;\n    }\n}\n';
    expect(await applied('csharp', cs, '    /// <summary>The sum.</summary>\n    public int Sum(int[] xs)\n    {\n        return xs.Sum();\n    }')).toBe(
      'class A\n{\n    /// <summary>The sum.</summary>\n    public int Sum(int[] xs)\n    {\n        return xs.Sum();\n    }\n}\n',
    );
  });

  it('places a language without a grammar by its lines', async () => {
    expect(await applied('yaml', 'a:\n  b: 1\nc: 2\n', 'a:\n  b: 3\n# ... rest unchanged')).toBe('a:\n  b: 3\nc: 2\n');
  });

  it('replaces a selection with a block that elides nothing, and calls code found nowhere new', async () => {
    expect(await applied('typescript', shop, 'x();', { start: 1, end: 2 })).toBe('<new>');
    expect(await applied('typescript', shop, 'export function other(): number {\n  return 1;\n}')).toBe('<new>');
  });
});
