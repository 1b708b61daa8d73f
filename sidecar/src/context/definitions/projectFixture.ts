/** For the definitions tests: a project written to a temporary folder, and the definitions a file's lines use. */
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parseText } from '../../scope/parse.js';
import { ProjectIndex, openDocumentsOf } from '../sourceIndex.js';
import type { ContextItem } from '../types.js';
import { WorkspaceFiles } from '../workspace.js';
import { languageOfPath } from '../../scope/grammars.js';
import { findDefinitions, lookUpLocally } from './definitions.js';

export function writeProject(files: Record<string, string>): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'redline-defs-')));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

/**
 * The definition items for rows [startLine, endLine) of `current` (all of it by default), with
 * the rows shown to the model being those same rows.
 */
export async function definitionsOf(files: Record<string, string>, current: string, range?: { startLine: number; endLine: number; extraNames?: string[] }): Promise<ContextItem[]> {
  const root = writeProject(files);
  const text = files[current];
  const languageId = languageOfPath(current)!;
  const tree = (await parseText(languageId, text))!;
  try {
    const lines = range ?? { startLine: 0, endLine: text.split('\n').length };
    const local = lookUpLocally({ file: join(root, current), languageId, root: tree.rootNode, text, ...lines, visibleStart: lines.startLine, visibleEnd: lines.endLine, extraNames: range?.extraNames });
    if (!local) return [];
    return await findDefinitions(local, languageId, new ProjectIndex(new WorkspaceFiles([root]), openDocumentsOf(() => [])));
  } finally {
    tree.delete();
  }
}

/** "label @ path" of each item, for compact assertions. */
export const where = (items: readonly ContextItem[]): string[] => items.map((i) => `${i.label} @ ${i.path}`);
