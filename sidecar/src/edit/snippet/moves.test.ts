import { describe, expect, it } from 'vitest';
import { parseText } from '../../scope/parse.js';
import { moveAcross } from './moves.js';
import { outlineFile, outlineSnippet } from './outline.js';

async function move(languageId: string, file: string, block: string): Promise<string | null> {
  const [fl, bl] = [file.split('\n'), block.split('\n')];
  const moved = moveAcross({ lines: fl, items: (await outlineFile(languageId, fl, parseText))! }, { lines: bl, items: (await outlineSnippet(languageId, bl, parseText))! }, false);
  return moved && moved.join('\n');
}

describe('moveAcross', () => {
  it('moves a subsection the block shows under another section to the end of that section', async () => {
    const file = '# t\n\n## Usage\n\n## Options\n\nText.\n\n### Parse\n\nParses.\n\n## License\n';
    expect(await move('markdown', file, '## Usage\n\n### Parse\n\n<!-- ... -->\n\n## Options\n\n<!-- ... -->')).toBe('# t\n\n## Usage\n\n### Parse\n\nParses.\n\n## Options\n\nText.\n\n## License\n');
  });

  it('moves a method shown in another class, indented as its members, its body elided', async () => {
    const file = 'class A:\n    def f(self):\n        return 1\n\n    def g(self):\n        return 2\n\n\nclass B:\n    def h(self):\n        return 3\n';
    expect(await move('python', file, 'class B:\n    def g(self):\n        # ...\n')).toBe('class A:\n    def f(self):\n        return 1\n\n\nclass B:\n    def h(self):\n        return 3\n\n    def g(self):\n        return 2\n');
  });

  it('leaves alone a new method that only shares a name with another class\'s, and a name found twice', async () => {
    const file = 'class A:\n    def run(self):\n        return self.a + self.b\n\n\nclass B:\n    def x(self):\n        pass\n';
    expect(await move('python', file, 'class B:\n    def run(self):\n        print("started")\n')).toBeNull();
    const twice = '# t\n\n## A\n\n### Example\n\na\n\n## B\n\n### Example\n\nb\n\n## C\n';
    expect(await move('markdown', twice, '## C\n\n### Example\n\n<!-- ... -->')).toBeNull();
  });
});
