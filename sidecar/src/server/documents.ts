/**
 * The sidecar's mirror of every open document, fed by didOpen/didChange/didClose. Listeners see each
 * content change with where it fell in the text before it, so region tracking can classify it.
 */
import { TextBuffer, type DidChangeTextDocumentParams, type DidOpenTextDocumentParams, type Range, type TextEdit } from '@redline/shared-protocol';
import { replacedRange, type TrackedChange } from '../region/track.js';
import { resolveLanguageId } from '../scope/grammars.js';

export interface MirrorDocument {
  uri: string;
  languageId: string;
  version: number;
  buffer: TextBuffer;
}

export interface ContentChange extends TrackedChange {
  uri: string;
  /** The document's version once the whole didChange has been applied. */
  version: number;
  /** The session whose render made this change; absent for the user's own edits. */
  origin?: string;
  /** The text the change replaced (a slice of the text before it; a whole-text change is told as the range that differs). */
  removed?: string;
}

export type ChangeListener = (change: ContentChange) => void;

export class DocumentStore {
  private readonly docs = new Map<string, MirrorDocument>();
  private readonly changeListeners: ChangeListener[] = [];
  private readonly closeListeners: Array<(uri: string) => void> = [];

  get(uri: string): MirrorDocument | undefined {
    return this.docs.get(uri);
  }

  /** Every open document, in the order they were opened. */
  all(): IterableIterator<MirrorDocument> {
    return this.docs.values();
  }

  onChange(listener: ChangeListener): void {
    this.changeListeners.push(listener);
  }

  onClose(listener: (uri: string) => void): void {
    this.closeListeners.push(listener);
  }

  open(params: DidOpenTextDocumentParams): void {
    const { uri, languageId, version, text } = params.textDocument;
    // A second didOpen without a didClose replaces the document: whatever followed the old one ends.
    this.close(uri);
    this.docs.set(uri, { uri, languageId: resolveLanguageId(languageId, uri), version, buffer: new TextBuffer(text) });
  }

  /**
   * Applies a didChange: its changes one after another, as LSP orders them. A whole-text change is
   * taken as the one range where the texts differ, so a region elsewhere in the file is not lost.
   */
  change(params: DidChangeTextDocumentParams, origin?: string): void {
    const doc = this.docs.get(params.textDocument.uri);
    if (!doc) return;
    doc.version = params.textDocument.version;
    for (const change of params.contentChanges) {
      const ranged = change.range ? { range: change.range, text: change.text } : differingRange(doc.buffer, change.text);
      if (!ranged) continue;
      const replaced = replacedRange(doc.buffer, ranged.range);
      const removed = doc.buffer.getText().slice(doc.buffer.offsetAt(ranged.range.start), doc.buffer.offsetAt(ranged.range.end));
      doc.buffer.replace(ranged.range, ranged.text);
      for (const listener of this.changeListeners) listener({ uri: doc.uri, replaced, text: ranged.text, version: doc.version, origin, removed });
    }
  }

  /** Replaces the mirror's text with the client's copy (a resync), as the user's change. */
  replaceText(uri: string, version: number, text: string): void {
    this.change({ textDocument: { uri, version }, contentChanges: [{ text }] });
  }

  /**
   * Applies a render's own edits (all relative to the same text, like LSP TextEdit[]) as if the
   * client had reported them, bottom-up so earlier ranges stay valid.
   */
  applyOwn(uri: string, edits: readonly TextEdit[], version: number, origin: string): void {
    const doc = this.docs.get(uri);
    if (!doc) return;
    const ordered = [...edits].sort((a, b) => doc.buffer.offsetAt(b.range.start) - doc.buffer.offsetAt(a.range.start));
    this.change({ textDocument: { uri, version }, contentChanges: ordered.map((e) => ({ range: e.range, text: e.newText })) }, origin);
  }

  close(uri: string): void {
    if (!this.docs.delete(uri)) return;
    for (const listener of this.closeListeners) listener(uri);
  }
}

/**
 * The one range of `buffer` to replace to get `text`: everything between the common prefix and the
 * common suffix, never splitting a CRLF or a surrogate pair. Null when the texts are equal.
 */
export function differingRange(buffer: TextBuffer, text: string): { range: Range; text: string } | null {
  const old = buffer.getText();
  if (old === text) return null;
  const max = Math.min(old.length, text.length);
  let prefix = 0;
  while (prefix < max && old.charCodeAt(prefix) === text.charCodeAt(prefix)) prefix++;
  if (prefix > 0 && splits(old, prefix)) prefix--;
  let suffix = 0;
  while (suffix < max - prefix && old.charCodeAt(old.length - 1 - suffix) === text.charCodeAt(text.length - 1 - suffix)) suffix++;
  if (suffix > 0 && (splits(old, old.length - suffix) || splits(text, text.length - suffix))) suffix--;
  return {
    range: { start: buffer.positionAt(prefix), end: buffer.positionAt(old.length - suffix) },
    text: text.slice(prefix, text.length - suffix),
  };
}

/** True when offset `at` falls inside a CRLF or a surrogate pair of `text`. */
function splits(text: string, at: number): boolean {
  const before = text.charCodeAt(at - 1);
  const after = text.charCodeAt(at);
  return (before === 13 && after === 10) || (before >= 0xd800 && before <= 0xdbff && after >= 0xdc00 && after <= 0xdfff);
}
