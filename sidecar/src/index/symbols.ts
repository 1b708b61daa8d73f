/**
 * What the workspace index keeps of one file, pure: its top-level declarations (name, kind, whether
 * other files may use it, rows) and the words each is found by. The outline itself is not kept, nor
 * its signature or doc comment: the few declarations a request takes are outlined again from their
 * file (`context/sourceIndex.ts` caches those), so memory grows with the number of declarations,
 * not with their text.
 */
import type { ParsedFile } from '../context/definitions/definitions.js';
import type { Declaration } from '../context/definitions/syntax.js';
import type { Steps } from './slices.js';
import { wordsOf } from './words.js';

/** How a declaration's name counts against its outline's words: a hit on the name says more than one in a parameter list. */
export const NAME_WEIGHT = 3;

export interface IndexedDeclaration {
  name: string;
  /** function, class, interface, type, enum, variable, struct, trait, object, module, macro, or the node type. */
  kind: string;
  exported: boolean;
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
    line: declaration.startLine,
    endLine: declaration.endLine,
    words,
  };
}

/** The index's record of a parsed file: every declaration, each name once per declaration; a step per declaration (its outline's words can take a millisecond). */
export function* indexFile(parsed: ParsedFile): Steps<IndexedFile> {
  const declarations: IndexedDeclaration[] = [];
  for (const list of parsed.declarations.values()) {
    for (const declaration of list) {
      declarations.push(indexDeclaration(declaration));
      yield;
    }
  }
  declarations.sort((a, b) => a.line - b.line || (a.name < b.name ? -1 : 1));
  return { languageId: parsed.languageId, pkg: parsed.pkg, declarations };
}
