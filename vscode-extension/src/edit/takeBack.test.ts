import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MOST_STEPS, stepsAfterEdit, takeBackSteps, takenBack } from './takeBack';

describe('stepsAfterEdit', () => {
  it('counts one step for a proposal whose renders VS Code kept in one', () => {
    let steps = 0;
    for (const stop of [true, false, false, false]) steps = stepsAfterEdit(steps, stop);
    expect(steps).toBe(1);
  });

  it('counts a step more for every edit after a possible undo stop (a hunk accepted after a caret move)', () => {
    let steps = 0;
    for (const stop of [true, false, true, false, true]) steps = stepsAfterEdit(steps, stop);
    expect(steps).toBe(3);
  });

  it('counts the first edit as a step even without a stop asked for', () => {
    expect(stepsAfterEdit(0, false)).toBe(1);
  });
});

describe('takeBackSteps', () => {
  const clean = { steps: 2, userEdits: 0, overlapped: false };

  it("undoes all of a clean proposal's steps at the key", () => {
    expect(takeBackSteps(clean)).toBe(2);
    expect(takeBackSteps({ ...clean, steps: 1 })).toBe(1);
  });

  it("leaves Ctrl+Z VS Code's one undo at the key when the proposal's steps are not only its own", () => {
    expect(takeBackSteps({ ...clean, userEdits: 1 })).toBe(1);
    expect(takeBackSteps({ ...clean, overlapped: true })).toBe(1);
    expect(takeBackSteps({ ...clean, steps: 0 })).toBe(1);
  });

  it('never asks for more undos than the manifest binds', () => {
    expect(takeBackSteps({ ...clean, steps: 9 })).toBe(MOST_STEPS);
  });
});

describe('takenBack', () => {
  const BEFORE = 'a\nb\n';
  const left = new Set(['a\nb\nB\n', 'a\nB\n']);
  const isLeft = (text: string) => left.has(text);

  it('is back when the text is the one before the session', () => {
    expect(takenBack(BEFORE, BEFORE, isLeft)).toBe('back');
  });

  it('is short when a text the renders left is still there', () => {
    expect(takenBack('a\nb\nB\n', BEFORE, isLeft)).toBe('short');
  });

  it('is past when the undos went under the session', () => {
    expect(takenBack('a\n', BEFORE, isLeft)).toBe('past');
  });
});

describe('the manifest', () => {
  it('binds Ctrl+Z to exactly n undos for every count from 2 to MOST_STEPS, and to nothing beyond', () => {
    const manifest = JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as {
      contributes: { keybindings: Array<{ command: string; key: string; when?: string; args?: { commands: string[] } }> };
    };
    const bound = manifest.contributes.keybindings
      .filter((k) => k.key === 'ctrl+z' && k.command === 'runCommands')
      .map((k) => ({ when: k.when, undos: k.args!.commands.filter((c) => c === 'undo').length, all: k.args!.commands.length }));
    const expected = Array.from({ length: MOST_STEPS - 1 }, (_, i) => ({ when: `editorTextFocus && redline.undoSteps == ${i + 2}`, undos: i + 2, all: i + 2 }));
    expect(bound).toEqual(expected);
  });
});
