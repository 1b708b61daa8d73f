/**
 * The editable-scope check: an edit must name this file and lie within the lines it may change
 * (the selection, or the whole file). Anything else is refused, reported, and never applied.
 */
import { editName, ok, refuse, type LocatedEdit, type Staged } from './types.js';
import { fileUriParts } from '../../context/fileUri.js';

/** Lines [start, end) of the located text an edit may change. */
export interface AllowedLines {
  start: number;
  end: number;
}

export function checkScope(edit: LocatedEdit, allowed: AllowedLines, wholeLines: boolean): Staged<LocatedEdit> {
  if (edit.start >= allowed.start && edit.end <= allowed.end) return ok(edit);
  const where = edit.end - edit.start > 1 ? `lines ${edit.start + 1}–${edit.end}` : `line ${edit.start + 1}`;
  return refuse('outOfScope', `${editName(edit.index, wholeLines)} changes ${where}, outside the selection (lines ${allowed.start + 1}–${allowed.end}) this edit may change; it was not applied.`, edit.start);
}

/** Whether an edit's path names the document: no path, its file name, or a path its URI ends with. */
export function namesDocument(path: string | null, uri: string): boolean {
  if (path === null || path.trim() === '') return true;
  const wanted = path.trim().replace(/\\/g, '/').replace(/^(\.\/)+/, '').replace(/^\/+/, '');
  let own = fileUriParts(uri)?.path;
  if (own === undefined) {
    try {
      own = decodeURIComponent(new URL(uri).pathname);
    } catch {
      own = uri;
    }
  }
  return own === wanted || own.endsWith(`/${wanted}`);
}

export function checkPath(index: number, path: string | null, uri: string, wholeLines: boolean): Staged<null> {
  if (namesDocument(path, uri)) return ok(null);
  return refuse('outOfScope', `${editName(index, wholeLines)} changes another file (${path}); only this file may be edited, so it was not applied.`, null);
}
