/**
 * The one owner of the `redline.undoSteps` context key: how many steps Ctrl+Z undoes at the key in the
 * active editor (the manifest binds 2 to 4 to `runCommands` with that many `undo`s; 0 or 1 leaves Ctrl+Z
 * to Redline's `redline.undo` or VS Code's own undo). The window runs them while the editor surely has the
 * focus; nothing runs an undo later (history.ts says why). Three things decide it:
 * - a group of steps a verdict left (history.ts `UndoGroups`), armed while the text is at its top;
 * - a shown next-edit hunk whose step is the newest: its step and the steps under it (the group its text came
 *   after, or the one step before it: the hunk accepted last);
 * - an inline edit's waiting proposal: its own steps (takeBack.ts).
 */
import * as vscode from 'vscode';
import type { UndoGroups } from './history';
import type { Session, Sessions } from './sessions';
import { takeBackSteps } from './takeBack';

export const UNDO_STEPS_CONTEXT = 'redline.undoSteps';

/**
 * A shown next-edit hunk's step is the newest: its first edit is in the document or on its way (`sent`: the window
 * handles any key after the edit it already has), and since then no change of the user's (an undo counts) and no
 * other session's.
 */
export const hunkStepNewest = (hunk: { before: string | null; lastRenderVersion: number | null; userEdits: number; overlapped: boolean }, sent: boolean): boolean =>
  hunk.before !== null && (hunk.lastRenderVersion !== null || sent) && hunk.userEdits === 0 && !hunk.overlapped;

/**
 * Steps Ctrl+Z undoes at the key: an inline edit's waiting proposal is taken back whole; else a hunk whose step is
 * the newest goes with the steps under it (`below`); else an armed group's steps (`armed`, 0 when none).
 */
export function undoStepsAt(armed: number, hunk: { newest: boolean; below: () => number } | undefined, proposal: Parameters<typeof takeBackSteps>[0] | undefined): number {
  if (proposal) return takeBackSteps(proposal);
  return hunk?.newest ? 1 + hunk.below() : armed;
}

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
