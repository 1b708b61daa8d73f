/**
 * The workspace index kept between starts: one file per workspace (its folders, hashed) under the
 * user's cache directory, JSON lines: a header naming the format and the folders, then one line per
 * source file with its size, modification time and content hash, and what the index keeps of it
 * (its declarations and the words each is found by). Pure but for `readCache` / `writeCache`.
 *
 * A file that does not start with this format's header for these folders (another version, another
 * workspace, not ours), or that has a line that is not a valid entry (cut short, overwritten), is not
 * used: `readCache` throws `CacheUnusable` and the owner builds the index afresh, then writes a new one.
 */
import { createHash } from 'node:crypto';
import { createReadStream, promises as fs } from 'node:fs';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import type { IndexedDeclaration } from './symbols.js';

/** Changes whenever what an entry holds, or how a file's declarations and words are read, changes. */
export const CACHE_FORMAT = 1;
const MAGIC = 'redline-workspace-index';

/** An indexed declaration as stored: its words for retrieval (the file's path words included), each with how often it counts. */
export type CachedDeclaration = Omit<IndexedDeclaration, 'words'> & { words: Array<[string, number]> };

export interface CachedFile {
  /** Absolute. */
  path: string;
  size: number;
  mtimeMs: number;
  /** `contentHash` of the text the entry was read from. */
  hash: string;
  languageId: string;
  pkg: string;
  imports: string[];
  partial: boolean;
  declarations: CachedDeclaration[];
}

export class CacheUnusable extends Error {}

/** The user's cache directory: XDG_CACHE_HOME, else the platform's (macOS Library/Caches, Windows LOCALAPPDATA), else ~/.cache. */
export function userCacheDirectory(env: NodeJS.ProcessEnv, platform: NodeJS.Platform, home: string): string {
  if (env.XDG_CACHE_HOME) return join(env.XDG_CACHE_HOME, 'redline');
  if (platform === 'darwin') return join(home, 'Library', 'Caches', 'redline');
  if (platform === 'win32') return join(env.LOCALAPPDATA ?? join(home, 'AppData', 'Local'), 'redline', 'Cache');
  return join(home, '.cache', 'redline');
}

/** The cache file of the workspace made of `roots` (in their order). */
export function cacheFileOf(directory: string, roots: readonly string[]): string {
  return join(directory, 'index', `${createHash('sha256').update(roots.join('\n')).digest('hex').slice(0, 20)}.jsonl`);
}

/** A short hash of a file's text: equal texts, equal hashes. */
export function contentHash(text: string): string {
  return createHash('sha1').update(text).digest('base64').slice(0, 16);
}

export function headerLine(roots: readonly string[]): string {
  return JSON.stringify({ format: MAGIC, version: CACHE_FORMAT, roots });
}

const isString = (v: unknown): v is string => typeof v === 'string';
const isCount = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0;

/** An entry read back, or null when the line is not one (every field checked: the file may have been damaged). */
export function parseEntry(line: string): CachedFile | null {
  let v: unknown;
  try {
    v = JSON.parse(line);
  } catch {
    return null;
  }
  if (typeof v !== 'object' || v === null) return null;
  const e = v as Record<string, unknown>;
  if (!isString(e.path) || !Number.isFinite(e.size) || !Number.isFinite(e.mtimeMs) || !isString(e.hash) || !isString(e.languageId) || !isString(e.pkg)) return null;
  if (!Array.isArray(e.imports) || !e.imports.every(isString) || typeof e.partial !== 'boolean' || !Array.isArray(e.declarations)) return null;
  for (const d of e.declarations as unknown[]) {
    if (typeof d !== 'object' || d === null) return null;
    const x = d as Record<string, unknown>;
    if (!isString(x.name) || !isString(x.kind) || typeof x.exported !== 'boolean' || !isString(x.signature) || !isString(x.doc) || !isCount(x.line) || !isCount(x.endLine)) return null;
    if (!Array.isArray(x.words) || !x.words.every((w) => Array.isArray(w) && w.length === 2 && isString(w[0]) && isCount(w[1]) && w[1] > 0)) return null;
  }
  return e as unknown as CachedFile;
}

/** The entries of the cache file for `roots`, in order; none when there is no file; CacheUnusable when it is not ours or damaged. */
export async function* readCache(file: string, roots: readonly string[]): AsyncGenerator<CachedFile> {
  let stream;
  try {
    await fs.access(file);
    stream = createReadStream(file, { encoding: 'utf8' });
  } catch {
    return;
  }
  const lines = createInterface({ input: stream, crlfDelay: Infinity });
  try {
    let first = true;
    for await (const line of lines) {
      if (first) {
        if (line !== headerLine(roots)) throw new CacheUnusable('another format, another workspace, or not an index file');
        first = false;
        continue;
      }
      const entry = parseEntry(line);
      if (!entry) throw new CacheUnusable('a damaged entry');
      yield entry;
    }
    if (first) throw new CacheUnusable('empty');
  } finally {
    lines.close();
    stream.destroy();
  }
}

/** Writes the cache file whole (a temporary file renamed over it, so a reader never sees half of one); `lines` yields the entries' lines. */
export async function writeCache(file: string, roots: readonly string[], lines: AsyncIterable<string>): Promise<void> {
  await fs.mkdir(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  const handle = await fs.open(temporary, 'w');
  try {
    await handle.write(`${headerLine(roots)}\n`);
    for await (const chunk of lines) await handle.write(chunk);
  } catch (error) {
    await handle.close();
    await fs.rm(temporary, { force: true });
    throw error;
  }
  await handle.close();
  await fs.rename(temporary, file);
}
