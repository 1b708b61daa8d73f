/**
 * Three-way merge of one line: the user edited `base` (the stream's text of the line as it was shown)
 * into `mine`; the stream has since turned `base` into `theirs` (re-indented it, grown its
 * unfinished end). The user's edits are the spans of `base` a shortest character diff replaces (the
 * user may have typed in several places: after the first word, then at the end); the stream's are
 * its new indentation and its growth at the end, or else the one span between the prefix and suffix
 * it shares with `base`. When no span of one side overlaps a span of the other, all are applied, so
 * the user's typing lands on the stream's newer text. Insertions at the same point put the stream's
 * text first: the user typed at the end of what was there, and the stream's continuation belongs
 * before it. Null when spans overlap: the line cannot hold both.
 */
import { myersDiff } from '../edit/diff.js';

interface Span {
  /** [start, end) of `base` replaced by `text`, in UTF-16 offsets. */
  start: number;
  end: number;
  text: string;
}

export function mergeLine(base: string, mine: string, theirs: string): string | null {
  if (mine === base || mine === theirs) return theirs;
  if (theirs === base) return mine;
  const m = typedSpans(base, mine);
  const t = streamSpans(base, theirs);
  for (const a of m) for (const b of t) if (!mineFirst(a, b) && !theirsFirst(a, b)) return null;
  // Sorted by where they start; at the same point only the stream's insertion can come first.
  const spans = [...t.map((s) => ({ s, theirs: 0 })), ...m.map((s) => ({ s, theirs: 1 }))].sort((x, y) => x.s.start - y.s.start || x.theirs - y.theirs).map((x) => x.s);
  let out = '';
  let at = 0;
  for (const span of spans) {
    out += base.slice(at, span.start) + span.text;
    at = span.end;
  }
  return out + base.slice(at);
}

const mineFirst = (m: Span, t: Span) => m.end <= t.start && !(m.start === m.end && m.start === t.start);
const theirsFirst = (m: Span, t: Span) => t.end <= m.start;

/** The spans of `base` that a shortest diff by code points turns into `mine`. */
function typedSpans(base: string, mine: string): Span[] {
  const a = Array.from(base);
  const b = Array.from(mine);
  const aAt = offsets(a);
  const bAt = offsets(b);
  return myersDiff(a, b).map((h) => ({ start: aAt[h.aStart], end: aAt[h.aEnd], text: mine.slice(bAt[h.bStart], bAt[h.bEnd]) }));
}

function offsets(points: readonly string[]): number[] {
  const at = [0];
  for (const p of points) at.push(at[at.length - 1] + p.length);
  return at;
}

/**
 * How the stream changed `base`: a new indentation and text after its end when `theirs` is `base`
 * re-indented and grown; otherwise one span, so that a line the stream rewrote is never mixed with
 * the user's typing character by character.
 */
function streamSpans(base: string, theirs: string): Span[] {
  const indent = /^\s*/.exec(base)![0].length;
  const newIndent = /^\s*/.exec(theirs)![0].length;
  const core = base.slice(indent);
  if (theirs.startsWith(core, newIndent)) {
    // The indentation's change after what the two indentations share, as typing before it stays before it.
    let shared = 0;
    while (shared < Math.min(indent, newIndent) && base[shared] === theirs[shared]) shared++;
    const spans: Span[] = [];
    if (shared < indent || shared < newIndent) spans.push({ start: shared, end: indent, text: theirs.slice(shared, newIndent) });
    if (theirs.length > newIndent + core.length) spans.push({ start: base.length, end: base.length, text: theirs.slice(newIndent + core.length) });
    return spans;
  }
  let prefix = 0;
  const max = Math.min(base.length, theirs.length);
  while (prefix < max && base.charCodeAt(prefix) === theirs.charCodeAt(prefix)) prefix++;
  let suffix = 0;
  while (suffix < max - prefix && base.charCodeAt(base.length - 1 - suffix) === theirs.charCodeAt(theirs.length - 1 - suffix)) suffix++;
  return [{ start: prefix, end: base.length - suffix, text: theirs.slice(prefix, theirs.length - suffix) }];
}
