/**
 * Python: `import a.b [as c]`, `from a.b import x [as y]`, relative imports (`from .policy import
 * x`, `from . import sibling`). A module is `a/b.py` or the package `a/b/__init__.py` under a source
 * root: the root of the importing file's package (the parent of its topmost directory with an
 * `__init__.py`), the file's own directory, the workspace folder and its `src/`.
 */
import { dirname, join } from 'node:path';
import type { Node } from 'web-tree-sitter';
import { ancestors, firstFile, type From, type ImportBinding, type LanguageSupport, type Project } from '../language.js';
import type { SyntaxSpec } from '../syntax.js';

export const pythonSyntax: SyntaxSpec = {
  identifiers: ['identifier'],
  qualified: {
    attribute: { object: (n) => n.childForFieldName('object'), member: (n) => n.childForFieldName('attribute') },
  },
  unwrap: (node) => (node.type === 'decorated_definition' ? node.childForFieldName('definition') : null),
  names(node) {
    if (node.type === 'function_definition' || node.type === 'class_definition') {
      const name = node.childForFieldName('name');
      return name ? [name.text] : [];
    }
    if (node.type === 'expression_statement') {
      const assignment = node.namedChildren[0];
      const left = assignment?.type === 'assignment' ? assignment.childForFieldName('left') : null;
      return left?.type === 'identifier' ? [left.text] : [];
    }
    if (node.type === 'type_alias_statement') {
      const left = node.namedChildren[0];
      return left ? [left.text.replace(/\[.*$/, '')] : [];
    }
    return [];
  },
  functions: new Set(['function_definition']),
  body: (fn) => fn.childForFieldName('body'),
  elide(body) {
    // The docstring stays: it is the function's documentation.
    const first = body.namedChildren[0];
    const docstring = first?.type === 'expression_statement' && first.namedChildren[0]?.type === 'string' ? first : null;
    if (!docstring) return { start: body.startIndex, end: body.endIndex, text: '...' };
    return { start: docstring.endIndex, end: body.endIndex, text: `\n${' '.repeat(docstring.startPosition.column)}...` };
  },
  comments: new Set(['comment']),
  typeNames: ['type'],
  exported: (_top, _declaration, name) => !name.startsWith('_'),
};

/** Dotted text of a module name node (`a.b`, or a relative `..a.b`). */
const moduleText = (node: Node): string => node.text.replace(/\s+/g, '');

function imports(root: Node): ImportBinding[] {
  const bindings: ImportBinding[] = [];
  for (const statement of root.namedChildren) {
    if (statement.type === 'import_statement') {
      for (const name of statement.childrenForFieldName('name')) {
        if (name.type === 'aliased_import') {
          const module = name.childForFieldName('name');
          const alias = name.childForFieldName('alias');
          if (module && alias) bindings.push({ local: alias.text, module: moduleText(module), imported: '*' });
        } else bindings.push({ local: moduleText(name), module: moduleText(name), imported: '*' });
      }
    } else if (statement.type === 'import_from_statement') {
      const moduleNode = statement.childForFieldName('module_name');
      if (!moduleNode) continue;
      const module = moduleText(moduleNode);
      if (statement.namedChildren.some((c) => c.type === 'wildcard_import')) {
        bindings.push({ local: '*', module, imported: '*' });
        continue;
      }
      for (const name of statement.childrenForFieldName('name')) {
        if (name.type === 'aliased_import') {
          const original = name.childForFieldName('name');
          const alias = name.childForFieldName('alias');
          if (original && alias) bindings.push({ local: alias.text, module, imported: original.text });
        } else bindings.push({ local: name.text, module, imported: name.text });
      }
    }
  }
  return bindings;
}

/** The directories a top-level module name is looked up in, nearest first. */
async function sourceRoots(fromFile: string, project: Project): Promise<string[]> {
  const folder = project.folderOf(fromFile);
  if (!folder) return [];
  const roots: string[] = [];
  let packageRoot: string | null = null;
  for (const dir of ancestors(dirname(fromFile), folder)) {
    if (!(await project.isFile(join(dir, '__init__.py')))) break;
    packageRoot = dirname(dir);
  }
  for (const root of [packageRoot, dirname(fromFile), folder, join(folder, 'src')]) if (root && !roots.includes(root)) roots.push(root);
  return roots;
}

async function moduleFile(base: string, dotted: string, project: Project): Promise<string | null> {
  const path = dotted ? join(base, ...dotted.split('.')) : base;
  return firstFile(project, dotted ? [`${path}.py`, `${path}.pyi`, join(path, '__init__.py'), join(path, '__init__.pyi')] : [join(path, '__init__.py')]);
}

async function resolveModule(module: string, _imported: string, { file: fromFile }: From, project: Project): Promise<string[]> {
  const level = /^\.*/.exec(module)![0].length;
  const rest = module.slice(level);
  if (level > 0) {
    let base = dirname(fromFile);
    for (let i = 1; i < level; i++) base = dirname(base);
    const file = await moduleFile(base, rest, project);
    return file && project.folderOf(file) ? [file] : [];
  }
  for (const root of await sourceRoots(fromFile, project)) {
    const file = await moduleFile(root, rest, project);
    if (file) return [file];
  }
  return [];
}

/** `from pkg import mod` where `mod` is a module of the package, not a name in its `__init__.py`. */
function resolveSubmodule(module: string, imported: string, from: From, project: Project): Promise<string[]> {
  const joined = module.endsWith('.') ? module + imported : `${module}.${imported}`;
  return resolveModule(joined, '*', from, project);
}

export const python: LanguageSupport = { spec: pythonSyntax, imports, resolveModule, resolveSubmodule };
