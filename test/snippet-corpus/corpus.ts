/**
 * The snippet corpus: realistic chat answers to apply to a file, one folder each with the file
 * (`original.<ext>`), the answer as a chat model writes it (`answer.md`: prose and a fenced block),
 * and what a reviewer expects — the file after applying it (`expected.<ext>`), or, where no place
 * can be chosen without guessing, `refusal.txt` saying why. `case.json` may add a selection (the
 * lines the user selected before applying), the kind of answer and where the file came from.
 * Four sets share the format: the corpus the placement rules were first written against, the
 * tuning set the later rules were tuned on, the held-out set written before those rules, and a
 * second held-out set written after them and never looked at to change them. Read by the corpus tests and the benchmark.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Range } from '@redline/shared-protocol';

export const SNIPPET_CORPUS_DIR = dirname(fileURLToPath(import.meta.url));
export const SNIPPET_TUNING_DIR = join(SNIPPET_CORPUS_DIR, '..', 'snippet-tuning');
export const SNIPPET_HELDOUT_DIR = join(SNIPPET_CORPUS_DIR, '..', 'snippet-heldout');
/** Written after the rules were settled, never looked at to change them. */
export const SNIPPET_HELDOUT2_DIR = join(SNIPPET_CORPUS_DIR, '..', 'snippet-heldout2');

const LANGUAGES: Readonly<Record<string, string>> = {
  ts: 'typescript',
  tsx: 'typescriptreact',
  js: 'javascript',
  py: 'python',
  java: 'java',
  kt: 'kotlin',
  go: 'go',
  rs: 'rust',
  md: 'markdown',
  yaml: 'yaml',
};

export interface SnippetCase {
  name: string;
  ext: string;
  languageId: string;
  original: string;
  answer: string;
  /** The file a reviewer expects, or null when the answer must be refused. */
  expected: string | null;
  /** Why it must be refused (refusal cases only). */
  refusal: string | null;
  /** The user's selection when applying; none: the cursor at the start of the file. */
  selection: Range | null;
  /** What the answer does (`sections`, `suites`, `rewrite`, …), for the report; null when not given. */
  kind: string | null;
}

export function loadSnippetCorpus(root = SNIPPET_CORPUS_DIR): SnippetCase[] {
  return readdirSync(root, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => readCase(root, e.name))
    .sort((a, b) => a.name.localeCompare(b.name));
}

function readCase(root: string, name: string): SnippetCase {
  const dir = join(root, name);
  const files = readdirSync(dir);
  const original = files.find((f) => f.startsWith('original.'));
  if (!original || !files.includes('answer.md')) throw new Error(`${name}: needs original.<ext> and answer.md`);
  const ext = original.slice('original.'.length);
  const languageId = LANGUAGES[ext];
  if (!languageId) throw new Error(`${name}: no languageId for .${ext}`);
  const read = (file: string) => readFileSync(join(dir, file), 'utf8');
  const expected = files.includes(`expected.${ext}`) ? read(`expected.${ext}`) : null;
  const refusal = files.includes('refusal.txt') ? read('refusal.txt').trim() : null;
  if ((expected === null) === (refusal === null)) throw new Error(`${name}: needs exactly one of expected.${ext} and refusal.txt`);
  const meta = existsSync(join(dir, 'case.json')) ? (JSON.parse(read('case.json')) as { selection?: Range; kind?: string }) : {};
  return { name, ext, languageId, original: read(original), answer: read('answer.md'), expected, refusal, selection: meta.selection ?? null, kind: meta.kind ?? null };
}
