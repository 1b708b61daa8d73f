/**
 * Placeholder lines a chat model writes where it left code out: `// ...`, `# ... existing code ...`,
 * `/* rest of file *\/`, `<!-- ... -->`, `{/* ... *\/}`, a bare `...`, or a short comment that says
 * the code is unchanged ("Other methods stay the same", "rest of the class remains unchanged").
 * They stand for the file's code and are never written.
 */

// A comment opener, then its body: `//`, `#`, `--`, `;`, `/*`, ` * `, `<!--`, `{/*`.
const COMMENT = /^(?:\/\/+|#+|--|;+|\/\*+|\*|<!--|\{\/\*)\s*(.*?)\s*(?:\*+\/\}?|-->)?$/;
const ELLIPSIS = /^(?:\.{3,}|…)$/;
/** A body that starts with an ellipsis: whatever follows explains it. */
const LEADING_ELLIPSIS = /^(?:\.{3,}|…)/;
const CODE = '(?:code|methods?|functions?|fields?|imports?|members?|properties|implementation|logic|content|steps|lines|file|class|body)';
/** A short body that says code was left out: "rest of the file", "other methods", "existing code", "unchanged", "stays the same". */
const SAYS_LEFT_OUT = new RegExp(
  `^\\(?\\s*(?:the\\s+)?(?:rest of|(?:remaining|other)\\s+${CODE}\\b|existing\\s*(?:${CODE}\\b|$)|unchanged\\b)|\\b(?:unchanged|remains? the same|stays? the same|same as (?:before|above)|as before|omitted|not shown|previous code|existing ${CODE})\\b`,
  'i',
);
const SHORT_WORDS = 10;

export function isElisionLine(line: string): boolean {
  const t = line.trim();
  if (ELLIPSIS.test(t)) return true;
  const body = COMMENT.exec(t)?.[1];
  if (body === undefined) return false;
  if (LEADING_ELLIPSIS.test(body)) return true;
  return SAYS_LEFT_OUT.test(body) && body.split(/\s+/).length <= SHORT_WORDS;
}
