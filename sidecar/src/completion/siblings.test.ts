import { describe, expect, it } from 'vitest';
import { lexiconFor, openAtCursor } from './brackets.js';
import { isListItem } from './siblings.js';

/** `source` up to the cursor `█`, whose line is the cursor line. */
const listItem = (source: string, languageId = 'typescript') => {
  const prefix = source.slice(0, source.indexOf('█'));
  const cursorLine = prefix.slice(prefix.lastIndexOf('\n') + 1);
  return isListItem(languageId, cursorLine, openAtCursor(prefix, lexiconFor(languageId)).enclosing);
};

describe('isListItem', () => {
  it.each([
    ['typescript', 'export interface User {\n  id: string;\n  name: string;█'],
    ['typescript', 'export const ROUTES = {\n  home: "/",█'],
    ['typescript', 'const xs = [\n  1,█'],
    ['typescript', 'call(\n  first,█'],
    ['go', 'type Server struct {\n\tAddr string█'],
    ['go', 'var headers = map[string]string{\n\t"Accept": "json",█'],
    ['rust', 'pub enum Command {\n    Start,█'],
    ['rust', 'match cmd {\n    Start => run(),█'],
    ['kotlin', 'fun f(s: Int) = when (s) {\n    200 -> "OK"█'],
    ['csharp', 'public enum Status\n{\n    Pending,█'],
    ['fsharp', 'match shape with\n| Circle r -> r█'],
    ['python', 'HEADERS = {\n    "Accept": "json",█'],
    ['yaml', 'name: x\nversion: 1█'],
    ['markdown', '## Features\n\n- Inline edits█'],
  ])('%s: an item of a list: %j', (languageId, source) => {
    expect(listItem(source, languageId)).toBe(true);
  });

  it.each([
    ['typescript', 'function main() {\n  const config = load();█'],
    ['typescript', 'class Cart {\n  items = [];█'],
    ['typescript', 'const f = () => {\n  go();█'],
    ['typescript', 'function main(argv: string[]): void {\n  run(argv);█'],
    ['go', 'func run() error {\n\tdefer f.Close()█'],
    ['python', 'def main():\n    args = parse()█'],
    ['csharp', 'public static void Main()\n{\n    Run();█'],
    ['yaml', 'name: x\n# a comment█'],
    ['markdown', 'A paragraph.█'],
    ['css', '.a {\n  color: red;█'],
  ])('%s: a statement or a line of no list: %j', (languageId, source) => {
    expect(listItem(source, languageId)).toBe(false);
  });

  it('reads brackets in strings and comments as text', () => {
    expect(listItem('function f() {\n  const s = "[";\n  go();█')).toBe(false);
  });
});
