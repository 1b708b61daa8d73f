import { describe, expect, it } from 'vitest';
import { layoutDiff } from '../edit/layout.js';
import { StreamingLayout } from '../edit/streamingLayout.js';
import { applyOverrides, noOverrides, originsOfRegion, recordTyping } from './overrides.js';

const picture = (lines: { kind: string; text: string }[]) => lines.map((l) => `${l.kind[0]} ${l.text}`);
/** A typed line's place when no pinned line is above it. */
const at = (baselineAbove: number) => ({ baselineAbove, pinnedAbove: () => false });
const streamed = (seen: string[], text: string) => new StreamingLayout(seen).update(text);

describe('line overrides', () => {
  const layout = streamed(['keep', 'old one', 'tail'], 'keep\nnew one\ntail\nmore');
  // keep | -old one | +new one | tail | +more (streaming): the stream reads "new one" as "old one" rewritten

  it('gives every line its place on each side', () => {
    const { origins } = applyOverrides(layout, noOverrides());
    expect(origins.map((o) => [o.baseline, o.proposal])).toEqual([
      [0, 0],
      [1, undefined],
      [undefined, 1],
      [2, 2],
      [undefined, 3],
    ]);
  });

  it("makes a typed line the user's: context with the user's text, its word tints gone", () => {
    const overrides = noOverrides();
    const { origins } = applyOverrides(layout, overrides);
    recordTyping(overrides, origins[0], 'keep // mine', at(0));
    recordTyping(overrides, origins[1], 'old one!', at(1));
    recordTyping(overrides, origins[2], 'new one?', at(2));
    expect(layout.words.some((w) => w.line === 1 || w.line === 2)).toBe(true);
    const out = applyOverrides(layout, overrides).layout;
    expect(picture(out.lines)).toEqual(['c keep // mine', 'c old one!', 'c new one?', 'c tail', 'a more']);
    expect(out.words.filter((w) => w.line === 1 || w.line === 2)).toEqual([]);
  });

  it("counts unreached lines on the original side only, and makes a typed one the user's", () => {
    const early = streamed(['a', 'b', 'c'], 'a\nx');
    expect(early.lines.map((l) => l.kind)).toEqual(['context', 'added', 'unreached', 'unreached']);
    const overrides = noOverrides();
    const { origins } = applyOverrides(early, overrides);
    expect(origins.map((o) => [o.baseline, o.proposal])).toEqual([
      [0, 0],
      [undefined, 1],
      [1, undefined],
      [2, undefined],
    ]);
    recordTyping(overrides, origins[3], 'c typed', at(2));
    expect(applyOverrides(early, overrides).layout.lines[3]).toEqual({ kind: 'context', text: 'c typed' });
  });

  it('merges typing on the unfinished streaming line into the text the stream sends next', () => {
    const overrides = noOverrides();
    const first = applyOverrides(layout, overrides);
    recordTyping(overrides, first.origins[4], 'more;', at(3));
    expect(first.layout.streamingLine).toBe(4);
    const grown = applyOverrides(streamed(['keep', 'old one', 'tail'], 'keep\nnew one\ntail\nmore and more\nnext'), overrides).layout;
    expect(picture(grown.lines)).toEqual(['c keep', 'r old one', 'a new one', 'c tail', 'c more and more;', 'a next']);
    expect(grown.streamingLine).toBe(5);
  });

  it('carries typing on a re-indented green line onto its new indentation', () => {
    const seen = ['      one', '  two'];
    const overrides = noOverrides();
    // Mid-stream the first line is shown re-indented to the original's 2 spaces; the user types at its end.
    const shown = applyOverrides(streamed(seen, '  ONE = 1\n'), overrides);
    const green = shown.layout.lines.findIndex((l) => l.kind === 'added');
    expect(shown.layout.lines[green].text).toBe('  ONE = 1');
    recordTyping(overrides, shown.origins[green], '  ONE = 1 // mine', at(0));
    const final = applyOverrides(layoutDiff(seen, '      ONE = 1\n  two\n'), overrides).layout;
    expect(picture(final.lines)).toEqual(['r       one', 'c       ONE = 1 // mine', 'c   two']);
  });

  it('pins a typed line the stream drops (chatter before a fence), and follows a line that moved', () => {
    const seen = ['a0', 'a1'];
    const overrides = noOverrides();
    const shown = applyOverrides(streamed(seen, 'Sure, here:\nb0\nb1\n'), overrides);
    recordTyping(overrides, shown.origins.find((o) => o.raw === 'Sure, here:')!, 'Sure, here: // mine', at(2));
    recordTyping(overrides, shown.origins.find((o) => o.raw === 'b1')!, 'b1 // mine', at(2));
    const final = applyOverrides(layoutDiff(seen, 'b0\nb1\nb2\n'), overrides).layout;
    expect(picture(final.lines)).toEqual(['r a0', 'r a1', 'c Sure, here: // mine', 'a b0', 'c b1 // mine', 'a b2']);
  });

  it("keeps a typed line whose place has not arrived, and an old green line typed before a re-edit's first render", () => {
    const overrides = noOverrides();
    const regionOrigins = originsOfRegion(['context', 'removed', 'added', 'context'], ['k', 'old', 'proposed', 'tail']);
    recordTyping(overrides, regionOrigins[2], 'proposed // mine', at(2));
    recordTyping(overrides, { proposal: 5, raw: 'far' }, 'far!', at(0));
    const out = applyOverrides(streamed(['k', 'old', 'tail'], 'k\nnew\n'), overrides).layout;
    // Mid-stream the original's lines below the stream's head are unreached; the pinned line stays before `tail`.
    expect(picture(out.lines)).toEqual(['c k', 'a new', 'u old', 'c proposed // mine', 'u tail', 'c far!']);
  });

  it("keeps old green lines typed on before a re-edit's first render in their document order, whichever is typed first", () => {
    const overrides = noOverrides();
    // The region: k | +g1 | +g2 | tail. g2 is typed on first, then g1 (above it).
    const regionOrigins = originsOfRegion(['context', 'added', 'added', 'context'], ['k', 'g1', 'g2', 'tail']);
    const pinnedG2 = recordTyping(overrides, regionOrigins[2], 'g2 // mine', at(1)).pinned!;
    recordTyping(overrides, regionOrigins[1], 'g1 // mine', { baselineAbove: 1, pinnedAbove: (p) => p !== pinnedG2 });
    const out = applyOverrides(streamed(['k', 'tail'], 'k\nnew\n'), overrides).layout;
    expect(picture(out.lines).filter((l) => l.includes('mine'))).toEqual(['c g1 // mine', 'c g2 // mine']);
  });

  it('leaves the overrides it is given as they are: a layout never rendered pins nothing', () => {
    const seen = ['a0', 'a1'];
    const overrides = noOverrides();
    const shown = applyOverrides(streamed(seen, 'Sure, here'), overrides);
    recordTyping(overrides, shown.origins.find((o) => o.raw === 'Sure, here')!, 'Su~A~re, here', at(0));
    // A fence has arrived, so the stream is code only: the typed prose has no place, and the layout pins it...
    const planned = applyOverrides(streamed(seen, 'b0\n'), overrides);
    expect(planned.overrides.pinned.map((p) => p.text)).toEqual(['Su~A~re, here']);
    // ...but until that layout is rendered, the user's line is still the prose line they typed on.
    expect(overrides.pinned).toEqual([]);
    recordTyping(overrides, shown.origins.find((o) => o.raw === 'Sure, here')!, 'Su~A~re, h~B~ere', at(0));
    const next = applyOverrides(streamed(seen, 'b0\nb1\n'), overrides).layout;
    expect(picture(next.lines).filter((l) => l.includes('~'))).toEqual(['c Su~A~re, h~B~ere']);
  });

  it('leaves the layout as it is without overrides', () => {
    expect(applyOverrides(layout, noOverrides()).layout).toBe(layout);
  });
});
