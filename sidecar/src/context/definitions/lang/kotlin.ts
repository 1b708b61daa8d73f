/**
 * Kotlin: `import a.b.Name [as alias]` and `import a.b.*`. A Kotlin file may declare any name, so
 * a package is every `.kt` file of its directory: `Name.kt` (or `Name.java`) first, then the
 * others in name order. Names of the file's own package need no import.
 */
import { join } from 'node:path';
import type { Node } from 'web-tree-sitter';
import type { From, ImportBinding, LanguageSupport, Project } from '../language.js';
import { braceBody, childOfType, type SyntaxSpec } from '../syntax.js';
import { packageDir, packageOf } from './jvm.js';

/** Files of one package looked through for a name, at most. */
const MAX_PACKAGE_FILES = 40;

export const kotlinSyntax: SyntaxSpec = {
  identifiers: ['identifier'],
  qualified: {
    navigation_expression: { object: (n) => n.namedChild(0), member: (n) => n.namedChild(n.namedChildCount - 1) },
  },
  unwrap: () => null,
  names(node) {
    if (node.type === 'class_declaration' || node.type === 'object_declaration' || node.type === 'function_declaration') {
      const name = node.childForFieldName('name');
      return name ? [name.text] : [];
    }
    if (node.type === 'type_alias') {
      const name = node.childForFieldName('type');
      return name ? [name.text] : [];
    }
    if (node.type === 'property_declaration') {
      const variable = childOfType(node, 'variable_declaration');
      const name = variable && childOfType(variable, 'identifier');
      return name ? [name.text] : [];
    }
    return [];
  },
  functions: new Set(['function_declaration', 'getter', 'setter', 'anonymous_initializer', 'secondary_constructor']),
  body: (fn) => childOfType(fn, 'function_body', 'block'),
  elide(body) {
    const element = braceBody(body);
    return body.text.startsWith('=') ? { ...element, text: '= …' } : element;
  },
  comments: new Set(['block_comment', 'line_comment']),
  typeNames: ['user_type'],
  exported: (_top, declaration) => !/\bprivate\b/.test(childOfType(declaration, 'modifiers')?.text ?? ''),
};

function imports(root: Node): ImportBinding[] {
  const bindings: ImportBinding[] = [];
  for (const statement of root.namedChildren) {
    if (statement.type !== 'import') continue;
    const path = childOfType(statement, 'qualified_identifier', 'identifier')?.text.replace(/\s+/g, '');
    if (!path) continue;
    if (/\.\*\s*$/.test(statement.text)) {
      bindings.push({ local: '*', module: path, imported: '*' });
      continue;
    }
    const alias = statement.namedChildren.filter((c) => c.type === 'identifier').at(-1);
    const dot = path.lastIndexOf('.');
    const name = path.slice(dot + 1);
    bindings.push({ local: alias && alias.text !== path ? alias.text : name, module: dot < 0 ? '' : path.slice(0, dot), imported: name });
  }
  return bindings;
}

async function packageFiles(pkg: string, name: string, from: From, project: Project): Promise<string[]> {
  const found = await packageDir(from.file, from.pkg, pkg, project);
  if (!found) return [];
  const preferred = [`${name}.kt`, `${name}.java`].filter((file) => found.names.includes(file));
  const others = found.names.filter((file) => file.endsWith('.kt') && !preferred.includes(file));
  return [...preferred, ...others].slice(0, MAX_PACKAGE_FILES).map((file) => join(found.dir, file));
}

function resolveModule(module: string, imported: string, from: From, project: Project): Promise<string[]> {
  return packageFiles(module, imported, from, project);
}

async function implicitFiles(name: string, from: From, bindings: readonly ImportBinding[], project: Project): Promise<string[]> {
  const files = (await packageFiles(from.pkg, name, from, project)).filter((file) => file !== from.file);
  for (const binding of bindings) if (binding.local === '*') files.push(...(await packageFiles(binding.module, name, from, project)));
  return files;
}

export const kotlin: LanguageSupport = { spec: kotlinSyntax, imports, packageOf, resolveModule, implicitFiles };
