/**
 * The completion corpus: realistic completion holes, each with the raw reply a FIM model gave and
 * the completion a careful reviewer would keep. The format is described in README.md beside this
 * file; this module only reads it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CURSOR = '█';

/** The classes of the corpus: eight kinds of hole the stop rules once got wrong, and the base rules. */
export const CLASSES = ['body', 'opened-block', 'siblings', 'newline', 'outer-bracket', 'dedent', 'leading-space', 'suffix-repeat', 'stop-early'] as const;
export type CorpusClass = (typeof CLASSES)[number];

export interface CorpusCase {
  /** `<file>/<name>`, unique in the corpus. */
  id: string;
  class: CorpusClass;
  languageId: string;
  /** The completion model; its name picks the FIM template (or chat-FIM). */
  model: string;
  /** The document with the cursor marker removed. */
  text: string;
  /** Where the cursor is: UTF-16 line and character, as the protocol counts. */
  line: number;
  character: number;
  reply: string;
  expected: string;
}

export const DEFAULT_MODEL = 'qwen2.5-coder:7b';

const SECTIONS = ['file', 'reply', 'expect'] as const;

/** Parses one corpus file; `source` names it in errors and ids. */
export function parseCorpus(source: string, content: string): CorpusCase[] {
  const defaultLanguage = basename(source).replace(/\.txt$/, '');
  const cases: CorpusCase[] = [];
  const blocks = content.replace(/\r\n/g, '\n').split(/^=== /m).slice(1);
  for (const block of blocks) {
    const name = block.slice(0, block.indexOf('\n')).trim();
    const id = `${defaultLanguage}/${name}`;
    const fail = (message: string): never => {
      throw new Error(`${source}: case ${name}: ${message}`);
    };
    const parts = block.slice(block.indexOf('\n') + 1).split(/^--- /m);
    const headers = new Map<string, string>();
    for (const line of parts[0].split('\n')) {
      if (line.trim() === '' || line.startsWith('#')) continue;
      const colon = line.indexOf(':');
      if (colon < 0) fail(`header line without a colon: ${line}`);
      headers.set(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
    }
    const sections = new Map<string, string>();
    for (const part of parts.slice(1)) {
      const key = part.slice(0, part.indexOf('\n')).trim();
      if (!(SECTIONS as readonly string[]).includes(key)) fail(`unknown section --- ${key}`);
      // The newline that ends the marker line is not content; the one before the next marker is.
      sections.set(key, part.slice(part.indexOf('\n') + 1));
    }
    for (const key of SECTIONS) if (!sections.has(key)) fail(`missing section --- ${key}`);
    const klass = headers.get('class') ?? fail('missing class');
    if (!(CLASSES as readonly string[]).includes(klass)) fail(`unknown class ${klass}`);
    const file = sections.get('file')!;
    const at = file.indexOf(CURSOR);
    if (at < 0 || file.indexOf(CURSOR, at + 1) >= 0) fail(`the file needs exactly one ${CURSOR}`);
    const before = file.slice(0, at);
    const line = before.split('\n').length - 1;
    cases.push({
      id,
      class: klass as CorpusClass,
      languageId: headers.get('language') ?? defaultLanguage,
      model: headers.get('model') ?? DEFAULT_MODEL,
      text: before + file.slice(at + CURSOR.length),
      line,
      character: before.length - (before.lastIndexOf('\n') + 1),
      // The line break that ends the section's last line is layout: a reply ending in a line break
      // is written with an empty line before the next marker.
      reply: sections.get('reply')!.replace(/\n$/, ''),
      // Completions never end in whitespace, so blank lines before the next case are layout.
      expected: sections.get('expect')!.trimEnd(),
    });
  }
  return cases;
}

export const CORPUS_DIR = fileURLToPath(new URL('.', import.meta.url));

/** Every case of every `*.txt` file in the corpus directory, in file and then case order. */
export function loadCorpus(dir = CORPUS_DIR): CorpusCase[] {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.txt'))
    .sort();
  const cases = files.flatMap((f) => parseCorpus(f, readFileSync(join(dir, f), 'utf8')));
  const seen = new Set<string>();
  for (const c of cases) {
    if (seen.has(c.id)) throw new Error(`duplicate corpus case ${c.id}`);
    seen.add(c.id);
  }
  return cases;
}
