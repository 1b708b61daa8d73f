/**
 * What the definitions source reads off a syntax tree, pure and driven by one table per language
 * (`SyntaxSpec`, in lang/): the names a stretch of code uses, and the outline of every top-level
 * declaration of a file — its doc comment and signature with function bodies elided, so an
 * interface stays whole, a class shows its members' signatures and a function its signature.
 */
import type { Node } from 'web-tree-sitter';
import { whole, type Steps } from '../../index/slices.js';

export interface SyntaxSpec {
  /** Leaf node types that name something (identifiers, type identifiers). */
  identifiers: readonly string[];
  /** Qualified access `object.member` (`ns.f`, `pkg.Type`, `module::item`): node type → how to read its two sides. */
  qualified: Readonly<Record<string, { object: (node: Node) => Node | null; member: (node: Node) => Node | null }>>;
  /** Top-level nodes that wrap a declaration (`export …`, decorators): the declaration inside, or null. */
  unwrap(node: Node): Node | null;
  /** The names a top-level declaration introduces (none for anything else). */
  names(declaration: Node): string[];
  /** Function-like node types whose body an outline elides. */
  functions: ReadonlySet<string>;
  /** The body of a function-like node, or null (an abstract method, a signature). */
  body(fn: Node): Node | null;
  /** The text that stands for an elided body. */
  elide(body: Node): { start: number; end: number; text: string };
  comments: ReadonlySet<string>;
  /** Top-level nodes that belong to the declaration after them, like comments (Rust attributes). */
  attachments?: ReadonlySet<string>;
  /** Type-name node types: a declaration's own types are looked up next (`policy: ReturnPolicy` → ReturnPolicy). */
  typeNames: readonly string[];
  /** Expressions that construct a named type (`new ReturnService()`): node type → the field holding the type, a type name for the next hop too. */
  constructs?: Readonly<Record<string, string>>;
  /** Declarations that add members to a type declared elsewhere in the file (Go methods, Rust impl blocks): the type's name. */
  extends?(node: Node): string | null;
  /** Whether another file may use the declaration (`export`, `pub`, `public`, a capital in Go); true when absent. */
  exported?(top: Node, declaration: Node, name: string): boolean;
}

/** Longest outline, in lines and characters; the rest is cut at a line and marked. */
export const OUTLINE_MAX_LINES = 40;
export const OUTLINE_MAX_CHARS = 2000;

export interface Declaration {
  name: string;
  /** The declaration's node type (`interface_declaration`, `function_definition`, `struct_item`). */
  kind: string;
  /** Visible to other files (see `SyntaxSpec.exported`). */
  exported: boolean;
  /** Doc comment and signature, bodies elided, capped. */
  outline: string;
  /** First and last row of the declaration (with its doc comment). */
  startLine: number;
  endLine: number;
  /** Types its signature names, in order, for the next hop. */
  typeNames: string[];
}

export interface NameUse {
  name: string;
  /** For `object.member`: the member. */
  member?: string;
}

/**
 * The names used in rows [startLine, endLine), in order of first use: qualified uses
 * (`returnPolicy.assertCanReturn`) as object + member, then every plain identifier once.
 */
export function usedNames(root: Node, spec: SyntaxSpec, startLine: number, endLine: number): NameUse[] {
  const from = { row: Math.max(0, startLine), column: 0 };
  const to = { row: Math.max(startLine, endLine), column: 0 };
  const found: Array<{ at: number; use: NameUse }> = [];
  // Searching the top-level nodes that overlap the rows, not the root: a large file's tree is walked only there.
  for (const top of topLevelNodes(root, from.row, to.row)) {
    for (const node of top.descendantsOfType(Object.keys(spec.qualified), from, to)) {
      const read = spec.qualified[node.type];
      const object = read.object(node);
      const member = read.member(node);
      if (object && member && /^[\w$.]{1,100}$/.test(object.text)) found.push({ at: node.startIndex, use: { name: object.text, member: member.text } });
    }
    for (const node of top.descendantsOfType([...spec.identifiers], from, to)) found.push({ at: node.startIndex, use: { name: node.text } });
  }
  found.sort((a, b) => a.at - b.at);
  const seen = new Set<string>();
  const uses: NameUse[] = [];
  for (const { use } of found) {
    const key = use.member === undefined ? use.name : `${use.name}\0${use.member}`;
    // One-letter plain names are loop variables and parameters far more often than project API.
    if (seen.has(key) || (use.member === undefined && use.name.length < 2)) continue;
    seen.add(key);
    uses.push(use);
  }
  return uses;
}

/** The children of `root` that overlap rows [startRow, endRow), found from the first row inside one (the root itself when none is found). */
function topLevelNodes(root: Node, startRow: number, endRow: number): Node[] {
  let first: Node | null = null;
  for (let row = startRow; row <= endRow && !first; row++) {
    let node: Node | null = root.namedDescendantForPosition({ row, column: 0 });
    while (node && node.parent && node.parent.id !== root.id) node = node.parent;
    if (node && node.id !== root.id) first = node;
  }
  if (!first) return [root];
  // The node before may end inside the rows too (the first row was blank or a comment's).
  const nodes: Node[] = [];
  const before = first.previousNamedSibling;
  if (before && before.endPosition.row >= startRow) nodes.push(before);
  for (let node: Node | null = first; node && node.startPosition.row <= endRow; node = node.nextNamedSibling) nodes.push(node);
  return nodes;
}

/**
 * The top-level declarations of a file by name (a name declared twice keeps both, in order): all
 * of them, or only those named in `wanted` (the current document, where outlining everything on
 * every keystroke would cost more than the few names it needs).
 */
export function declarations(root: Node, text: string, spec: SyntaxSpec, wanted?: ReadonlySet<string>): Map<string, Declaration[]> {
  return whole(declarationSteps(root, text, spec, wanted));
}

/** Nodes an outline visits per step of `declarationSteps`. */
const VISITED = 256;

/** `declarations` in steps (see index/slices.ts): a top-level node, or VISITED nodes of one, each; a large file's tree is read a slice at a time. */
export function* declarationSteps(root: Node, text: string, spec: SyntaxSpec, wanted?: ReadonlySet<string>): Steps<Map<string, Declaration[]>> {
  const result = new Map<string, Declaration[]>();
  const extensions = new Map<string, string[]>();
  const children = root.namedChildren;
  let leading: Node[] = [];
  for (const child of children) {
    if (spec.comments.has(child.type) || spec.attachments?.has(child.type)) {
      const last = leading.at(-1);
      leading = last && child.startPosition.row <= last.endPosition.row + 1 ? [...leading, child] : [child];
      continue;
    }
    const attached = leading.length > 0 && leading.at(-1)!.endPosition.row >= child.startPosition.row - 1 ? leading : [];
    leading = [];
    const extended = spec.extends?.(child);
    if (extended) {
      if (wanted && !wanted.has(extended)) continue;
      const list = extensions.get(extended) ?? [];
      list.push((yield* outlineOf(child, attached, text, spec)).outline);
      extensions.set(extended, list);
      yield;
      continue;
    }
    const declaration = spec.unwrap(child) ?? child;
    const names = spec.names(declaration).filter((name) => !wanted || wanted.has(name));
    if (names.length === 0) continue;
    const { outline, typeNames } = yield* outlineOf(child, attached, text, spec);
    for (const name of names) {
      const exported = spec.exported?.(child, declaration, name) ?? true;
      const entry: Declaration = { name, kind: declaration.type, exported, outline, startLine: (attached[0] ?? child).startPosition.row, endLine: child.endPosition.row, typeNames: typeNames.filter((t) => t !== name) };
      const list = result.get(name) ?? [];
      list.push(entry);
      result.set(name, list);
    }
    yield;
  }
  // Methods declared apart from their type (Go, Rust impl blocks) join the type's outline.
  for (const [name, outlines] of extensions) {
    const target = result.get(name)?.[0];
    if (target) target.outline = cap([target.outline, ...outlines].join('\n'));
  }
  return result;
}

function* outlineOf(node: Node, attached: readonly Node[], text: string, spec: SyntaxSpec): Steps<{ outline: string; typeNames: string[] }> {
  const elided: Array<{ start: number; end: number; text: string }> = [];
  const typeNames: string[] = [];
  let visited = 0;
  const visit = function* (n: Node): Steps<void> {
    if (++visited % VISITED === 0) yield;
    if (spec.functions.has(n.type)) {
      const body = spec.body(n);
      if (body) {
        elided.push(spec.elide(body));
        for (const child of n.namedChildren) if (child.id !== body.id) yield* visit(child);
        return;
      }
    }
    const constructed = spec.constructs?.[n.type];
    if (constructed) {
      const type = n.childForFieldName(constructed);
      if (type && type.childCount === 0 && !typeNames.includes(type.text)) typeNames.push(type.text);
    }
    if (spec.typeNames.includes(n.type)) {
      // A composite type (`Optional[Order]`, `List<Order>`) names each identifier inside it.
      const names = n.childCount === 0 ? [n] : n.descendantsOfType([...spec.identifiers, ...spec.typeNames]).filter((d) => d.childCount === 0);
      for (const name of names) if (!typeNames.includes(name.text)) typeNames.push(name.text);
      return;
    }
    for (const child of n.namedChildren) yield* visit(child);
  };
  yield* visit(node);
  elided.sort((a, b) => a.start - b.start);
  let out = '';
  let at = node.startIndex;
  for (const cut of elided) {
    if (cut.start < at) continue;
    out += text.slice(at, cut.start) + cut.text;
    at = cut.end;
  }
  out += text.slice(at, node.endIndex);
  const doc = attached.length > 0 ? text.slice(attached[0].startIndex, attached.at(-1)!.endIndex).replace(/\s+$/, '') + '\n' : '';
  // Lines after the first keep their indentation relative to the declaration's column.
  return { outline: cap(dedent(doc + out, node.startPosition.column)), typeNames };
}

function dedent(text: string, column: number): string {
  if (column === 0) return text;
  const pad = new RegExp(`^[ \\t]{0,${column}}`);
  return text
    .split('\n')
    .map((line, i) => (i === 0 ? line : line.replace(pad, '')))
    .join('\n');
}

/** Cut at OUTLINE_MAX_LINES / OUTLINE_MAX_CHARS on a line boundary, marked with a line of its own. */
export function cap(outline: string): string {
  const lines = outline.split('\n');
  const kept: string[] = [];
  let size = 0;
  for (const line of lines) {
    if (kept.length >= OUTLINE_MAX_LINES || size + line.length + 1 > OUTLINE_MAX_CHARS) {
      const indent = /^\s*/.exec(line)![0];
      return [...kept, `${indent}…`].join('\n');
    }
    kept.push(line);
    size += line.length + 1;
  }
  return outline;
}

/** Elision of a brace-delimited body: `{ … }`. */
export function braceBody(body: Node): { start: number; end: number; text: string } {
  return { start: body.startIndex, end: body.endIndex, text: body.text.startsWith('{') ? '{ … }' : '…' };
}

/** The first child of `node` with one of `types`. */
export function childOfType(node: Node, ...types: string[]): Node | null {
  for (const child of node.namedChildren) if (types.includes(child.type)) return child;
  return null;
}
