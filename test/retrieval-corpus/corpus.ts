/**
 * The retrieval corpus: cases from real open-source projects, each a function with the lines that
 * used a project API (and that API's import) taken out, the instruction a user would type for them,
 * and the declarations a reviewer says the model needs. A project's workspace is its recorded file
 * list with each file's declarations (`<project>/workspace.json`, made by snapshot.ts; the files the
 * cases edit are whole); `materialise` writes it to a folder. Licences: README.md.
 */
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const RETRIEVAL_CORPUS_DIR = dirname(fileURLToPath(import.meta.url));

export interface RetrievalCase {
  id: string;
  project: string;
  /** The edited file, relative to the project's root. */
  file: string;
  /** Rows of the original file taken out: the import, then the lines that used the API. */
  remove: number[];
  /** The function's rows [start, end) in the original file. */
  selection: [number, number];
  instruction: string;
  /** What the model needs: a declaration's name and its file (or, ending in `/`, its package's folder). */
  needs: Array<{ name: string; path: string }>;
}

export interface Workspace {
  repo: string;
  commit: string;
  licence: string;
  files: Record<string, string>;
}

export function loadCases(): RetrievalCase[] {
  return JSON.parse(readFileSync(join(RETRIEVAL_CORPUS_DIR, 'cases.json'), 'utf8')) as RetrievalCase[];
}

export function loadWorkspace(project: string): Workspace {
  return JSON.parse(readFileSync(join(RETRIEVAL_CORPUS_DIR, project, 'workspace.json'), 'utf8')) as Workspace;
}

/** The case's file as the user has it (the removed rows gone), and its selection in those rows. */
export function edited(original: string, c: RetrievalCase): { text: string; selection: [number, number] } {
  const removed = new Set(c.remove);
  const lines = original.split('\n');
  const before = (row: number) => c.remove.filter((r) => r < row).length;
  return { text: lines.filter((_, i) => !removed.has(i)).join('\n'), selection: [c.selection[0] - before(c.selection[0]), c.selection[1] - before(c.selection[1])] };
}

/** Writes a project's workspace to a new folder, its cases' files as the cases leave them (or as they were, with `original`). */
export function materialise(project: string, cases: readonly RetrievalCase[], original = false): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), `redline-retrieval-${project}-`)));
  const { files } = loadWorkspace(project);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    const c = original ? undefined : cases.find((k) => k.project === project && k.file === path);
    writeFileSync(join(root, path), c ? edited(text, c).text : text);
  }
  return root;
}

/** A found declaration meets a need: the same name, in the named file or under the named folder. */
export function meets(found: { name: string; path: string }, need: { name: string; path: string }): boolean {
  return found.name === need.name && (need.path.endsWith('/') ? found.path.startsWith(need.path) : found.path === need.path);
}
