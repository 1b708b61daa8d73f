/**
 * Property: random documents and random edits, written as SEARCH/REPLACE blocks or as structured
 * JSON and streamed in random chunks through the whole pipeline (reader → locate → scope → relocate
 * → splice), give exactly the expected text — every edit whose text is in the document once applied,
 * every other one refused with a finding naming it — and never touch the baseline. Whole-file
 * replies streamed the same way give exactly the model's file.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SearchReplaceReader } from '../formats/searchReplace.js';
import { StructuredReader } from '../formats/structured.js';
import { WholeFileReader } from '../formats/wholeFile.js';
import { LocatedProposal } from './pipeline.js';
import { proposedSide, regionLines, type RegionLine } from './splice.js';

const URI = 'file:///w/src/doc.ts';

interface Case {
  doc: string[];
  edits: Array<{ start: number; end: number; lines: string[]; missing: boolean }>;
}

/** Small alphabets make repeated lines, so some SEARCH texts are ambiguous. */
const line = fc.constantFrom('a();', 'b();', '  c();', '}', '', 'd = 1;', '  e(f);', '// g');
const caseArb: fc.Arbitrary<Case> = fc
  .record({
    doc: fc.array(line, { minLength: 1, maxLength: 30 }),
    cuts: fc.array(fc.nat(), { maxLength: 8 }),
    replacements: fc.array(fc.array(fc.constantFrom('x();', '  y();', 'z = 2;', ''), { maxLength: 3 }), { minLength: 8, maxLength: 8 }),
    missing: fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
  })
  .map(({ doc, cuts, replacements, missing }) => {
    // Cut points → non-overlapping ranges of at least one line, with gaps between them.
    const points = [...new Set(cuts.map((c) => c % (doc.length + 1)))].sort((x, y) => x - y);
    const edits: Case['edits'] = [];
    for (let i = 0; i + 1 < points.length; i += 2) {
      const [start, end] = [points[i], points[i + 1]];
      if (end > start) edits.push({ start, end, lines: replacements[edits.length], missing: missing[edits.length] });
    }
    return { doc, edits };
  });

/** The old text of an edit; a "missing" one names a line the document never has. */
const searchOf = (c: Case, e: Case['edits'][number]) => (e.missing ? ['absent();'] : c.doc.slice(e.start, e.end));

function occurrences(haystack: string[], needle: string[]): number {
  let n = 0;
  for (let i = 0; i + needle.length <= haystack.length; i++) if (needle.every((l, j) => haystack[i + j] === l)) n++;
  return n;
}

/** Occurrences of `needle` in `text` as a substring, overlapping ones included. */
function substrings(text: string, needle: string): number {
  let n = 0;
  for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + 1)) n++;
  return n;
}

function expected(c: Case, structured: boolean): { text: string[]; refused: number } {
  let refused = 0;
  const out = [...c.doc];
  const docText = c.doc.map((l) => l + '\n').join('');
  for (const e of [...c.edits].reverse()) {
    const search = searchOf(c, e);
    // Whitespace-insensitive matching may find what the exact search does not. A structured
    // oldText is any text: it may also occur across line boundaries.
    const loose = (l: string) => l.trim().replace(/\s+/g, ' ');
    const exact = structured ? substrings(docText, search.map((l) => l + '\n').join('')) : occurrences(c.doc, search);
    const unique = exact === 1 || (exact === 0 && occurrences(c.doc.map(loose), search.map(loose)) === 1);
    if (!unique || search.every((l) => l.trim() === '')) refused++;
    else out.splice(e.start, e.end - e.start, ...e.lines);
  }
  return { text: out, refused };
}

function searchReplaceReply(c: Case): string {
  return c.edits.map((e) => `src/doc.ts\n<<<<<<< SEARCH\n${searchOf(c, e).map((l) => l + '\n').join('')}=======\n${e.lines.map((l) => l + '\n').join('')}>>>>>>> REPLACE\n`).join('\n');
}

function structuredReply(c: Case): string {
  // Whole lines each with its line break: a structured oldText may be any text, lines included.
  const edits = c.edits.map((e) => ({ oldText: searchOf(c, e).map((l) => l + '\n').join(''), newText: e.lines.map((l) => l + '\n').join('') }));
  return JSON.stringify({ files: [{ path: 'src/doc.ts', edits }] });
}

/** Streams `reply` in `chunks` through `p`, planning and committing after every chunk as a session's renders do. */
function stream(p: LocatedProposal, doc: string[], reply: string, chunks: number[]): RegionLine[] {
  let lines = regionLines(
    doc.map(() => 'context'),
    doc.map(() => []),
    doc,
  );
  const step = () => {
    const plan = p.plan(lines);
    lines = plan.lines;
    plan.commit();
  };
  let at = 0;
  for (const size of chunks) {
    at = Math.min(reply.length, at + size);
    if (p.grow(reply.slice(0, at))) step();
  }
  const end = p.finish(reply);
  if (end) throw new Error(end.error);
  step();
  return lines;
}

/** A case's SEARCH/REPLACE or structured reply streamed through the pipeline. */
function run(c: Case, reply: string, structured: boolean, chunks: number[]): { lines: RegionLine[]; findings: number } {
  // Structured oldText ends in a line break: the document's lines end in one too (a final empty line).
  const doc = structured ? [...c.doc, ''] : c.doc;
  const p = new LocatedProposal({ reader: structured ? new StructuredReader() : new SearchReplaceReader(), uri: URI, seen: doc, regionStart: 0, regionEnd: doc.length, allowed: { start: 0, end: doc.length } });
  return { lines: stream(p, doc, reply, chunks), findings: p.findings.length };
}

describe('the apply pipeline (property)', () => {
  for (const structured of [false, true]) {
    it(`${structured ? 'structured edits' : 'SEARCH/REPLACE blocks'}: the expected text, or a clear refusal per edit, never a partial apply`, () => {
      fc.assert(
        fc.property(caseArb, fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 60 }), (c, chunks) => {
          const reply = structured ? structuredReply(c) : searchReplaceReply(c);
          const { lines, findings } = run(c, reply, structured, chunks);
          const want = expected(c, structured);
          // As text: structured runs keep the document's final line break as an empty last line.
          const asText = (l: string[]) => (structured ? (l.length > 0 ? l.join('\n') + '\n' : '') : l.join('\n'));
          expect(proposedSide(lines).join('\n')).toBe(asText(want.text));
          expect(findings).toBe(want.refused);
          // The baseline (context and red lines) is the document, untouched.
          expect(lines.filter((l) => l.kind !== 'added').map((l) => l.text).join('\n')).toBe(asText(c.doc));
        }),
        { numRuns: 300 },
      );
    });
  }
});

/** Each original line kept (null) or replaced by up to three lines. */
type RewritePlan = Array<string[] | null>;
const rewritten = (doc: string[], plan: RewritePlan) => doc.flatMap((l, i) => (plan[i] === null || plan[i] === undefined ? [l] : plan[i]!));

/** A whole-file reply streamed through the pipeline. */
function runWhole(doc: string[], reply: string, chunks: number[], allowed = { start: 0, end: doc.length }): { lines: RegionLine[]; findings: LocatedProposal['findings'] } {
  const p = new LocatedProposal({ reader: new WholeFileReader(doc.join('\n') + '\n', doc), uri: URI, seen: doc, regionStart: 0, regionEnd: doc.length, allowed });
  return { lines: stream(p, doc, reply, chunks), findings: p.findings };
}

describe('whole-file replies through the pipeline (property)', () => {
  it('give exactly the model\'s file, hunk by hunk as it streams, the baseline untouched', () => {
    const rewrite = fc.array(fc.oneof(fc.constant<null>(null), fc.array(fc.constantFrom('x();', '  y();', ''), { maxLength: 3 })), { minLength: 1, maxLength: 30 });
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 30 }), rewrite, fc.array(fc.integer({ min: 1, max: 30 }), { minLength: 1, maxLength: 40 }), fc.boolean(), (doc, plan, chunks, fenced) => {
        const target = rewritten(doc, plan);
        const body = target.join('\n') + '\n';
        const reply = fenced ? 'Here it is:\n```ts\n' + body + '```\nDone.' : body;
        const { lines, findings } = runWhole(doc, reply, chunks);
        // The file as read at the end (fences and blank lines at its ends as extraction settles
        // them, tested on their own), against what the hunks streamed and the last ones built.
        const want = new WholeFileReader(doc.join('\n') + '\n', doc).final(reply);
        expect(proposedSide(lines)).toEqual(want);
        if (!target.every((l) => l.trim() === '')) expect(want.join('\n').trim()).toBe(target.join('\n').trim());
        expect(lines.filter((l) => l.kind !== 'added').map((l) => l.text)).toEqual(doc);
        expect(findings).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('a hunk among repeated lines is placed where the whole reply puts it, not at a later repeat', () => {
    // Once the reply had reached `d = 1;`, its lines `""`, `b();`, `d = 1;` also matched the
    // original's second `""`, `b();`, `d = 1;`; read against the whole original, four kept lines
    // (a, a, b, d) were shown deleted, and the next hunk, overlapping them, was refused.
    const doc = ['a();', 'a();', 'a();', 'b();', 'd = 1;', '', 'b();', 'd = 1;', 'a();'];
    const target = rewritten(doc, [['x();'], null, [''], null]);
    const { lines, findings } = runWhole(doc, target.join('\n') + '\n', [1, 8, 4, 8, 2, 1]);
    expect(findings).toEqual([]);
    expect(proposedSide(lines)).toEqual(target);
    // The two texts share 7 of their 9 lines (a, b, d, "", b, d, a), so a shortest picture has
    // two red and two green lines; red lines stay red, so none was shown deleted mid-stream either.
    expect(lines.filter((l) => l.kind === 'removed')).toHaveLength(2);
    expect(lines.filter((l) => l.kind === 'added')).toHaveLength(2);
  });

  it('nor at an earlier repeat, when the reply has in fact gone past it', () => {
    // The reply's `// g`, `}`, `""`, `a();` are the original's second run of them. Read only for
    // the fewest original lines reached, its `}`, `""`, `a();` matched the first run: five new
    // lines were shown above that, and the eight lines after it deleted (14 changed lines, not 8).
    const doc = ['// top', '}', '', 'a();', 'a();', 'a();', 'a();', 'd = 1;', '// g', '}', '', 'a();', '  e(f);'];
    const target = ['// top', '', 'x();', '', 'a();', 'x();', '// g', '}', '', 'a();', '  e(f);'];
    const reply = target.join('\n') + '\n';
    const { lines, findings } = runWhole(doc, reply, Array<number>(reply.length).fill(7));
    expect(findings).toEqual([]);
    expect(proposedSide(lines)).toEqual(target);
    // 8 lines in common (// top, "", a, // g, }, "", a, e): 5 red and 3 green at the shortest.
    expect(lines.filter((l) => l.kind === 'removed')).toHaveLength(5);
    expect(lines.filter((l) => l.kind === 'added')).toHaveLength(3);
  });

  it('a hunk outside the selection is refused once, though the last diff finds it again', () => {
    const doc = ['f() {', '  x;', '}', 'l1', 'l2', 'l3', 'g();', 'l4', 'l5', 'l6'];
    const target = ['f() {', '  y;', '  z;', '}', 'l1', 'l2', 'l3', 'h();', 'l4', 'l5', 'l6'];
    const reply = target.join('\n') + '\n';
    const { lines, findings } = runWhole(doc, reply, Array<number>(reply.length).fill(1), { start: 0, end: 3 });
    expect(findings).toEqual([expect.objectContaining({ kind: 'outOfScope', line: 6 })]);
    expect(proposedSide(lines)).toEqual(['f() {', '  y;', '  z;', '}', 'l1', 'l2', 'l3', 'g();', 'l4', 'l5', 'l6']);
  });
});
