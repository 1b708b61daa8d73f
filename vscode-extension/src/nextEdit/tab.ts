/**
 * What Tab does while a next-edit hunk is shown: accept it when the user can see it near the caret;
 * otherwise first jump to it (the caret onto the hunk, scrolled into view), as Cursor and Copilot
 * do, so nothing is accepted that the user has not looked at. The keybinding is only active while
 * a hunk is shown, so Tab stays indentation, snippet and suggestion acceptance otherwise.
 */

/** Lines between the caret and a hunk beyond which Tab jumps first. */
export const NEAR_LINES = 5;

/** Document lines [start, end) of the shown hunk; visible ranges with inclusive ends, as VS Code gives them. */
export function tabAction(hunk: { start: number; end: number }, caretLine: number, visible: ReadonlyArray<{ start: number; end: number }>): 'jump' | 'accept' {
  const last = Math.max(hunk.start, hunk.end - 1);
  const onScreen = visible.some((range) => hunk.start >= range.start && last <= range.end);
  const distance = hunk.start > caretLine ? hunk.start - caretLine : Math.max(0, caretLine - last);
  return onScreen && distance <= NEAR_LINES ? 'accept' : 'jump';
}

export const HINT = 'Tab to accept, Esc to dismiss';
export const JUMP_HINT = 'Tab to go to the suggestion, Esc to dismiss';
