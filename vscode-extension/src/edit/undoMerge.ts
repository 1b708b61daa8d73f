/**
 * How a closed session's steps in the document's undo history are put right (renders.ts). No step is
 * ever taken back after the verdict: VS Code's `undo` command acts on whatever has the focus then
 * (undoGroups.ts). Instead:
 * - `keep`: as they are: a next-edit hunk the user typed away from, whose steps hold their typing; a
 *   next-edit hunk that was live together with another session of its document (their steps may lie
 *   in between each other's); an inline edit whose one step nothing split.
 * - `group`: a next-edit hunk's steps stay, and the next Ctrl+Z undoes `steps` at once: accepted in its
 *   one step, that step (1: VS Code's own undo, run at the key even while Tab asks for the next hunk
 *   and the Ctrl+Z of a shown hunk is Redline's); dismissed by Esc in one step (its lines in and out:
 *   a step that changes nothing), that step and the steps under it (`below`: the one step before it,
 *   or the group of the hunk accepted last in two steps), 1 + below; dismissed after its step was
 *   split (lines in, then out), both and those under it, 2 + below; accepted after its step was split,
 *   both (2). At most the steps the manifest binds. Never the merge: its second step, undone, brings
 *   the session's text back, so that Ctrl+Z would go forward.
 * - `merge`: an inline edit whose steps were split: made one again by two edits (back, then the
 *   final text).
 */
export type HistoryFix = { kind: 'keep' } | { kind: 'merge' } | { kind: 'group'; steps: number };

export function historyFix(session: { nextEdit: boolean; undoSplit: boolean; userEdits: number; overlapped: boolean }, changedText: boolean, below: number): HistoryFix {
  if (!session.nextEdit) return { kind: session.undoSplit ? 'merge' : 'keep' };
  if (session.userEdits > 0 || session.overlapped) return { kind: 'keep' };
  const own = session.undoSplit ? 2 : 1;
  return { kind: 'group', steps: changedText ? own : Math.min(MOST_STEPS, own + below) };
}

/**
 * What the second edit of an undo merge must bring: the session's final text with whatever the user
 * typed after the first edit took the document back to the text before the session. The user typed
 * into that text, so their change is replayed onto the final text where it does not touch the
 * session's own change; where it does, there is no right answer and null keeps what they typed.
 */
import { minimalEdit } from './marks';
import { MOST_STEPS } from './takeBack';

export function finalWithTyping(before: string, final: string, now: string): string | null {
  if (now === before) return final;
  const session = minimalEdit(before, final);
  const typed = minimalEdit(before, now);
  const apply = (text: string, at: number, end: number) => text.slice(0, at) + typed.text + text.slice(end);
  // Above the session's change the final text is the text before, character for character.
  if (typed.end <= session.start) return apply(final, typed.start, typed.end);
  // Below it, the same text moved by what the change added or took out.
  if (typed.start >= session.end) {
    const shift = session.text.length - (session.end - session.start);
    return apply(final, typed.start + shift, typed.end + shift);
  }
  return null;
}

/**
 * The text a revert to disk took away, or null. The revert that marks a document clean after an undo
 * onto the saved text is checked in the extension host and run in the window: a Redo or a keystroke
 * landing between the two is replaced by the file's text. `texts`: the document's text after each
 * change seen while the revert ran, in order. A last change that brought the saved text back after
 * another text means that other text was the user's and the revert took it.
 */
export function revertedAway(saved: string, texts: readonly string[]): string | null {
  if (texts.length < 2 || texts[texts.length - 1] !== saved) return null;
  const lost = texts[texts.length - 2];
  return lost === saved ? null : lost;
}
