/**
 * redline/applyRender on VS Code: the render is applied only if the document is at the render's
 * version, in one TextEditor.edit whose undo stops make the whole session one undo step (a stop
 * before the session's first edit, none in between, one after its closing edit). The answer waits
 * for the edit's didChange to be sent (see OwnEdits) and then gives the version that edit produced.
 */
import * as vscode from 'vscode';
import type { RenderParams, RenderResult, TextEdit } from '@redline/shared-protocol';
import { minimalEdit } from './marks';
import type { OwnEdits } from './ownEdits';
import type { Session, Sessions } from './sessions';

export function documentOf(uri: string): vscode.TextDocument | undefined {
  return vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri);
}

export function editorOf(uri: string): vscode.TextEditor | undefined {
  const active = vscode.window.activeTextEditor;
  if (active?.document.uri.toString() === uri) return active;
  return vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === uri);
}

const toRange = (r: TextEdit['range']) => new vscode.Range(r.start.line, r.start.character, r.end.line, r.end.character);

/** Applies `edits` (ranges relative to the document before them) as one edit with the given undo stops. */
export function applyEdits(uri: string, edits: readonly TextEdit[], undoStopBefore: boolean, undoStopAfter: boolean): Thenable<boolean> {
  const editor = editorOf(uri);
  if (editor) {
    return editor.edit((builder) => edits.forEach((e) => builder.replace(toRange(e.range), e.newText)), { undoStopBefore, undoStopAfter });
  }
  // No editor shows it (the user switched tabs mid-stream): a workspace edit, which VS Code makes its own undo step.
  const edit = new vscode.WorkspaceEdit();
  edits.forEach((e) => edit.replace(vscode.Uri.parse(uri), toRange(e.range), e.newText));
  return vscode.workspace.applyEdit(edit);
}

export class RenderApplier {
  constructor(
    private readonly sessions: Sessions,
    private readonly own: OwnEdits,
    private readonly log: vscode.LogOutputChannel,
  ) {}

  async apply(params: RenderParams): Promise<RenderResult> {
    const doc = documentOf(params.uri);
    if (!doc) return { applied: false, version: -1 };
    if (doc.version !== params.version) return { applied: false, version: doc.version };
    const session = this.sessions.forRender(params);
    let version = params.version;
    if (params.edits.length > 0) {
      if (session && session.before === null) session.before = doc.getText();
      const undoStopBefore = params.undo.open || !session?.undoOpen;
      const result = await this.own.apply(params.uri, () => applyEdits(params.uri, params.edits, undoStopBefore, params.undo.close));
      if (!result.ok) return { applied: false, version: doc.version };
      version = result.version ?? doc.version;
      if (!(await this.own.whenSent(params.uri, version))) this.log.warn(`render of ${params.sessionId}: the change to version ${version} was not reported in time`);
    } else if (params.undo.close && session?.undoOpen) {
      await this.closeUndoStep(session);
    }
    if (session && params.edits.length > 0) session.editCount++;
    this.sessions.rendered(session, params, params.edits.length > 0);
    // After the answer: the sidecar must see the fix-up's changes as changes after the session.
    if (session && params.undo.close && session.undoSplit) setTimeout(() => void this.mergeUndoSteps(session), 0);
    return { applied: true, version };
  }

  /**
   * Makes a session whose edits VS Code split over several undo steps one step again: undo back to
   * the text before the session (VS Code's own undo, so nothing is left on the stack), then apply
   * the final text as one edit. What the user typed during the session is in that final text, so it
   * joins the step. If the text before the session cannot be reached (other edits interleaved),
   * everything undone is redone and the steps stay as VS Code made them.
   */
  private async mergeUndoSteps(session: Session): Promise<void> {
    const doc = documentOf(session.uri);
    const before = session.before;
    if (!doc || before === null) return;
    const final = doc.getText();
    if (final === before) return;
    const editor = await vscode.window.showTextDocument(doc, { preserveFocus: false });
    const limit = session.editCount + session.userEdits + 2;
    let undone = 0;
    while (doc.getText() !== before && undone < limit && (await step(doc, 'undo'))) undone++;
    if (doc.getText() !== before) {
      for (let i = 0; i < undone; i++) await step(doc, 'redo');
      this.log.warn(`${session.id}: its undo steps could not be merged; Undo goes back through them one by one`);
      return;
    }
    const edit = minimalEdit(before, final);
    await editor.edit((b) => b.replace(new vscode.Range(doc.positionAt(edit.start), doc.positionAt(edit.end)), edit.text), { undoStopBefore: true, undoStopAfter: true });
  }

  /** A session that ends without a closing edit (a broken region keeps its text) still closes its undo step. */
  private async closeUndoStep(session: Session): Promise<void> {
    await editorOf(session.uri)?.edit(() => undefined, { undoStopBefore: false, undoStopAfter: true });
  }
}

/**
 * Runs undo or redo and waits for the document to change: the command's promise resolves before the
 * extension host hears of the change. False when nothing changed (nothing left to undo).
 */
function step(doc: vscode.TextDocument, command: 'undo' | 'redo'): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => (listener.dispose(), resolve(false)), 1500);
    const listener = vscode.workspace.onDidChangeTextDocument((event) => {
      if (event.document !== doc || event.contentChanges.length === 0) return;
      clearTimeout(timer);
      listener.dispose();
      resolve(true);
    });
    void vscode.commands.executeCommand(command);
  });
}
