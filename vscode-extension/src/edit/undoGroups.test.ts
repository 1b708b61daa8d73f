import { describe, expect, it } from 'vitest';
import { StepGroups, type ChangeReason } from './undoGroups';

const URI = 'file:///a.ts';

/**
 * The oracle: an undo history as VS Code keeps one per document (steps of text before → after, a redo
 * stack emptied by any new step: ResourceEditStack.pushElement), with no knowledge of groups. A step that
 * changes nothing changes no text and reports no change, as VS Code's does. Ctrl+Z runs the steps the
 * groups arm, at once; a plain Undo (the Edit menu's, the command palette's, a Ctrl+Z the window took
 * before it had the key) is VS Code's `undo` command: one step (UndoRedoService.undo).
 */
class History {
  private readonly past: Array<{ before: string; after: string }> = [];
  private future: Array<{ before: string; after: string }> = [];

  constructor(
    public text: string,
    private readonly groups: StepGroups,
  ) {}

  /** A new step (typing, an extension's edit); one that changes nothing is a step all the same. */
  step(after: string): void {
    this.past.push({ before: this.text, after });
    this.future = [];
    this.move(after, 'edit');
  }

  ctrlZ(): void {
    this.undo(Math.max(1, this.groups.armed(URI)));
  }

  plainUndo(): void {
    this.undo(1);
  }

  private undo(steps: number): void {
    for (let i = 0; i < steps; i++) {
      const step = this.past.pop();
      if (!step) return;
      this.future.push(step);
      this.move(step.before, 'undo');
    }
  }

  /** Ctrl+Shift+Z; a guarded state is put right at once with an edit, as history.ts does. */
  redo(): void {
    const step = this.future.pop();
    if (!step) return;
    this.past.push(step);
    const fix = this.move(step.after, 'redo');
    if (fix) {
      this.step(fix.target);
      this.groups.add(URI, fix.target, fix.steps);
    }
  }

  private move(text: string, reason: ChangeReason) {
    const changed = text !== this.text;
    this.text = text;
    return changed ? this.groups.changed(URI, text, reason) : null;
  }
}

// Texts stand for states: a rename typed, two hunks accepted, the next hunk's red and green lines shown.
const [BEFORE, TYPED, HUNK1, SHOWN] = ['count', 'total', 'total total', 'total total [count|total]'];

function session() {
  const groups = new StepGroups();
  const history = new History(BEFORE, groups);
  history.step(TYPED);
  history.step(HUNK1);
  return { groups, history };
}

describe('StepGroups', () => {
  it('a hunk dismissed in one step that changes nothing: one Ctrl+Z takes it and the hunk accepted before it, the next the rename', () => {
    const { groups, history } = session();
    history.step(HUNK1);
    groups.add(URI, HUNK1, 2);
    history.ctrlZ();
    expect(history.text).toBe(TYPED);
    history.ctrlZ();
    expect(history.text).toBe(BEFORE);
    // Redo brings the accepted hunk back; the dismissed hunk's step changes nothing.
    for (let i = 0; i < 3; i++) history.redo();
    expect(history.text).toBe(HUNK1);
  });

  it('after typing on and undoing the typing, Ctrl+Z still takes the group whole', () => {
    const { groups, history } = session();
    history.step(HUNK1);
    groups.add(URI, HUNK1, 2);
    history.step(`${HUNK1};`);
    expect(groups.armed(URI)).toBe(0);
    history.ctrlZ();
    expect(history.text).toBe(HUNK1);
    history.ctrlZ();
    expect(history.text).toBe(TYPED);
  });

  it('a hunk dismissed after its step was split (shown, then taken out): Ctrl+Z takes both and the step before; a Redo never shows its lines', () => {
    const { groups, history } = session();
    history.step(SHOWN);
    history.step(HUNK1);
    groups.add(URI, HUNK1, 3);
    groups.guard(URI, [SHOWN], HUNK1, 3);
    history.ctrlZ();
    expect(history.text).toBe(TYPED);
    const seen: string[] = [];
    for (let i = 0; i < 3; i++) {
      history.redo();
      seen.push(history.text);
    }
    expect(seen).not.toContain(SHOWN);
    expect(history.text).toBe(HUNK1);
    // The Redo put right is a group of its own: Ctrl+Z goes back past it in one.
    history.ctrlZ();
    expect(history.text).toBe(TYPED);
  });

  it('a hunk accepted after its step was split: one Ctrl+Z takes back both its steps and nothing before them', () => {
    const { groups, history } = session();
    const accepted = `${HUNK1} total`;
    history.step(`${HUNK1} [count|total]`);
    history.step(accepted);
    groups.add(URI, accepted, 2);
    groups.guard(URI, [`${HUNK1} [count|total]`], accepted, 2);
    history.ctrlZ();
    expect(history.text).toBe(HUNK1);
    history.redo();
    expect(history.text).toBe(accepted);
    history.ctrlZ();
    expect(history.text).toBe(HUNK1);
  });

  it('a redo landing on a group\'s text does not arm it: the group\'s own step may still be to come', () => {
    const { groups, history } = session();
    history.step(HUNK1);
    groups.add(URI, HUNK1, 2);
    history.ctrlZ();
    history.redo();
    expect(history.text).toBe(HUNK1);
    expect(groups.armed(URI)).toBe(0);
    history.ctrlZ();
    expect(history.text).toBe(TYPED);
  });

  it('an edit disarms and is never put right, whatever its text: only a Redo brings a guarded text back', () => {
    const groups = new StepGroups();
    groups.add(URI, HUNK1, 2);
    groups.guard(URI, [SHOWN], HUNK1, 3);
    expect(groups.changed(URI, SHOWN, 'edit')).toBeNull();
    expect(groups.armed(URI)).toBe(0);
    expect(groups.changed(URI, SHOWN, 'redo')).toEqual({ target: HUNK1, steps: 3 });
  });

  /** The rename, a hunk accepted, and the next hunk accepted after a caret move split its step: shown, then closed. */
  function splitAccept() {
    const { groups, history } = session();
    const [shown, accepted] = [`${HUNK1} [count|total]`, `${HUNK1} total`];
    history.step(shown);
    history.step(accepted);
    groups.add(URI, accepted, 2);
    groups.guard(URI, [shown], accepted, 2);
    return { groups, history, shown, accepted };
  }

  it('a plain Undo walks a split accepted hunk\'s steps one by one: its lines show as plain text once, and nothing is lost either way', () => {
    const { history, shown, accepted } = splitAccept();
    const seen: string[] = [];
    for (let i = 0; i < 4; i++) {
      history.plainUndo();
      seen.push(history.text);
    }
    expect(seen).toEqual([shown, HUNK1, TYPED, BEFORE]);
    // Redo passes the shown text and puts it right: the accepted hunk comes back whole.
    for (let i = 0; i < 4; i++) history.redo();
    expect(history.text).toBe(accepted);
  });

  it('an edit putting a plain Undo\'s shown lines right would cost the Redo and bring them back at the next plain Undo: none is made', () => {
    const { groups, history, shown } = splitAccept();
    history.plainUndo();
    expect(history.text).toBe(shown);
    // What that edit would do: the text the group came after, as a new step (which empties the redo stack).
    history.step(HUNK1);
    history.redo();
    expect(history.text, 'Redo no longer brings the accepted hunk back').toBe(HUNK1);
    history.plainUndo();
    expect(history.text, 'the next plain Undo takes the edit back: the lines show again').toBe(shown);
    expect(groups.changed(URI, shown, 'undo'), 'an undo onto a guarded text is left as it is').toBeNull();
  });

  it('forgets a closed document', () => {
    const groups = new StepGroups();
    groups.add(URI, 'x', 2);
    groups.guard(URI, ['y'], 'x', 3);
    groups.forget(URI);
    expect(groups.tracks(URI)).toBe(false);
    expect(groups.armed(URI)).toBe(0);
  });
});
