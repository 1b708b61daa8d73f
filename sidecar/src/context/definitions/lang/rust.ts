/**
 * Rust, within the crate: `use crate::a::b::{C, d as e}`, `use self::…`, `use super::…`, and
 * `mod m;`. The crate's source root is `src/` beside the nearest Cargo.toml; module `a::b` is
 * `src/a/b.rs` or `src/a/b/mod.rs`. `impl` blocks join their type's outline. Other crates are
 * not read.
 */
import { dirname, join, relative, sep } from 'node:path';
import type { Node } from 'web-tree-sitter';
import { ancestors, firstFile, type From, type ImportBinding, type LanguageSupport, type Project } from '../language.js';
import { braceBody, type SyntaxSpec } from '../syntax.js';

const ITEMS = new Set(['function_item', 'struct_item', 'enum_item', 'trait_item', 'type_item', 'const_item', 'static_item', 'union_item', 'macro_definition', 'mod_item', 'function_signature_item']);

export const rustSyntax: SyntaxSpec = {
  identifiers: ['identifier', 'type_identifier'],
  qualified: {
    scoped_identifier: { object: (n) => n.childForFieldName('path'), member: (n) => n.childForFieldName('name') },
    scoped_type_identifier: { object: (n) => n.childForFieldName('path'), member: (n) => n.childForFieldName('name') },
  },
  unwrap: () => null,
  names(node) {
    // `mod m;` names a file, not a declaration here (an inline `mod m { … }` is one).
    if (!ITEMS.has(node.type) || (node.type === 'mod_item' && !node.childForFieldName('body'))) return [];
    const name = node.childForFieldName('name');
    return name ? [name.text] : [];
  },
  functions: new Set(['function_item', 'closure_expression']),
  body: (fn) => fn.childForFieldName('body'),
  elide: braceBody,
  comments: new Set(['line_comment', 'block_comment']),
  attachments: new Set(['attribute_item']),
  typeNames: ['type_identifier'],
  constructs: { struct_expression: 'name' },
  exported: (_top, declaration) => declaration.namedChildren.some((c) => c.type === 'visibility_modifier'),
  extends(node) {
    if (node.type !== 'impl_item') return null;
    const type = node.childForFieldName('type');
    return type?.type === 'type_identifier' ? type.text : (type?.descendantsOfType('type_identifier')[0]?.text ?? null);
  },
};

/** Every name a `use` tree binds, with the module path it comes from. */
function useBindings(node: Node, prefix: string[], out: ImportBinding[]): void {
  switch (node.type) {
    case 'scoped_identifier': {
      const path = node.childForFieldName('path');
      const name = node.childForFieldName('name');
      if (path && name) out.push({ local: name.text, module: [...prefix, ...segments(path)].join('::'), imported: name.text });
      return;
    }
    case 'identifier':
    case 'self':
    case 'crate':
    case 'super':
      if (prefix.length > 0) out.push({ local: node.text === 'self' ? prefix.at(-1)! : node.text, module: (node.text === 'self' ? prefix.slice(0, -1) : prefix).join('::'), imported: node.text === 'self' ? prefix.at(-1)! : node.text });
      return;
    case 'use_as_clause': {
      const path = node.childForFieldName('path');
      const alias = node.childForFieldName('alias');
      if (!path || !alias) return;
      const parts = [...prefix, ...segments(path)];
      out.push({ local: alias.text, module: parts.slice(0, -1).join('::'), imported: parts.at(-1)! });
      return;
    }
    case 'scoped_use_list': {
      const path = node.childForFieldName('path');
      const list = node.childForFieldName('list');
      const base = path ? [...prefix, ...segments(path)] : prefix;
      for (const child of list?.namedChildren ?? []) useBindings(child, base, out);
      return;
    }
    case 'use_list':
      for (const child of node.namedChildren) useBindings(child, prefix, out);
      return;
    case 'use_wildcard': {
      const path = node.namedChildren[0];
      out.push({ local: '*', module: [...prefix, ...(path ? segments(path) : [])].join('::'), imported: '*' });
      return;
    }
  }
}

function segments(node: Node): string[] {
  return node.text.split('::').map((s) => s.trim()).filter(Boolean);
}

function imports(root: Node): ImportBinding[] {
  const out: ImportBinding[] = [];
  for (const item of root.namedChildren) {
    if (item.type === 'use_declaration') {
      const argument = item.childForFieldName('argument');
      if (argument) useBindings(argument, [], out);
    } else if (item.type === 'mod_item' && !item.childForFieldName('body')) {
      const name = item.childForFieldName('name');
      if (name) out.push({ local: name.text, module: 'self', imported: name.text });
    }
  }
  return out;
}

interface Crate {
  /** The crate's `src/` directory. */
  src: string;
}

export async function crateOf(file: string, project: Project): Promise<Crate | null> {
  const folder = project.folderOf(file);
  if (!folder) return null;
  for (const dir of ancestors(dirname(file), folder)) if (await project.isFile(join(dir, 'Cargo.toml'))) return { src: join(dir, 'src') };
  return null;
}

/** The module path of a file of the crate: `src/a/b.rs` → [a, b], `src/a/mod.rs` → [a], `src/lib.rs` → []. */
export function modulePath(src: string, file: string): string[] | null {
  const rel = relative(src, file);
  if (rel.startsWith('..')) return null;
  const parts = rel.split(sep);
  const last = parts.pop()!.replace(/\.rs$/, '');
  if (parts.length === 0 && (last === 'lib' || last === 'main')) return [];
  return last === 'mod' ? parts : [...parts, last];
}

/** The file of module `path` (crate-relative segments). */
function moduleFile(crate: Crate, path: readonly string[], project: Project): Promise<string | null> {
  if (path.length === 0) return firstFile(project, [join(crate.src, 'lib.rs'), join(crate.src, 'main.rs')]);
  const base = join(crate.src, ...path);
  return firstFile(project, [`${base}.rs`, join(base, 'mod.rs')]);
}

/** A `use` path made crate-relative: `crate::a` → [a], `self::a` → here + [a], `super::a` → parent + [a]; null for another crate. */
function absolute(module: string, here: readonly string[]): string[] | null {
  const parts = module.split('::').filter(Boolean);
  if (parts[0] === 'crate') return parts.slice(1);
  let base = [...here];
  let i = 0;
  if (parts[0] === 'self') i = 1;
  else if (parts[0] === 'super') {
    while (parts[i] === 'super') {
      base = base.slice(0, -1);
      i++;
    }
  } else return null;
  return [...base, ...parts.slice(i)];
}

async function resolveModule(module: string, _imported: string, from: From, project: Project): Promise<string[]> {
  const crate = await crateOf(from.file, project);
  const here = crate && modulePath(crate.src, from.file);
  if (!crate || !here) return [];
  const path = absolute(module, here);
  const file = path && (await moduleFile(crate, path, project));
  return file ? [file] : [];
}

/** `use crate::a::b;` or `mod b;`: b is a module when it has a file of its own. */
function resolveSubmodule(module: string, imported: string, from: From, project: Project): Promise<string[]> {
  return resolveModule(`${module}::${imported}`, '*', from, project);
}

export const rust: LanguageSupport = { spec: rustSyntax, imports, resolveModule, resolveSubmodule };
