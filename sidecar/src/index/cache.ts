/**
 * The workspace index kept between starts: one binary file per workspace (its folders, hashed) under
 * the user's cache directory, a snapshot of the index as columns, read back with one read and a few
 * copies instead of an object per declaration. Pure but for `readSnapshot` / `writeSnapshot`.
 *
 * Layout: MAGIC, a u32 header length, the header (JSON: format version, folders, byte order, each
 * section's size), the sections in SECTIONS order (strings joined by NUL, typed arrays as they sit in
 * memory), then the SHA-1 of everything before it. A file that is not ours, of another version or
 * workspace, cut short, damaged (the hash) or whose sections do not agree with each other (counts,
 * numbers out of range) is not used: `decoding` throws `CacheUnusable` and the owner builds
 * the index afresh, then writes a new one. Decoding and encoding are steps (see `slices.ts`), so
 * the owner can take them a slice at a time: hundreds of milliseconds of hashing, copying and
 * checking at 40,000 files would otherwise hold a completion up.
 */
import { createHash, type Hash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { endianness } from 'node:os';
import { dirname, join } from 'node:path';
import type { Steps } from './slices.js';

/** Changes whenever what the snapshot holds, or how a file's declarations and words are read, changes. */
export const CACHE_FORMAT = 2;
const MAGIC = Buffer.from('redline-workspace-index\n');
const HASH_BYTES = 20;
/** Bytes hashed, copied or decoded per step (a few milliseconds). */
const HASH_CHUNK = 1 << 20;
/** Declarations checked per step. */
const CHECKED = 4096;

/** The index as the file holds it: files in order, their declarations in the same order, each declaration's words. */
export interface Snapshot {
  /** Per file (absolute path, size and modification time when read, `contentHash` of its text). */
  paths: string[];
  sizes: Float64Array;
  mtimes: Float64Array;
  hashes: string[];
  languages: string[];
  pkgs: string[];
  partial: Uint8Array;
  /** How many of the declarations, in order, are the file's. */
  declarationCounts: Int32Array;
  /** Per declaration: its name and kind as numbers into `names` and `kinds`, whether exported, its rows. */
  names: string[];
  kinds: string[];
  name: Int32Array;
  kind: Uint16Array;
  exported: Uint8Array;
  line: Int32Array;
  endLine: Int32Array;
  /** Per declaration, how many words it has: the next that many of `terms` (numbers into `vocabulary`, ascending) with their `counts`. */
  vocabulary: string[];
  runs: Int32Array;
  terms: Int32Array;
  counts: Int32Array;
}

type Kind = 'strings' | 'f64' | 'i32' | 'u16' | 'u8';
const ARRAYS = { f64: Float64Array, i32: Int32Array, u16: Uint16Array, u8: Uint8Array } as const;
const SECTIONS: ReadonlyArray<readonly [keyof Snapshot, Kind]> = [
  ['paths', 'strings'],
  ['sizes', 'f64'],
  ['mtimes', 'f64'],
  ['hashes', 'strings'],
  ['languages', 'strings'],
  ['pkgs', 'strings'],
  ['partial', 'u8'],
  ['declarationCounts', 'i32'],
  ['names', 'strings'],
  ['kinds', 'strings'],
  ['name', 'i32'],
  ['kind', 'u16'],
  ['exported', 'u8'],
  ['line', 'i32'],
  ['endLine', 'i32'],
  ['vocabulary', 'strings'],
  ['runs', 'i32'],
  ['terms', 'i32'],
  ['counts', 'i32'],
];

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
  return join(directory, 'index', `${createHash('sha256').update(roots.join('\n')).digest('hex').slice(0, 20)}.idx`);
}

/** A short hash of a file's text: equal texts, equal hashes. */
export function contentHash(text: string): string {
  return createHash('sha1').update(text).digest('base64').slice(0, 16);
}

interface Header {
  version: number;
  roots: string[];
  endianness: string;
  /** Per section, in SECTIONS order: its bytes, and for strings how many. */
  sizes: Array<[number, number]>;
}

/** The snapshot's bytes, as a list of buffers to write one after another; in steps (a section, or a chunk hashed, each). */
export function* encoding(snapshot: Snapshot, roots: readonly string[]): Steps<Buffer[]> {
  const parts: Buffer[] = [];
  const sizes: Array<[number, number]> = [];
  for (const [key, kind] of SECTIONS) {
    const value = snapshot[key];
    const bytes = kind === 'strings' ? Buffer.from((value as string[]).join('\0')) : Buffer.from((value as Int32Array).buffer, (value as Int32Array).byteOffset, (value as Int32Array).byteLength);
    parts.push(bytes);
    sizes.push([bytes.length, kind === 'strings' ? (value as string[]).length : 0]);
    yield;
  }
  const header: Header = { version: CACHE_FORMAT, roots: [...roots], endianness: endianness(), sizes };
  const json = Buffer.from(JSON.stringify(header));
  const length = Buffer.alloc(4);
  length.writeUInt32LE(json.length);
  const all = [MAGIC, length, json, ...parts];
  const hash = createHash('sha1');
  for (const part of all) yield* hashing(hash, part);
  return [...all, hash.digest()];
}

/** `bytes` into `hash`, a chunk per step. */
function* hashing(hash: Hash, bytes: Buffer): Steps<void> {
  for (let at = 0; at < bytes.length; at += HASH_CHUNK) {
    hash.update(bytes.subarray(at, at + HASH_CHUNK));
    yield;
  }
}

/**
 * The snapshot in `bytes`, checked whole; CacheUnusable when it is not one for `roots` or does not
 * hold together. In steps (a chunk hashed, a section copied, declarations checked): every check is
 * made before it returns.
 */
export function* decoding(bytes: Buffer, roots: readonly string[]): Steps<Snapshot> {
  if (bytes.length < MAGIC.length + 4 || !bytes.subarray(0, MAGIC.length).equals(MAGIC)) throw new CacheUnusable('not an index file');
  const headerEnd = MAGIC.length + 4 + bytes.readUInt32LE(MAGIC.length);
  let header: Header;
  try {
    header = JSON.parse(bytes.toString('utf8', MAGIC.length + 4, headerEnd)) as Header;
  } catch {
    throw new CacheUnusable('a damaged header');
  }
  if (header.version !== CACHE_FORMAT || header.endianness !== endianness()) throw new CacheUnusable('another format');
  if (!Array.isArray(header.roots) || header.roots.join('\n') !== roots.join('\n')) throw new CacheUnusable('another workspace');
  if (!Array.isArray(header.sizes) || header.sizes.length !== SECTIONS.length) throw new CacheUnusable('a damaged header');
  const bodyEnd = header.sizes.reduce((at, [size]) => at + size, headerEnd);
  if (bytes.length !== bodyEnd + HASH_BYTES) throw new CacheUnusable(bytes.length < bodyEnd + HASH_BYTES ? 'cut short' : 'longer than it says');
  const hash = createHash('sha1');
  yield* hashing(hash, bytes.subarray(0, bodyEnd));
  if (!hash.digest().equals(bytes.subarray(bodyEnd))) throw new CacheUnusable('damaged (its hash differs)');
  const snapshot: Record<string, unknown> = {};
  let at = headerEnd;
  for (const [i, [key, kind]] of SECTIONS.entries()) {
    const [size, count] = header.sizes[i];
    const section = bytes.subarray(at, at + size);
    at += size;
    if (kind === 'strings') {
      const list = count === 0 ? [] : yield* strings(section);
      if (list.length !== count) throw new CacheUnusable(`${key}: ${list.length} strings, not ${count}`);
      snapshot[key] = list;
    } else {
      const Array = ARRAYS[kind];
      if (size % Array.BYTES_PER_ELEMENT !== 0) throw new CacheUnusable(`${key}: cut short`);
      const array = new Array(size / Array.BYTES_PER_ELEMENT);
      const into = new Uint8Array(array.buffer);
      for (let k = 0; k < size; k += HASH_CHUNK) {
        into.set(section.subarray(k, k + HASH_CHUNK), k);
        yield;
      }
      snapshot[key] = array;
    }
    yield;
  }
  const problem = yield* inconsistency(snapshot as unknown as Snapshot);
  if (problem) throw new CacheUnusable(problem);
  return snapshot as unknown as Snapshot;
}

/** The strings joined by NUL in `bytes`, decoded a chunk per step (cut at a NUL, so no character is split). */
function* strings(bytes: Buffer): Steps<string[]> {
  const list: string[] = [];
  for (let at = 0; at <= bytes.length; ) {
    let end = Math.min(bytes.length, at + HASH_CHUNK);
    const nul = end < bytes.length ? bytes.indexOf(0, end) : -1;
    if (nul >= 0) end = nul;
    else end = bytes.length;
    for (const text of bytes.toString('utf8', at, end).split('\0')) list.push(text);
    at = end + 1;
    yield;
  }
  return list;
}

/** What does not hold together in a snapshot whose hash is right (written by another build, say), or null; in steps of CHECKED declarations. */
function* inconsistency(s: Snapshot): Steps<string | null> {
  const files = s.paths.length;
  for (const key of ['sizes', 'mtimes', 'hashes', 'languages', 'pkgs', 'partial', 'declarationCounts'] as const) if (s[key].length !== files) return `${key}: not one per file`;
  let declarations = 0;
  for (const n of s.declarationCounts) {
    if (n < 0) return 'a negative count of declarations';
    declarations += n;
  }
  for (const key of ['name', 'kind', 'exported', 'line', 'endLine', 'runs'] as const) if (s[key].length !== declarations) return `${key}: not one per declaration`;
  for (let i = 0; i < declarations; i++) {
    if (s.name[i] < 0 || s.name[i] >= s.names.length || s.kind[i] >= s.kinds.length || s.line[i] < 0 || s.endLine[i] < s.line[i] || s.runs[i] < 0) return 'a declaration out of range';
    if (i % CHECKED === CHECKED - 1) yield;
  }
  let postings = 0;
  for (const run of s.runs) postings += run;
  if (s.terms.length !== postings || s.counts.length !== postings) return `${postings} words by the declarations' counts, ${s.terms.length} terms, ${s.counts.length} counts`;
  for (let i = 0, at = 0; i < declarations; at += s.runs[i++]) {
    for (let k = at; k < at + s.runs[i]; k++) {
      if (s.terms[k] < 0 || s.terms[k] >= s.vocabulary.length || (k > at && s.terms[k] <= s.terms[k - 1])) return 'a word out of range or out of order';
      if (s.counts[k] <= 0) return 'a word counted 0 times';
    }
    if (i % CHECKED === CHECKED - 1) yield;
  }
  return null;
}

/**
 * The snapshot kept for `roots` in `file`; null when there is none; CacheUnusable when it is not
 * usable. `run` runs its checks and copies (in slices that give way, say).
 */
export async function readSnapshot(file: string, roots: readonly string[], run: (steps: Steps<Snapshot>) => Promise<Snapshot>): Promise<Snapshot | null> {
  let bytes: Buffer;
  try {
    bytes = await fs.readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  return run(decoding(bytes, roots));
}

/** Writes the snapshot whole (a temporary file renamed over it, so a reader never sees half of one). */
export async function writeSnapshot(file: string, parts: readonly Buffer[]): Promise<void> {
  await fs.mkdir(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    await fs.writeFile(temporary, parts);
    await fs.rename(temporary, file);
    // The JSON lines file format 1 kept under the same name, tens of megabytes on a large workspace.
    if (file.endsWith('.idx')) await fs.rm(`${file.slice(0, -'.idx'.length)}.jsonl`, { force: true });
  } catch (error) {
    await fs.rm(temporary, { force: true });
    throw error;
  }
}
