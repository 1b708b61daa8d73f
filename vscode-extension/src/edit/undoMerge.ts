/**
 * What the second edit of an undo merge must bring: the session's final text with whatever the user
 * typed after the first edit took the document back to the text before the session. The user typed
 * into that text, so their change is replayed onto the final text where it does not touch the
 * session's own change; where it does, there is no right answer and null keeps what they typed.
 */
import { minimalEdit } from './marks';

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
