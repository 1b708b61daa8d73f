/**
 * The only way the sidecar reads the user's disk: inside the workspace folders the client named in
 * `initialize`, never outside. A path is checked twice — as written, after `..` is resolved, and
 * as the file system resolves it (realpath), so a symlink inside a folder that points out of it is
 * refused — then the file is opened without following a final symlink and its size is checked on
 * the open handle. Reads are asynchronous and capped, so no request holds the event loop for long.
 */
// node:fs's `promises`, not node:fs/promises: it is loaded on first use, and loading it is 1.5 ms of
// the executable's start.
import { constants, promises as fs } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import type { InitializeParams } from '@redline/shared-protocol';
import { fileUriParts, pathOfFileUri } from './fileUri.js';

/** Larger files are not read: an outline of them would not fit the budget, and parsing them would stall requests. */
export const MAX_FILE_BYTES = 512 * 1024;

/** Entries read from one directory at most (a package directory, a rules folder). */
const MAX_DIRECTORY_ENTRIES = 2000;

/** The folders of an initialize request, as absolute paths: workspaceFolders, else rootUri. */
export function workspaceFoldersOf(params: Pick<InitializeParams, 'workspaceFolders' | 'rootUri'>): string[] {
  const uris = params.workspaceFolders?.length ? params.workspaceFolders.map((f) => f.uri) : params.rootUri ? [params.rootUri] : [];
  return uris.flatMap((uri) => {
    const path = pathOfUri(uri);
    return path ? [resolve(path)] : [];
  });
}

/** The file-system path of a `file:` URI (RFC 3986 or written unencoded, see fileUri.ts), or null for any other scheme. */
export function pathOfUri(uri: string): string | null {
  return pathOfFileUri(uri);
}

/** A document's path as prompts and logs show it: relative to its workspace folder, else its URI's path. */
export function displayPathOf(uri: string, folders: readonly string[]): string {
  const path = pathOfUri(uri);
  if (path) {
    const absolute = resolve(path);
    const folder = folders.find((f) => isInside(f, absolute));
    return folder ? relative(folder, absolute).split(sep).join('/') : path;
  }
  const file = fileUriParts(uri);
  if (file) return file.path;
  try {
    return decodeURIComponent(new URL(uri).pathname) || uri;
  } catch {
    return uri;
  }
}

/** A segment that resolve would change (empty, `.`, `..`), or on Windows the other separator. */
const NOT_PLAIN = sep === '/' ? /(^|\/)\.{0,2}(\/|$)/ : /(^|\\)\.{0,2}(\\|$)|\//;

/**
 * `path` relative to `folder` (absolute and normalised), `/`-separated ('' for the folder itself),
 * or null when it lies outside, as `isInside` and `relative` of the resolved path say. A path written
 * plainly under the folder is cut at the folder's length: resolve and relative build their strings a
 * piece at a time, hundreds of megabytes of garbage when a snapshot of 40,000 files is taken back.
 */
export function relativeInside(folder: string, path: string): string | null {
  const prefix = folder.endsWith(sep) ? folder : folder + sep;
  if (path.startsWith(prefix) && !NOT_PLAIN.test(path.slice(prefix.length))) {
    const rest = path.slice(prefix.length);
    return sep === '/' ? rest : rest.split(sep).join('/');
  }
  const absolute = resolve(path);
  return isInside(folder, absolute) ? relative(folder, absolute).split(sep).join('/') : null;
}

/** True when `path` is `folder` or inside it (both absolute and normalised). */
export function isInside(folder: string, path: string): boolean {
  const rel = relative(folder, path);
  return rel === '' || (!isAbsolute(rel) && rel.split(sep)[0] !== '..');
}

export interface FileText {
  /** The path as asked for (not the resolved one), so callers keep their own names. */
  path: string;
  text: string;
  /** Changes whenever the file does: the cache key of anything derived from it. */
  stamp: string;
}

export interface DirectoryEntry {
  name: string;
  kind: 'file' | 'directory' | 'symlink' | 'other';
}

export class WorkspaceFiles {
  private readonly folders: string[];
  private real: Promise<string[]> | null = null;

  constructor(folders: readonly string[]) {
    this.folders = folders.map((f) => resolve(f));
  }

  get roots(): readonly string[] {
    return this.folders;
  }

  /** The folder `path` lies in (as written), or null. */
  folderOf(path: string): string | null {
    return this.folders.find((folder) => relativeInside(folder, path) !== null) ?? null;
  }

  /** `path` relative to its folder, `/`-separated, for display; the path itself outside every folder. */
  displayPath(path: string): string {
    for (const folder of this.folders) {
      const rel = relativeInside(folder, path);
      if (rel !== null) return rel;
    }
    return path;
  }

  /** The file's text, or null when it is outside the folders (as written or resolved), not a regular file, too large, or not UTF-8 text. */
  async read(path: string): Promise<FileText | null> {
    const loaded = await this.load(path);
    return 'skipped' in loaded ? null : loaded;
  }

  /** The file's text, or why it was not read (for the index's one line per skipped file). */
  async load(path: string): Promise<FileText | { skipped: string }> {
    const resolved = await this.resolveInside(path);
    if (!resolved) return { skipped: 'outside the workspace folders (as written or resolved)' };
    let handle;
    try {
      // O_NOFOLLOW: should the last component become a symlink after the check, the open fails.
      handle = await fs.open(resolved, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
      const info = await handle.stat();
      if (!info.isFile()) return { skipped: 'not a regular file' };
      if (info.size > MAX_FILE_BYTES) return { skipped: `${info.size} bytes, over the ${MAX_FILE_BYTES}-byte limit` };
      const bytes = await handle.readFile();
      if (bytes.includes(0)) return { skipped: 'binary (a NUL byte)' };
      const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
      return { path, text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, stamp: `${info.mtimeMs}:${info.size}:${info.ino}` };
    } catch (error) {
      return { skipped: error instanceof TypeError ? 'not UTF-8 text' : `unreadable (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})` };
    } finally {
      await handle?.close();
    }
  }

  /** A stamp for the file (changes when it does) without reading it, or null when it cannot be read. */
  async stamp(path: string): Promise<string | null> {
    const resolved = await this.resolveInside(path);
    if (!resolved) return null;
    try {
      const info = await fs.stat(resolved);
      return info.isFile() && info.size <= MAX_FILE_BYTES ? `${info.mtimeMs}:${info.size}:${info.ino}` : null;
    } catch {
      return null;
    }
  }

  /**
   * `stamp` of a file inside the folders as its path is written, its last component not followed
   * (lstat): one call instead of resolving every component, for telling whether a file read before
   * has changed, never for reading it (null: no longer a regular file there).
   */
  async stampAsWritten(path: string): Promise<string | null> {
    try {
      const info = await fs.lstat(path);
      return info.isFile() && info.size <= MAX_FILE_BYTES ? `${info.mtimeMs}:${info.size}:${info.ino}` : null;
    } catch {
      return null;
    }
  }

  /** True when `path` is a regular file inside the folders. */
  async isFile(path: string): Promise<boolean> {
    return (await this.stamp(path)) !== null;
  }

  /** The names in a directory inside the folders (files and directories), sorted; empty when it cannot be listed. */
  async list(path: string): Promise<string[]> {
    const resolved = await this.resolveInside(path);
    if (!resolved) return [];
    try {
      return (await fs.readdir(resolved)).sort().slice(0, MAX_DIRECTORY_ENTRIES);
    } catch {
      return [];
    }
  }

  /**
   * A directory's entries inside the folders, with their kinds as listed (a symlink is reported as
   * one, not followed), sorted by name, at most `max`; null when it cannot be listed.
   */
  async entries(path: string, max: number): Promise<{ entries: DirectoryEntry[]; more: boolean } | null> {
    const resolved = await this.resolveInside(path);
    if (!resolved) return null;
    try {
      const all = (await fs.readdir(resolved, { withFileTypes: true })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      const entries = all.slice(0, max).map((e) => ({ name: e.name, kind: e.isSymbolicLink() ? 'symlink' : e.isDirectory() ? 'directory' : e.isFile() ? 'file' : 'other' }) as DirectoryEntry);
      return { entries, more: all.length > max };
    } catch {
      return null;
    }
  }

  /** The real path of `path` when both it and that real path lie inside a folder; no file-system call for a path outside. */
  private async resolveInside(path: string): Promise<string | null> {
    if (!isAbsolute(path)) return null;
    const absolute = resolve(path);
    if (!this.folderOf(absolute)) return null;
    let target: string;
    try {
      target = await fs.realpath(absolute);
    } catch {
      return null;
    }
    const folders = await this.realFolders();
    return folders.some((folder) => relativeInside(folder, target) !== null) ? target : null;
  }

  /** The folders' own real paths: a workspace opened through a symlink is still itself. */
  private realFolders(): Promise<string[]> {
    this.real ??= Promise.all(this.folders.map((f) => fs.realpath(f).catch(() => f)));
    return this.real;
  }
}
