/**
 * How a project's workspace was recorded (run by hand, not by the tests):
 * `npx tsx test/retrieval-corpus/snapshot.ts <checkout> <project> <repo> <commit> <licence> <case files…>`
 * writes `<project>/workspace.json`: every source file of the checkout as a stub — its package and
 * import lines and the outline of each top-level declaration (doc comment and signature, bodies
 * emptied), which is what the index reads — and the files the cases edit whole. The projects' own
 * logic is not kept.
 */
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { languageSupport } from '../../sidecar/src/context/definitions/definitions.js';
import { declarations } from '../../sidecar/src/context/definitions/syntax.js';
import { languageOfPath } from '../../sidecar/src/scope/grammars.js';
import { parseText } from '../../sidecar/src/scope/parse.js';

const [checkout, project, repo, commit, licence, ...whole] = process.argv.slice(2);
const HERE = dirname(fileURLToPath(import.meta.url));
const HEAD = /import|package|use_declaration|mod_item|extern_crate/;
const COMMENT: Record<string, string> = { python: '#' };

function* walk(dir: string): Generator<string> {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (name.startsWith('.') || name === 'node_modules') continue;
    if (statSync(path).isDirectory()) yield* walk(path);
    else if (languageOfPath(path) || /^(go\.mod|Cargo\.toml|tsconfig\.json|__init__\.py)$/.test(name)) yield path;
  }
}

/** The file's head lines and its declarations' outlines, made to parse again: bodies `{}`, cut outlines closed by a comment. */
async function stub(path: string, text: string): Promise<string> {
  const languageId = languageOfPath(path);
  const support = languageId && languageSupport(languageId);
  if (!languageId || !support) return text;
  const tree = (await parseText(languageId, text))!;
  try {
    const parts = tree.rootNode.namedChildren.filter((c) => HEAD.test(c.type) && !(c.type === 'mod_item' && c.childForFieldName('body'))).map((c) => c.text);
    const seen = new Set<number>();
    const marker = COMMENT[languageId] ?? '//';
    for (const list of declarations(tree.rootNode, text, support.spec).values()) {
      for (const d of list) {
        if (seen.has(d.startLine)) continue;
        seen.add(d.startLine);
        parts.push(d.outline.replace(/\{ … \}/g, '{}').replace(/= …$/gm, '= TODO()').replace(/^(\s*)…$/gm, `$1${marker} …`));
      }
    }
    return parts.join('\n\n') + '\n';
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
