/**
 * The selection an instruction was given for. Once the instruction is captured it is collapsed to a
 * caret at its start: left as it was, its highlight lies over the proposal's red, green and dimmed
 * lines (and the editor grows it with the region while the reply streams). It comes back when the
 * session leaves the document as it found it (every hunk rejected, cancelled, an error, no changes)
 * and the user neither moved the cursor nor typed meanwhile: the same lines are selected again, ready
 * for another instruction.
 */
import type { SessionState } from '@redline/shared-protocol';

export interface Caret {
  line: number;
  character: number;
}

export interface KeptSelection {
  anchor: Caret;
  active: Caret;
}

const before = (a: Caret, b: Caret) => a.line < b.line || (a.line === b.line && a.character < b.character);

/** The caret a selection collapses to: its start, where the region begins. */
export function collapsedAt(selection: KeptSelection): Caret {
  return before(selection.active, selection.anchor) ? selection.active : selection.anchor;
}

export interface SessionEnding {
  state: SessionState;
  /** The document's text is what it was before the session's first edit. */
  documentUnchanged: boolean;
  /** The user moved the cursor (by key or mouse) or changed the document during the session. */
  userActed: boolean;
}

const UNDONE: readonly SessionState[] = ['rejected', 'cancelled', 'error', 'noChanges'];

/** Whether the selection comes back when a session ends. */
export function restoresSelection(end: SessionEnding): boolean {
  return UNDONE.includes(end.state) && end.documentUnchanged && !end.userActed;
}
