/**
 * The dirty flag after an undo back to the saved text. VS Code marks a document clean when an undo
 * or redo brings its model back to the version it saved: TextFileEditorModel.onModelContentChanged
 * compares the model's alternative version id (which an undo sets to the undone element's version
 * before, EditStack's SingleModelEditStackElement.undo) with the id saved. The two edits that make a
 * split session one undo step again (renders.ts, `mergeUndoSteps`) are new versions, so one Ctrl+Z
 * after them shows the saved text at another version id and the tab stays dirty.
 *
 * So for a document that had such a merge, an undo or redo that lands on exactly the bytes on disk
 * reverts the document: VS Code reads the file again, finds the same text (ModelService.updateModel
 * returns without an edit when the buffer is equal, so the undo and redo stacks stay as they are)
 * and marks the current version saved. The check is made here and the revert runs in the window: a
 * Redo or a key that lands in between is reverted away, and is put back at once.
 */
import * as vscode from 'vscode';
import { minimalEdit } from './marks';
import { revertedAway } from './undoMerge';

/** How long the revert's change may take to reach the extension host after the command has returned. */
const LATE_CHANGE_MS = 150;

export class CleanAfterUndo {
  private readonly merged = new Set<string>();

  /** `uri` had a session's undo steps merged: its version ids no longer match its texts. */
  mergedSteps(uri: string): void {
    this.merged.add(uri);
  }

  forget(uri: string): void {
    this.merged.delete(uri);
  }

  async changed(event: vscode.TextDocumentChangeEvent): Promise<void> {
    const doc = event.document;
    const undone = event.reason === vscode.TextDocumentChangeReason.Undo || event.reason === vscode.TextDocumentChangeReason.Redo;
    if (!undone || !this.merged.has(doc.uri.toString()) || !doc.isDirty || doc.uri.scheme !== 'file') return;
    const version = doc.version;
    const onDisk = await vscode.workspace.fs.readFile(doc.uri).then(
      (bytes) => bytes,
      () => null,
    );
    // Another change meanwhile, or another text: the flag is VS Code's to keep.
    if (!onDisk || doc.version !== version || !doc.isDirty || !sameBytes(withoutBom(onDisk), new TextEncoder().encode(doc.getText()))) return;
    // The revert command acts on the active editor: only the one the undo was made in.
    if (vscode.window.activeTextEditor?.document !== doc) return;
    const saved = doc.getText();
    const texts: string[] = [];
    const listener = vscode.workspace.onDidChangeTextDocument((e) => {
      if (e.document === doc && e.contentChanges.length > 0) texts.push(doc.getText());
    });
    try {
      await vscode.commands.executeCommand('workbench.action.files.revert', doc.uri);
      // The revert's change comes before the command's answer; a moment more for a slow window.
      for (let waited = 0; texts.length > 0 && texts[texts.length - 1] !== saved && waited < LATE_CHANGE_MS; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
    } finally {
      listener.dispose();
    }
    // A Redo or a key that reached the window after the check above was reverted away: it is put back.
    const lost = revertedAway(saved, texts);
    if (lost === null || doc.getText() !== saved) return;
    const edit = minimalEdit(saved, lost);
    const restore = new vscode.WorkspaceEdit();
    restore.replace(doc.uri, new vscode.Range(doc.positionAt(edit.start), doc.positionAt(edit.end)), edit.text);
    await vscode.workspace.applyEdit(restore);
  }
}

function withoutBom(bytes: Uint8Array): Uint8Array {
  return bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
