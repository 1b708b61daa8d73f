/**
 * Copies for the sidecar's checks of a proposal: each text is written to a new file in a folder of
 * the extension's own under the system's temporary folder, with the original's extension, and
 * opened as a document that is never shown, never edited (so never dirty: nothing asks to save it,
 * no backup brings it back after a restart, no undo history grows) and never mirrored in the
 * sidecar (the language client skips it: `isCopy`). VS Code's formatters and language servers treat
 * it as any file of its language. VS Code lets go of a document no editor shows after a while; its
 * file is deleted then, and the folder when the extension stops.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join, sep } from 'node:path';
import * as vscode from 'vscode';

export class CheckCopies {
  private dir: string | null = null;
  private count = 0;
  private readonly prepared = new Set<string>();
  /** The last time each copy's diagnostics changed (Date.now()). */
  private readonly changed = new Map<string, number>();

  register(): vscode.Disposable[] {
    return [
      vscode.languages.onDidChangeDiagnostics((event) => {
        const now = Date.now();
        for (const uri of event.uris) if (this.owns(uri)) this.changed.set(uri.toString(), now);
      }),
      vscode.workspace.onDidCloseTextDocument((doc) => {
        if (!this.owns(doc.uri)) return;
        this.changed.delete(doc.uri.toString());
        void unlink(doc.uri.fsPath).catch(() => undefined);
      }),
      { dispose: () => this.dir && rmSync(this.dir, { recursive: true, force: true }) },
    ];
  }

  /** For the language client: a copy, which the sidecar must not mirror. */
  isCopy(doc: vscode.TextDocument): boolean {
    return this.owns(doc.uri);
  }

  /**
   * Once per language, before its first check (while a proposal streams): opens a copy of `uri`
   * holding `text` and runs `warm` on it, so that the language's tools have taken the copies' folder
   * in (TypeScript: a project) and answer the check's requests at their usual speed.
   */
  prepare(uri: string, languageId: string, text: string, warm: (doc: vscode.TextDocument) => Promise<unknown>): void {
    if (this.prepared.has(languageId)) return;
    this.prepared.add(languageId);
    void this.open(uri, languageId, [text])
      .then(({ docs }) => warm(docs[0]))
      .catch(() => this.prepared.delete(languageId));
  }

  /** When the diagnostics of any of `docs` last changed, or null. */
  lastChange(docs: readonly vscode.TextDocument[]): number | null {
    const times = docs.map((d) => this.changed.get(d.uri.toString())).filter((t): t is number => t !== undefined);
    return times.length > 0 ? Math.max(...times) : null;
  }

  /** Copies of the document `uri` (of `languageId`) holding `texts`, opened in that order. */
  async open(uri: string, languageId: string, texts: readonly string[]): Promise<{ docs: vscode.TextDocument[] }> {
    const dir = (this.dir ??= mkdtempSync(join(tmpdir(), 'redline-copies-')));
    const ext = extname(vscode.Uri.parse(uri).path);
    const docs: vscode.TextDocument[] = [];
    for (const text of texts) {
      const path = join(dir, `copy-${++this.count}${ext}`);
      await writeFile(path, text);
      let doc = await vscode.workspace.openTextDocument(vscode.Uri.file(path));
      // A document without a file extension of its language (an untitled original) gets its language.
      if (doc.languageId !== languageId) doc = await vscode.languages.setTextDocumentLanguage(doc, languageId).then(undefined, () => doc);
      docs.push(doc);
    }
    return { docs };
  }

  private owns(uri: vscode.Uri): boolean {
    return this.dir !== null && uri.scheme === 'file' && uri.fsPath.startsWith(this.dir + sep);
  }
}

/** A document's text with LF line breaks, as the sidecar sent it. */
export const textOf = (doc: vscode.TextDocument) => doc.getText().replace(/\r\n/g, '\n');
