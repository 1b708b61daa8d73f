/**
 * The import a missing name needs, written in the file's own style, pure: where it goes (after the
 * file's last import, or joined to an import of the same module), its quotes and semicolons as the
 * file writes them. The module it names is found by the caller (`nameCheck.ts`): a relative path
 * or the tsconfig alias the file already uses, a Python module, a Java/Kotlin package, a Go import
 * path, a Rust `crate::` path.
 */
import type { Node } from 'web-tree-sitter';
import { baseLanguage } from '../context/definitions/definitions.js';

/** What to import: `name` from `module`; `default` for a default export (TypeScript), `package` for a Go package. */
export interface ImportSpec {
  name: string;
  module: string;
  form: 'named' | 'default' | 'package';
}

/** Rows [row, row + replace) of the file become `lines`; `statement` is the import as the user reads it in a message. */
export interface ImportEdit {
  row: number;
  replace: number;
  lines: string[];
  statement: string;
}

const IMPORTS: Readonly<Record<string, ReadonlySet<string>>> = {
  typescript: new Set(['import_statement']),
  python: new Set(['import_statement', 'import_from_statement', 'future_import_statement']),
  java: new Set(['import_declaration']),
  kotlin: new Set(['import']),
  go: new Set(['import_declaration']),
  rust: new Set(['use_declaration', 'extern_crate_declaration']),
};
/** What may stand before the first import: package lines, comments, a docstring or directive (a statement that is a string), attributes. */
const HEAD = /comment|package|^string$|inner_attribute_item|shebang|hash_bang_line/;
const isHead = (node: Node) => HEAD.test(node.type) || (node.type === 'expression_statement' && node.namedChildCount === 1 && node.namedChildren[0]!.type === 'string');

/** The import edit for `spec` in the file `root` parses (of `text`), or null when the language has no import writer. */
export function importEdit(languageId: string, root: Node, text: string, spec: ImportSpec): ImportEdit | null {
  const lang = baseLanguage(languageId);
  const kinds = lang && IMPORTS[lang];
  if (!kinds) return null;
  const lines = text.split('\n');
  const imports = root.namedChildren.filter((c) => kinds.has(c.type));
  switch (lang) {
    case 'typescript':
      return typescriptImport(imports, lines, root, spec);
    case 'python':
      return pythonImport(imports, lines, root, spec);
    case 'java':
      return appended(imports, lines, root, `import ${spec.module}.${spec.name};`);
    case 'kotlin':
      return appended(imports, lines, root, `import ${spec.module}.${spec.name}`);
    case 'go':
      return goImport(imports, lines, root, spec);
    case 'rust':
      return appended(imports, lines, root, `use ${spec.module}::${spec.name};`);
  }
  return null;
}

/** A new line after the last import; without imports, after the file's head (package line, comments), a blank line between. */
function appended(imports: readonly Node[], lines: readonly string[], root: Node, statement: string): ImportEdit {
  const last = imports.at(-1);
  if (last) return { row: last.endPosition.row + 1, replace: 0, lines: [indentOf(lines[last.startPosition.row]) + statement], statement };
  const head = root.namedChildren.filter((c, i) => isHead(c) && root.namedChildren.slice(0, i).every(isHead));
  const after = head.at(-1);
  if (!after) return { row: 0, replace: 0, lines: [statement, ''], statement };
  const row = after.endPosition.row + 1;
  return { row, replace: 0, lines: ['', statement], statement };
}

function indentOf(line: string | undefined): string {
  return /^[ \t]*/.exec(line ?? '')![0];
}

function typescriptImport(imports: readonly Node[], lines: readonly string[], root: Node, spec: ImportSpec): ImportEdit {
  const sample = imports.map((i) => i.text).find((t) => /from\s+["']/.test(t)) ?? '';
  const quote = /from\s+"/.test(sample) ? '"' : "'";
  const semicolon = sample ? (sample.trimEnd().endsWith(';') ? ';' : '') : ';';
  // Joined to a one-line named import of the same module: `import { a } from 'm'` → `import { a, b } from 'm'`.
  if (spec.form === 'named') {
    for (const statement of imports) {
      const source = statement.childForFieldName('source')?.namedChildren.find((c) => c.type === 'string_fragment')?.text;
      if (source !== spec.module || statement.startPosition.row !== statement.endPosition.row || /\bimport\s+type\b/.test(statement.text)) continue;
      const line = lines[statement.startPosition.row];
      const joined = line.replace(/\{([^}]*?)\s*\}/, (_, names: string) => `{${names.replace(/,\s*$/, '')}, ${spec.name} }`);
      if (joined !== line) return { row: statement.startPosition.row, replace: 1, lines: [joined], statement: joined.trim() };
    }
  }
  const what = spec.form === 'default' ? spec.name : `{ ${spec.name} }`;
  return appended(imports, lines, root, `import ${what} from ${quote}${spec.module}${quote}${semicolon}`);
}

function pythonImport(imports: readonly Node[], lines: readonly string[], root: Node, spec: ImportSpec): ImportEdit {
  for (const statement of imports) {
    if (statement.type !== 'import_from_statement' || statement.startPosition.row !== statement.endPosition.row) continue;
    if (statement.childForFieldName('module_name')?.text !== spec.module || statement.text.includes('(') || statement.text.includes('*')) continue;
    const line = lines[statement.startPosition.row];
    const joined = `${line.trimEnd()}, ${spec.name}`;
    return { row: statement.startPosition.row, replace: 1, lines: [joined], statement: joined.trim() };
  }
  // After the docstring and `from __future__` lines, never before them.
  return appended(imports, lines, root, `from ${spec.module} import ${spec.name}`);
}

function goImport(imports: readonly Node[], lines: readonly string[], root: Node, spec: ImportSpec): ImportEdit {
  const statement = `import "${spec.module}"`;
  const block = imports.find((i) => i.descendantsOfType('import_spec_list').length > 0);
  if (block) {
    const close = block.endPosition.row;
    const inner = block.descendantsOfType('import_spec')[0];
    const indent = inner ? indentOf(lines[inner.startPosition.row]) : '\t';
    return { row: close, replace: 0, lines: [`${indent}"${spec.module}"`], statement };
  }
  return appended(imports, lines, root, statement);
}
