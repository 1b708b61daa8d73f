import { describe, expect, it } from 'vitest';
import { getParser } from '../scope/grammars.js';
import { awaitsBody } from './headers.js';

/** Parses `source` with the cursor at `|` removed and asks whether the cursor ends a header awaiting its body. */
async function awaits(languageId: string, source: string): Promise<boolean> {
  const offset = source.indexOf('|');
  const text = source.slice(0, offset) + source.slice(offset + 1);
  const tree = (await getParser(languageId))!.parse(text)!;
  try {
    return awaitsBody(tree, text, offset, languageId);
  } finally {
    tree.delete();
  }
}

describe('awaitsBody: headers whose body is missing', () => {
  it.each([
    ['typescript', 'export function cartTotal(items: Item[]|\n'],
    ['typescript', 'export function render(props: Props)|\n'],
    ['typescript', 'export class Queue extends EventEmitter|\n'],
    ['typescript', 'export interface Options|\n\nexport const x = 1;\n'],
    ['typescript', 'class A {\n  add(item: Item)|\n}\n'],
    ['typescript', 'function f() {\n  if (x > 0)|\n  return 1;\n}\n'],
    ['typescript', 'const handler = async (req: Request)|\n'],
    ['typescriptreact', 'export const A = () => (\n  <div className="a">|\n);\n'],
    ['javascript', 'function f(q) {\n  while (q.length > 0)|\n}\n'],
    ['javascript', 'function f(a) {\n  switch (a.type)|\n}\n'],
    ['python', 'def total(items|'],
    ['python', 'class Cart(Base)|\n\nx = 1\n'],
    ['python', 'def f():\n    if not os.path.exists(p)|\n    with open(p) as f:\n        return f.read()\n'],
    ['python', 'def total(\n    items,\n)|\n'],
    ['python', 'async def fetch(url)|\n'],
    ['java', 'class A {\n  public int total(List<Item> items)|\n}\n'],
    ['java', 'public class Cart extends Base|\n'],
    ['java', 'class A {\n  void f() {\n    try|\n  }\n}\n'],
    ['kotlin', 'fun total(items: List<Item>): Int|\n'],
    ['kotlin', 'fun f(s: Status): String {\n    return when (s)|\n}\n'],
    ['kotlin', 'fun f() {\n    if (x > 0)|\n    return\n}\n'],
    ['go', 'func (s *Server) Handle(w http.ResponseWriter, r *http.Request)|\n'],
    ['go', 'type Server struct|\n'],
    ['go', 'func f() {\n\tif err != nil|\n}\n'],
    ['rust', 'fn parse(input: &str) -> Result<Ast, Error>|\n'],
    ['rust', 'impl Display for Point|\n'],
    ['rust', 'fn main() {\n    for x in xs|\n}\n'],
    ['rust', 'fn f(c: u8) -> u8 {\n    match c|\n}\n'],
    ['python', 'app = Flask(__name__)\n\n\n@app.route("/health")|\n'],
    ['java', 'class T {\n    @Override|\n}\n'],
    ['kotlin', 'class A {\n    @Test|\n}\n'],
    ['typescript', 'class A {\n  @Input()|\n}\n'],
    ['rust', '#[derive(Debug, Clone)]|\n'],
  ])('%s %j', async (languageId, source) => {
    expect(await awaits(languageId, source)).toBe(true);
  });
});

describe('awaitsBody: complete lines and headers that have their body', () => {
  it.each([
    ['typescript', 'const x = foo(bar)|\n'],
    ['typescript', 'function f() {}|\n'],
    ['typescript', 'function f()|\n{\n  return 1;\n}\n'],
    ['typescript', 'interface A {\n  render(props: Props): void|\n}\n'],
    ['typescript', 'function f() {\n  return compute(a, b)|\n}\n'],
    ['typescript', 'function f() {\n  if (x) return 1;|\n}\n'],
    ['typescriptreact', 'const a = <br />|\n'],
    ['javascript', "app.get('/', handler)|\n"],
    ['python', 'x = a if b|\n'],
    ['python', 'import os|\n'],
    ['python', 'def f():\n    print(x)|\n'],
    ['python', 'def f():\n    if x: return 1|\n'],
    ['java', 'interface A {\n  int total(List<Item> items);|\n}\n'],
    ['kotlin', 'fun f() {\n    val y = listOf(1, 2)|\n}\n'],
    ['go', 'func f() {\n\tfmt.Println(x)|\n}\n'],
    ['go', 'func f() error {\n\treturn nil|\n}\n'],
    ['rust', 'trait T {\n    fn total(&self) -> u32;|\n}\n'],
    ['rust', 'fn f() {\n    let x = compute(1);|\n}\n'],
    ['rust', 'fn f() {}\n|'],
    ['python', '@app.route("/health")|\ndef health():\n    return 1\n'],
    ['java', 'class T {\n    @Override|\n    public String toString() { return ""; }\n}\n'],
    ['rust', '#[derive(Debug)]|\npub struct A {}\n'],
  ])('%s %j', async (languageId, source) => {
    expect(await awaits(languageId, source)).toBe(false);
  });
});
