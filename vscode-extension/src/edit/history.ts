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

/** What one `undo` or `redo` did: whether it changed the text, and the text before the user's own change if one came meanwhile. */
interface Stepped {
  changed: boolean;
  typed: { before: string; first: boolean } | null;
}

/**
 * `undo` or `redo` in the focused editor of `uri`. A step that changes nothing changes no text. A
 * change of the user's may come in meanwhile (they type on while the history is rewound): `typed`
 * says so, with the text it was made in and whether it came first, in which case the step took it.
 */
async function step(uri: string, command: 'undo' | 'redo'): Promise<Stepped> {
  const doc = activeOn(uri)?.document;
  if (!doc) return { changed: false, typed: null };
  const version = doc.version;
  let last = doc.getText();
  let typed: Stepped['typed'] = null;
  let stepped = false;
  const listener = vscode.workspace.onDidChangeTextDocument((event) => {
    if (event.document !== doc || event.contentChanges.length === 0) return;
    if (event.reason === undefined) typed ??= { before: last, first: !stepped };
    else stepped = true;
    last = doc.getText();
  });
  await vscode.commands.executeCommand(command);
  // The change reaches the extension host before the command's answer; a moment more for a slow window.
  for (let waited = 0; !stepped && waited < LATE_CHANGE_MS; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
  listener.dispose();
  return { changed: doc.version !== version, typed };
}

/**
 * Where undoing a session's steps left the document, and the states they left behind (what a Redo
 * would bring back). `typed`: the user changed the text meanwhile, and the undo stopped there: that
 * change was made in `base` (a text the session left), and is in the document.
 */
export interface Undone {
  landed: 'before' | 'past' | 'typed';
  left: string[];
  base?: string;
}

/**
 * Undoes steps of `uri` until its text is the text before the session (`before`) or none of the
 * session's `states` (stateOf each text it left; then the undo went `past` it). Null when nothing
 * could be undone while the text was still the session's (the editor lost the focus).
 */
export async function undoSession(uri: string, states: ReadonlySet<string>, before: string, max: number): Promise<Undone | null> {
  const doc = activeOn(uri)?.document;
  if (!doc) return null;
  const left: string[] = [];
  let stepped = { version: doc.version, text: doc.getText() };
  for (let undone = 0; undone < max; undone++) {
    const text = doc.getText();
    // The user changed the text since the last step: their change stays, and so does what lies under it.
    if (doc.version !== stepped.version) return { landed: 'typed', left, base: stepped.text };
    if (undone > 0 && (text === before || !states.has(stateOf(text)))) return { landed: text === before ? 'before' : 'past', left };
    left.push(stateOf(text));
    const { changed, typed } = await step(uri, 'undo');
    if (typed) {
      // The undo took the user's new step: it comes back; nothing more is undone under their typing.
      if (typed.first) await step(uri, 'redo');
      return { landed: 'typed', left, base: typed.before };
    }
    // A step that changes nothing (a dismissed hunk's lines in and out) was taken, or there was none.
    if (!changed) return doc.getText() === before ? { landed: 'before', left } : null;
    stepped = { version: doc.version, text: doc.getText() };
  }
  return doc.getText() === before ? { landed: 'before', left } : null;
}

/** One Redo in the focused editor of `uri`: the step an undo took too many. */
export async function redoOnce(uri: string): Promise<boolean> {
  return (await step(uri, 'redo')).changed;
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
