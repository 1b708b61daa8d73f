import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TextBuffer, type DiffLineRun } from '@redline/shared-protocol';
import { layoutDiff } from '../../sidecar/src/edit/layout.js';
import { changeGroups, documentLines, formatUnified, hunkHeader, unifiedHunks } from './unifiedDiff.js';

/** A document as the sidecar paints a whole-file proposal into it: red and green lines in place. */
function painted(original: string, proposal: string): { buffer: TextBuffer; runs: DiffLineRun[] } {
  const baseline = new TextBuffer(original);
  const count = original === '' ? 0 : original.endsWith('\n') ? baseline.lineCount - 1 : baseline.lineCount;
  const layout = layoutDiff(baseline.lines(0, count), proposal);
  const runs: DiffLineRun[] = [];
  layout.lines.forEach((l, i) => {
    if (l.kind === 'context') return;
    const last = runs[runs.length - 1];
    if (last && last.kind === l.kind && last.start + last.count === i) last.count++;
    else runs.push({ start: i, count: 1, kind: l.kind });
  });
  // A final line break: the original's, or the proposal's when the original had no line.
  const tail = (original === '' ? proposal : original).endsWith('\n') ? '\n' : '';
  return { buffer: new TextBuffer(layout.lines.map((l) => l.text).join('\n') + tail), runs };
}

function patch(original: string, proposal: string, context = 3): string {
  const { buffer, runs } = painted(original, proposal);
  return formatUnified(unifiedHunks(documentLines(buffer, runs), context, 'merged'), 'src/f.txt');
}

const numbered = (n: number) => Array.from({ length: n }, (_, i) => `line ${i + 1}`);

describe('unified diff of a painted proposal', () => {
  it('prints a patch with diff -u hunks: merged when their context touches, numbered in the original', () => {
    const original = numbered(20).join('\n') + '\n';
    const proposal = original.replace('line 2\n', 'line two\n').replace('line 6\n', '').replace('line 17\n', 'line 17\nline 17b\n');
    expect(patch(original, proposal)).toBe(
      [
        '--- a/src/f.txt',
        '+++ b/src/f.txt',
        '@@ -1,9 +1,8 @@',
        ' line 1',
        '-line 2',
        '+line two',
        ' line 3',
        ' line 4',
        ' line 5',
        '-line 6',
        ' line 7',
        ' line 8',
        ' line 9',
        '@@ -15,6 +14,7 @@',
        ' line 15',
        ' line 16',
        ' line 17',
        '+line 17b',
        ' line 18',
        ' line 19',
        ' line 20',
        '',
      ].join('\n'),
    );
  });

  it('gives each change group its own hunk for hunk-by-hunk verdicts, context from the original side', () => {
    const original = 'a\nb\nc\nd\ne\n';
    const { buffer, runs } = painted(original, 'A\nb\nC\nd\ne\n');
    const lines = documentLines(buffer, runs);
    expect(changeGroups(lines)).toHaveLength(2);
    const [first, second] = unifiedHunks(lines, 2, 'each');
    expect(hunkHeader(first)).toBe('@@ -1,3 +1,3 @@');
    expect(first.lines.map((l) => `${l.kind[0]}${l.text}`)).toEqual(['ra', 'aA', 'cb', 'cc']);
    // The first group's green line is no context of the second; its red line is.
    expect(hunkHeader(second)).toBe('@@ -1,5 +1,5 @@');
    expect(second.lines.map((l) => `${l.kind[0]}${l.text}`)).toEqual(['ca', 'cb', 'rc', 'aC', 'cd', 'ce']);
  });

  it('numbers pure insertions and deletions as diff does', () => {
    expect(patch('a\nb\n', 'a\nx\nb\n', 0)).toContain('@@ -1,0 +2 @@\n+x\n');
    expect(patch('a\nb\n', 'b\n', 0)).toContain('@@ -1 +0,0 @@\n-a\n');
    expect(patch('', 'new\n', 3)).toContain('@@ -0,0 +1 @@\n+new\n');
  });

  it('marks a missing final line break on the side that lacks it', () => {
    expect(patch('a\nb', 'a\nB', 1)).toBe('--- a/src/f.txt\n+++ b/src/f.txt\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+B\n\\ No newline at end of file\n');
    expect(patch('a', 'a\nb', 1)).toBe('--- a/src/f.txt\n+++ b/src/f.txt\n@@ -1 +1,2 @@\n-a\n\\ No newline at end of file\n+a\n+b\n\\ No newline at end of file\n');
    expect(patch('a\nb', 'a', 1)).toBe('--- a/src/f.txt\n+++ b/src/f.txt\n@@ -1,2 +1 @@\n-a\n-b\n\\ No newline at end of file\n+a\n\\ No newline at end of file\n');
  });

  it('prints removed lines before added ones when the document shows them in a stream order, added first', () => {
    // As a stream leaves it: the new line above the original lines it replaced.
    const buffer = new TextBuffer('def f():\n    return 2\n    x = 1\n    return x\nend\n');
    const runs: DiffLineRun[] = [
      { start: 1, count: 1, kind: 'added' },
      { start: 2, count: 2, kind: 'removed' },
    ];
    expect(formatUnified(unifiedHunks(documentLines(buffer, runs), 1, 'merged'), 'f.py')).toBe(
      '--- a/f.py\n+++ b/f.py\n@@ -1,4 +1,3 @@\n def f():\n-    x = 1\n-    return x\n+    return 2\n end\n',
    );
  });

  it('is a patch git apply turns into the proposal, for any proposal', () => {
    const dir = mkdtempSync(joinPath(tmpdir(), 'redline-patch-'));
    mkdirSync(joinPath(dir, 'src'));
    const line = fc.constantFrom('a', 'b', 'c', '', 'x = 1', '  y');
    const join = (ls: string[], br: boolean) => (ls.length === 0 ? '' : ls.join('\n') + (br ? '\n' : ''));
    // As the sidecar does, the proposal ends with the original's final line breaks.
    const ending = (text: string) => /\n*$/.exec(text)![0];
    const sides = fc.tuple(fc.array(line, { maxLength: 12 }), fc.array(line, { maxLength: 12 }), fc.boolean()).map(([a, b, br]) => {
      const original = join(a, br);
      const body = join(b, false).replace(/\n*$/, '');
      return [original, body === '' ? '' : body + ending(original)] as const;
    });
    fc.assert(
      fc.property(sides, fc.integer({ min: 0, max: 3 }), ([original, proposal], context) => {
        const diff = patch(original, proposal, context);
        if (original === proposal) return diff === '';
        writeFileSync(joinPath(dir, 'src/f.txt'), original);
        writeFileSync(joinPath(dir, 'p.diff'), diff);
        const applied = spawnSync('git', ['apply', '--unidiff-zero', '--whitespace=nowarn', 'p.diff'], { cwd: dir, encoding: 'utf8' });
        expect(applied.stderr).toBe('');
        return readFileSync(joinPath(dir, 'src/f.txt'), 'utf8') === proposal;
      }),
      { numRuns: 60 },
    );
  });
});
