import { describe, expect, it } from 'vitest';
import { parseText } from '../scope/parse.js';
import { importEdit, type ImportSpec } from './imports.js';

async function edit(languageId: string, text: string, spec: ImportSpec) {
  const tree = (await parseText(languageId, text))!;
  try {
    return importEdit(languageId, tree.rootNode, text, spec);
  } finally {
    tree.delete();
  }
}

describe('the import a missing name needs, in the file’s style', () => {
  it('TypeScript: after the last import, with the file’s quotes and semicolons; a default export imported as one', async () => {
    const text = 'import { a } from "@/a";\nimport b from "@/b";\n\nexport const x = 1;\n';
    expect(await edit('typescript', text, { name: 'returnPolicy', module: '@/returns/returnPolicy', form: 'named' })).toEqual({ row: 2, replace: 0, lines: ['import { returnPolicy } from "@/returns/returnPolicy";'], statement: 'import { returnPolicy } from "@/returns/returnPolicy";' });
    expect((await edit('typescript', "import x from './x'\n", { name: 'Y', module: './y', form: 'default' }))!.lines).toEqual(["import Y from './y'"]);
  });

  it('TypeScript: joined to a one-line import of the same module', async () => {
    expect(await edit('typescript', "import { a } from './m';\n", { name: 'b', module: './m', form: 'named' })).toEqual({ row: 0, replace: 1, lines: ["import { a, b } from './m';"], statement: "import { a, b } from './m';" });
  });

  it('TypeScript: without imports, after a directive at the top', async () => {
    expect(await edit('typescript', "'use client';\n\nexport const x = 1;\n", { name: 'a', module: './a', form: 'named' })).toEqual({ row: 1, replace: 0, lines: ['', "import { a } from './a';"], statement: "import { a } from './a';" });
  });

  it('Python: joined to a `from` import of the module, else after the last import (a docstring first)', async () => {
    expect((await edit('python', 'from shop.policy import a\n', { name: 'b', module: 'shop.policy', form: 'named' }))!.lines).toEqual(['from shop.policy import a, b']);
    expect(await edit('python', '"""Module."""\n\nx = 1\n', { name: 'b', module: 'shop.policy', form: 'named' })).toMatchObject({ row: 1, lines: ['', 'from shop.policy import b'] });
  });

  it('Java and Kotlin: after the imports, or after the package line', async () => {
    expect(await edit('java', 'package a;\n\nclass A {}\n', { name: 'P', module: 'com.x', form: 'named' })).toMatchObject({ row: 1, lines: ['', 'import com.x.P;'] });
    expect(await edit('kotlin', 'package a\n\nimport b.C\n\nclass A\n', { name: 'p', module: 'com.x', form: 'named' })).toMatchObject({ row: 3, lines: ['import com.x.p'] });
  });

  it('Go: inside the import block, indented like it; Rust: a use after the last one', async () => {
    expect(await edit('go', 'package p\n\nimport (\n\t"fmt"\n)\n', { name: 'policy', module: 'shop/policy', form: 'package' })).toMatchObject({ row: 4, replace: 0, lines: ['\t"shop/policy"'] });
    expect(await edit('rust', 'use crate::a::B;\n\nfn f() {}\n', { name: 'Policy', module: 'crate::policy', form: 'named' })).toMatchObject({ row: 1, lines: ['use crate::policy::Policy;'] });
  });
});
