import { describe, expect, it } from 'vitest';
import { editThroughEditor } from './ownEdits';

describe('editThroughEditor', () => {
  const workspace = () => {
    const calls = { count: 0 };
    return { calls, edit: () => (calls.count++, Promise.resolve(true)) };
  };

  it('edits through the editor when one shows the document', async () => {
    const w = workspace();
    expect(await editThroughEditor(() => Promise.resolve(true), w.edit)).toBe(true);
    expect(w.calls.count).toBe(0);
  });

  it('falls back to a workspace edit when the editor closed while the edit was on its way', async () => {
    const w = workspace();
    const closed = () => Promise.reject(new Error('Illegal argument: TextEditor(vs.editor.ICodeEditor:2,$model8)'));
    expect(await editThroughEditor(closed, w.edit)).toBe(true);
    expect(w.calls.count).toBe(1);
  });

  it('keeps a refusal from the editor (the document moved on): the edit is not forced in another way', async () => {
    const w = workspace();
    expect(await editThroughEditor(() => Promise.resolve(false), w.edit)).toBe(false);
    expect(w.calls.count).toBe(0);
  });

  it('uses the workspace edit when no editor shows the document', async () => {
    const w = workspace();
    expect(await editThroughEditor(undefined, w.edit)).toBe(true);
    expect(w.calls.count).toBe(1);
  });
});
