/**
 * A session's steps in the document's undo history, made to read as the user's own: an accepted
 * next-edit hunk is one step, a dismissed one leaves none, and an undo while a proposal waits takes
 * the whole proposal back. VS Code gives an extension no way to take steps off a document's history
 * but its `undo` command, which acts on the focused editor (where the key that settled the session
 * was pressed): the session's steps are undone with it until the text is none the session's renders
 * left, and what is kept is put back as one edit, which also empties the redo stack.
 *
 * VS Code does not always keep a session's steps apart from the step before them: a hunk's lines put
 * in and taken out again were seen to vanish from the history, so that the next undo took back the
 * step before the session. The undo then lands past the text before the session: a dismissal redoes
 * that step, an accept puts the text before the session back as a step of its own first. Undone
 * steps a dismissal leaves on the redo stack are guarded: a Redo that brings one back (a proposal's
 * lines as plain text) is undone again at once.
 */
import * as vscode from 'vscode';
import { textChecksum } from '@redline/shared-protocol';

/** How long a change may take to reach the extension host after the command that made it has returned. */
const LATE_CHANGE_MS = 150;

/** A text as the history's states are remembered: its length and checksum (a session may render hundreds of versions). */
export const stateOf = (text: string): string => `${text.length}:${textChecksum(text)}`;

function activeOn(uri: string): vscode.TextEditor | undefined {
  const editor = vscode.window.activeTextEditor;
  return editor?.document.uri.toString() === uri ? editor : undefined;
}

/** `undo` or `redo` in the focused editor of `uri`; whether the text changed (a step that changes nothing does not). */
async function step(uri: string, command: 'undo' | 'redo'): Promise<boolean> {
  const doc = activeOn(uri)?.document;
  if (!doc) return false;
  const version = doc.version;
  const changed = new Promise<void>((resolve) => {
    const timer = setTimeout(() => (listener.dispose(), resolve()), LATE_CHANGE_MS);
    const listener = vscode.workspace.onDidChangeTextDocument((event) => {
      if (event.document !== doc || event.contentChanges.length === 0) return;
      clearTimeout(timer);
      listener.dispose();
      resolve();
    });
  });
  await vscode.commands.executeCommand(command);
  // The change reaches the extension host before the command's answer; a moment more for a slow window.
  if (doc.version === version) await changed;
  return doc.version !== version;
}

/** Where undoing a session's steps left the document, and the states they left behind (what a Redo would bring back). */
export interface Undone {
  landed: 'before' | 'past';
  left: string[];
}

/**
 * Undoes steps of `uri` until its text is the text before the session (`before`) or none of the
 * session's `states` (stateOf each text its renders left; then the undo went `past` it). Null when
 * nothing could be undone while the text was still the session's (the editor lost the focus).
 */
export async function undoSession(uri: string, states: ReadonlySet<string>, before: string, max: number): Promise<Undone | null> {
  const doc = activeOn(uri)?.document;
  if (!doc) return null;
  const left: string[] = [];
  for (let undone = 0; undone < max; undone++) {
    const text = doc.getText();
    if (undone > 0 && (text === before || !states.has(stateOf(text)))) return { landed: text === before ? 'before' : 'past', left };
    left.push(stateOf(text));
    // A step that changes nothing (a dismissed hunk's lines in and out) was taken, or there was none.
    if (!(await step(uri, 'undo'))) return doc.getText() === before ? { landed: 'before', left } : null;
  }
  return doc.getText() === before ? { landed: 'before', left } : null;
}

/** One Redo in the focused editor of `uri`: the step an undo took too many. */
export function redoOnce(uri: string): Promise<boolean> {
  return step(uri, 'redo');
}

/** States a Redo must not bring back, per document, until the next edit (which empties the redo stack). */
export class RedoGuard {
  private readonly guarded = new Map<string, Set<string>>();

  guard(uri: string, states: readonly string[]): void {
    if (states.length === 0) return;
    const set = this.guarded.get(uri) ?? new Set<string>();
    for (const state of states) set.add(state);
    this.guarded.set(uri, set);
  }

  forget(uri: string): void {
    this.guarded.delete(uri);
  }

  changed(event: vscode.TextDocumentChangeEvent): void {
    const uri = event.document.uri.toString();
    const set = this.guarded.get(uri);
    if (!set || event.contentChanges.length === 0) return;
    if (event.reason === undefined) return this.forget(uri);
    if (event.reason === vscode.TextDocumentChangeReason.Redo && set.has(stateOf(event.document.getText()))) void step(uri, 'undo');
  }
}
