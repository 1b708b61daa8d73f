/**
 * How a project's workspace was recorded (run by hand, not by the tests):
 * `npx tsx test/retrieval-corpus/snapshot.ts <checkout> <project> <repo> <commit> <licence> <case files…>`
 * writes `<project>/workspace.json`: every source file of the checkout as a stub — the file with
 * each function body emptied (declarations, signatures, doc comments and imports kept: what the
 * index reads) — and the files the cases edit whole. The projects' own logic is not kept.
 */
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { languageSupport } from '../../sidecar/src/context/definitions/definitions.js';
import type { Node } from 'web-tree-sitter';
import { languageOfPath } from '../../sidecar/src/scope/grammars.js';
import { parseText } from '../../sidecar/src/scope/parse.js';

const [checkout, project, repo, commit, licence, ...whole] = process.argv.slice(2);
const HERE = dirname(fileURLToPath(import.meta.url));

function* walk(dir: string): Generator<string> {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (name.startsWith('.') || name === 'node_modules') continue;
    if (statSync(path).isDirectory()) yield* walk(path);
    else if (languageOfPath(path) || /^(go\.mod|Cargo\.toml|tsconfig\.json|__init__\.py)$/.test(name)) yield path;
  }
}

/** The file with every function body emptied (a docstring kept), so it still parses: `{}`, Python's `...`, Kotlin's `= TODO()`. */
async function stub(path: string, text: string): Promise<string> {
  const languageId = languageOfPath(path);
  const support = languageId && languageSupport(languageId);
  if (!languageId || !support) return text;
  const tree = (await parseText(languageId, text))!;
  try {
    const { spec } = support;
    const cuts: Array<{ start: number; end: number; text: string }> = [];
    const visit = (node: Node) => {
      const body = spec.functions.has(node.type) ? spec.body(node) : null;
      if (body) {
        const cut = spec.elide(body);
        cuts.push({ ...cut, text: cut.text.replace('{ … }', '{}').replace(/^= …$/, '= TODO()').replace(/^…$/, '{}') });
        return;
      }
      for (const child of node.namedChildren) visit(child);
    };
    visit(tree.rootNode);
    let out = text;
    for (const cut of cuts.sort((a, b) => b.start - a.start)) out = out.slice(0, cut.start) + cut.text + out.slice(cut.end);
    return out;
  } finally {
    tree.delete();
  }
}

const files: Record<string, string> = {};
for (const path of walk(checkout)) {
  const rel = relative(checkout, path);
  const text = readFileSync(path, 'utf8');
  files[rel] = whole.includes(rel) || !languageOfPath(path) ? text : await stub(path, text);
}
mkdirSync(join(HERE, project), { recursive: true });
writeFileSync(join(HERE, project, 'workspace.json'), JSON.stringify({ repo, commit, licence, files }, null, 0) + '\n');
console.log(`${project}: ${Object.keys(files).length} files, ${Math.round(JSON.stringify(files).length / 1024)} KB`);
