/**
 * Java: `import a.b.C;` (the file `a/b/C.java`, or `C.kt`), `import a.b.*;`, `import static
 * a.b.C.m;` (the class C, whose outline shows m), and the classes of the file's own package,
 * used without an import (`C.java` beside it).
 */
import { join } from 'node:path';
import type { Node } from 'web-tree-sitter';
import type { From, ImportBinding, LanguageSupport, Project } from '../language.js';
import { braceBody, type SyntaxSpec } from '../syntax.js';
import { packageDir, packageOf } from './jvm.js';

const TYPES = new Set(['class_declaration', 'interface_declaration', 'enum_declaration', 'record_declaration', 'annotation_type_declaration']);

export const javaSyntax: SyntaxSpec = {
  identifiers: ['identifier', 'type_identifier'],
  qualified: {
    method_invocation: { object: (n) => n.childForFieldName('object'), member: (n) => n.childForFieldName('name') },
    field_access: { object: (n) => n.childForFieldName('object'), member: (n) => n.childForFieldName('field') },
  },
  unwrap: () => null,
  names(node) {
    if (!TYPES.has(node.type)) return [];
    const name = node.childForFieldName('name');
    return name ? [name.text] : [];
  },
  functions: new Set(['method_declaration', 'constructor_declaration', 'lambda_expression']),
  body: (fn) => fn.childForFieldName('body'),
  elide: braceBody,
  comments: new Set(['block_comment', 'line_comment']),
  typeNames: ['type_identifier'],
  constructs: { object_creation_expression: 'type' },
  // A type without `public` is its package's only.
  exported: (_top, declaration) => /\bpublic\b/.test(declaration.namedChildren.find((c) => c.type === 'modifiers')?.text ?? ''),
};

function imports(root: Node): ImportBinding[] {
  const bindings: ImportBinding[] = [];
  for (const statement of root.namedChildren) {
    if (statement.type !== 'import_declaration') continue;
    const path = statement.namedChildren.find((c) => c.type === 'scoped_identifier' || c.type === 'identifier')?.text.replace(/\s+/g, '');
    if (!path) continue;
    const isStatic = statement.children.some((c) => c.type === 'static');
    if (statement.namedChildren.some((c) => c.type === 'asterisk')) {
      // `import static a.b.C.*` brings C's members: C itself is what shows them.
      if (isStatic) bindings.push({ local: '*', module: path, imported: path.slice(path.lastIndexOf('.') + 1) });
      else bindings.push({ local: '*', module: path, imported: '*' });
      continue;
    }
    const last = path.slice(path.lastIndexOf('.') + 1);
    if (isStatic) {
      const owner = path.slice(0, path.lastIndexOf('.'));
      bindings.push({ local: last, module: owner, imported: owner.slice(owner.lastIndexOf('.') + 1) });
    } else bindings.push({ local: last, module: path, imported: last });
  }
  return bindings;
}

/** `a.b.C` (a class) → `a/b/C.java` or `C.kt` under the first root that has the package. */
async function classFiles(fqn: string, from: From, project: Project): Promise<string[]> {
  const dot = fqn.lastIndexOf('.');
  const pkg = dot < 0 ? '' : fqn.slice(0, dot);
  const name = fqn.slice(dot + 1);
  const found = await packageDir(from.file, from.pkg, pkg, project);
  if (!found) return [];
  return [`${name}.java`, `${name}.kt`].filter((file) => found.names.includes(file)).map((file) => join(found.dir, file));
}

function resolveModule(module: string, _imported: string, from: From, project: Project): Promise<string[]> {
  return classFiles(module, from, project);
}

/** A capitalised name used without an import: a class of the same package, or of a wildcard-imported one. */
async function implicitFiles(name: string, from: From, bindings: readonly ImportBinding[], project: Project): Promise<string[]> {
  if (!/^[A-Z]/.test(name)) return [];
  const files = await classFiles(from.pkg ? `${from.pkg}.${name}` : name, from, project);
  for (const binding of bindings) if (binding.local === '*' && binding.imported === '*') files.push(...(await classFiles(`${binding.module}.${name}`, from, project)));
  return files;
}

export const java: LanguageSupport = { spec: javaSyntax, imports, packageOf, resolveModule, implicitFiles };
