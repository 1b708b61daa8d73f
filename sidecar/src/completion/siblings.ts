/**
 * Is the cursor line an item of a list — a struct's fields, an interface's or an enum's members,
 * match arms, union cases, the entries of a literal, the arguments of a call, YAML entries,
 * Markdown list items — so that a completion after it may go on with the item's siblings?
 * Statements are no such list: after one, the completion is the next line only. Read from the text
 * (the bracket the line sits in and what leads up to it), so languages without a grammar here are
 * read the same way.
 */
import type { Enclosing } from './brackets.js';
import { textKind } from './languages.js';

/** Match arms and union cases (F#, OCaml, Haskell, Elm), and Markdown table rows. */
const BAR_ITEM = /^\s*\|(?!\|)/;
const MARKDOWN_ITEM = /^\s*(?:[-*+]|\d+[.)])\s/;
/** Braces that hold declarations one after another rather than statements. */
const DECLARATION_LIST = /\b(?:struct|interface|enum|union)\b/;
/** Braces that hold arms. */
const ARMS = /\b(?:when|match)\b|\bswitch\s*$/;
/**
 * A brace that starts a literal: after `=`, `:`, `(`, `,`, `[` or `return`, or after a composite
 * literal's type that follows `=` or `return` (`:= Config{`, `= map[string]int{`; not a return
 * type's `): Config {`).
 */
const LITERAL = /(?:[=:(,[]|\breturn)\s*$|(?:=|\breturn)\s*&?[\w.[\]*]+\s*$/;

export function isListItem(languageId: string, cursorLine: string, enclosing: Enclosing | null): boolean {
  if (cursorLine.trim() === '') return false;
  switch (textKind(languageId)) {
    case 'yaml':
      return !/^\s*#/.test(cursorLine);
    case 'markdown':
      return MARKDOWN_ITEM.test(cursorLine) || BAR_ITEM.test(cursorLine);
    case 'css':
      return false;
    case 'code':
      if (BAR_ITEM.test(cursorLine)) return true;
      if (!enclosing) return false;
      if (enclosing.bracket !== '{') return true;
      return DECLARATION_LIST.test(enclosing.header) || ARMS.test(enclosing.header) || LITERAL.test(enclosing.header.trimEnd());
  }
}
