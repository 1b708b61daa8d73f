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
export const JUMP_HINT = 'Tab to jump here, Esc to dismiss';

/**
 * Columns a hint may reach (its line's text, a 3-column margin, the hint): beyond them it would run
 * under the minimap or past a narrow editor's edge and widen the line, so that the editor scrolls
 * sideways. VS Code does not tell an extension how wide the editor is; this is a common width.
 */
export const HINT_COLUMNS = 100;
const HINT_MARGIN = 3;

/**
 * The line the hint goes after: the hunk's last line when the hint fits there, else the shortest of
 * the hunk's lines and the lines just above and below it (the first of them on a tie). `length` is
 * a line's length in columns, null for a line the document does not have.
 */
export function hintLine(hunk: { start: number; end: number }, hint: string, length: (line: number) => number | null): number {
  const last = Math.max(hunk.start, hunk.end - 1);
  const fits = (line: number) => (length(line) ?? Infinity) + HINT_MARGIN + hint.length <= HINT_COLUMNS;
  if (fits(last)) return last;
  const candidates: number[] = [];
  for (let line = hunk.start - 1; line <= last + 1; line++) if (length(line) !== null) candidates.push(line);
  return candidates.reduce((best, line) => (length(line)! < length(best)! ? line : best), last);
}

/**
 * Where the next-edit hunk of the active editor is: none; on its way (its answer is in but its render not yet in the
 * document, or Tab accepted one and asks for the next, held one); shown (its proposal in the document).
 */
export type HunkPhase = 'none' | 'coming' | 'shown';

export function hunkPhase(hunk: { inDocument: boolean; answered: boolean; tabAsking: boolean }): HunkPhase {
  return hunk.inDocument ? 'shown' : hunk.answered || hunk.tabAsking ? 'coming' : 'none';
}

/**
 * What the window is told in each phase. The context key that gives Tab and Esc to next edit goes out as soon as a hunk
 * is on its way, and after an accept it stays on for the next hunk (turning it off and on again is two more messages
 * the window handles between the two hunks' edits). A key pressed while no hunk is in the document finds none: Tab
 * indents as it would have. The hint says the keys are this module's: it is drawn only over a hunk, and only after the
 * key's command has gone out (the window takes them in that order).
 */
export function hintState(phase: HunkPhase): { key: boolean; hint: boolean } {
  return { key: phase !== 'none', hint: phase === 'shown' };
}
