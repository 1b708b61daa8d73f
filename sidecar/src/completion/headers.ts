/**
 * Does the cursor end a header whose body is still missing — `def total(items`, `class Cart
 * extends Base`, `if (x > 0)`, `fn parse(input: &str)`, `<div>`? Read from the syntax tree: a
 * definition or compound-statement node with no body (or only a MISSING one, or a braceless
 * statement on a later line), an ERROR node that a header keyword starts, a decorator or
 * annotation with nothing to decorate yet, or a JSX opening tag.
 */
import type { Node, Tree } from 'web-tree-sitter';

/** Definitions and compound statements that take a body, across the grammars Redline loads. */
const HEADER_TYPES = new Set([
  // TypeScript, JavaScript
  'function_declaration',
  'generator_function_declaration',
  'function_signature',
  'class_declaration',
  'abstract_class_declaration',
  'interface_declaration',
  'enum_declaration',
  'internal_module',
  'method_definition',
  'method_signature',
  'if_statement',
  'else_clause',
  'for_statement',
  'for_in_statement',
  'while_statement',
  'do_statement',
  'switch_statement',
  'try_statement',
  'catch_clause',
  // Python
  'function_definition',
  'class_definition',
  'elif_clause',
  'with_statement',
  'except_clause',
  'finally_clause',
  'match_statement',
  'case_clause',
  // Java
  'record_declaration',
  'method_declaration',
  'constructor_declaration',
  'enhanced_for_statement',
  'switch_expression',
  'try_with_resources_statement',
  // Kotlin
  'object_declaration',
  'secondary_constructor',
  'if_expression',
  'when_expression',
  'do_while_statement',
  'try_expression',
  // Go
  'expression_switch_statement',
  'type_switch_statement',
  'select_statement',
  // Rust
  'function_item',
  'function_signature_item',
  'impl_item',
  'trait_item',
  'struct_item',
  'enum_item',
  'mod_item',
  'for_expression',
  'while_expression',
  'loop_expression',
  'match_expression',
]);

/** Bodies: a header with one of these that starts before the cursor is complete. */
const BODY_TYPES = new Set([
  'statement_block',
  'class_body',
  'interface_body',
  'enum_body',
  'object_type',
  'block',
  'declaration_list',
  'field_declaration_list',
  'enum_variant_list',
  'function_body',
  'control_structure_body',
  'switch_body',
  'switch_block',
  'match_block',
  'constructor_body',
  'when_entry',
]);

/** Containers whose members end with `;` rather than a body: a signature there is complete. */
const SIGNATURE_CONTAINERS = new Set(['interface_body', 'object_type', 'trait_item', 'declaration_list']);

/** Keywords that start a header, as anonymous nodes inside an ERROR. */
const HEADER_KEYWORDS = new Set([
  'def',
  'class',
  'function',
  'fn',
  'fun',
  'func',
  'if',
  'elif',
  'else',
  'for',
  'while',
  'with',
  'try',
  'except',
  'finally',
  'catch',
  'match',
  'switch',
  'when',
  'struct',
  'enum',
  'impl',
  'trait',
  'interface',
  'object',
  'loop',
  'do',
  'mod',
]);

/**
 * What may precede a header keyword on its line: modifiers, then `return`, an assignment's left
 * side or Go's `type Name` (before `struct`/`interface`).
 */
const HEADER_LEAD =
  /^\s*(?:(?:export|default|declare|abstract|async|public|private|protected|internal|static|final|open|override|sealed|data|inline|suspend|operator|infix|tailrec|inner|enum|annotation|value|pub(?:\([\w:\s]+\))?|unsafe|const|extern|synchronized)\s+)*(?:return\s+|type\s+\w+(?:\[[^\]]*\])?\s+|(?:(?:val|var|let|const)\s+)?[\w$.]+(?:\s*:\s*[^=]+)?\s*=\s+)?$/;

/** Decorators and annotations: alone on the cursor line, they start the declaration that follows. */
const ANNOTATION_TYPES = new Set(['decorator', 'marker_annotation', 'annotation', 'attribute_item']);

const PARAMETER_LISTS = new Set(['formal_parameters', 'parameters', 'parameter_list', 'function_value_parameters']);

/**
 * Whether the code before `offset` (the end of the cursor line's text, trailing blanks allowed)
 * is a header waiting for its body. `source` is the parsed text.
 */
export function awaitsBody(tree: Tree, source: string, offset: number, languageId: string): boolean {
  let end = offset;
  while (end > 0 && (source[end - 1] === ' ' || source[end - 1] === '\t')) end--;
  if (end === 0 || source[end - 1] === '\n') return false;
  const leaf = tree.rootNode.descendantForIndex(end - 1, end);
  if (!leaf) return false;
  if (isJsxOpeningTagEnd(leaf, end)) return true;
  for (let node: Node | null = leaf; node; node = node.parent) {
    if (node.type === 'ERROR') {
      if (errorStartsHeader(node, source, end, languageId === 'python')) return true;
      continue;
    }
    if (ANNOTATION_TYPES.has(node.type) && node.endIndex === end) return annotatesNothing(node, source);
    // The innermost definition or compound statement decides: its body is there or it is not.
    if (HEADER_TYPES.has(node.type) && node.startIndex < end) return headerAwaitsBody(node, end);
  }
  return false;
}

/**
 * A decorator or annotation alone on its line with no declaration after it: the parser could not
 * attach it (an ERROR parent), or, for Rust's attributes, which are items of their own, nothing follows.
 */
function annotatesNothing(annotation: Node, source: string): boolean {
  const lineStart = source.lastIndexOf('\n', annotation.startIndex - 1) + 1;
  if (source.slice(lineStart, annotation.startIndex).trim() !== '') return false;
  if (annotation.parent?.type === 'ERROR') return true;
  return annotation.type === 'attribute_item' && annotation.nextNamedSibling === null;
}

function isJsxOpeningTagEnd(leaf: Node, end: number): boolean {
  return leaf.type === '>' && leaf.endIndex === end && leaf.parent?.type === 'jsx_opening_element';
}

function headerAwaitsBody(header: Node, end: number): boolean {
  const body = bodyOf(header);
  if (body && body.startIndex < end) return false; // the cursor is in or after the body
  if (header.type.endsWith('signature') || header.type === 'function_signature_item' || header.type === 'method_declaration') {
    if (header.parent && SIGNATURE_CONTAINERS.has(header.parent.type) && !hasMissing(header)) return false;
  }
  if (!body) return true;
  // A braceless statement on a later line is rarely meant as the body of a header being typed.
  if (!BODY_TYPES.has(body.type)) return true;
  // The header's own tokens after the cursor (Python's `:` lines later) mean the parser glued the
  // following lines onto an unfinished header; a block on the next line (Allman style) does not.
  return header.children.some((child) => child !== null && !child.isNamed && child.startIndex >= end && child !== body);
}

/** The node's body, or null when it has none or only a MISSING or zero-width one. */
function bodyOf(header: Node): Node | null {
  const body =
    header.childForFieldName('body') ??
    header.childForFieldName('consequence') ??
    header.namedChildren.find((child) => child !== null && BODY_TYPES.has(child.type)) ??
    null;
  if (!body || body.isMissing || body.endIndex === body.startIndex) return null;
  if (body.type === 'empty_statement' && hasMissing(body)) return null;
  return body;
}

function hasMissing(node: Node): boolean {
  if (node.isMissing) return true;
  return node.children.some((child) => child !== null && hasMissing(child));
}

/**
 * An ERROR node is an unfinished header when a header keyword before the cursor starts a line's
 * statement and nothing between it and the cursor opens or ends a body; or when what it holds just
 * before the cursor is a parameter list (`async (req: Request)` with no arrow yet).
 */
function errorStartsHeader(error: Node, source: string, end: number, colonOpensBody: boolean): boolean {
  const before = error.children.filter((child): child is Node => child !== null && child.startIndex < end);
  const last = before.at(-1);
  if (last && PARAMETER_LISTS.has(last.type) && last.endIndex === end) return true;
  const keyword = before.filter((child) => !child.isNamed && HEADER_KEYWORDS.has(child.type)).at(-1);
  if (!keyword) return false;
  const lineStart = source.lastIndexOf('\n', keyword.startIndex - 1) + 1;
  if (!HEADER_LEAD.test(source.slice(lineStart, keyword.startIndex))) return false;
  return headerRunsToCursor(source.slice(keyword.startIndex, end), colonOpensBody);
}

/**
 * The text from a header keyword to the cursor has no body opener, statement end or line break
 * outside brackets. In Python a `:` there already opened the body (`if x: return 1`).
 */
function headerRunsToCursor(text: string, colonOpensBody: boolean): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if ('([<'.includes(ch)) depth++;
    else if (')]>'.includes(ch) && text[i - 1] !== '=' && text[i - 1] !== '-') depth = Math.max(0, depth - 1);
    else if (depth === 0 && (ch === '{' || ch === ';' || ch === '\n' || (colonOpensBody && ch === ':'))) return false;
  }
  return true;
}
