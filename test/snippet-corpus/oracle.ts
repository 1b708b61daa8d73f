/**
 * Judges an applied snippet against what a reviewer expects, without the placement code: lines are
 * compared as trimmed text, and declarations are read off lines with regular expressions (function,
 * method, class and type headers; each imported name; Markdown headings), not with the grammars the
 * placement parses with.
 *
 * - `exact`: the expected file, or a refusal where one is expected.
 * - `refused`: a refusal where a file was expected.
 * - `placeholder`: the result holds a placeholder the answer wrote for left-out code (`// ... existing
 *   code ...`, `[... rest unchanged ...]`, `# your existing tests`) that neither the original nor the
 *   expected file has: a placeholder was written into the file.
 * - `deleted-elided`: the result lacks code of the original that the expected file keeps (a line, or
 *   a declaration): code the answer left out was deleted.
 * - `duplicated`: the result holds a declaration, or a line of code, more often than the expected
 *   file and the original do: code is there twice (a moved method at both places, an import kept
 *   beside its new form, a rewrite inserted next to its old self).
 * - `other`: anything else (a line placed elsewhere, whitespace, a guess where a refusal was due).
 */

export type Outcome = 'exact' | 'refused' | 'placeholder' | 'deleted-elided' | 'duplicated' | 'other';

export const OUTCOMES: readonly Outcome[] = ['exact', 'refused', 'placeholder', 'deleted-elided', 'duplicated', 'other'];

export interface Judgement {
  outcome: Outcome;
  /** What the oracle found, for the report. */
  details: string[];
}

/**
 * `expected` null: the answer must be refused. `result` null: it was refused. A result that differs
 * from the expected file only by its final line break is still exact.
 */
export function judge(original: string, expected: string | null, result: string | null): Judgement {
  if (result === null) return { outcome: expected === null ? 'exact' : 'refused', details: [] };
  if (expected !== null && trimEnd(result) === trimEnd(expected)) return { outcome: 'exact', details: [] };
  const written = writtenPlaceholders(original, expected ?? original, result);
  if (written.length > 0) return { outcome: 'placeholder', details: written };
  const lost = expected === null ? [] : lostCode(original, expected, result);
  if (lost.length > 0) return { outcome: 'deleted-elided', details: lost };
  const twice = doubledCode(original, expected ?? original, result);
  if (twice.length > 0) return { outcome: 'duplicated', details: twice };
  return { outcome: 'other', details: expected === null ? ['placed where a refusal was expected'] : [] };
}

const trimEnd = (text: string) => text.replace(/\s+$/, '');

/** Lines and declarations of the original that the expected file keeps but the result has fewer of. */
export function lostCode(original: string, expected: string, result: string): string[] {
  const found: string[] = [];
  const [o, e, r] = [codeLines(original), codeLines(expected), codeLines(result)];
  for (const [line, n] of o) {
    const kept = Math.min(n, e.get(line) ?? 0);
    if ((r.get(line) ?? 0) < kept) found.push(`line lost: ${line}`);
  }
  const [od, ed, rd] = [declarations(original), declarations(expected), declarations(result)];
  for (const [key, n] of od) {
    const kept = Math.min(n, ed.get(key) ?? 0);
    if ((rd.get(key) ?? 0) < kept) found.push(`declaration lost: ${key}`);
  }
  return found;
}

/** Declarations and lines of code the result holds more often than both the expected file and the original. */
export function doubledCode(original: string, expected: string, result: string): string[] {
  const found: string[] = [];
  const [od, ed, rd] = [declarations(original), declarations(expected), declarations(result)];
  for (const [key, n] of rd) if (n > 1 && n > Math.max(od.get(key) ?? 0, ed.get(key) ?? 0)) found.push(`declaration ${n} times: ${key}`);
  const [o, e, r] = [codeLines(original), codeLines(expected), codeLines(result)];
  for (const [line, n] of r) if (n > 1 && n > Math.max(o.get(line) ?? 0, e.get(line) ?? 0)) found.push(`line ${n} times: ${line}`);
  return found;
}

/**
 * Lines of the result that read as a placeholder for left-out code and that neither the original nor
 * the expected file has: a comment, or text in brackets or parentheses, or a bare ellipsis, that
 * starts or ends with an ellipsis or says the code is left as it was ("existing", "unchanged", "rest
 * of", "stays the same", "as they are", "omitted", "your other tests").
 */
export function writtenPlaceholders(original: string, expected: string, result: string): string[] {
  const known = new Set([...original.split(/\r?\n/), ...expected.split(/\r?\n/)].map((l) => l.trim()));
  return result
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((line) => line !== '' && !known.has(line) && readsAsPlaceholder(line))
    .map((line) => `placeholder written: ${line}`);
}

const WRAPPED = /^(?:\/\/+|#+|--|\/\*+|\*|<!--|\{\/\*|\[|\()\s*(.*?)\s*(?:\*+\/\}?|-->|\]|\))?$/;
const LEFT_AS_IT_WAS = /\b(?:existing|unchanged|rest of|remaining|stays?\b.*\b(?:same|as (?:it|they) (?:is|are))|as (?:it|they) (?:is|are)|as before|same as before|omitted|for brevity|your (?:other|existing))\b/i;

function readsAsPlaceholder(line: string): boolean {
  if (/^(?:\.{3,}|…)$/.test(line)) return true;
  const body = WRAPPED.exec(line)?.[1];
  if (body === undefined || body === line) return false;
  if (body.split(/\s+/).length > 14) return false;
  return /^(?:\.{3,}|…)|(?:\.{3,}|…)$/.test(body) || LEFT_AS_IT_WAS.test(body);
}

/** Trimmed lines that hold a letter or digit (not `}` or a blank), counted. */
export function codeLines(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (/[\p{L}\p{N}]/u.test(line)) counts.set(line, (counts.get(line) ?? 0) + 1);
  }
  return counts;
}

const NOT_METHODS = new Set(['if', 'for', 'while', 'switch', 'catch', 'return', 'synchronized', 'foreach', 'elif', 'else', 'when', 'match', 'new', 'function']);

/** Declarations by kind and name, counted: what a file declares, read line by line. */
export function declarations(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  const add = (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
  let goImports = false;
  let inFence = false;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (/^(```|~~~)/.test(line)) inFence = !inFence;
    if (/^#{1,6}\s/.test(raw) && !inFence) {
      add(`heading ${line}`);
      continue;
    }
    if (goImports) {
      if (line === ')') goImports = false;
      else {
        const path = /^(?:\w+\s+)?"([^"]+)"$/.exec(line)?.[1];
        if (path) add(`import ${path}`);
      }
      continue;
    }
    if (/^import\s*\($/.test(line)) {
      goImports = true;
      continue;
    }
    for (const name of importedNames(line)) add(`import ${name}`);
    const header = declarationHeader(line);
    if (header) add(header);
  }
  return counts;
}

function importedNames(line: string): string[] {
  let m = /^import\s+(?:type\s+)?(.+?)\s+from\s+['"][^'"]+['"];?$/.exec(line);
  if (m) return m[1].replace(/[{}*]/g, ' ').split(/[\s,]+/).filter((n) => n !== '' && n !== 'as' && n !== 'type');
  m = /^from\s+\S+\s+import\s+\(?(.+?)\)?$/.exec(line);
  if (m) return m[1].split(',').map((n) => n.trim().split(/\s+as\s+/).pop()!).filter((n) => n !== '');
  m = /^import\s+([\w.]+)(?:\s+as\s+(\w+))?;?$/.exec(line);
  if (m) return [m[2] ?? m[1].split('.').pop()!];
  m = /^import\s+"([^"]+)"$/.exec(line);
  if (m) return [m[1]];
  m = /^(?:pub\s+)?use\s+(.+);$/.exec(line);
  if (m) {
    const braces = /\{(.+)\}/.exec(m[1]);
    return (braces ? braces[1].split(',') : [m[1].split('::').pop()!]).map((n) => n.trim().split(/\s+as\s+/).pop()!).filter((n) => n !== '');
  }
  m = /^(?:const|let|var)\s+\{([^}]+)\}\s*=\s*require\(/.exec(line);
  if (m) return m[1].split(',').map((n) => n.trim()).filter((n) => n !== '');
  return [];
}

function declarationHeader(line: string): string | null {
  const patterns: Array<[RegExp, string]> = [
    [/^(?:export\s+)?(?:default\s+)?(?:async\s+)?function\*?\s+([\w$]+)/, 'function'],
    [/^(?:(?:export|public|private|protected|abstract|final|static|sealed|open|data|pub(?:\(\w+\))?|internal|enum)\s+)*(class|interface|enum|struct|trait|object|record)\s+([\w$]+)/, ''],
    [/^(?:async\s+)?def\s+(\w+)/, 'def'],
    [/^(?:pub(?:\(\w+\))?\s+)?(?:async\s+)?(?:const\s+)?(?:unsafe\s+)?fn\s+(\w+)/, 'fn'],
    [/^(?:(?:private|public|protected|internal|override|suspend|inline|open|operator)\s+)*fun\s+(?:<[^>]+>\s*)?(?:[\w.]+\.)?(\w+)\s*\(/, 'fun'],
    [/^func\s+(\([^)]*\)\s*)?(\w+)\s*\(/, 'func'],
    [/^impl(?:<[^>]+>)?\s+(.+?)\s*\{$/, 'impl'],
    [/^(?:export\s+)?(?:const|let|var)\s+([\w$]+)\s*(?::[^=]+)?=/, 'const'],
    [/^(?:export\s+)?type\s+([\w$]+)/, 'type'],
  ];
  for (const [pattern, kind] of patterns) {
    const m = pattern.exec(line);
    if (!m) continue;
    if (kind === '') return `${m[1]} ${m[2]}`;
    if (kind === 'func') return `func ${m[1] ? `${receiverType(m[1])}.` : ''}${m[2]}`;
    return `${kind} ${m[1]}`;
  }
  // A method: modifiers, maybe a return type, a name, parameters, then a body opening on the line.
  const method = /^(?:(?:public|private|protected|static|final|async|override|abstract|readonly|synchronized|get|set)\s+)*(?:[\w<>[\],.?]+\s+)?([\w$]+)\s*(?:<[^>]*>)?\s*\(([^)]*)\)\s*(?::\s*[^={]+)?(?:throws\s+[\w., ]+)?\{\s*$/.exec(line);
  if (method && !NOT_METHODS.has(method[1])) return `method ${method[1]}(${method[2].split(',').filter((p) => p.trim() !== '').length})`;
  return null;
}

function receiverType(receiver: string): string {
  return receiver.replace(/[()*]/g, ' ').trim().split(/\s+/).pop() ?? '';
}
