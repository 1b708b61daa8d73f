/**
 * Retrieval on the corpus (test/retrieval-corpus): for each case the workspace index is built over
 * the project as recorded, and the edited function with its instruction is searched as an inline
 * edit searches it (the file's imports and the rows the prompt shows known). Recall@5 and @10 are
 * the share of needed declarations among the first 5 and 10; the baseline beside them ranks the
 * same usable declarations by folder proximity alone. The same run measures the unknown-name check
 * on correct code: every real file the cases edit, as it was (all its rows taken as added), and the
 * diff corpus's rewrites (their added rows) — each finding there is a false positive.
 * Run with `npx tsx bench/retrieval.bench.ts`.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { fileImports, languageSupport } from '../sidecar/src/context/definitions/definitions.js';
import { openDocumentsOf, ProjectIndex } from '../sidecar/src/context/sourceIndex.js';
import { WorkspaceFiles } from '../sidecar/src/context/workspace.js';
import { lineDiff } from '../sidecar/src/edit/diff.js';
import { missingNames } from '../sidecar/src/index/nameCheck.js';
import { namesIn } from '../sidecar/src/index/names.js';
import { WorkspaceIndex, type Found } from '../sidecar/src/index/workspaceIndex.js';
import { EDIT_CONTEXT_LINES } from '../sidecar/src/edit/prompt.js';
import { languageOfPath } from '../sidecar/src/scope/grammars.js';
import { parseText } from '../sidecar/src/scope/parse.js';
import { loadDiffCorpus } from '../test/diff-corpus/corpus.js';
import { edited, loadCases, loadWorkspace, materialise, meets, type RetrievalCase } from '../test/retrieval-corpus/corpus.js';

const quiet = { error: () => {}, warn: () => {}, info: () => {}, debug: () => {} };

interface Outcome {
  id: string;
  ranked: Found[];
  baseline: Found[];
  needs: RetrievalCase['needs'];
}

/** A project's workspace written out (the cases' files edited, or as they were) and indexed; `work` runs on it, then it is removed. */
async function withProject<T>(project: string, cases: readonly RetrievalCase[], original: boolean, work: (p: { root: string; index: WorkspaceIndex; sources: ProjectIndex; recorded: Record<string, string> }) => Promise<T>): Promise<T> {
  const root = materialise(project, cases, original);
  try {
    const files = new WorkspaceFiles([root]);
    const index = new WorkspaceIndex({ files, log: quiet, quiet: async () => {}, openText: () => undefined });
    await index.start();
    return await work({ root, index, sources: new ProjectIndex(files, openDocumentsOf(() => [])), recorded: loadWorkspace(project).files });
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/** The search of each case of one project, ranked and by proximity, 10 deep. */
function searchProject(project: string, cases: readonly RetrievalCase[]): Promise<Outcome[]> {
  return withProject(project, cases, false, async ({ root, index, sources, recorded }) => {
    const out: Outcome[] = [];
    for (const c of cases) {
      const file = join(root, c.file);
      const languageId = languageOfPath(file)!;
      const { text, selection } = edited(recorded[c.file], c);
      const tree = (await parseText(languageId, text))!;
      const support = languageSupport(languageId)!;
      const { bindings, pkg } = fileImports(support, tree.rootNode);
      tree.delete();
      const modules = [...new Map(bindings.map((b) => [b.module, b])).values()].slice(0, 30);
      const imported = (await Promise.all(modules.map((b) => support.resolveModule(b.module, b.imported, { file, pkg }, sources)))).flat();
      const request = {
        file,
        languageId,
        instruction: c.instruction,
        selection: text.split('\n').slice(selection[0], selection[1]).join('\n'),
        imported,
        recent: [],
        exclude: (s: { file: string; line: number }) => s.file === file && s.line >= selection[0] - EDIT_CONTEXT_LINES && s.line < selection[1] + EDIT_CONTEXT_LINES,
        limit: 10,
      };
      out.push({ id: c.id, ranked: index.search(request), baseline: index.byProximity(request), needs: c.needs });
    }
    return out;
  });
}

function recall(outcomes: readonly Outcome[], which: 'ranked' | 'baseline', k: number): number {
  const perCase = outcomes.map((o) => o.needs.filter((need) => o[which].slice(0, k).some((found) => meets(found, need))).length / o.needs.length);
  return perCase.reduce((a, b) => a + b, 0) / perCase.length;
}

/** Findings of the unknown-name check on the cases' real files as they were, every row taken as added. */
async function realFileFindings(cases: readonly RetrievalCase[]): Promise<{ files: number; findings: string[] }> {
  const findings: string[] = [];
  for (const project of [...new Set(cases.map((c) => c.project))]) {
    const mine = cases.filter((c) => c.project === project);
    await withProject(project, mine, true, async ({ root, index, sources, recorded }) => {
      for (const c of mine) {
        const text = recorded[c.file];
        const languageId = languageOfPath(c.file)!;
        const tree = (await parseText(languageId, text))!;
        const rows = new Set(text.split('\n').map((_, i) => i));
        const missing = await missingNames({ languageId, file: join(root, c.file), text, root: tree.rootNode, addedRows: rows, known: new Set() }, sources, index);
        tree.delete();
        findings.push(...missing.map((m) => `${c.id}: ${m.name} (row ${m.row + 1})`));
      }
    });
  }
  return { files: cases.length, findings };
}

/** Findings of the check on the diff corpus's rewrites: the rows each adds, the names its original had known. */
async function diffCorpusFindings(): Promise<{ pairs: number; findings: string[] }> {
  const findings: string[] = [];
  let pairs = 0;
  for (const pair of loadDiffCorpus()) {
    const languageId = languageOfPath(`x.${pair.ext}`);
    if (!languageId) continue;
    pairs++;
    const added = new Set<number>();
    for (const h of lineDiff(pair.before.split('\n'), pair.after.split('\n'))) for (let i = h.bStart; i < h.bEnd; i++) added.add(i);
    const [before, after] = [(await parseText(languageId, pair.before))!, (await parseText(languageId, pair.after))!];
    const missing = await missingNames({ languageId, file: null, text: pair.after, root: after.rootNode, addedRows: added, known: namesIn(languageId, before.rootNode) }, new ProjectIndex(new WorkspaceFiles([]), openDocumentsOf(() => [])), null);
    before.delete();
    after.delete();
    findings.push(...missing.map((m) => `${pair.name}: ${m.name}`));
  }
  return { pairs, findings };
}

export async function runRetrievalBench(): Promise<Record<string, number | string>> {
  const cases = loadCases();
  const outcomes: Outcome[] = [];
  for (const project of [...new Set(cases.map((c) => c.project))]) outcomes.push(...(await searchProject(project, cases.filter((c) => c.project === project))));
  const missed = outcomes.filter((o) => !o.needs.every((need) => o.ranked.some((f) => meets(f, need)))).map((o) => o.id);
  const real = await realFileFindings(cases);
  const diff = await diffCorpusFindings();
  const round = (n: number) => Math.round(n * 1000) / 1000;
  return {
    cases: `${cases.length} from ${new Set(cases.map((c) => c.project)).size} projects`,
    'recall@5 (BM25 + structure)': round(recall(outcomes, 'ranked', 5)),
    'recall@10 (BM25 + structure)': round(recall(outcomes, 'ranked', 10)),
    'recall@5 baseline (folder proximity only)': round(recall(outcomes, 'baseline', 5)),
    'recall@10 baseline (folder proximity only)': round(recall(outcomes, 'baseline', 10)),
    'cases missed at 10': missed.join(' ') || 'none',
    'unknown-name findings on the cases’ real files (false positives)': `${real.findings.length} in ${real.files} files${real.findings.length ? `: ${real.findings.join('; ')}` : ''}`,
    'unknown-name findings on the diff corpus (false positives)': `${diff.findings.length} in ${diff.pairs} rewrites${diff.findings.length ? `: ${diff.findings.join('; ')}` : ''}`,
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) console.table(await runRetrievalBench());
