/**
 * The check that a proposal uses no name that does not exist: the names its added rows use that
 * the file does not give (`names.ts`) are looked up where the language finds names without an
 * import (the file's package: other Go files of its folder, Java and Kotlin classes of its package);
 * what is still missing is a finding. When the workspace index knows exactly one declaration of
 * the name that the file could import, the finding carries that import, written in the file's own
 * style (`imports.ts`): the module path is the one the file would write (the tsconfig alias it
 * already uses, else a relative path; a Python module; a package; a Go import path; `crate::…`).
 */
import { dirname, join, relative, sep } from 'node:path';
import type { Node } from 'web-tree-sitter';
import { baseLanguage, fileImports, languageSupport, type SourceIndex } from '../context/definitions/definitions.js';
import type { ImportBinding } from '../context/definitions/language.js';
import { goModule } from '../context/definitions/lang/go.js';
import { crateOf, modulePath } from '../context/definitions/lang/rust.js';
import { importEdit, type ImportEdit, type ImportSpec } from './imports.js';
import { unknownNames, type NameUse } from './names.js';
import type { IndexedSymbol, WorkspaceIndex } from './workspaceIndex.js';

export interface NameCheckInput {
  languageId: string;
  /** The edited file (absolute), or null for a document without a file. */
  file: string | null;
  /** The document as proposed, parsed. */
  text: string;
  root: Node;
  /** Rows of `text` the proposal added. */
  addedRows: ReadonlySet<number>;
  /** Names the original document had. */
  known: ReadonlySet<string>;
}

export interface MissingName extends NameUse {
  /** The import that gives it, when the workspace declares exactly one such name the file can import. */
  fix: (ImportEdit & { from: string }) | null;
}

/** The names the proposal uses that nothing gives it, each with the import that would, where there is exactly one. */
export async function missingNames(input: NameCheckInput, project: SourceIndex, index: WorkspaceIndex | null): Promise<MissingName[]> {
  const uses = unknownNames(input.languageId, input.root, input.addedRows, input.known);
  if (uses.length === 0) return [];
  const support = languageSupport(input.languageId);
  const { bindings, pkg } = support ? fileImports(support, input.root) : { bindings: [], pkg: '' };
  const out: MissingName[] = [];
  for (const use of uses) {
    if (input.file && index && inPackage(use.name, input.languageId, input.file, pkg, index)) continue;
    if (input.file && support && (await declaredImplicitly(use.name, input.languageId, input.file, pkg, bindings, project))) continue;
    const fix = input.file && index ? await importFor(use, input, index, project, bindings) : null;
    out.push({ ...use, fix });
  }
  return out;
}

/** Declared in the file's package as the index knows it: Go's folder, a Java or Kotlin package (any folder for Kotlin). */
function inPackage(name: string, languageId: string, file: string, pkg: string, index: WorkspaceIndex): boolean {
  if (languageId !== 'go' && languageId !== 'java' && languageId !== 'kotlin') return false;
  // A file of the package the grammar could not read whole may declare it.
  return index.lookup(name, languageId).some((s) => s.file !== file && (languageId === 'go' ? dirname(s.file) === dirname(file) : s.pkg === pkg)) || index.packagePartial(languageId, file, pkg);
}

/** Declared in a file the language reads without an import: the file's own package (Go, Java, Kotlin). */
async function declaredImplicitly(name: string, languageId: string, file: string, pkg: string, bindings: readonly ImportBinding[], project: SourceIndex): Promise<boolean> {
  const support = languageSupport(languageId)!;
  const files = (await support.implicitFiles?.(name, { file, pkg }, bindings, project)) ?? [];
  for (const other of files) {
    if (other === file) continue;
    const parsed = await project.file(other);
    if (parsed?.declarations.has(name)) return true;
  }
  return false;
}

async function importFor(use: NameUse, input: NameCheckInput, index: WorkspaceIndex, project: SourceIndex, bindings: readonly ImportBinding[]): Promise<MissingName['fix']> {
  const file = input.file!;
  let spec: ImportSpec | null = null;
  let from = '';
  if (input.languageId === 'go') {
    // `policy.Check(…)`: the name is a package of the module.
    const dirs = index.packageDirs(use.name, 'go');
    const mod = dirs.length === 1 ? await goModule(file, project) : null;
    if (mod && dirs[0] !== dirname(file)) {
      const rel = relative(mod.root, dirs[0]).split(sep).join('/');
      spec = { name: use.name, module: rel ? `${mod.path}/${rel}` : mod.path, form: 'package' };
      from = project.displayPath(dirs[0]);
    }
  } else {
    const found = index.lookup(use.name, input.languageId).filter((s) => s.file !== file && (s.exported || s.languageId === 'python'));
    if (found.length !== 1) return null;
    const symbol = found[0];
    const module = await moduleOf(symbol, file, input.languageId, project, bindings);
    if (module === null) return null;
    const isDefault = index.lookup('default', input.languageId).some((d) => d.file === symbol.file && d.line === symbol.line);
    spec = { name: use.name, module, form: isDefault ? 'default' : 'named' };
    from = symbol.path;
  }
  if (!spec) return null;
  const edit = importEdit(input.languageId, input.root, input.text, spec);
  return edit ? { ...edit, from } : null;
}

/** The module the edited file would name to import `symbol`, in its own style; null when it cannot be written. */
async function moduleOf(symbol: IndexedSymbol, file: string, languageId: string, project: SourceIndex, bindings: readonly ImportBinding[]): Promise<string | null> {
  switch (baseLanguage(languageId)) {
    case 'typescript':
      return typescriptModule(symbol.file, file, project, bindings);
    case 'python':
      return pythonModule(symbol.file, file, project, bindings);
    case 'java':
    case 'kotlin':
      return symbol.pkg || null;
    case 'rust': {
      const crate = await crateOf(file, project);
      const path = crate && (await crateOf(symbol.file, project))?.src === crate.src ? modulePath(crate.src, symbol.file) : null;
      return path ? ['crate', ...path].join('::') : null;
    }
  }
  return null;
}

const TS_EXTENSION = /(\.d)?\.[mc]?[jt]sx?$/;

/**
 * The tsconfig alias the file already uses when the target lies under it (an import of the file
 * resolved tells where the alias points: `@/services/authService` → src/services/authService.ts
 * makes `@/` stand for src/), else a relative path; `.js` endings when the file's relative
 * imports have them.
 */
async function typescriptModule(target: string, file: string, project: SourceIndex, bindings: readonly ImportBinding[]): Promise<string> {
  const support = languageSupport('typescript')!;
  const stripped = target.replace(TS_EXTENSION, '').replace(/\/index$/, '');
  const modules = [...new Set(bindings.map((b) => b.module))];
  for (const module of modules.filter((m) => !m.startsWith('.')).slice(0, 20)) {
    const [resolved] = await support.resolveModule(module, '*', { file, pkg: '' }, project);
    if (!resolved) continue;
    const base = resolved.replace(TS_EXTENSION, '').replace(/\/index$/, '');
    // The alias's own part: what the specifier and the resolved path do not share at their ends.
    const specParts = module.split('/');
    const pathParts = base.split(sep);
    let shared = 0;
    while (shared < specParts.length - 1 && shared < pathParts.length - 1 && specParts.at(-1 - shared) === pathParts.at(-1 - shared)) shared++;
    if (shared === 0) continue;
    const alias = specParts.slice(0, specParts.length - shared).join('/');
    const dir = pathParts.slice(0, pathParts.length - shared).join(sep);
    if (stripped.startsWith(dir + sep)) return `${alias}/${stripped.slice(dir.length + 1).split(sep).join('/')}`;
  }
  let rel = relative(dirname(file), stripped).split(sep).join('/');
  if (!rel.startsWith('.')) rel = `./${rel}`;
  const jsEndings = modules.some((m) => m.startsWith('.') && /\.js$/.test(m));
  return jsEndings ? `${rel}.js` : rel;
}

/**
 * A Python module: relative (`.policy`) when the file imports its own package that way, else the
 * dotted path from the top of the target's package (the parent of its highest folder with an
 * `__init__.py`), or from the edited file's folder when the target is beside it.
 */
async function pythonModule(target: string, file: string, project: SourceIndex, bindings: readonly ImportBinding[]): Promise<string | null> {
  const withoutExtension = target.replace(/\.pyi?$/, '');
  const name = withoutExtension.endsWith(`${sep}__init__`) ? dirname(withoutExtension) : withoutExtension;
  if (bindings.some((b) => b.module.startsWith('.')) && dirname(name) === dirname(file)) return `.${name.slice(dirname(name).length + 1)}`;
  let top = dirname(target);
  const folder = project.folderOf(target);
  if (!folder) return null;
  let root: string | null = null;
  for (let dir = top; dir.startsWith(folder) && (await project.isFile(join(dir, '__init__.py'))); dir = dirname(dir)) {
    top = dir;
    root = dirname(dir);
  }
  root ??= dirname(target) === dirname(file) ? dirname(file) : target.startsWith(join(folder, 'src') + sep) ? join(folder, 'src') : folder;
  const rel = relative(root, name);
  if (rel.startsWith('..')) return null;
  return rel.split(sep).join('.');
}
