/**
 * How many steps Ctrl+Z undoes at the key in the active editor (undoStepsKey.ts sets the
 * `redline.undoSteps` context key from it). Three things decide it:
 * - a group of steps a verdict left (history.ts `UndoGroups`), armed while the text is at its top;
 * - a shown next-edit hunk whose step is the newest: its step and the steps under it (the group its text came
 *   after, or the one step before it: the hunk accepted last);
 * - an inline edit's waiting proposal: its own steps (takeBack.ts).
 */
import { takeBackSteps } from './takeBack';
import { historyFix } from './undoMerge';

/**
 * A shown next-edit hunk's step is the newest: its first edit is in the document or on its way (`sent`: the window
 * handles any key after the edit it already has), and since then no change of the user's (an undo counts) and no
 * other session's.
 */
export const hunkStepNewest = (hunk: { before: string | null; lastRenderVersion: number | null; userEdits: number; overlapped: boolean }, sent: boolean): boolean =>
  hunk.before !== null && (hunk.lastRenderVersion !== null || sent) && hunk.userEdits === 0 && !hunk.overlapped;

/**
 * Steps Ctrl+Z undoes at the key once a next-edit hunk's verdict edit (its closing render) is in the document: the
 * group that verdict leaves (undoMerge.ts `historyFix`), else none (its steps hold the user's typing). `changedText`:
 * the text after that edit is not the text before the hunk (accepted); `below`: the steps under the hunk's.
 */
export function stepsAfterVerdict(hunk: { undoSplit: boolean; userEdits: number; overlapped: boolean }, changedText: boolean, below: number): number {
  const fix = historyFix({ ...hunk, nextEdit: true }, changedText, below);
  return fix.kind === 'group' ? fix.steps : 0;
}

/**
 * Steps Ctrl+Z undoes at the key: an inline edit's waiting proposal is taken back whole; else a hunk whose verdict
 * edit is on its way takes the steps that edit leaves (`verdict`, stepsAfterVerdict); else a hunk whose step is the
 * newest goes with the steps under it (`below`); else an armed group's steps (`armed`, 0 when none).
 */
export function undoStepsAt(
  armed: number,
  hunk: { newest: boolean; below: () => number; verdict: number | null } | undefined,
  proposal: Parameters<typeof takeBackSteps>[0] | undefined,
): number {
  if (proposal) return takeBackSteps(proposal);
  if (hunk && hunk.verdict !== null) return hunk.verdict;
  return hunk?.newest ? 1 + hunk.below() : armed;
}
