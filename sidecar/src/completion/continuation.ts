/**
 * Typing through a suggestion: when the user types the start of the ghost text, the editor hides it
 * and asks again, yet the answer has not changed. The untyped rest is served without the model if
 * the cursor is still at the same place, judged by anchors rather than equality: the prefix window
 * slides as lines are typed.
 */

export const PREFIX_ANCHOR_CHARS = 500;
export const SUFFIX_ANCHOR_CHARS = 500;
/** Below this an anchor is too generic to prove the place is the same. */
export const MIN_PREFIX_ANCHOR_CHARS = 30;

/** The last suggestion shown, with the context it was made for. */
export interface ShownSuggestion {
  scope: string;
  prefix: string;
  suffix: string;
  prefixAtFileStart: boolean;
  text: string;
}

export interface CurrentPlace {
  scope: string;
  prefix: string;
  suffix: string;
  prefixAtFileStart: boolean;
}

/** Anchors for an old prefix, longest first: its last 500 chars, then trimmed a line at a time. */
export function prefixAnchors(prefix: string): string[] {
  const anchors: string[] = [];
  let anchor = prefix.slice(-PREFIX_ANCHOR_CHARS);
  while (anchor.length >= MIN_PREFIX_ANCHOR_CHARS) {
    anchors.push(anchor);
    const newline = anchor.indexOf('\n');
    if (newline < 0) break;
    anchor = anchor.slice(newline + 1);
  }
  return anchors;
}

function samePlace(last: ShownSuggestion, now: CurrentPlace, before: string): boolean {
  // Near the start of a file the whole prefix is the anchor, and it must still start the file.
  if (last.prefixAtFileStart && last.prefix.length < MIN_PREFIX_ANCHOR_CHARS) return now.prefixAtFileStart && before === last.prefix;
  return prefixAnchors(last.prefix).some((anchor) => before.endsWith(anchor));
}

/** The untyped rest of the last suggestion when the user has typed its beginning, else null. */
export function getSuggestionContinuation(last: ShownSuggestion | null, now: CurrentPlace): string | null {
  if (!last || last.scope !== now.scope) return null;
  if (!now.suffix.startsWith(last.suffix.slice(0, SUFFIX_ANCHOR_CHARS))) return null;
  for (let typed = Math.min(last.text.length - 1, now.prefix.length); typed >= 1; typed--) {
    if (!now.prefix.endsWith(last.text.slice(0, typed))) continue;
    if (samePlace(last, now, now.prefix.slice(0, now.prefix.length - typed))) return last.text.slice(typed);
  }
  return null;
}
