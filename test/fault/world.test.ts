/** The oracle itself: it must accept the right outcome and name what is wrong with a wrong one. */
import { describe, expect, it } from 'vitest';
import { World } from './world.js';

function world() {
  const w = new World(['h0 top'], ['  b0 one', '  b1 two'], ['t0 end']);
  w.propose(1, ['  b0 one', '  p0 TWO']);
  w.completed(1);
  return w;
}

describe('World (the fault oracle)', () => {
  it('accepts the baseline after a reject and the proposal after an accept', () => {
    expect(world().check('h0 top\n  b0 one\n  b1 two\nt0 end\n', 'baseline')).toEqual([]);
    expect(world().check('h0 top\n  b0 one\n  p0 TWO\nt0 end\n', 'proposal')).toEqual([]);
  });

  it('names a green line left behind, a line lost, and lines out of order', () => {
    expect(world().check('h0 top\n  b0 one\n  b1 two\n  p0 TWO\nt0 end\n', 'baseline')).toEqual(['line 3 should not be there: "  p0 TWO"']);
    expect(world().check('h0 top\n  b0 one\nt0 end\n', 'baseline')).toEqual(['line b1 is missing']);
    expect(world().check('h0 top\n  b1 two\n  b0 one\nt0 end\n', 'baseline')).toEqual(['lines out of order: h0 b0 b1 t0']);
  });

  it("requires the user's line, with the text typed where it was typed, whatever the verdict", () => {
    const w = world();
    const marker = w.newMarker();
    w.typed('b1', marker, 'afterId');
    expect(w.check('h0 top\n  b0 one\n  p0 TWO\nt0 end\n', 'proposal')).toEqual(['line b1 is missing (the user typed it)']);
    expect(w.check('h0 top\n  b0 one\n  b1 two/*m0*/\n  p0 TWO\nt0 end\n', 'proposal')).toEqual([
      'line b1 should read "  b1/*m0*/ two", not "  b1 two/*m0*/"',
    ]);
    expect(w.check('h0 top\n  b0 one\n  b1/*m0*/ two\n  p0 TWO\nt0 end\n', 'proposal')).toEqual([]);
  });

  it('the original deleted mid-stream, then typing on its green copy: the copy is the user\'s line, as the stream left it', () => {
    const w = new World(['h0 top'], ['  b0 one', '  b1 two words'], ['t0 end']);
    w.propose(1, ['  b0 one', '  b1 two words', '  p0 new']);
    w.deleted('b1');
    expect(w.wasDeleted('b1')).toBe(true);
    w.typed('b1', w.newMarker(), 'afterId', true);
    // The stream had shown "  b1 two" of its copy when the typing came; the session then broke.
    expect(w.check('h0 top\n  b0 one\n  b1/*m0*/ two\nt0 end\n', 'baseline')).toEqual([]);
    expect(w.check('h0 top\n  b0 one\nt0 end\n', 'baseline')).toEqual(['line ~/*m0*/ is missing (the user typed it)']);
  });

  it('per-hunk verdicts move the hunk the user saw to one side, never a line the user typed', () => {
    const w = world();
    w.typed('p0', w.newMarker(), 'end');
    w.settledHunk(['b1'], ['p0'], false);
    expect(w.check('h0 top\n  b0 one\n  b1 two\n  p0 TWO/*m0*/\nt0 end\n', 'baseline')).toEqual([]);
  });
});
