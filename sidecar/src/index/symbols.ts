/**
 * What the workspace index keeps of one file, pure: its top-level declarations (name, kind,
 * signature, first sentence of the doc comment, whether other files may use it) and the words each
 * is found by. The outline itself is not kept: the few declarations a request takes are outlined
 * again from their file (`context/sourceIndex.ts` caches those), so memory grows with the number of
 * declarations, not with their text.
 */
import type { ParsedFile } from '../context/definitions/definitions.js';
import type { Declaration } from '../context/definitions/syntax.js';
import { wordsOf } from './words.js';

/** How a declaration's name counts against its outline's words: a hit on the name says more than one in a parameter list. */
export const NAME_WEIGHT = 3;
const SIGNATURE_MAX = 200;
const DOC_MAX = 200;

export interface IndexedDeclaration {
  name: string;
  /** function, class, interface, type, enum, variable, struct, trait, object, module, macro, or the node type. */
  kind: string;
  exported: boolean;
  /** The declaration's first line without its doc comment, cut at SIGNATURE_MAX. */
  signature: string;
  /** The doc comment's first sentence (or the docstring's), without comment markers; '' without one. */
  doc: string;
  /** The rows of its first line (doc comment included) and its last: the outline is made again from them. */
  line: number;
  endLine: number;
  /** The words it is found by: the name's (NAME_WEIGHT times), then the outline's (doc comment, signature, members). */
  words: string[];
}

export interface IndexedFile {
  languageId: string;
  /** The package it declares (Java, Kotlin, Go), or ''. */
  pkg: string;
  /** The modules it imports, as written: files it imports rank higher for a request from it. */
  imports: string[];
  declarations: IndexedDeclaration[];
}

const KINDS: Record<string, string> = {
  function_declaration: 'function',
  generator_function_declaration: 'function',
  function_definition: 'function',
  function_item: 'function',
  function_signature_item: 'function',
  method_declaration: 'function',
  class_declaration: 'class',
  abstract_class_declaration: 'class',
  class_definition: 'class',
  record_declaration: 'class',
  interface_declaration: 'interface',
  annotation_type_declaration: 'interface',
  type_alias_declaration: 'type',
  type_alias_statement: 'type',
  type_alias: 'type',
  type_item: 'type',
  type_declaration: 'type',
  enum_declaration: 'enum',
  enum_item: 'enum',
  lexical_declaration: 'variable',
  variable_declaration: 'variable',
  expression_statement: 'variable',
  property_declaration: 'variable',
  var_declaration: 'variable',
  const_declaration: 'constant',
  const_item: 'constant',
  static_item: 'variable',
  struct_item: 'struct',
  union_item: 'struct',
  trait_item: 'trait',
  object_declaration: 'object',
  module: 'module',
  internal_module: 'module',
  mod_item: 'module',
  macro_definition: 'macro',
};

export function kindOf(nodeType: string): string {
  return Object.hasOwn(KINDS, nodeType) ? KINDS[nodeType] : nodeType;
}

const COMMENT_LINE = /^\s*(\/\*\*?|\*\/|\*|\/\/\/?|#|--)/;

/** The first line of an outline that is not its doc comment or an attribute. */
export function signatureOf(outline: string): string {
  const lines = outline.split('\n');
  let inBlock = false;
  for (const line of lines) {
    const trimmed = line.trim();
    if (inBlock) {
      if (trimmed.includes('*/')) inBlock = false;
      continue;
    }
    if (trimmed.startsWith('/*')) {
      inBlock = !trimmed.includes('*/');
      continue;
    }
    if (trimmed === '' || COMMENT_LINE.test(line) || trimmed.startsWith('#[') || trimmed.startsWith('@')) continue;
    return cut(trimmed, SIGNATURE_MAX);
  }
  return cut(lines[0]?.trim() ?? '', SIGNATURE_MAX);
}

/** The first sentence of the doc comment before the signature, or of a Python docstring after it. */
export function docOf(outline: string): string {
  const lines = outline.split('\n');
  const comment: string[] = [];
  for (const line of lines) {
    const trimmed = line.trim();
    if (trimmed.startsWith('/*') || trimmed.startsWith('*') || trimmed.startsWith('//') || trimmed.startsWith('#') && !trimmed.startsWith('#[')) {
      comment.push(trimmed.replace(/^(\/\*\*?|\*\/|\*|\/\/\/?|#)\s?/, '').replace(/\*\/$/, ''));
      continue;
    }
    if (trimmed.startsWith('#[') || trimmed.startsWith('@')) continue;
    break;
  }
  let text = comment.join(' ').trim();
  if (!text) {
    const docstring = /^[ \t]*[rubRUB]?("""|''')([\s\S]*?)(\1|$)/m.exec(lines.slice(1).join('\n'));
    text = docstring ? docstring[2].trim() : '';
  }
  const sentence = /^[\s\S]*?[.!?](\s|$)/.exec(text)?.[0] ?? text;
  return cut(sentence.replace(/\s+/g, ' ').trim(), DOC_MAX);
}

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** The index's record of one declaration. */
export function indexDeclaration(declaration: Declaration): IndexedDeclaration {
  const nameWords = wordsOf(declaration.name);
  const words: string[] = [];
  for (let i = 0; i < NAME_WEIGHT; i++) words.push(...nameWords);
  words.push(...wordsOf(declaration.outline));
  return {
    name: declaration.name,
    kind: kindOf(declaration.kind),
    exported: declaration.exported,
    signature: signatureOf(declaration.outline),
    doc: docOf(declaration.outline),
    line: declaration.startLine,
    endLine: declaration.endLine,
    words,
  };
}

/** The index's record of a parsed file: every declaration, each name once per declaration. */
export function indexFile(parsed: ParsedFile): IndexedFile {
  const declarations: IndexedDeclaration[] = [];
  for (const list of parsed.declarations.values()) for (const declaration of list) declarations.push(indexDeclaration(declaration));
  declarations.sort((a, b) => a.line - b.line || (a.name < b.name ? -1 : 1));
  return { languageId: parsed.languageId, pkg: parsed.pkg, imports: [...new Set(parsed.imports.map((b) => b.module))], declarations };
}
