import { describe, expect, it } from 'vitest';
import { StreamingLayout } from '../edit/streamingLayout.js';
import { applyOverrides, noOverrides, sideIndices } from './overrides.js';

describe('line overrides', () => {
  const layout = new StreamingLayout(['keep', 'old one', 'tail']).update('keep\nnew one\ntail\nmore');
  // keep | +new one | -old one | tail | +more (streaming)

  it('finds a region line on both sides', () => {
    const kinds = layout.lines.map((l) => l.kind);
    expect(kinds).toEqual(['context', 'added', 'removed', 'context', 'added']);
    expect(sideIndices(kinds, 3)).toEqual({ baseline: 2, proposal: 2 });
    expect(sideIndices(kinds, 2)).toEqual({ baseline: 1, proposal: 2 });
  });

  it("carries the user's text into original and finished green lines, dropping their word tints", () => {
    const overrides = noOverrides();
    overrides.baseline.set(0, 'keep // mine');
    overrides.baseline.set(1, 'old one!');
    overrides.proposal.set(1, 'new one?');
    const out = applyOverrides(layout, overrides);
    expect(layout.words.some((w) => w.line === 1 || w.line === 2)).toBe(true);
    expect(out.lines.map((l) => `${l.kind[0]} ${l.text}`)).toEqual(['c keep // mine', 'a new one?', 'r old one!', 'c tail', 'a more']);
    expect(out.words.filter((w) => w.line === 1 || w.line === 2)).toEqual([]);
  });

  it('counts unreached lines on the original side only', () => {
    const early = new StreamingLayout(['a', 'b', 'c']).update('a\nx');
    const kinds = early.lines.map((l) => l.kind);
    expect(kinds).toEqual(['context', 'added', 'unreached', 'unreached']);
    expect(sideIndices(kinds, 3)).toEqual({ baseline: 2, proposal: 2 });
    const overrides = noOverrides();
    overrides.baseline.set(2, 'c typed');
    expect(applyOverrides(early, overrides).lines[3]).toEqual({ kind: 'unreached', text: 'c typed' });
  });

  it('leaves the streaming line to the stream, and the layout untouched without overrides', () => {
    const overrides = noOverrides();
    overrides.proposal.set(3, 'typed on the streaming line');
    expect(applyOverrides(layout, overrides).lines[4].text).toBe('more');
    expect(applyOverrides(layout, noOverrides())).toBe(layout);
  });
});
