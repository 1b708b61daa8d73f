/**
 * The diff corpus: realistic model rewrites, one folder each with the code before (`before.<ext>`)
 * and after (`after.<ext>`), and the golden `expected.json` the diff must reproduce. Read by the
 * golden test beside this file and by the streaming benchmark.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CORPUS_DIR = dirname(fileURLToPath(import.meta.url));

export interface RewritePair {
  name: string;
  dir: string;
  before: string;
  after: string;
  /** File extension of both sides. */
  ext: string;
}

export function loadDiffCorpus(): RewritePair[] {
  return readdirSync(CORPUS_DIR, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => {
      const dir = join(CORPUS_DIR, e.name);
      const files = readdirSync(dir);
      const before = files.find((f) => f.startsWith('before.'));
      const after = files.find((f) => f.startsWith('after.'));
      if (!before || !after) throw new Error(`${e.name}: needs before.* and after.*`);
      return { name: e.name, dir, before: readFileSync(join(dir, before), 'utf8'), after: readFileSync(join(dir, after), 'utf8'), ext: before.slice('before.'.length) };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** A file's lines as a region holds them: no empty line after a final line break. */
export function regionLines(text: string): string[] {
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** The reply streamed in chunks of `size` characters: the text so far after each chunk. */
export function chunked(text: string, size: number): string[] {
  const out: string[] = [];
  for (let end = size; end < text.length + size; end += size) out.push(text.slice(0, Math.min(end, text.length)));
  return out;
}
