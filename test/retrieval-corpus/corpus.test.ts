/**
 * The retrieval corpus is what the bench says it is: at least 40 cases from real projects, each
 * project's licence beside its workspace, every case's removed lines using what it says the model
 * needs, and none of the needed API left in the edited file. And the unknown-name check, measured
 * on correct code, finds nothing in the diff corpus's rewrites.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { missingNames } from '../../sidecar/src/index/nameCheck.js';
import { namesIn } from '../../sidecar/src/index/names.js';
import { lineDiff } from '../../sidecar/src/edit/diff.js';
import { languageOfPath } from '../../sidecar/src/scope/grammars.js';
import { parseText } from '../../sidecar/src/scope/parse.js';
import { openDocumentsOf, ProjectIndex } from '../../sidecar/src/context/sourceIndex.js';
import { WorkspaceFiles } from '../../sidecar/src/context/workspace.js';
import { loadDiffCorpus } from '../diff-corpus/corpus.js';
import { edited, loadCases, loadWorkspace, RETRIEVAL_CORPUS_DIR } from './corpus.js';

describe('retrieval corpus', () => {
  const cases = loadCases();

  it('has at least 40 cases, each project with its licence and commit', () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
    expect(new Set(cases.map((c) => c.id)).size).toBe(cases.length);
    for (const project of new Set(cases.map((c) => c.project))) {
      expect(existsSync(join(RETRIEVAL_CORPUS_DIR, project, 'LICENSE'))).toBe(true);
      expect(loadWorkspace(project).commit).toMatch(/^[0-9a-f]{40}$/);
    }
  });

  it('each case’s removed lines use the needed API, and the edited file no longer names it', () => {
    for (const c of cases) {
      const original = loadWorkspace(c.project).files[c.file];
      const removed = c.remove.map((row) => original.split('\n')[row]).join('\n');
      const { text, selection } = edited(original, c);
      for (const need of c.needs) {
        // The removed lines name the API itself or, for a Go package, the package it lives in.
        const owner = need.path.endsWith('/') ? need.path.split('/').at(-2)! : need.name;
        expect(removed.includes(need.name) || removed.includes(owner), `${c.id}: ${need.name}`).toBe(true);
        expect(new RegExp(`\\b${need.name}\\b`).test(text), `${c.id}: ${need.name} is still in the file`).toBe(false);
      }
      expect(selection[1]).toBeGreaterThan(selection[0]);
    }
  });
});

describe('the unknown-name check on correct code', () => {
  it('finds nothing in the diff corpus’s rewrites', async () => {
    const findings: string[] = [];
    const project = new ProjectIndex(new WorkspaceFiles([]), openDocumentsOf(() => []));
    for (const pair of loadDiffCorpus()) {
      const languageId = languageOfPath(`x.${pair.ext}`);
      if (!languageId) continue;
      const added = new Set<number>();
      for (const h of lineDiff(pair.before.split('\n'), pair.after.split('\n'))) for (let i = h.bStart; i < h.bEnd; i++) added.add(i);
      const [before, after] = [(await parseText(languageId, pair.before))!, (await parseText(languageId, pair.after))!];
      const missing = await missingNames({ languageId, file: null, text: pair.after, root: after.rootNode, addedRows: added, known: namesIn(languageId, before.rootNode) }, project, null);
      findings.push(...missing.map((m) => `${pair.name}: ${m.name}`));
      before.delete();
      after.delete();
    }
    expect(findings).toEqual([]);
  });
});
