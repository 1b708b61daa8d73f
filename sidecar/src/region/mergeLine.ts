/**
 * Three-way merge of one line: the user edited `base` (the stream's text of the line as it was shown)
 * into `mine`; the stream has since turned `base` into `theirs` (re-indented it, grown its
 * unfinished end). Each side's edit is the span between the common prefix and suffix it shares with
 * `base`; when the two spans do not overlap both are applied, so the user's typing lands on the
 * stream's newer text. Insertions at the same point put the stream's text first: the user typed at
 * the end of what was there, and the stream's continuation belongs before it. Null when the spans
 * overlap: the line cannot hold both.
 */
export function mergeLine(base: string, mine: string, theirs: string): string | null {
  if (mine === base || mine === theirs) return theirs;
  if (theirs === base) return mine;
  const m = editSpan(base, mine);
  const t = editSpan(base, theirs);
  const mineFirst = m.end <= t.start && !(m.start === m.end && m.start === t.start);
  const theirsFirst = t.end <= m.start;
  if (!mineFirst && !theirsFirst) return null;
  const [first, second] = mineFirst ? [m, t] : [t, m];
  return base.slice(0, first.start) + first.text + base.slice(first.end, second.start) + second.text + base.slice(second.end);
}

interface Span {
  /** [start, end) of `base` replaced by `text`. */
  start: number;
  end: number;
  text: string;
}

function editSpan(base: string, other: string): Span {
  let prefix = 0;
  const max = Math.min(base.length, other.length);
  while (prefix < max && base.charCodeAt(prefix) === other.charCodeAt(prefix)) prefix++;
  let suffix = 0;
  while (suffix < max - prefix && base.charCodeAt(base.length - 1 - suffix) === other.charCodeAt(other.length - 1 - suffix)) suffix++;
  return { start: prefix, end: base.length - suffix, text: other.slice(prefix, other.length - suffix) };
}
