/**
 * How the corpus's cases were found (run by hand over a project's checkout, not by the tests):
 * `npx tsx test/retrieval-corpus/mine.ts <checkout> <languageId> [max]` lists places where a file
 * imports one project declaration through an import of its own and uses it on one or two statement
 * lines of one function. Removing those lines and that import gives a function that needs an API it
 * does not mention: a reviewer then writes the instruction a user would type for the removed code.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileImports, languageSupport } from '../../sidecar/src/context/definitions/definitions.js';
import { openDocumentsOf, ProjectIndex } from '../../sidecar/src/context/sourceIndex.js';
import { WorkspaceFiles } from '../../sidecar/src/context/workspace.js';
import { languageOfPath } from '../../sidecar/src/scope/grammars.js';
import { parseText } from '../../sidecar/src/scope/parse.js';
import { isTestPath } from '../../sidecar/src/index/rank.js';

const [root, languageId, maxText] = process.argv.slice(2);
const max = Number(maxText ?? 40);
const project = new ProjectIndex(new WorkspaceFiles([root]), openDocumentsOf(() => []));
const support = languageSupport(languageId)!;

function* walk(dir: string): Generator<string> {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* walk(path);
    else if (languageOfPath(path) && (languageOfPath(path) === languageId || (languageId === 'typescript' && languageOfPath(path) === 'typescriptreact'))) yield path;
  }
}

let found = 0;
for (const file of walk(root)) {
  const rel = relative(root, file);
  if (isTestPath(rel) || found >= max) continue;
  const text = readFileSync(file, 'utf8');
  const lines = text.split('\n');
  const tree = (await parseText(languageId, text))!;
  const { bindings, pkg } = fileImports(support, tree.rootNode);
  for (const binding of bindings) {
    if (binding.local === '*') continue;
    // Imported by a statement of its own (a Go import spec is one line of the block).
    const holders = languageId === 'go' ? tree.rootNode.descendantsOfType('import_spec') : tree.rootNode.namedChildren;
    const statements = holders.filter((s) => /import|use_declaration/.test(s.type) && (languageId === 'go' ? s.text.includes(`"${binding.module}"`) : new RegExp(`\\b${binding.local}\\b`).test(s.text)));
    if (statements.length !== 1 || statements[0].startPosition.row !== statements[0].endPosition.row) continue;
    if (bindings.filter((b) => b.module === binding.module).length > 1) continue;
    const uses = tree.rootNode.descendantsOfType(['identifier', 'type_identifier', 'package_identifier']).filter((n) => n.text === binding.local && n.startPosition.row !== statements[0].startPosition.row);
    const rows = [...new Set(uses.map((n) => n.startPosition.row))];
    if (rows.length === 0 || rows.length > 2) continue;
    if (!rows.every((r) => /[;)]\s*$|^\s*\w[\w.]*\([^)]*\)\s*$/.test(lines[r]) && !/^\s*(return|if|for|while|else|}|\))/.test(lines[r]) && !/[{(,]\s*$/.test(lines[r]))) continue;
    const owner = (row: number) => {
      let node = tree.rootNode.descendantForPosition({ row, column: lines[row].search(/\S/) })!;
      while (node.parent && !/function|method|constructor/.test(node.type)) node = node.parent;
      return node;
    };
    const fn = owner(rows[0]);
    if (!/function|method|constructor/.test(fn.type) || rows.some((r) => owner(r).id !== fn.id)) continue;
    const targets = await support.resolveModule(binding.module, binding.imported, { file, pkg }, project);
    if (targets.length === 0) continue;
    found++;
    console.log(JSON.stringify({ file: rel, name: binding.local, imported: binding.imported, module: binding.module, target: relative(root, targets[0]), importRow: statements[0].startPosition.row, rows, fn: [fn.startPosition.row, fn.endPosition.row + 1], removed: rows.map((r) => lines[r].trim()) }));
  }
  tree.delete();
}
