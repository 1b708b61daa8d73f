import { describe, expect, it } from 'vitest';
import { parseText } from '../scope/parse.js';
import { goPackageNames, namesIn, unknownNames } from './names.js';

/** The unknown names of `after`, its rows that differ from `before` taken as added. */
async function unknown(languageId: string, before: string, after: string): Promise<string[]> {
  const [old, next] = [(await parseText(languageId, before))!, (await parseText(languageId, after))!];
  const a = before.split('\n');
  const added = new Set(after.split('\n').flatMap((line, i) => (a.includes(line) ? [] : [i])));
  try {
    return unknownNames(languageId, next.rootNode, added, namesIn(languageId, old.rootNode)).map((u) => `${u.name}@${u.row}`);
  } finally {
    old.delete();
    next.delete();
  }
}

describe('names a proposal uses that nothing gives it', () => {
  it('TypeScript: a value neither declared nor imported, not a local, a parameter, a destructured name, a global or a property', async () => {
    const before = 'import { returnService } from "./s";\n\nexport async function create(request: Req) {\n  return returnService.submit(request);\n}\n';
    const after =
      'import { returnService } from "./s";\n\nexport async function create(request: Req) {\n  const { id, ...rest } = request;\n  await returnPolicy.assertCanReturn({ id, rest });\n  for (const item of items) console.log(item, JSON.stringify(rest), window.x);\n  const f = (a: number) => a + id;\n  return returnService.submit(request);\n}\n';
    expect(await unknown('typescript', before, after)).toEqual(['returnPolicy@4', 'items@5']);
  });

  it('TypeScript: a JSX component must exist, an element need not; a type is left to the import fix', async () => {
    expect(await unknown('typescriptreact', 'export const A = () => null;\n', 'export const A = (): Props => <div><Badge /></div>;\n')).toEqual(['Badge@0']);
  });

  it('Python: loop, with, except, comprehension, walrus and keyword names bind; an attribute and a keyword argument are not uses', async () => {
    const after =
      'def f(x, *args, y=1, **kw):\n    for i, j in pairs(x):\n        pass\n    with open(x) as fh:\n        pass\n    try:\n        pass\n    except ValueError as e:\n        print(e)\n    z = [q for q in fh]\n    (w := 2)\n    return policy.check(x, strict=True, items=z, n=w, m=len(args), k=kw, obj=self_check)\n';
    expect(await unknown('python', '', after)).toEqual(['pairs@1', 'policy@11', 'self_check@11']);
  });

  it('Java: a class from another package must be imported; java.lang, locals, fields, switch constants and members need nothing', async () => {
    const after =
      'package a;\n\nclass A {\n  private int count;\n  String f(Kind kind) {\n    switch (kind) { case ONE: break; }\n    StringBuilder b = new StringBuilder();\n    Policy.assertCanReturn(b.toString(), count);\n    return helper(Math.max(1, 2));\n  }\n  String helper(int n) { return String.valueOf(n); }\n}\n';
    expect(await unknown('java', '', after)).toEqual(['Kind@4', 'Policy@7']);
  });

  it('Java: a bare call in a class with a supertype may be inherited, so it is not flagged (the supertype is)', async () => {
    expect(await unknown('java', '', 'class A extends Base {\n  void f() { inherited(); }\n}\n')).toEqual(['Base@0']);
  });

  it('Kotlin: a lambda’s receiver may supply bare names; capitalised ones still count', async () => {
    expect(await unknown('kotlin', '', 'fun f(xs: List<Int>): String = buildString { append(xs.size); Policy.check(it) }\n')).toEqual(['Policy@0']);
  });

  it('Go: a package must be imported (path’s last element), := and range bind, struct keys and qualified types are members', async () => {
    const after = 'package p\n\nimport (\n\t"fmt"\n\t"gopkg.in/yaml.v3"\n)\n\nfunc F(xs []int) error {\n\tfor i, x := range xs {\n\t\tfmt.Println(i, x, T{Name: x})\n\t}\n\tv, err := yaml.Marshal(xs)\n\t_ = v\n\treturn policy.Check(err)\n}\n';
    expect(await unknown('go', '', after)).toEqual(['T@9', 'policy@13']);
    expect(goPackageNames('"github.com/redis/go-redis/v9"')).toContain('redis');
  });

  it('Rust: patterns and closures bind, lifetimes and generics are declared, macros own their tokens, a path’s module needs no use', async () => {
    const after = "fn f<'a, T: Clone>(x: &'a T) -> Option<T> {\n    let (a, b) = (1, 2);\n    match x { Some(z) => z, None => 0 };\n    let c = |q| q + a + b;\n    println!(\"{}\", undeclared_in_macro);\n    std::mem::drop(c);\n    Policy::check(x)\n}\n";
    expect(await unknown('rust', '', after)).toEqual(['Policy@6']);
  });

  it('a name the original file used is not the proposal’s invention; a wildcard import silences the check', async () => {
    expect(await unknown('typescript', 'legacyGlobal();\n', 'legacyGlobal();\nlegacyGlobal(1);\n')).toEqual([]);
    expect(await unknown('python', 'from helpers import *\n', 'from helpers import *\nanything()\n')).toEqual([]);
  });
});
