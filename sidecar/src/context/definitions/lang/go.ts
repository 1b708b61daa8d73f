/**
 * Go: an import path inside the file's module (the nearest go.mod's `module` line) is a directory
 * of that module; a package is every non-test `.go` file of it. `pkg.Name` finds Name there;
 * names of the file's own package are found in the other files of its directory. Methods join
 * their receiver type's outline. Packages outside the module are not read.
 */
import { dirname, join } from 'node:path';
import type { Node } from 'web-tree-sitter';
import { ancestors, type From, type ImportBinding, type LanguageSupport, type Project } from '../language.js';
import { braceBody, childOfType, type SyntaxSpec } from '../syntax.js';

const MAX_PACKAGE_FILES = 60;

export const goSyntax: SyntaxSpec = {
  identifiers: ['identifier', 'type_identifier'],
  qualified: {
    selector_expression: { object: (n) => n.childForFieldName('operand'), member: (n) => n.childForFieldName('field') },
    qualified_type: { object: (n) => n.childForFieldName('package'), member: (n) => n.childForFieldName('name') },
  },
  unwrap: () => null,
  names(node) {
    if (node.type === 'function_declaration') {
      const name = node.childForFieldName('name');
      return name ? [name.text] : [];
    }
    const specs: Record<string, string> = { type_declaration: 'type_spec', const_declaration: 'const_spec', var_declaration: 'var_spec' };
    const specType = specs[node.type];
    if (!specType) return [];
    const names: string[] = [];
    for (const spec of node.namedChildren) {
      if (spec.type === 'type_alias') names.push(...spec.childrenForFieldName('name').map((n) => n.text));
      if (spec.type === specType) names.push(...spec.childrenForFieldName('name').map((n) => n.text));
    }
    return names;
  },
  functions: new Set(['function_declaration', 'method_declaration', 'func_literal']),
  body: (fn) => fn.childForFieldName('body'),
  elide: braceBody,
  comments: new Set(['comment']),
  typeNames: ['type_identifier'],
  constructs: { composite_literal: 'type' },
  exported: (_top, _declaration, name) => /^[A-Z]/.test(name),
  extends(node) {
    if (node.type !== 'method_declaration') return null;
    const receiver = node.childForFieldName('receiver');
    const type = receiver?.descendantsOfType('type_identifier')[0];
    return type?.text ?? null;
  },
};

function imports(root: Node): ImportBinding[] {
  const bindings: ImportBinding[] = [];
  for (const declaration of root.namedChildren) {
    if (declaration.type !== 'import_declaration') continue;
    const specs = declaration.descendantsOfType('import_spec');
    for (const spec of specs) {
      const path = spec.childForFieldName('path')?.text.replace(/^["`]|["`]$/g, '');
      if (!path) continue;
      const alias = spec.childForFieldName('name')?.text;
      if (alias === '_') continue;
      const local = alias === '.' ? '*' : (alias ?? path.slice(path.lastIndexOf('/') + 1));
      bindings.push({ local, module: path, imported: '*' });
    }
  }
  return bindings;
}

const packageOf = (root: Node): string => childOfType(root, 'package_clause')?.namedChildren[0]?.text ?? '';

/** The module root and path of the nearest go.mod above `file`. */
export async function goModule(file: string, project: Project): Promise<{ root: string; path: string } | null> {
  const folder = project.folderOf(file);
  if (!folder) return null;
  for (const dir of ancestors(dirname(file), folder)) {
    const text = await project.readText(join(dir, 'go.mod'));
    const path = text && /^module\s+(\S+)/m.exec(text)?.[1].replace(/^"|"$/g, '');
    if (path) return { root: dir, path };
  }
  return null;
}

async function goFiles(dir: string, except: string | null, project: Project): Promise<string[]> {
  const names = await project.list(dir);
  return names
    .filter((name) => name.endsWith('.go') && !name.endsWith('_test.go'))
    .map((name) => join(dir, name))
    .filter((file) => file !== except)
    .slice(0, MAX_PACKAGE_FILES);
}

async function resolveModule(module: string, _imported: string, from: From, project: Project): Promise<string[]> {
  const mod = await goModule(from.file, project);
  if (!mod || (module !== mod.path && !module.startsWith(`${mod.path}/`))) return [];
  return goFiles(join(mod.root, ...module.slice(mod.path.length).split('/').filter(Boolean)), null, project);
}

/** The other files of the same package, then dot-imported packages. */
async function implicitFiles(_name: string, from: From, bindings: readonly ImportBinding[], project: Project): Promise<string[]> {
  const files = await goFiles(dirname(from.file), from.file, project);
  for (const binding of bindings) if (binding.local === '*') files.push(...(await resolveModule(binding.module, '*', from, project)));
  return files;
}

export const go: LanguageSupport = { spec: goSyntax, imports, packageOf, resolveModule, implicitFiles };
