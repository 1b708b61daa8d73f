/**
 * What the completion rules need to know about a language beyond its grammar: whether it is plain
 * text decided by text rules (YAML, Markdown, CSS), whether indentation scopes its blocks, and
 * which doc-comment openers it has.
 */

/** How the multiline decision reads a language: from the syntax tree, or by the text rules of a format. */
export type TextKind = 'code' | 'yaml' | 'markdown' | 'css';

const TEXT_KINDS: Record<string, TextKind> = { yaml: 'yaml', markdown: 'markdown', css: 'css', scss: 'css', less: 'css' };

export function textKind(languageId: string): TextKind {
  return TEXT_KINDS[languageId] ?? 'code';
}

/** Languages whose blocks are scoped by indentation alone. */
const OFFSIDE = new Set(['python', 'yaml', 'fsharp']);

export function isOffside(languageId: string): boolean {
  return OFFSIDE.has(languageId);
}

/** A doc comment opened alone on its line, and what closes it. */
const DOC_OPENERS: Record<string, Record<string, string>> = {
  python: { '"""': '"""', "'''": "'''", 'r"""': '"""' },
};
const SLASH_STAR = { '/**': '*/' };

/**
 * The closer of the doc comment the cursor line opens (`/**`, `"""` alone on the line), if any.
 * `before` is the text before the cursor line: a `"""` after an odd number of them closes a docstring.
 */
export function docCommentCloser(languageId: string, lineBefore: string, before: string): string | undefined {
  const kind = textKind(languageId);
  if (kind === 'yaml' || kind === 'markdown') return undefined;
  const openers: Record<string, string> = DOC_OPENERS[languageId] ?? SLASH_STAR;
  const opener = lineBefore.trim();
  if (!Object.hasOwn(openers, opener)) return undefined;
  const closer = openers[opener];
  return closer === opener && before.split(closer).length % 2 === 0 ? undefined : closer;
}

/** Python lines that continue a compound statement at its header's indentation. */
const PYTHON_CONTINUATION = /^\s*(?:else|elif|except|finally)\b/;

/** F# lines that continue an expression at its opener's indentation: `|` arms, `else`, `elif`, `with`. */
const FSHARP_CONTINUATION = /^\s*(?:\|(?!\|)|else\b|elif\b|with\b)/;

/**
 * An indentation-scoped block opened by `opener` (the cursor line with the completion's first line):
 * Python's `:` header, F#'s `=`, `->`, `then`, `else`, `do` or `with` at the end of a line, YAML's
 * `key:` or block scalar (`key: |`). Null when it opens none. `continues(line)` says whether a line
 * at the opener's indentation still belongs to it.
 */
export function offsideBlock(languageId: string, opener: string): { continues(line: string): boolean } | null {
  if (languageId === 'fsharp') {
    const code = opener.replace(/\s*\/\/.*$/, '').trimEnd();
    return /(?:[^=<>!:]=|->|\b(?:then|else|do|with))$/.test(code) ? { continues: (line) => FSHARP_CONTINUATION.test(line) } : null;
  }
  const code = opener.replace(/\s+#.*$/, '').trimEnd();
  if (languageId === 'python') return code.endsWith(':') ? { continues: (line) => PYTHON_CONTINUATION.test(line) } : null;
  if (languageId !== 'yaml') return null;
  // `key:` may hold a sequence at its own indentation (`key:\n- item`); a block scalar may not.
  if (code.endsWith(':')) return { continues: (line) => /^\s*-(?:\s|$)/.test(line) };
  return /:\s*[|>][-+\d]*$/.test(code) ? { continues: () => false } : null;
}
