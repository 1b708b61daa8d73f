import { describe, expect, it } from 'vitest';
import { MOST_STEPS } from './takeBack';
import { hunkStepNewest, stepsAfterVerdict, undoStepsAt } from './undoSteps';

describe('hunkStepNewest', () => {
  const shown = { before: 'a', lastRenderVersion: 4, userEdits: 0, overlapped: false };

  it('is a hunk in the document, or on its way there, that nothing has changed since', () => {
    expect(hunkStepNewest(shown, false)).toBe(true);
    expect(hunkStepNewest({ ...shown, lastRenderVersion: null }, true)).toBe(true);
  });

  it('is no hunk whose edit is neither in nor sent, nor one the user changed or another session shares', () => {
    expect(hunkStepNewest({ ...shown, lastRenderVersion: null }, false)).toBe(false);
    expect(hunkStepNewest({ ...shown, before: null }, true)).toBe(false);
    expect(hunkStepNewest({ ...shown, userEdits: 1 }, false)).toBe(false);
    expect(hunkStepNewest({ ...shown, overlapped: true }, false)).toBe(false);
  });
});

describe('undoStepsAt', () => {
  const unused = () => {
    throw new Error('the steps under a hunk are counted only for a hunk whose step is the newest');
  };
  const proposal = { steps: 2, userEdits: 0, overlapped: false };

  it("is an armed group's steps, or none, with no hunk and no proposal", () => {
    expect(undoStepsAt(3, undefined, undefined)).toBe(3);
    expect(undoStepsAt(0, undefined, undefined)).toBe(0);
  });

  it("is a newest hunk's step with those under it, over an armed group", () => {
    expect(undoStepsAt(0, { newest: true, below: () => 1, verdict: null }, undefined)).toBe(2);
    expect(undoStepsAt(2, { newest: true, below: () => 2, verdict: null }, undefined)).toBe(3);
  });

  it("leaves a hunk that is not the newest to the armed group (Ctrl+Z then only dismisses it), without counting what lies under it", () => {
    expect(undoStepsAt(2, { newest: false, below: unused, verdict: null }, undefined)).toBe(2);
    expect(undoStepsAt(0, { newest: false, below: unused, verdict: null }, undefined)).toBe(0);
  });

  it("takes an inline edit's waiting proposal back whole, whatever else there is", () => {
    expect(undoStepsAt(3, { newest: true, below: unused, verdict: null }, proposal)).toBe(2);
    expect(undoStepsAt(0, undefined, { ...proposal, steps: 7 })).toBe(MOST_STEPS);
    expect(undoStepsAt(3, undefined, { ...proposal, userEdits: 1 })).toBe(1);
  });
});

describe("the key as a verdict's closing edit lands in the window", () => {
  /**
   * The oracle, the rule Ctrl+Z keeps: one Ctrl+Z after a verdict goes back one accepted hunk; a dismissed hunk leaves
   * none. The window's history as the text after each step, oldest first: 'A' before the hunk accepted last, 'B' after
   * it (one step, or two when its accept was split: 'A+rg' its red and green lines); a shown hunk's step brings 'B+rg',
   * its accept 'C'. Its verdict's closing edit joins the hunk's step, or makes one more when VS Code closed the step
   * first (a caret move: split). Ctrl+Z at the key runs that many undos, 1 VS Code's own one; at 0 it is Redline's
   * command while Tab and Esc are still next edit's (Tab asks for the next hunk), which undoes nothing at the key.
   */
  const history = (below: 1 | 2, verdict: 'accept' | 'dismiss', split: boolean): string[] => [
    ...(below === 1 ? ['A', 'B'] : ['A', 'A+rg', 'B']),
    ...(split ? ['B+rg'] : []),
    verdict === 'accept' ? 'C' : 'B',
  ];
  const ruled = (verdict: 'accept' | 'dismiss') => (verdict === 'accept' ? 'B' : 'A');
  const afterCtrlZ = (steps: string[], key: number) => steps[steps.length - 1 - key];

  /** The key UndoStepsKey gives, with the shown hunk's verdict edit sent: what the window has as that edit lands. */
  const keyWithClosingEdit = (below: number, verdict: 'accept' | 'dismiss', split: boolean) =>
    undoStepsAt(0, { newest: true, below: () => below, verdict: stepsAfterVerdict({ undoSplit: split, userEdits: 0, overlapped: false }, verdict === 'accept', below) }, undefined);

  for (const verdict of ['accept', 'dismiss'] as const)
    for (const split of [false, true])
      it(`after ${verdict === 'accept' ? 'an accept' : 'an Esc'} ${split ? 'split by a caret move' : 'in the hunk\'s own step'}, one Ctrl+Z ${verdict === 'accept' ? 'takes back that hunk' : 'takes back the hunk before'}`, () => {
        const steps = history(1, verdict, split);
        expect(afterCtrlZ(steps, keyWithClosingEdit(1, verdict, split))).toBe(ruled(verdict));
      });

  it('whatever lies under the hunk (the hunk before accepted in two steps), one Ctrl+Z after either verdict goes back one accepted hunk', () => {
    for (const verdict of ['accept', 'dismiss'] as const)
      for (const split of [false, true]) expect(afterCtrlZ(history(2, verdict, split), keyWithClosingEdit(2, verdict, split))).toBe(ruled(verdict));
  });

  it('is not the shown hunk\'s own count, which would undo the hunk before as well, or a dismissed hunk\'s two halves alone', () => {
    const shownKey = (below: number) => undoStepsAt(0, { newest: true, below: () => below, verdict: null }, undefined);
    expect(afterCtrlZ(history(1, 'accept', false), shownKey(1))).toBe('A');
    expect(afterCtrlZ(history(1, 'dismiss', true), shownKey(1))).toBe('B');
  });
});
