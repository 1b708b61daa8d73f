import { describe, expect, it } from 'vitest';
import { lexiconFor } from './brackets.js';
import { lineScore, trimRepeatedSuffix } from './suffixOverlap.js';

/** Trims the completion for the cursor `|` in `line`. */
function trimmed(line: string, completion: string, languageId = 'typescript'): string {
  const at = line.indexOf('|');
  return trimRepeatedSuffix(line.slice(0, at), completion, line.slice(at + 1), lexiconFor(languageId));
}

describe('trimRepeatedSuffix', () => {
  it('drops a repeated rest of line that would leave stray closers or open strings', () => {
    expect(trimmed('  console.error(|);', "'failed:', error);")).toBe("'failed:', error");
    expect(trimmed('const xs = [|];', '1, 2];')).toBe('1, 2');
    expect(trimmed('x = [|];', '1, 2]')).toBe('1, 2');
    expect(trimmed('print("|")', 'hello")', 'python')).toBe('hello');
    expect(trimmed('  <button onClick={|}>Save</button>;', '() => save()}>Save</button>;', 'typescriptreact')).toBe('() => save()');
  });

  it('drops a repeated token run that changes nothing but the duplicate (`;`, an argument, a comparison)', () => {
    expect(trimmed('const name = |;', '`${a} ${b}`;')).toBe('`${a} ${b}`');
    expect(trimmed('  return multiply(|, rect.height);', 'rect.width, rect.height')).toBe('rect.width');
    expect(trimmed('  if (| === 0) {', 'items.length === 0')).toBe('items.length');
    expect(trimmed('for (let i = 0; |; i++) {', 'i < n;')).toBe('i < n');
    expect(trimmed('Run `|` to build.', 'npm run build` to build.', 'markdown')).toBe('npm run build');
  });

  it('keeps a closer the completion needs for its own brackets', () => {
    expect(trimmed('  console.log(|);', "items.join(', ')")).toBe("items.join(', ')");
    expect(trimmed('foo(|)', 'bar(x)')).toBe('bar(x)');
  });

  it('never cuts inside a word, and leaves a completion with no overlap alone', () => {
    expect(trimmed('total = |height', 'weight')).toBe('weight');
    expect(trimmed('f(|, y)', 'x')).toBe('x');
    expect(trimmed('f(|)', '')).toBe('');
    expect(trimmed('x = |', 'value;')).toBe('value;');
  });
});

describe('lineScore', () => {
  it('counts stray or mismatched closers and what is left open', () => {
    expect(lineScore('f(a));', lexiconFor('typescript'))).toEqual({ stray: 1, open: 0 });
    expect(lineScore('f([a)]', lexiconFor('typescript'))).toEqual({ stray: 1, open: 1 });
    expect(lineScore('x = "open', lexiconFor('typescript'))).toEqual({ stray: 0, open: 1 });
  });
});
