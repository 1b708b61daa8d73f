/**
 * The file being edited, on disk: read once and refused unless it is UTF-8 text; written only if
 * it still holds the bytes that were read, atomically (a temporary file beside it, then a rename),
 * keeping its mode and owner and following a symbolic link to the real file.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import writeFileAtomic from 'write-file-atomic';

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** A file Redline will not touch, with the reason in words a user acts on. */
export class RefusedFile extends Error {}

export interface TargetText {
  /** The text without a byte-order mark. */
  text: string;
  bom: boolean;
}

/** Decodes a file's bytes, or explains why it is not text Redline can write back byte for byte. */
export function decodeText(bytes: Buffer, name: string): TargetText {
  const nul = bytes.indexOf(0);
  if (nul !== -1) throw new RefusedFile(`${name} looks like a binary file (a NUL byte at offset ${nul}); Redline edits text files only. Nothing was changed.`);
  const bom = bytes.subarray(0, 3).equals(BOM);
  const body = bom ? bytes.subarray(3) : bytes;
  try {
    return { text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(body), bom };
  } catch {
    const at = firstInvalidByte(body) + (bom ? 3 : 0);
    const line = countByte(bytes.subarray(0, at), 0x0a) + 1;
    throw new RefusedFile(
      `${name} is not valid UTF-8 (byte 0x${bytes[at].toString(16).toUpperCase().padStart(2, '0')} on line ${line}); Redline edits UTF-8 text only, so that no byte is changed behind your back. Convert the file to UTF-8 first (e.g. iconv -f latin1 -t utf-8). Nothing was changed.`,
    );
  }
}

/** The offset of the first byte that is not part of valid UTF-8, found with the decoder itself. */
function firstInvalidByte(bytes: Buffer): number {
  // The streaming decoder holds back an unfinished sequence and throws once a byte cannot
  // continue it; a rejected prefix stays rejected when extended, so bisect for the shortest.
  const rejects = (length: number) => {
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, length), { stream: length < bytes.length });
      return false;
    } catch {
      return true;
    }
  };
  let lo = 1;
  let hi = bytes.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (rejects(mid)) hi = mid;
    else lo = mid + 1;
  }
  // The byte that gave it away may cut short a sequence begun earlier: blame that sequence's start.
  const at = lo - 1;
  let start = at - 1;
  while (start >= 0 && at - start <= 3 && (bytes[start] & 0xc0) === 0x80) start--;
  const sequenceLength = (lead: number) => (lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : 2);
  return start >= 0 && bytes[start] >= 0xc0 && at - start < sequenceLength(bytes[start]) ? start : at;
}

function countByte(bytes: Buffer, byte: number): number {
  let n = 0;
  for (let i = bytes.indexOf(byte); i !== -1; i = bytes.indexOf(byte, i + 1)) n++;
  return n;
}

export function encodeText(target: TargetText): Buffer {
  const body = Buffer.from(target.text, 'utf8');
  return target.bom ? Buffer.concat([BOM, body]) : body;
}

export interface ReadTarget extends TargetText {
  path: string;
  bytes: Buffer;
}

export function readTarget(path: string, name: string): ReadTarget {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new RefusedFile(`${name} does not exist.`);
    if (code === 'EISDIR') throw new RefusedFile(`${name} is a directory.`);
    throw new RefusedFile(`cannot read ${name}: ${(err as Error).message}`);
  }
  return { path, bytes, ...decodeText(bytes, name) };
}

/**
 * Writes `text` over the file if it still holds `read.bytes`; otherwise refuses and leaves it
 * alone. write-file-atomic writes a temporary file beside the real one (symlinks resolved), fsyncs
 * it, gives it the file's mode and owner, and renames it over. The check and the rename are
 * microseconds apart; an editor saving in between is the one case this cannot see.
 */
export function writeIfUnchanged(read: ReadTarget, text: string, name: string): void {
  let current: Buffer;
  try {
    current = readFileSync(read.path);
  } catch (err) {
    throw new RefusedFile(`${name} could not be read again before writing (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}); nothing was written.`);
  }
  if (!current.equals(read.bytes)) throw new RefusedFile(`${name} changed on disk while the proposal was open; nothing was written, so the version on disk is kept. Run redline again on it.`);
  try {
    writeFileAtomic.sync(read.path, encodeText({ text, bom: read.bom }));
  } catch (err) {
    throw new RefusedFile(`could not write ${name}: ${(err as Error).message}; the file on disk is as it was.`);
  }
}

/**
 * The folder the sidecar may read for context (the definitions of what the file imports, the
 * project's rules files): the repository the file is in (the nearest directory above it with a
 * `.git`), else the file's own directory.
 */
export function projectFolderOf(path: string): string {
  const start = dirname(resolve(path));
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, '.git'))) return dir;
    if (dirname(dir) === dir) return start;
  }
}
