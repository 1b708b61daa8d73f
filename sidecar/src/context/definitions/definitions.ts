/**
 * The definitions source: the names a stretch of code uses (the selection of an edit, the lines
 * before a completion's cursor) that are imported or declared elsewhere, resolved to the file that
 * declares them and outlined (signature and doc comment, bodies elided). One hop further, the
 * types those declarations name are outlined too, so `returnPolicy: ReturnPolicy` brings the
 * interface with `assertCanReturn`'s signature.
 */
import type { Node } from 'web-tree-sitter';
import type { ContextItem } from '../types.js';
import type { From, ImportBinding, LanguageSupport, Project, Reexport } from './language.js';
import { go } from './lang/go.js';
import { java } from './lang/java.js';
import { kotlin } from './lang/kotlin.js';
import { python } from './lang/python.js';
import { rust } from './lang/rust.js';
import { typescript } from './lang/typescript.js';
import { whole, type Steps } from '../../index/slices.js';
import { declarationSteps, declarations, usedNames, type Declaration } from './syntax.js';

const SUPPORT: Readonly<Record<string, LanguageSupport>> = {
  typescript,
  typescriptreact: typescript,
  javascript: typescript,
  javascriptreact: typescript,
  python,
  java,
  kotlin,
  go,
  rust,
};

export function languageSupport(languageId: string): LanguageSupport | null {
  return Object.hasOwn(SUPPORT, languageId) ? SUPPORT[languageId] : null;
}

/** The language whose rules a languageId follows (TSX, JavaScript and JSX are TypeScript's), or null without support. */
export function baseLanguage(languageId: string): 'typescript' | 'python' | 'java' | 'kotlin' | 'go' | 'rust' | null {
  const support = languageSupport(languageId);
  return support ? (Object.keys(SUPPORT).find((id) => SUPPORT[id] === support) as 'typescript' | 'python' | 'java' | 'kotlin' | 'go' | 'rust') : null;
}

/** Most definitions one request carries, and most names looked up for them. */
export const MAX_DEFINITIONS = 12;
const MAX_LOOKUPS = 40;
/** Types followed per declaration on the second hop. */
const TYPES_PER_DECLARATION = 4;
/** Re-export chains (`index.ts` barrels) followed this deep. */
const MAX_REEXPORT_DEPTH = 3;
/** Second-hop items rank after every first-hop one. */
const SECOND_HOP = 1000;

/** What the definitions source knows of a file other than the current one. */
export interface ParsedFile {
  path: string;
  languageId: string;
  declarations: ReadonlyMap<string, readonly Declaration[]>;
  imports: readonly ImportBinding[];
  reexports: readonly Reexport[];
  pkg: string;
}

/** The project plus parsed files, cached by their owner (see ../builder.ts). */
export interface SourceIndex extends Project {
  file(path: string): Promise<ParsedFile | null>;
  displayPath(path: string): string;
}

export interface DefinitionsInput {
  /** The current document's path, or null when its URI is not a file. */
  file: string | null;
  languageId: string;
  root: Node;
  text: string;
  /** Rows whose names are looked up. */
  startLine: number;
  endLine: number;
  /** Rows the prompt shows anyway: declarations of the current file there are not repeated. */
  visibleStart: number;
  visibleEnd: number;
  /** Words of an instruction: those the file imports are looked up too (after the code's own names). */
  extraNames?: readonly string[];
  /** The file's imports and package when the caller knows them already (see ../builder.ts). */
  imports?: { bindings: ImportBinding[]; pkg: string };
  /** Look up declarations of the file itself outside the visible rows (default true). */
  ownDeclarations?: boolean;
}

/** The part of the work that reads the current tree: synchronous, so the tree cannot change under it. */
export interface LocalLookup {
  support: LanguageSupport;
  from: From;
  bindings: ImportBinding[];
  /** Names in order of use, qualified ones as object + member. */
  uses: Array<{ name: string; member?: string }>;
  /** Declarations of the current file the code uses, outside the visible rows. */
  own: Map<string, Declaration>;
}

export function lookUpLocally(input: DefinitionsInput): LocalLookup | null {
  const support = languageSupport(input.languageId);
  if (!support || !input.file) return null;
  const { bindings, pkg } = input.imports ?? fileImports(support, input.root);
  const uses = usedNames(input.root, support.spec, input.startLine, input.endLine).slice(0, MAX_LOOKUPS);
  const imported = new Set(bindings.map((b) => b.local));
  for (const word of input.extraNames ?? []) if (imported.has(word) && !uses.some((u) => u.name === word)) uses.push({ name: word });
  const unbound = new Set(uses.filter((u) => !imported.has(u.name)).map((u) => u.name));
  const own = new Map<string, Declaration>();
  const declaredHere = input.ownDeclarations === false ? new Map<string, Declaration[]>() : declarations(input.root, input.text, support.spec, unbound);
  const outside = (list: readonly Declaration[]) => list.find((d) => d.endLine < input.visibleStart || d.startLine >= input.visibleEnd);
  for (const [name, list] of declaredHere) {
    const found = outside(list);
    if (found) own.set(name, found);
  }
  // The types those declarations name, when this file declares them too (the second hop, done while the tree is at hand).
  const types = new Set([...own.values()].flatMap((d) => d.typeNames).filter((t) => !own.has(t) && !imported.has(t)));
  for (const [name, list] of types.size > 0 ? declarations(input.root, input.text, support.spec, types) : []) {
    const found = outside(list);
    if (found) own.set(name, found);
  }
  return {
    support,
    from: { file: input.file, pkg },
    bindings,
    uses: uses.filter((u) => u.member !== undefined || !declaredHere.has(u.name) || own.has(u.name)),
    own,
  };
}

/** A file's import bindings and package, from its tree. */
export function fileImports(support: LanguageSupport, root: Node): { bindings: ImportBinding[]; pkg: string } {
  return { bindings: support.imports(root), pkg: support.packageOf?.(root) ?? '' };
}

interface Found {
  file: string;
  languageId: string;
  declaration: Declaration;
}

/** The items for what `local` found, in order of first use, then the second hop. */
export async function findDefinitions(local: LocalLookup, currentLanguageId: string, index: SourceIndex, signal?: AbortSignal): Promise<ContextItem[]> {
  const { support, from, bindings } = local;
  const first: Found[] = [];
  const seen = new Set<string>();
  const keep = (found: Found | null, list: Found[]) => {
    if (!found) return;
    const key = `${found.file}\0${found.declaration.startLine}`;
    if (seen.has(key)) return;
    seen.add(key);
    list.push(found);
  };
  for (const use of local.uses) {
    if (signal?.aborted || first.length >= MAX_DEFINITIONS) break;
    const own = use.member === undefined ? local.own.get(use.name) : undefined;
    if (own) keep({ file: from.file, languageId: currentLanguageId, declaration: own }, first);
    else keep(await resolveUse(use, support, from, bindings, index), first);
  }
  const second: Found[] = [];
  for (const found of first) {
    if (signal?.aborted || first.length + second.length >= MAX_DEFINITIONS) break;
    for (const type of found.declaration.typeNames.slice(0, TYPES_PER_DECLARATION)) {
      if (first.length + second.length >= MAX_DEFINITIONS) break;
      keep(await resolveTypeFrom(found, type, index, local), second);
    }
  }
  return [...first.map((f, i) => item(f, i, index)), ...second.map((f, i) => item(f, SECOND_HOP + i, index))];
}

function item(found: Found, rank: number, index: SourceIndex): ContextItem {
  return { kind: 'definition', path: index.displayPath(found.file), label: found.declaration.name, languageId: found.languageId, text: found.declaration.outline, rank };
}

async function resolveUse(use: { name: string; member?: string }, support: LanguageSupport, from: From, bindings: readonly ImportBinding[], index: SourceIndex): Promise<Found | null> {
  const binding = bindings.find((b) => b.local === use.name);
  if (use.member !== undefined) {
    if (!binding) return null;
    if (binding.imported === '*') return findIn(await support.resolveModule(binding.module, use.member, from, index), use.member, index);
    const submodule = (await support.resolveSubmodule?.(binding.module, binding.imported, from, index)) ?? [];
    if (submodule.length > 0) return findIn(submodule, use.member, index);
    return null; // `object.member` on an imported value: the plain use of `object` finds its declaration
  }
  if (binding) {
    if (binding.imported === '*') return null;
    return findIn(await support.resolveModule(binding.module, binding.imported, from, index), binding.imported, index);
  }
  const implicit = (await support.implicitFiles?.(use.name, from, bindings, index)) ?? [];
  if (implicit.length > 0) return findIn(implicit, use.name, index);
  // Wildcard imports of one-file modules (Python `from m import *`, Rust `use m::*`).
  for (const wildcard of bindings.filter((b) => b.local === '*')) {
    const found = await findIn(await support.resolveModule(wildcard.module, use.name, from, index), use.name, index);
    if (found) return found;
  }
  return null;
}

/** A type named by a found declaration, looked up from that declaration's own file. */
async function resolveTypeFrom(found: Found, type: string, index: SourceIndex, local: LocalLookup): Promise<Found | null> {
  if (found.file === local.from.file) {
    const own = local.own.get(type);
    if (own) return { file: found.file, languageId: found.languageId, declaration: own };
    return resolveUse({ name: type }, local.support, local.from, local.bindings, index);
  }
  const parsed = await index.file(found.file);
  const support = parsed && languageSupport(parsed.languageId);
  if (!parsed || !support) return null;
  const here = parsed.declarations.get(type)?.[0];
  if (here) return { file: parsed.path, languageId: parsed.languageId, declaration: here };
  return resolveUse({ name: type }, support, { file: parsed.path, pkg: parsed.pkg }, parsed.imports, index);
}

/** The first declaration of `name` in `files`, following TypeScript re-exports. */
async function findIn(files: readonly string[], name: string, index: SourceIndex, depth = 0): Promise<Found | null> {
  for (const file of files) {
    const parsed = await index.file(file);
    if (!parsed) continue;
    const declaration = parsed.declarations.get(name)?.[0];
    if (declaration) return { file: parsed.path, languageId: parsed.languageId, declaration };
    if (depth >= MAX_REEXPORT_DEPTH) continue;
    const support = languageSupport(parsed.languageId);
    if (!support) continue;
    for (const reexport of parsed.reexports.filter((r) => r.exported === name || r.exported === '*')) {
      const target = await support.resolveModule(reexport.module, reexport.imported, { file: parsed.path, pkg: parsed.pkg }, index);
      const found = await findIn(target, reexport.exported === '*' ? name : reexport.imported, index, depth + 1);
      if (found) return found;
    }
    // A re-exported import: `import { x } from './a'; export { x };` is left out; so is `export default x`.
  }
  return null;
}

/** The outline of a parsed file's declarations, for files read from disk or other open documents. */
export function parseFile(path: string, languageId: string, root: Node, text: string): ParsedFile | null {
  return whole(parseFileSteps(path, languageId, root, text));
}

/** `parseFile` in steps (see index/slices.ts), for the index's crawl: a large file's tree is read a slice at a time. */
export function* parseFileSteps(path: string, languageId: string, root: Node, text: string): Steps<ParsedFile | null> {
  const support = languageSupport(languageId);
  if (!support) return null;
  const found = yield* declarationSteps(root, text, support.spec);
  const imports = support.imports(root);
  yield;
  const reexports = support.reexports?.(root) ?? [];
  yield;
  return { path, languageId, declarations: found, imports, reexports, pkg: support.packageOf?.(root) ?? '' };
}
