/**
 * The snapshot check: an edit was located in the text the model saw; the document may have changed
 * since (the user kept typing while the reply streamed). The edit's lines are followed through a
 * line diff of the two texts; if the user changed any of them, the edit is located again by its
 * text in the current document, and refused when that text is no longer there once — never applied
 * blindly at old line numbers.
 */
import { lineDiff } from '../diff.js';
import { editName, ok, refuse, type LocatedEdit, type Staged } from './types.js';

export function relocate(seen: readonly string[], current: readonly string[], edit: LocatedEdit, wholeLines: boolean): Staged<LocatedEdit> {
  if (seen === current) return ok(edit);
  let shift = 0;
  let touched = false;
  for (const h of lineDiff(seen, current)) {
    if (h.aEnd <= edit.start) {
      // Wholly above the edit (lines inserted right before its first line are above it too).
      shift += h.bEnd - h.bStart - (h.aEnd - h.aStart);
      continue;
    }
    if (h.aStart >= edit.end) break;
    touched = true;
    break;
  }
  if (!touched) return ok({ ...edit, start: edit.start + shift, end: edit.end + shift });
  const runs: number[] = [];
  for (let i = 0; i + edit.old.length <= current.length; i++) {
    let j = 0;
    while (j < edit.old.length && current[i + j] === edit.old[j]) j++;
    if (j === edit.old.length) runs.push(i);
  }
  if (runs.length === 1) return ok({ ...edit, start: runs[0], end: runs[0] + edit.old.length });
  return refuse('stale', `${editName(edit.index, wholeLines)} replaces lines that were changed while the reply arrived; it was not applied.`, edit.start + shift);
}
