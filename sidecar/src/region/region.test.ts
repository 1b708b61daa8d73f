import { describe, expect, it } from 'vitest';
import { TextBuffer } from '@redline/shared-protocol';
import { layoutDiff } from '../edit/layout.js';
import { StreamingLayout } from '../edit/streamingLayout.js';
import type { LineKind } from '../edit/lines.js';
import { Region, repaintFrom } from './region.js';
import { replacedRange } from './track.js';

function render(text: string, start: number, count: number, proposal: string) {
  const buffer = new TextBuffer(text);
  const region = Region.ofLines(start, count);
  const plan = region.planLayout(buffer, layoutDiff(buffer.lines(start, start + count), proposal));
  buffer.applyEdits(plan.edits);
  region.commit(plan.next);
  return { buffer, region };
}

describe('Region', () => {
  const text = 'head\nconst a = 1;\nconst b = 2;\nkeep\nconst c = 3;\ntail\n';

  it('puts red and green lines really in the file, removals before additions in each hunk', () => {
    const { buffer, region } = render(text, 1, 4, 'const a = 10;\nconst b = 2;\nkeep\nconst c = 30;\n');
    expect(buffer.getText()).toBe('head\nconst a = 1;\nconst a = 10;\nconst b = 2;\nkeep\nconst c = 3;\nconst c = 30;\ntail\n');
    expect(region.hunks()).toEqual([
      { start: 1, end: 3, removed: 1, added: 1 },
      { start: 5, end: 7, removed: 1, added: 1 },
    ]);
    const deco = region.decorations();
    expect(deco.runs).toEqual([
      { start: 1, count: 1, kind: 'removed' },
      { start: 2, count: 1, kind: 'added' },
      { start: 5, count: 1, kind: 'removed' },
      { start: 6, count: 1, kind: 'added' },
    ]);
    expect(deco.words.some((w) => w.line === 2 && w.kind === 'added')).toBe(true);
  });

  it('accepting everything leaves the proposal, rejecting leaves the baseline', () => {
    const proposal = 'const a = 10;\nconst b = 2;\nkeep\nconst c = 30;\n';
    for (const accept of [true, false]) {
      const { buffer, region } = render(text, 1, 4, proposal);
      const plan = region.planVerdict(buffer, accept);
      buffer.applyEdits(plan.edits);
      region.commit(plan.next);
      expect(buffer.getText()).toBe(accept ? `head\n${proposal}tail\n` : text);
      expect(region.hunks()).toEqual([]);
    }
  });

  it('settles one hunk by any of its lines and leaves the other pending', () => {
    const { buffer, region } = render(text, 1, 4, 'const a = 10;\nconst b = 2;\nkeep\nconst c = 30;\n');
    expect(region.hunkAt(3)).toBeNull();
    expect(region.hunkAt(6)).toEqual({ from: 4, to: 6 });
    const plan = region.planVerdict(buffer, true, region.hunkAt(6)!);
    buffer.applyEdits(plan.edits);
    region.commit(plan.next);
    expect(buffer.getText()).toBe('head\nconst a = 1;\nconst a = 10;\nconst b = 2;\nkeep\nconst c = 30;\ntail\n');
    expect(region.hunks()).toEqual([{ start: 1, end: 3, removed: 1, added: 1 }]);
  });

  it('follows a paste of half a million lines inside the proposal', () => {
    const { buffer, region } = render(text, 1, 4, 'const a = 10;\nconst b = 2;\nkeep\nconst c = 30;\n');
    const hunks = region.hunks();
    const length = region.end - region.start;
    const pasted = 'x\n'.repeat(500_000);
    const range = { start: { line: 3, character: 0 }, end: { line: 3, character: 0 } };
    const replaced = replacedRange(buffer, range);
    buffer.replace(range, pasted);
    region.track({ replaced, text: pasted }, false);
    expect(region.end - region.start).toBe(length + 500_000);
    expect(region.hunks().map((h) => h.start)).toEqual(hunks.map((h) => (h.start >= 3 ? h.start + 500_000 : h.start)));
  });

  it("makes a line typed on the user's: context, kept by either verdict", () => {
    for (const accept of [true, false]) {
      const { buffer, region } = render(text, 1, 4, 'const a = 10;\nconst b = 2;\nkeep\nconst c = 30;\n');
      // Lines 1 (red "const a = 1;") and 6 (green "const c = 30;") are typed on.
      for (const line of [1, 6]) {
        const range = { start: { line, character: 0 }, end: { line, character: 0 } };
        const replaced = replacedRange(buffer, range);
        buffer.replace(range, '/*mine*/');
        region.track({ replaced, text: '/*mine*/' }, false);
      }
      expect(region.hunks()).toEqual([
        { start: 2, end: 3, removed: 0, added: 1 },
        { start: 5, end: 6, removed: 1, added: 0 },
      ]);
      const plan = region.planVerdict(buffer, accept);
      buffer.applyEdits(plan.edits);
      expect(buffer.getText()).toBe(
        accept
          ? 'head\n/*mine*/const a = 1;\nconst a = 10;\nconst b = 2;\nkeep\n/*mine*/const c = 30;\ntail\n'
          : 'head\n/*mine*/const a = 1;\nconst b = 2;\nkeep\nconst c = 3;\n/*mine*/const c = 30;\ntail\n',
      );
    }
  });

  it("after a break keeps the lines the change touched and takes out only the untouched green lines on reject", () => {
    const proposal = 'const a = 10;\nconst b = 2;\nkeep\nconst c = 30;\n';
    // head | -a=1 | +a=10 | b | keep | -c=3 | +c=30 | tail: join the green "a = 10" line with "b".
    const { buffer, region } = render(text, 1, 4, proposal);
    const join = { start: { line: 2, character: 13 }, end: { line: 3, character: 0 } };
    let replaced = replacedRange(buffer, join);
    buffer.replace(join, ' ');
    expect(region.track({ replaced, text: ' ' }, false).kind).toBe('broken');
    region.remap({ replaced, text: ' ' });
    buffer.applyEdits(region.planVerdict(buffer, false).edits);
    expect(buffer.getText()).toBe('head\nconst a = 1;\nconst a = 10; const b = 2;\nkeep\nconst c = 3;\ntail\n');

    // A deletion that crosses the region's start, then one that takes a red line: both are the user's.
    const second = render(text, 1, 4, proposal);
    const cut = { start: { line: 0, character: 2 }, end: { line: 1, character: 6 } };
    replaced = replacedRange(second.buffer, cut);
    second.buffer.replace(cut, '');
    second.region.remap({ replaced, text: '' });
    const del = { start: { line: 4, character: 0 }, end: { line: 5, character: 0 } };
    replaced = replacedRange(second.buffer, del);
    second.buffer.replace(del, '');
    second.region.remap({ replaced, text: '' });
    second.buffer.applyEdits(second.region.planVerdict(second.buffer, false).edits);
    expect(second.buffer.getText()).toBe('hea = 1;\nconst b = 2;\nkeep\ntail\n');
  });

  it("keeps a CRLF document's line breaks through renders and every verdict", () => {
    const crlf = text.replace(/\n/g, '\r\n');
    const proposal = 'const a = 10;\nconst b = 2;\nkeep\nconst c = 30;\nconst d = 4;\n';
    const shown = render(crlf, 1, 4, proposal).buffer.getText();
    expect(shown).toBe('head\r\nconst a = 1;\r\nconst a = 10;\r\nconst b = 2;\r\nkeep\r\nconst c = 3;\r\nconst c = 30;\r\nconst d = 4;\r\ntail\r\n');
    const settled = (accept: boolean, line?: number) => {
      const { buffer, region } = render(crlf, 1, 4, proposal);
      const plan = region.planVerdict(buffer, accept, line === undefined ? undefined : region.hunkAt(line)!);
      buffer.applyEdits(plan.edits);
      return buffer.getText();
    };
    expect(settled(true)).toBe(`head\r\n${proposal.replace(/\n/g, '\r\n')}tail\r\n`);
    expect(settled(false)).toBe(crlf);
    expect(settled(true, 1)).toBe('head\r\nconst a = 10;\r\nconst b = 2;\r\nkeep\r\nconst c = 3;\r\nconst c = 30;\r\nconst d = 4;\r\ntail\r\n');
    expect(settled(false, 6)).toBe('head\r\nconst a = 1;\r\nconst a = 10;\r\nconst b = 2;\r\nkeep\r\nconst c = 3;\r\ntail\r\n');
  });

  it('keeps CRLF when the region ends the document without a final line break', () => {
    for (const accept of [true, false]) {
      const { buffer, region } = render('a\r\nb\r\nc', 1, 2, 'B\nc\nd');
      expect(buffer.getText()).toBe('a\r\nb\r\nB\r\nc\r\nd');
      const plan = region.planVerdict(buffer, accept)!;
      buffer.applyEdits(plan.edits);
      expect(buffer.getText()).toBe(accept ? 'a\r\nB\r\nc\r\nd' : 'a\r\nb\r\nc');
    }
  });

  it('follows a shift above and drops the word tints of a line typed on', () => {
    const { buffer, region } = render(text, 1, 4, 'const a = 10;\nconst b = 2;\nkeep\nconst c = 30;\n');
    const at = (line: number) => ({ start: { line, character: 0 }, end: { line, character: 0 } });
    const replaced = replacedRange(buffer, at(0));
    buffer.replace(at(0), 'x\n');
    expect(region.track({ replaced, text: 'x\n' }, false)).toEqual({ kind: 'shift', delta: 1 });
    expect(region.hunks()[0].start).toBe(2);
    expect(region.track({ replaced: replacedRange(buffer, at(3)), text: '!' }, false)).toEqual({ kind: 'typed', index: 1 });
    expect(region.decorations().words.some((w) => w.line === 3)).toBe(false);
    expect(region.decorations().words.some((w) => w.line === 2)).toBe(true);
  });

  it('renders only the lines that differ from what is painted', () => {
    const buffer = new TextBuffer('a\nb\nc\n');
    const region = Region.ofLines(0, 3);
    const stream = new StreamingLayout(['a', 'b', 'c']);
    const first = region.planLayout(buffer, stream.update('a\nB'));
    buffer.applyEdits(first.edits);
    region.commit(first.next);
    const second = region.planLayout(buffer, stream.update('a\nBee'));
    expect(second.edits).toEqual([{ range: { start: { line: 1, character: 1 }, end: { line: 1, character: 1 } }, newText: 'ee' }]);
  });

  it('paints unreached lines as their own runs, outside every hunk; reject keeps them, accept drops them', () => {
    const buffer = new TextBuffer('top\nold1\nold2\nold3\n');
    const region = Region.ofLines(1, 3);
    const plan = region.planLayout(buffer, new StreamingLayout(['old1', 'old2', 'old3']).update('new1\nold2\nnew'));
    buffer.applyEdits(plan.edits);
    region.commit(plan.next);
    // new1 is added at the head, old1 passed (removed), old2 context, "new" streaming, old3 unreached.
    expect(buffer.getText()).toBe('top\nnew1\nold1\nold2\nnew\nold3\n');
    expect(region.decorations().runs).toEqual([
      { start: 1, count: 1, kind: 'added' },
      { start: 2, count: 1, kind: 'removed' },
      { start: 4, count: 1, kind: 'added' },
      { start: 5, count: 1, kind: 'unreached' },
    ]);
    expect(region.hunks()).toEqual([
      { start: 1, end: 3, removed: 1, added: 1 },
      { start: 4, end: 5, removed: 0, added: 1 },
    ]);
    const reject = region.planVerdict(buffer, false)!;
    const rejected = new TextBuffer(buffer.getText());
    rejected.applyEdits(reject.edits);
    expect(rejected.getText()).toBe('top\nold1\nold2\nold3\n');
    const accept = region.planVerdict(buffer, true)!;
    const accepted = new TextBuffer(buffer.getText());
    accepted.applyEdits(accept.edits);
    expect(accepted.getText()).toBe('top\nnew1\nold2\nnew\n');
  });

  it('marks whitespace-only pairs in the decorations and on a hunk made only of them', () => {
    const { region } = render('if (a) {\n\tgo();\n\tstop();\n}\nx = a+b\n', 0, 5, 'if (a) {\n  go();\n  stop();\n}\nx = a + c\n');
    const deco = region.decorations();
    expect(deco.whitespace.map((w) => [w.line, w.kind, w.change])).toEqual([
      [1, 'removed', 'indentation'],
      [2, 'removed', 'indentation'],
      [3, 'added', 'indentation'],
      [4, 'added', 'indentation'],
    ]);
    expect(region.hunks().map((h) => h.whitespaceOnly)).toEqual(['indentation', undefined]);
  });
});

describe('repaintFrom', () => {
  const state = (start: number, kinds: LineKind[], streamingLine: number | null = null) => ({
    start,
    kinds,
    words: kinds.map(() => []),
    whitespace: kinds.map(() => null),
    streamingLine,
  });

  it('repaints from the first line whose marks changed, moved back to the start of its hunk', () => {
    const painted = state(10, ['context', 'removed', 'added', 'context', 'removed']);
    const next = state(10, ['context', 'removed', 'added', 'context', 'removed', 'added']);
    expect(repaintFrom(painted, next, 15)).toBe(14);
    const grown = state(10, ['context', 'removed', 'added', 'added', 'context', 'removed']);
    expect(repaintFrom(painted, grown, 13)).toBe(11);
  });

  it('never starts below the first edit, and repaints a moved region whole from its higher start', () => {
    const painted = state(10, ['context', 'context', 'removed']);
    expect(repaintFrom(painted, state(10, ['context', 'context', 'removed']), 11)).toBe(11);
    expect(repaintFrom(painted, state(12, ['context', 'context', 'removed']), Infinity)).toBe(10);
    expect(repaintFrom(null, state(12, ['removed']), Infinity)).toBe(12);
  });
});
