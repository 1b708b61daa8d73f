/**
 * Placeholder lines a chat model writes where it left code out: `// ...`, `# ... existing code ...`,
 * `/* rest of file *\/`, `<!-- ... -->`, `{/* ... *\/}`, a bare `...`, a short comment that says the
 * code is unchanged ("Other methods stay the same", "rest of the class remains unchanged", "your
 * existing tests"), or such words in brackets or parentheses on a line of their own (`[... rest of
 * the README unchanged ...]`, `(the other sections stay as they are)`). They stand for the file's
 * code and are never written. A comment that is also a line of the file (`// other options`, a
 * Javadoc's ` * ...`) is the file's own comment, not a placeholder.
 */

// A comment opener, then its body: `//`, `#`, `--`, `;`, `/*`, ` * `, `<!--`, `{/*`.
const COMMENT = /^(?:\/\/+|#+|--|;+|\/\*+|\*|<!--|\{\/\*)\s*(.*?)\s*(?:\*+\/\}?|-->)?$/;
/** Words in brackets or parentheses, alone on their line. */
const BRACKETED = /^[[(]\s*(.*?)\s*[\])]$/;
const ELLIPSIS = /^(?:\.{3,}|…)$/;
/** A body that starts with an ellipsis: whatever follows explains it. */
const LEADING_ELLIPSIS = /^(?:\.{3,}|…)/;
const CODE = '(?:code|methods?|functions?|fields?|imports?|members?|properties|implementation|logic|content|steps|lines|file|class|body)';
/** A short body that says code was left out: "rest of the file", "other methods", "existing code", "unchanged", "stays the same". */
const SAYS_LEFT_OUT = new RegExp(
  `^\\(?\\s*(?:the\\s+)?(?:rest of|(?:remaining|other)\\s+${CODE}\\b|existing\\s*(?:${CODE}\\b|$)|unchanged\\b)|\\b(?:unchanged|remains? the same|stays? the same|stays? as (?:it is|they are|is)|as (?:it is|they are)|same as (?:before|above)|as before|omitted|not shown|previous code|existing ${CODE})\\b`,
  'i',
);
/** The whole body names what is left out: "your existing tests", "(other subtests)", "existing test methods here". */
const NAMES_LEFT_OUT = /^\(?\s*(?:your\s+|the\s+|all\s+)?(?:existing|other|remaining|previous)(?:\s+[\w-]+){1,3}(?:\s+(?:here|go here))?\s*\)?$/i;
const SHORT_WORDS = 12;

/** `fileLines`: the file's lines, trimmed; `markdown`: `#` starts a heading, not a comment. */
export function isElisionLine(line: string, fileLines?: ReadonlySet<string>, markdown = false): boolean {
  const t = line.trim();
  if (ELLIPSIS.test(t)) return true;
  if (markdown && /^#{1,6}(?:\s|$)/.test(t)) return false;
  const body = COMMENT.exec(t)?.[1] ?? BRACKETED.exec(t)?.[1];
  if (body === undefined) return false;
  if (fileLines?.has(t)) return false;
  const inner = BRACKETED.exec(body)?.[1] ?? body;
  if (LEADING_ELLIPSIS.test(inner)) return true;
  if (inner.split(/\s+/).length > SHORT_WORDS) return false;
  return SAYS_LEFT_OUT.test(inner) || NAMES_LEFT_OUT.test(inner);
}

/** The file's lines, trimmed: what `isElisionLine` reads as the file's own. */
export function trimmedLines(lines: readonly string[]): Set<string> {
  return new Set(lines.map((l) => l.trim()));
}
