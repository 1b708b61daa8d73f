/**
 * A session's steps in the document's undo history, made to read as the user's own: an accepted
 * next-edit hunk is one Ctrl+Z, a dismissed one is none, and an undo while a proposal waits takes
 * the whole proposal back.
 *
 * Nothing here runs an undo or redo command: VS Code's act on whatever has the focus
 * when they run, which may by then be Quick Open, the Find widget or another editor. Steps that go
 * together are remembered (undoGroups.ts, `UndoGroups` here) and undone at the Ctrl+Z key, where the
 * editor has the focus; a Redo that brings back a hunk's red and green lines as plain text is put
 * right with an edit of the document itself.
 *
 * Taking an inline edit's waiting proposal back is Ctrl+Z at the key too (takeBack.ts).
 */
import * as vscode from 'vscode';
import { textChecksum } from '@redline/shared-protocol';
import { StepGroups } from './undoGroups';

/** A text as the history's states are remembered: its length and checksum (a session may render hundreds of versions). */
export const stateOf = (text: string): string => `${text.length}:${textChecksum(text)}`;

/**
 * The document's undo groups and guards (undoGroups.ts) on VS Code: fed every change, it puts right a
 * Redo that brings back a guarded text (`put`: one edit of that document, through its editor) and says
 * how many steps Ctrl+Z runs in a document (the `redline.undoSteps` context key, undoStepsKey.ts).
 */
export class UndoGroups {
  private readonly core = new StepGroups();
  private readonly changedEmitter = new vscode.EventEmitter<string>();
  /** Fires with a document's uri when the steps Ctrl+Z runs there may have changed. */
  readonly onDidChange = this.changedEmitter.event;

  /** `put`: `target` as the text of `uri`, as one edit of that document (false when nothing was put). */
  constructor(readonly put: (uri: string, target: string) => Promise<boolean>) {}

  /** The newest `steps` steps of `uri` go together; `text` is its text now. */
  add(uri: string, text: string, steps: number): void {
    this.core.add(uri, stateOf(text), steps);
    this.changedEmitter.fire(uri);
  }

  /** A Redo that brings back one of `states` of `uri` is put right to `target`, which then goes with it as `steps`. */
  guard(uri: string, states: Iterable<string>, target: string, steps: number): void {
    this.core.guard(uri, states, target, steps);
  }

  /** Steps Ctrl+Z runs once `uri`'s text is back at `text`: a group's, else one. */
  stepsAt(uri: string, text: string): number {
    return this.core.stepsAt(uri, stateOf(text));
  }

  armed(uri: string): number {
    return this.core.armed(uri);
  }

  forget(uri: string): void {
    this.core.forget(uri);
  }

  async changed(event: vscode.TextDocumentChangeEvent): Promise<void> {
    const uri = event.document.uri.toString();
    if (event.contentChanges.length === 0 || !this.core.tracks(uri)) return;
    const reason = event.reason === vscode.TextDocumentChangeReason.Undo ? 'undo' : event.reason === vscode.TextDocumentChangeReason.Redo ? 'redo' : 'edit';
    const wasArmed = this.core.armed(uri);
    // Only an undo or a redo is looked up by its text (a checksum of the whole text: not at every keystroke).
    const fix = this.core.changed(uri, reason === 'edit' ? '' : stateOf(event.document.getText()), reason);
    if (this.core.armed(uri) !== wasArmed) this.changedEmitter.fire(uri);
    if (fix && (await this.put(uri, fix.target))) this.add(uri, fix.target, fix.steps);
  }
}
