/**
 * Ctrl+Z while an inline edit's proposal waits: the window undoes the proposal's steps at the key
 * (the `redline.undoSteps` context key binds Ctrl+Z to `runCommands` with that many `undo`s), while
 * the editor surely has the focus; the extension runs no `undo` of its own afterwards, since VS
 * Code's acts on whatever has the focus by then (Quick Open, the Find widget, another editor).
 *
 * The steps are counted as the renders are applied: the first edit opens one, and so does every
 * edit after an undo stop VS Code may have pushed (a caret move by key or mouse, a save). VS Code
 * may still have split or merged steps unseen; what the undos leave is then put right without
 * losing anything (`takenBack`).
 */

/** Most steps Ctrl+Z undoes at the key (the manifest binds 2 to 4; 1 is VS Code's own undo). */
export const MOST_STEPS = 4;

/** Steps the proposal has once an edit of its renders is applied; `stopBefore`: that edit opens a step of its own. */
export const stepsAfterEdit = (steps: number, stopBefore: boolean): number => (steps === 0 || stopBefore ? steps + 1 : steps);

/**
 * How many `undo`s Ctrl+Z runs at the key to take a waiting proposal back: its steps, when they are the
 * newest and only its own (no change of the user's since it began, an undo or redo included, and no
 * other session of the document); else one, VS Code's own undo at the key, which takes the newest step
 * (what the user typed, or the proposal with it). More steps than the manifest binds get the most it
 * binds: what is left of the proposal is taken out after (`takenBack`).
 */
export function takeBackSteps(session: { steps: number; userEdits: number; overlapped: boolean }): number {
  if (session.userEdits > 0 || session.overlapped) return 1;
  return Math.max(1, Math.min(session.steps, MOST_STEPS));
}

/**
 * What the undos did, seen once the session has ended and its text is `now`:
 * - `back`: the text before the session (`before`).
 * - `short`: a text the session's renders left (too few undos: VS Code split its steps unseen, or there
 *   were more than bound): the rest is taken out with one edit to `before`, which loses nothing, and a
 *   Ctrl+Z after it undoes that edit with the steps under it.
 * - `past`: neither (too many undos: VS Code merged the session's first step into the one before, so the
 *   user's last change before the session went too): left as it is; one Redo brings that change back.
 */
export type TakenBack = 'back' | 'short' | 'past';

export function takenBack(now: string, before: string, left: (text: string) => boolean): TakenBack {
  if (now === before) return 'back';
  return left(now) ? 'short' : 'past';
}
