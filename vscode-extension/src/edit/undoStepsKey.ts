/**
 * The one owner of the `redline.undoSteps` context key: the steps Ctrl+Z undoes at the key in the active
 * editor (undoSteps.ts). The manifest binds 2 to 4 to `runCommands` with that many `undo`s; 0 or 1 leaves
 * Ctrl+Z to Redline's `redline.undo` or VS Code's own undo. The window runs them while the editor surely has
 * the focus; nothing runs an undo later (history.ts says why).
 */
import * as vscode from 'vscode';
import type { UndoGroups } from './history';
import type { Session, Sessions } from './sessions';
import { hunkStepNewest, undoStepsAt } from './undoSteps';

export const UNDO_STEPS_CONTEXT = 'redline.undoSteps';

/** The shown next-edit hunk of an editor, and whether it is the one whose first edit is on its way there. */
export type ShownHunk = (editor: vscode.TextEditor | undefined) => { session: Session; sent: boolean } | undefined;

export class UndoStepsKey {
  private value = 0;
  /** Per shown hunk, the steps under its own, counted when it is first the newest (its verdict's group comes later). */
  private readonly below = new WeakMap<Session, number>();

  constructor(
    private readonly sessions: Sessions,
    private readonly groups: UndoGroups,
    private readonly shownHunk: ShownHunk,
  ) {}

  /** Sets the key for the active editor as it is now; a hunk's shell calls it before its own key and hint go out. */
  update(): void {
    const editor = vscode.window.activeTextEditor;
    const uri = editor?.document.uri.toString();
    const shown = this.shownHunk(editor);
    const hunk = shown && {
      verdict: shown.session.verdictSteps,
      newest: hunkStepNewest(shown.session, shown.sent),
      below: () => {
        if (!this.below.has(shown.session)) this.below.set(shown.session, this.groups.stepsAt(shown.session.uri, shown.session.before!));
        return this.below.get(shown.session)!;
      },
    };
    const proposal = uri === undefined ? undefined : this.sessions.in(uri).find((s) => !s.nextEdit && s.settleable);
    const steps = undoStepsAt(uri === undefined ? 0 : this.groups.armed(uri), hunk, proposal);
    if (steps === this.value) return;
    this.value = steps;
    void vscode.commands.executeCommand('setContext', UNDO_STEPS_CONTEXT, steps);
  }

  /** The steps counted under `hunk`, once it was the newest: an undo of its step goes with them. */
  under(hunk: Session): number | undefined {
    return this.below.get(hunk);
  }

  /**
   * The key follows the groups and every change, after all listeners of the change at hand have run: the sessions
   * count the user's change later, and a render's change comes before its marks go and its group is made
   * (renders.ts), so the steps never drop in between.
   */
  register(): vscode.Disposable[] {
    const soon = () => queueMicrotask(() => this.update());
    return [
      this.groups.onDidChange(soon),
      vscode.workspace.onDidChangeTextDocument(soon),
      this.sessions.onDidChange(() => this.update()),
      this.sessions.onDidEnd(() => this.update()),
      vscode.window.onDidChangeActiveTextEditor(() => this.update()),
    ];
  }
}
