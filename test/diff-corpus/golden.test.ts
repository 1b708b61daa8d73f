/**
 * Golden diffs over the corpus, in the style of VS Code's diffing fixtures: for each rewrite, the
 * hunks a person sees (original and modified line ranges, 1-based and end-exclusive, changed words,
 * whitespace-only pairs), both for the diff shown at once and for the picture a stream of 8-character
 * chunks settles to. A difference fails the test; `UPDATE_GOLDEN=1 npx vitest run test/diff-corpus`
 * rewrites every expected.json (review the change with git diff). A folder without expected.json
 * gets one written and fails until it is reviewed and committed.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { layoutDiff, type Layout } from '../../sidecar/src/edit/layout.js';
import { StreamingLayout } from '../../sidecar/src/edit/streamingLayout.js';
import { chunked, loadDiffCorpus, regionLines } from './corpus.js';

interface GoldenHunk {
  original: string;
  modified: string;
  /** The hunk's lines top to bottom: - removed, + added. */
  shape: string;
  words?: string[];
  whitespaceOnly?: string[];
}

/** Hunks of a settled layout, in the fixtures' notation. */
function goldenHunks(layout: Layout): GoldenHunk[] {
  const out: GoldenHunk[] = [];
  let a = 1;
  let b = 1;
  let i = 0;
  const { lines } = layout;
  while (i < lines.length) {
    if (lines[i].kind === 'context') {
      (a++, b++, i++);
      continue;
    }
    const [a0, b0, from] = [a, b, i];
    let shape = '';
    const words: string[] = [];
    const spaced: string[] = [];
    while (i < lines.length && lines[i].kind !== 'context') {
      const removed = lines[i].kind === 'removed';
      const at = removed ? `-${a}` : `+${b}`;
      shape += removed ? '-' : '+';
      for (const w of layout.words.filter((x) => x.line === i)) words.push(`${at}:[${w.start + 1},${w.end + 1})`);
      if (lines[i].whitespace) spaced.push(`${at}:${lines[i].whitespace}`);
      if (removed) a++;
      else b++;
      i++;
    }
    const hunk: GoldenHunk = { original: `[${a0},${a})`, modified: `[${b0},${b})`, shape };
    if (words.length > 0) hunk.words = words;
    if (spaced.length > 0) hunk.whitespaceOnly = spaced;
    out.push(hunk);
    void from;
  }
  return out;
}

function golden(before: string, after: string) {
  const baseline = regionLines(before);
  const stream = new StreamingLayout(baseline);
  for (const text of chunked(after, 8)) stream.push(text);
  return { diff: goldenHunks(layoutDiff(baseline, after)), streamed: goldenHunks(stream.settle(after)) };
}

describe('diff corpus goldens', () => {
  const update = process.env.UPDATE_GOLDEN === '1';
  for (const pair of loadDiffCorpus()) {
    it(pair.name, () => {
      const path = join(pair.dir, 'expected.json');
      const actual = golden(pair.before, pair.after);
      const text = JSON.stringify({ original: `before.${pair.ext}`, modified: `after.${pair.ext}`, ...actual }, null, 2) + '\n';
      if (update || !existsSync(path)) {
        const existed = existsSync(path);
        writeFileSync(path, text);
        if (!update) throw new Error(`${path} was missing and has been written: review it, then commit it.`);
        if (existed) return;
      }
      expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual(JSON.parse(text));
      // A settled hunk reads removed above added, whether shown at once or after a stream.
      for (const h of [...actual.diff, ...actual.streamed]) expect(h.shape, `${h.original} ${h.modified}`).toMatch(/^-*\+*$/);
    });
  }
});
