import { describe, expect, it } from 'vitest';
import { MOST_STEPS } from './takeBack';
import { hunkStepNewest, undoStepsAt } from './undoSteps';

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
    expect(undoStepsAt(0, { newest: true, below: () => 1 }, undefined)).toBe(2);
    expect(undoStepsAt(2, { newest: true, below: () => 2 }, undefined)).toBe(3);
  });

  it("leaves a hunk that is not the newest to the armed group (Ctrl+Z then only dismisses it), without counting what lies under it", () => {
    expect(undoStepsAt(2, { newest: false, below: unused }, undefined)).toBe(2);
    expect(undoStepsAt(0, { newest: false, below: unused }, undefined)).toBe(0);
  });

  it("takes an inline edit's waiting proposal back whole, whatever else there is", () => {
    expect(undoStepsAt(3, { newest: true, below: unused }, proposal)).toBe(2);
    expect(undoStepsAt(0, undefined, { ...proposal, steps: 7 })).toBe(MOST_STEPS);
    expect(undoStepsAt(3, undefined, { ...proposal, userEdits: 1 })).toBe(1);
  });
});
