/**
 * A session's steps in the document's undo history, made to read as the user's own: an accepted
 * next-edit hunk is one Ctrl+Z, a dismissed one is none, and an undo while a proposal waits takes
 * the whole proposal back.
 *
 * Next-edit verdicts never run an undo or redo command: VS Code's act on whatever has the focus
 * when they run, which may by then be Quick Open, the Find widget or another editor. Steps that go
 * together are remembered (undoGroups.ts, `UndoGroups` here) and undone at the Ctrl+Z key, where the
 * editor has the focus; a Redo that brings back a hunk's red and green lines as plain text is put
 * right with an edit of the document itself.
 *
 * Taking an inline edit's proposal back (commands.ts, at Ctrl+Z) still undoes its steps one by one
 * with VS Code's `undo` (`undoSession`) until the text is none its renders left; the undo can land
 * past the text before the session (VS Code merged a step into the one before), and one Redo puts
 * that step back.
 */
import * as vscode from 'vscode';
import { textChecksum } from '@redline/shared-protocol';
import { StepGroups } from './undoGroups';

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

/**
 * The document's undo groups and guards (undoGroups.ts) on VS Code: fed every change, it puts right a
 * Redo that brings back a guarded text (`put`: one edit of that document, through its editor) and says
 * how many steps Ctrl+Z runs in a document (the `redline.undoSteps` context key, set by nextEdit.ts).
 */
export class UndoGroups {
  private readonly core = new StepGroups();
  private readonly changedEmitter = new vscode.EventEmitter<string>();
  /** Fires with a document's uri when the steps Ctrl+Z runs there may have changed. */
  readonly onDidChange = this.changedEmitter.event;

  constructor(private readonly put: (uri: string, target: string) => Promise<boolean>) {}

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
