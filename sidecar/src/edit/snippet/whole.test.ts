import { describe, expect, it } from 'vitest';
import { parseText } from '../../scope/parse.js';
import { outlineFile, outlineSnippet } from './outline.js';
import { importSection, wholeFile } from './whole.js';

async function outlined(languageId: string, file: string, block: string) {
  const [fl, bl] = [file.split('\n'), block.split('\n')];
  return [
    { lines: fl, items: (await outlineFile(languageId, fl, parseText))! },
    { lines: bl, items: (await outlineSnippet(languageId, bl, parseText))! },
  ] as const;
}

const FILE = '// Licensed under MIT.\n\nimport { a } from "./a";\n\nexport function f() {\n  return a;\n}\n\nexport function g() {\n  return 2;\n}\n';

describe('wholeFile', () => {
  it('replaces the file with a block that covers its declarations and imports in another order, keeping the licence header it leaves out', async () => {
    const block = 'import { a } from "./a";\n\nexport function g() {\n  return 2;\n}\n\nexport function f() {\n  return a + 1;\n}';
    const [file, b] = await outlined('typescript', FILE, block);
    expect(wholeFile(file, b, false, false)?.join('\n')).toBe(`// Licensed under MIT.\n\n${block}\n`);
  });

  it('is not one when the block elides, leaves out an import or a declaration, or keeps the file\'s order', async () => {
    const reordered = 'import { a } from "./a";\n\nexport function g() {\n  return 2;\n}\n\nexport function f() {\n  return a;\n}';
    const [file, b] = await outlined('typescript', FILE, reordered);
    expect(wholeFile(file, b, true, false)).toBeNull();
    const [, noImport] = await outlined('typescript', FILE, reordered.replace('import { a } from "./a";\n\n', ''));
    expect(wholeFile(file, noImport, false, false)).toBeNull();
    const [, one] = await outlined('typescript', FILE, 'import { a } from "./a";\n\nexport function g() {\n  return 3;\n}');
    expect(wholeFile(file, one, false, false)).toBeNull();
    const [, same] = await outlined('typescript', FILE, 'import { a } from "./a";\n\nexport function f() {\n  return a;\n}\n\nexport function g() {\n  return 3;\n}');
    expect(wholeFile(file, same, false, false)).toBeNull();
  });

  it('is one when the answer says so and the block shows the file\'s imports, whatever it renamed', async () => {
    const [file, b] = await outlined('typescript', FILE, 'import { a } from "./a";\n\nexport const h = () => a;');
    expect(wholeFile(file, b, false, true)?.slice(2).join('\n')).toBe('import { a } from "./a";\n\nexport const h = () => a;\n');
  });
});

describe('importSection', () => {
  it('replaces the file\'s imports with the block\'s when they account for every one: merged, re-sorted, a wildcard', async () => {
    const file = 'package p;\n\nimport static org.junit.Assert.assertEquals;\nimport static org.junit.Assert.assertTrue;\nimport java.util.List;\n\nclass T {}\n';
    const [f, b] = await outlined('java', file, 'package p;\n\nimport java.util.List;\nimport static org.junit.Assert.*;\n\n// ...');
    expect(importSection(f, b)).toEqual({ start: 2, end: 5, lines: ['import java.util.List;', 'import static org.junit.Assert.*;'] });
  });

  it('leaves them to the merge when the block shows only some of them', async () => {
    const file = 'import os\nimport sys\n\n\ndef f():\n    pass\n';
    const [f, b] = await outlined('python', file, 'import json\n\n# ...');
    expect(importSection(f, b)).toBeNull();
  });
});
