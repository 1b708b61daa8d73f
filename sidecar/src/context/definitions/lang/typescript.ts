/**
 * TypeScript and JavaScript (and TSX/JSX): ES imports and re-exports; relative specifiers with the
 * extensions TypeScript tries (`./a.js` may be `./a.ts`), and bare specifiers through the nearest
 * tsconfig.json / jsconfig.json's `baseUrl` and `paths` (its relative `extends` followed).
 * Packages (node_modules) are not read.
 */
import { dirname, join, resolve } from 'node:path';
import { createPathsMatcher } from 'get-tsconfig';
import { parse as parseJsonc } from 'jsonc-parser';
import type { Node } from 'web-tree-sitter';
import { ancestors, firstFile, type From, type ImportBinding, type LanguageSupport, type Project, type Reexport } from '../language.js';
import { braceBody, type SyntaxSpec } from '../syntax.js';

const FUNCTIONS = new Set(['function_declaration', 'generator_function_declaration', 'function_expression', 'arrow_function', 'method_definition', 'function']);
const DECLARATIONS = new Set([
  'function_declaration',
  'generator_function_declaration',
  'class_declaration',
  'abstract_class_declaration',
  'interface_declaration',
  'type_alias_declaration',
  'enum_declaration',
  'module',
  'internal_module',
]);

export const typescriptSyntax: SyntaxSpec = {
  identifiers: ['identifier', 'type_identifier', 'shorthand_property_identifier'],
  qualified: {
    member_expression: { object: (n) => n.childForFieldName('object'), member: (n) => n.childForFieldName('property') },
    nested_type_identifier: { object: (n) => n.childForFieldName('module'), member: (n) => n.childForFieldName('name') },
  },
  unwrap(node) {
    if (node.type === 'export_statement') return node.childForFieldName('declaration') ?? node.childForFieldName('value');
    if (node.type === 'ambient_declaration') return node.namedChildren.find((c) => c.type !== 'comment') ?? null;
    return null;
  },
  names(node) {
    if (DECLARATIONS.has(node.type)) {
      const name = node.childForFieldName('name');
      return name ? [name.text] : [];
    }
    if (node.type === 'lexical_declaration' || node.type === 'variable_declaration') {
      return node.namedChildren.filter((c) => c.type === 'variable_declarator').flatMap((d) => {
        const name = d.childForFieldName('name');
        return name?.type === 'identifier' ? [name.text] : [];
      });
    }
    return [];
  },
  functions: FUNCTIONS,
  body: (fn) => fn.childForFieldName('body'),
  elide: braceBody,
  comments: new Set(['comment']),
  typeNames: ['type_identifier'],
  constructs: { new_expression: 'constructor' },
  exported: (top) => top.type === 'export_statement' || top.type === 'ambient_declaration',
};

/** `export default …` declares the name `default` as well as its own. */
function withDefault(spec: SyntaxSpec): SyntaxSpec {
  return {
    ...spec,
    names(node) {
      const own = spec.names(node);
      const parent = node.parent;
      const isDefault = parent?.type === 'export_statement' && parent.children.some((c) => c.type === 'default');
      return isDefault ? [...own, 'default'] : own;
    },
  };
}

const sourceOf = (node: Node): string | null => node.childForFieldName('source')?.namedChildren.find((c) => c.type === 'string_fragment')?.text ?? null;

function imports(root: Node): ImportBinding[] {
  const bindings: ImportBinding[] = [];
  for (const statement of root.namedChildren) {
    if (statement.type !== 'import_statement') continue;
    const module = sourceOf(statement);
    const clause = statement.namedChildren.find((c) => c.type === 'import_clause');
    if (!module || !clause) continue;
    for (const part of clause.namedChildren) {
      if (part.type === 'identifier') bindings.push({ local: part.text, module, imported: 'default' });
      else if (part.type === 'namespace_import') {
        const name = part.namedChildren.find((c) => c.type === 'identifier');
        if (name) bindings.push({ local: name.text, module, imported: '*' });
      } else if (part.type === 'named_imports') {
        for (const spec of part.namedChildren) {
          if (spec.type !== 'import_specifier') continue;
          const name = spec.childForFieldName('name')?.text;
          const alias = spec.childForFieldName('alias')?.text;
          if (name) bindings.push({ local: alias ?? name, module, imported: name });
        }
      }
    }
  }
  return bindings;
}

function reexports(root: Node): Reexport[] {
  const found: Reexport[] = [];
  for (const statement of root.namedChildren) {
    if (statement.type !== 'export_statement') continue;
    const module = sourceOf(statement);
    if (!module) continue;
    const clause = statement.namedChildren.find((c) => c.type === 'export_clause');
    if (!clause) {
      const namespace = statement.namedChildren.find((c) => c.type === 'namespace_export');
      const name = namespace?.namedChildren.find((c) => c.type === 'identifier')?.text;
      found.push(name ? { exported: name, module, imported: '*' } : { exported: '*', module, imported: '*' });
      continue;
    }
    for (const spec of clause.namedChildren) {
      if (spec.type !== 'export_specifier') continue;
      const name = spec.childForFieldName('name')?.text;
      const alias = spec.childForFieldName('alias')?.text;
      if (name) found.push({ exported: alias ?? name, module, imported: name });
    }
  }
  return found;
}

const EXTENSIONS = ['.ts', '.tsx', '.d.ts', '.js', '.jsx', '.mjs', '.cjs', '.mts', '.cts'];
const SOURCE_FOR_JS: Record<string, string[]> = { '.js': ['.ts', '.tsx'], '.jsx': ['.tsx'], '.mjs': ['.mts'], '.cjs': ['.cts'] };

/** The files a module path may be, as TypeScript's resolution tries them. */
export function moduleCandidates(base: string): string[] {
  const candidates: string[] = [];
  const ext = /\.[mc]?[jt]sx?$/.exec(base)?.[0];
  if (ext) {
    for (const source of SOURCE_FOR_JS[ext] ?? []) candidates.push(base.slice(0, -ext.length) + source);
    candidates.push(base);
  }
  for (const e of EXTENSIONS) candidates.push(base + e);
  for (const e of EXTENSIONS) candidates.push(join(base, 'index' + e));
  return candidates;
}

interface TsConfig {
  path: string;
  baseUrl?: string;
  paths?: Record<string, string[]>;
}

/** The compiler options that matter here, with relative `extends` followed (at most a few levels). */
async function readTsConfig(path: string, project: Project, depth = 0): Promise<TsConfig | null> {
  const text = await project.readText(path);
  if (text === null) return null;
  const json = parseJsonc(text, [], { allowTrailingComma: true }) as { extends?: unknown; compilerOptions?: { baseUrl?: unknown; paths?: unknown } } | undefined;
  if (!json || typeof json !== 'object') return null;
  const own = json.compilerOptions ?? {};
  let config: TsConfig = { path };
  const extendsList = Array.isArray(json.extends) ? json.extends : [json.extends];
  for (const parent of extendsList) {
    if (typeof parent !== 'string' || !parent.startsWith('.') || depth >= 4) continue;
    const file = resolve(dirname(path), parent.endsWith('.json') ? parent : `${parent}.json`);
    const base = await readTsConfig(file, project, depth + 1);
    if (base) config = { path, baseUrl: base.baseUrl ?? config.baseUrl, paths: base.paths ?? config.paths };
  }
  if (typeof own.baseUrl === 'string') config.baseUrl = resolve(dirname(path), own.baseUrl);
  if (own.paths && typeof own.paths === 'object') {
    config.paths = own.paths as Record<string, string[]>;
    // Without a baseUrl, paths are relative to the file that declares them.
    config.baseUrl ??= dirname(path);
  }
  return config;
}

async function nearestTsConfig(fromFile: string, project: Project): Promise<TsConfig | null> {
  const folder = project.folderOf(fromFile);
  if (!folder) return null;
  for (const dir of ancestors(dirname(fromFile), folder)) {
    for (const name of ['tsconfig.json', 'jsconfig.json']) {
      const config = await readTsConfig(join(dir, name), project);
      if (config) return config;
    }
  }
  return null;
}

async function resolveModule(module: string, _imported: string, { file: fromFile }: From, project: Project): Promise<string[]> {
  let bases: string[];
  if (module.startsWith('./') || module.startsWith('../') || module === '.' || module === '..') bases = [resolve(dirname(fromFile), module)];
  else {
    const config = await nearestTsConfig(fromFile, project);
    if (!config?.baseUrl) return [];
    const matcher = createPathsMatcher({ path: config.path, config: { compilerOptions: { baseUrl: config.baseUrl, paths: config.paths } } });
    bases = matcher ? matcher(module) : [];
  }
  for (const base of bases) {
    const file = await firstFile(project, moduleCandidates(base));
    if (file) return [file];
  }
  return [];
}

export const typescript: LanguageSupport = { spec: withDefault(typescriptSyntax), imports, reexports, resolveModule };
