/**
 * Does the streaming picture hold still? Over the diff corpus (realistic rewrites in several
 * languages), each reply is streamed in chunks of 1, 8 and 37 characters, and every update that
 * finishes a line is compared with the picture before it: a line shown above the stream's head
 * must keep its kind and its place, new lines may only appear at the head. Counted: rearranged
 * updates, lines moved, lines that changed kind, what the final settle moves, and the final hunks
 * that show an added line above a removed one (a settled hunk reads removed above added); the same
 * for the rewrites that add code above the original (a helper written first). Peers in the same
 * run: a full re-diff per update (jsdiff's Myers, the partial line below, as a layout that re-diffs
 * does) and the greedy streaming diff (which never revises but is not minimal).
 * Run with `npx tsx bench/stream.bench.ts`; asserts nothing.
 */
import { diffArrays } from 'diff';
import { pathToFileURL } from 'node:url';
import { lineDiff, myersDiff } from '../sidecar/src/edit/diff.js';
import type { Layout } from '../sidecar/src/edit/layout.js';
import type { LineKind } from '../sidecar/src/edit/lines.js';
import { StreamingLayout } from '../sidecar/src/edit/streamingLayout.js';
import { chunked, loadDiffCorpus, regionLines } from '../test/diff-corpus/corpus.js';
import { GreedyStream } from './peers/greedyStream.js';
import { startModelDouble } from '@redline/model-double';
import { packagedSidecar } from '../test/harness/packaged.js';
import { lcs, streamRewrite, type StillPicture } from '../test/harness/stillPicture.js';

export const CHUNK_SIZES = [1, 8, 37] as const;

/** A picture as identities: `c3:5` original line 3 shown as proposal line 5, `r3`, `a5`, `u3` (unreached). */
export function identities(kinds: readonly LineKind[], skip: number | null = null): string[] {
  const out: string[] = [];
  let a = 0;
  let b = 0;
  kinds.forEach((kind, i) => {
    if (i === skip) {
      b++;
      return;
    }
    if (kind === 'context') out.push(`c${a++}:${b++}`);
    else if (kind === 'removed') out.push(`r${a++}`);
    else if (kind === 'unreached') out.push(`u${a++}`);
    else out.push(`a${b++}`);
  });
  return out;
}

/** Kind of each original and proposal line in a list of identities. */
function kindsById(ids: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const id of ids) {
    const m = /^([crua])(\d+)(?::(\d+))?$/.exec(id)!;
    if (m[1] === 'c') (out.set(`A${m[2]}`, 'c'), out.set(`B${m[3]}`, 'c'));
    else out.set(`${m[1] === 'a' ? 'B' : 'A'}${m[2]}`, m[1]);
  }
  return out;
}

export interface Tally {
  updates: number;
  rearranged: number;
  moved: number;
  kindChanged: number;
}

const emptyTally = (): Tally => ({ updates: 0, rearranged: 0, moved: 0, kindChanged: 0 });

/** Compares the shown lines (`prev`, above the head) with the next picture's, adding to `t`. */
export function compare(prev: readonly string[], next: readonly string[], t: Tally): void {
  t.updates++;
  const head = next.slice(0, prev.length);
  if (head.length === prev.length && head.every((id, i) => id === prev[i])) return;
  t.rearranged++;
  const before = kindsById(prev);
  const after = kindsById(next);
  let changed = 0;
  for (const [id, kind] of before) {
    const now = after.get(id);
    if (now !== undefined && now !== kind && !(kind === 'u')) changed++;
  }
  t.kindChanged += changed;
  t.moved += Math.max(0, prev.length - lcs(prev, next) - changed);
}

/** The lines above the head: the unfinished line and unreached lines are not shown as settled. */
function shown(layout: Layout): string[] {
  return identities(
    layout.lines.map((l) => l.kind),
    layout.streamingLine,
  ).filter((id) => !id.startsWith('u'));
}

interface PeerRun {
  tally: Tally;
  changedLines: number;
  settleMoves: number;
  settled: boolean;
  /** Hunks of the settled picture whose added lines are not all below its removed ones. */
  addedAbove: number;
}

/** Hunks (runs of changed lines) in which an added line stands above a removed one. */
export function hunksWithAddedAbove(kinds: readonly LineKind[]): number {
  let count = 0;
  for (let i = 0; i < kinds.length; ) {
    if (kinds[i] === 'context') {
      i++;
      continue;
    }
    let seenAdded = false;
    let addedAbove = false;
    for (; i < kinds.length && kinds[i] !== 'context'; i++) {
      if (kinds[i] === 'added') seenAdded = true;
      else if (seenAdded) addedAbove = true;
    }
    if (addedAbove) count++;
  }
  return count;
}

function runOurs(baseline: string[], after: string, size: number): PeerRun {
  const s = new StreamingLayout(baseline);
  const tally = emptyTally();
  let prev: string[] = [];
  let lines = 0;
  for (const text of chunked(after, size)) {
    s.push(text);
    const complete = text.split('\n').length - 1;
    if (complete === lines) continue;
    lines = complete;
    const next = shown(s.layout());
    compare(prev, next, tally);
    prev = next;
  }
  const last = s.layout();
  const streamed = identities(last.lines.map((l) => l.kind)).map((id) => id.replace(/^u/, 'r'));
  const final = s.settle(after);
  const finalIds = identities(final.lines.map((l) => l.kind));
  const settleMoves = finalIds.length - lcs(streamed, finalIds);
  const kinds = final.lines.map((l) => l.kind);
  return { tally, changedLines: kinds.filter((k) => k !== 'context').length, settleMoves, settled: settleMoves > 0, addedAbove: hunksWithAddedAbove(kinds) };
}

function jsdiffKinds(baseline: string[], lines: string[]): LineKind[] {
  const kinds: LineKind[] = [];
  for (const part of diffArrays(baseline, lines)) {
    const kind: LineKind = part.added ? 'added' : part.removed ? 'removed' : 'context';
    for (let i = 0; i < part.count; i++) kinds.push(kind);
  }
  return kinds;
}

function runRediff(baseline: string[], after: string, size: number): PeerRun {
  const tally = emptyTally();
  let prev: string[] = [];
  let lines = 0;
  for (const text of chunked(after, size)) {
    const complete = text.split('\n');
    complete.pop();
    if (complete.length === lines) continue;
    lines = complete.length;
    const next = identities(jsdiffKinds(baseline, complete));
    compare(prev, next, tally);
    prev = next;
  }
  const final = jsdiffKinds(baseline, regionLines(after));
  return { tally, changedLines: final.filter((k) => k !== 'context').length, settleMoves: 0, settled: false, addedAbove: hunksWithAddedAbove(final) };
}

function runGreedy(baseline: string[], after: string, size: number): PeerRun {
  const g = new GreedyStream(baseline);
  const tally = emptyTally();
  let prev: string[] = [];
  let lines = 0;
  for (const text of chunked(after, size)) {
    g.push(text);
    if (g.kinds.length === lines) continue;
    lines = g.kinds.length;
    const next = identities(g.kinds);
    compare(prev, next, tally);
    prev = next;
  }
  const kinds = g.finish();
  return { tally, changedLines: kinds.filter((k) => k !== 'context').length, settleMoves: 0, settled: false, addedAbove: hunksWithAddedAbove(kinds) };
}

/** A rewrite that adds code above the original's code (a helper written first): its diff starts with an insertion. */
export function addsCodeAbove(before: string, after: string): boolean {
  const first = lineDiff(regionLines(before), regionLines(after))[0];
  return first !== undefined && first.aStart === first.aEnd;
}

export async function runStreamBench(): Promise<Record<string, number | string>> {
  const corpus = loadDiffCorpus();
  const above = new Set(corpus.filter((p) => addsCodeAbove(p.before, p.after)).map((p) => p.name));
  const results: Record<string, number | string> = {};
  const minimal = corpus.reduce((n, p) => n + myersDiff(regionLines(p.before), regionLines(p.after)).reduce((m, h) => m + h.aEnd - h.aStart + h.bEnd - h.bStart, 0), 0);
  results['corpus pairs'] = corpus.length;
  results['corpus: changed lines of a shortest diff'] = minimal;
  for (const size of CHUNK_SIZES) {
    for (const [peer, run] of [
      ['redline', runOurs],
      ['re-diff', runRediff],
      ['greedy', runGreedy],
    ] as const) {
      const total: PeerRun = { tally: emptyTally(), changedLines: 0, settleMoves: 0, settled: false, addedAbove: 0 };
      const aboveTotal = { tally: emptyTally(), settleMoves: 0 };
      let settledPairs = 0;
      for (const pair of corpus) {
        const r = run(regionLines(pair.before), pair.after, size);
        if (above.has(pair.name)) {
          for (const k of Object.keys(aboveTotal.tally) as Array<keyof Tally>) aboveTotal.tally[k] += r.tally[k];
          aboveTotal.settleMoves += r.settleMoves;
        }
        for (const k of Object.keys(total.tally) as Array<keyof Tally>) total.tally[k] += r.tally[k];
        total.changedLines += r.changedLines;
        total.settleMoves += r.settleMoves;
        total.addedAbove += r.addedAbove;
        if (r.settled) settledPairs++;
      }
      const t = total.tally;
      const p = `${size}-char chunks, ${peer}`;
      results[`${p}: updates that finish a line`] = t.updates;
      results[`${p}: rearranged updates`] = `${t.rearranged} (${((100 * t.rearranged) / t.updates).toFixed(1)} %)`;
      results[`${p}: lines moved / changed kind`] = `${t.moved} / ${t.kindChanged}`;
      results[`${p}: final changed lines (vs shortest)`] = `${total.changedLines} (${total.changedLines === minimal ? 'shortest' : `+${((100 * (total.changedLines - minimal)) / minimal).toFixed(1)} %`})`;
      results[`${p}: final hunks with an added line above a removed one`] = total.addedAbove;
      if (peer === 'redline') {
        results[`${p}: settle moves lines / pairs where it moves any`] = `${total.settleMoves} / ${settledPairs} of ${corpus.length}`;
        const a = aboveTotal.tally;
        results[`${p}: ${above.size} rewrites adding code above the original: rearranged updates / lines moved / settle moves`] = `${a.rearranged} / ${a.moved} / ${aboveTotal.settleMoves}`;
      }
    }
  }
  return results;
}

/**
 * The same question asked of the packaged sidecar, as a user's editor sees it: every rewrite of the
 * corpus streamed from the model double (8-character chunks, 6 ms apart) into an inline-edit
 * session; renders that move a line an earlier render showed, the settled picture's included.
 * Needs `npm run build` first.
 */
export async function runPackagedStillPictureBench(): Promise<Record<string, string>> {
  const corpus = loadDiffCorpus();
  const model = await startModelDouble();
  const client = await packagedSidecar({ provider: 'openai', endpoint: model.url, model: 'm' });
  const results = new Map<string, StillPicture>();
  try {
    // The first session compiles what streaming needs; it is not counted.
    await streamRewrite(client, model, corpus[0]);
    for (const pair of corpus) results.set(pair.name, await streamRewrite(client, model, pair));
  } finally {
    await client.close();
    await model.close();
  }
  const sum = (names: readonly string[]) => {
    const t = { renders: 0, rearranged: 0, moved: 0, rewrites: 0 };
    for (const name of names) {
      const r = results.get(name)!;
      t.renders += r.renders;
      t.rearranged += r.rearranged;
      t.moved += r.moved;
      if (r.rearranged > 0) t.rewrites++;
    }
    return `${t.rearranged} of ${t.renders} renders, ${t.moved} lines; ${t.rewrites} of ${names.length} rewrites`;
  };
  const names = corpus.map((p) => p.name);
  return {
    'all rewrites: renders that move shown lines, lines moved, rewrites where any moves': sum(names),
    'rewrites adding code above the original': sum(corpus.filter((p) => addsCodeAbove(p.before, p.after)).map((p) => p.name)),
    'extract-a-helper rewrites (helper above or below)': sum(names.filter((n) => n.includes('-extract-helper-'))),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.table(await runPackagedStillPictureBench());
  const results = await runStreamBench();
  const width = Math.max(...Object.keys(results).map((k) => k.length));
  for (const [k, v] of Object.entries(results)) console.log(`${k.padEnd(width)}  ${v}`);
}
