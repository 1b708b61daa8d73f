/**
 * The sidecar's mirror of every open document, fed by didOpen/didChange/didClose. Listeners see each
 * content change with where it fell in the text before it, so region tracking can classify it.
 */
import { TextBuffer, type DidChangeTextDocumentParams, type DidOpenTextDocumentParams, type TextEdit } from '@redline/shared-protocol';
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
  /** The text the change replaced (a slice of the text before it); absent for a whole-document replacement. */
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

  /** Applies a didChange: its changes one after another, as LSP orders them. */
  change(params: DidChangeTextDocumentParams, origin?: string): void {
    const doc = this.docs.get(params.textDocument.uri);
    if (!doc) return;
    doc.version = params.textDocument.version;
    for (const change of params.contentChanges) {
      const replaced = change.range && replacedRange(doc.buffer, change.range);
      const removed = change.range && doc.buffer.getText().slice(doc.buffer.offsetAt(change.range.start), doc.buffer.offsetAt(change.range.end));
      doc.buffer.replace(change.range, change.text);
      for (const listener of this.changeListeners) listener({ uri: doc.uri, replaced, text: change.text, version: doc.version, origin, removed });
    }
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
