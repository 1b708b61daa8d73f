import { describe, expect, it } from 'vitest';
import { finalWithTyping, historyFix, revertedAway } from './undoMerge';

const BEFORE = 'let count = 0;\nfor (const v of values) count += v;\nreturn count;\n';
const FINAL = 'let count = 0;\nfor (const v of values) total += v;\nreturn count;\n';

describe('finalWithTyping', () => {
  it('is the final text when nothing was typed', () => {
    expect(finalWithTyping(BEFORE, FINAL, BEFORE)).toBe(FINAL);
  });

  it('replays typing above the session change', () => {
    const now = BEFORE.replace('let count', 'let counter');
    expect(finalWithTyping(BEFORE, FINAL, now)).toBe(FINAL.replace('let count', 'let counter'));
  });

  it('replays typing below it, moved by what the change added', () => {
    const before = 'a\nb\nc\n';
    const final = 'a\nB1\nB2\nc\n';
    expect(finalWithTyping(before, final, 'a\nb\nc!\n')).toBe('a\nB1\nB2\nc!\n');
    expect(finalWithTyping(before, 'a\nc\n', 'a\nb\nc!\n')).toBe('a\nc!\n');
  });

  it('keeps a deletion the user made elsewhere', () => {
    const now = BEFORE.replace('return count;\n', '');
    expect(finalWithTyping(BEFORE, FINAL, now)).toBe(FINAL.replace('return count;\n', ''));
  });

  it('gives up where the typing touches the session change', () => {
    const now = BEFORE.replace('count += v', 'cont += v');
    expect(finalWithTyping(BEFORE, FINAL, now)).toBeNull();
  });

  it('every replay contains what was typed and the session change, for any place outside it', () => {
    const before = 'one\ntwo\nthree\nfour\n';
    const final = 'one\n2\nthree\nfour\n';
    for (let at = 0; at <= before.length; at++) {
      const now = before.slice(0, at) + 'X' + before.slice(at);
      const result = finalWithTyping(before, final, now);
      if (at <= 4 || at >= 7) {
        // Independent oracle: the same insertion made in the final text at the corresponding place.
        const place = at <= 4 ? at : at - 2; // `two` (4-7) became `2`
        expect(result, `at ${at}`).toBe(final.slice(0, place) + 'X' + final.slice(place));
      } else {
        expect(result, `at ${at}`).toBeNull();
      }
    }
  });
});

describe('historyFix', () => {
  const nextEdit = (undoSplit: boolean, userEdits = 0, overlapped = false) => ({ nextEdit: true, undoSplit, userEdits, overlapped });
  const inline = (undoSplit: boolean, userEdits = 0) => ({ nextEdit: false, undoSplit, userEdits, overlapped: false });

  it('arms one step, VS Code\'s own undo at the key, for a next-edit hunk accepted in its one step', () => {
    expect(historyFix(nextEdit(false), true, 1)).toEqual({ kind: 'group', steps: 1 });
  });

  it('groups a hunk dismissed by Esc with the step before it: its lines in and out are a step that changes nothing', () => {
    expect(historyFix(nextEdit(false), false, 1)).toEqual({ kind: 'group', steps: 2 });
  });

  it('groups a dismissed hunk with all the steps under it: the two of a hunk accepted after a caret move, at most four', () => {
    expect(historyFix(nextEdit(false), false, 2)).toEqual({ kind: 'group', steps: 3 });
    expect(historyFix(nextEdit(true), false, 2)).toEqual({ kind: 'group', steps: 4 });
    expect(historyFix(nextEdit(true), false, 4)).toEqual({ kind: 'group', steps: 4 });
    expect(historyFix(nextEdit(true), true, 2)).toEqual({ kind: 'group', steps: 2 });
  });

  it('groups both steps of a hunk dismissed after its step was split, and the step before', () => {
    expect(historyFix(nextEdit(true), false, 1)).toEqual({ kind: 'group', steps: 3 });
  });

  it('groups both steps of a hunk accepted after a caret move split its step, and nothing before them', () => {
    expect(historyFix(nextEdit(true), true, 1)).toEqual({ kind: 'group', steps: 2 });
  });

  it('keeps the steps of a hunk the user typed away from: never the merge, whose second step undone goes forward', () => {
    expect(historyFix(nextEdit(true, 1), true, 1)).toEqual({ kind: 'keep' });
    expect(historyFix(nextEdit(true, 3), false, 1)).toEqual({ kind: 'keep' });
  });

  it('keeps the steps of a hunk that was live together with another session of its document: Ctrl+Z could take the other\'s', () => {
    expect(historyFix(nextEdit(false, 0, true), false, 1)).toEqual({ kind: 'keep' });
    expect(historyFix(nextEdit(true, 0, true), true, 1)).toEqual({ kind: 'keep' });
  });

  it('merges an inline edit only when its steps were split, typed into or not', () => {
    expect(historyFix(inline(true), true, 1)).toEqual({ kind: 'merge' });
    expect(historyFix(inline(true, 2), true, 1)).toEqual({ kind: 'merge' });
    expect(historyFix(inline(false), true, 1)).toEqual({ kind: 'keep' });
    expect(historyFix(inline(false), false, 1)).toEqual({ kind: 'keep' });
  });
});

describe('revertedAway', () => {
  const SAVED = 'a\nb\n';
  it('is nothing when the revert changed nothing (the undo had already brought the saved text)', () => {
    expect(revertedAway(SAVED, [])).toBeNull();
  });

  it('is the text a Redo brought just before the revert replaced it with the saved one', () => {
    expect(revertedAway(SAVED, ['a\nb\nc\n', SAVED])).toBe('a\nb\nc\n');
  });

  it('is the latest of several changes before the revert', () => {
    expect(revertedAway(SAVED, ['a\nb\nc\n', 'a\nb\ncd\n', SAVED])).toBe('a\nb\ncd\n');
  });

  it('is nothing when the last change left another text (typing after the revert is kept as it is)', () => {
    expect(revertedAway(SAVED, [SAVED, 'a\nbx\n'])).toBeNull();
    expect(revertedAway(SAVED, ['a\nbx\n'])).toBeNull();
  });
});
