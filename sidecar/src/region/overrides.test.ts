import { describe, expect, it } from 'vitest';
import { layoutDiff } from '../edit/layout.js';
import { applyOverrides, noOverrides, sideIndices } from './overrides.js';

describe('line overrides', () => {
  const layout = layoutDiff(['keep', 'old one', 'tail'], 'keep\nnew one\ntail\nmore', { streaming: true });
  // keep | -old one | +new one | tail | +more (streaming)

  it('finds a region line on both sides', () => {
    const kinds = layout.lines.map((l) => l.kind);
    expect(sideIndices(kinds, 3)).toEqual({ baseline: 2, proposal: 2 });
    expect(sideIndices(kinds, 2)).toEqual({ baseline: 2, proposal: 1 });
  });

  it("carries the user's text into original and finished green lines, dropping their word tints", () => {
    const overrides = noOverrides();
    overrides.baseline.set(0, 'keep // mine');
    overrides.baseline.set(1, 'old one!');
    overrides.proposal.set(1, 'new one?');
    const out = applyOverrides(layout, overrides);
    expect(out.lines.map((l) => `${l.kind[0]} ${l.text}`)).toEqual(['c keep // mine', 'r old one!', 'a new one?', 'c tail', 'a more']);
    expect(out.words.filter((w) => w.line === 1 || w.line === 2)).toEqual([]);
  });

  it('leaves the streaming line to the stream, and the layout untouched without overrides', () => {
    const overrides = noOverrides();
    overrides.proposal.set(3, 'typed on the streaming line');
    expect(applyOverrides(layout, overrides).lines[4].text).toBe('more');
    expect(applyOverrides(layout, noOverrides())).toBe(layout);
  });
});
