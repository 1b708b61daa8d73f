/**
 * Next-edit suggestions through the packaged sidecar, the model double answering as each family's
 * model would (it reads the family's prompt format and rewrites the editable lines): a rename of
 * one use becomes red/green hunks renaming the others, accepted hunk by hunk, each acceptance one
 * undo step; Esc and a different change leave no marks; malformed and echoed replies show nothing;
 * an insertion at the caret is ghost text served by the completion path; an accepted hunk is one
 * of the user's recent edits in the next prompt; the definitions of the names around the cursor
 * reach the prompt families that have a place for them.
 */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NextEditResult, NextEditTrigger, RenderParams } from '@redline/shared-protocol';
import type { RenderedDocument, SidecarClient } from '@redline/client';
import { startModelDouble, type ModelDouble } from '@redline/model-double';
import { nextEditModel, type NextEditFamilyName } from '@redline/model-double/nextEdit';
import { packagedSidecar } from '../harness/packaged.js';

const BEFORE = [
  'export function summarize(values: number[]) {',
  '  let count = 0;',
  '  for (const value of values) {',
  '    count += value;',
  '  }',
  "  console.log('sum', count);",
  '',
  '  return count;',
  '}',
  '',
].join('\n');

const rename = (text: string) => text.replace(/\bcount\b/g, 'total');
/** The user's edit: the declaration renamed. */
const TYPED = BEFORE.replace('let count', 'let total');
const RENAMED = rename(BEFORE);

/** A model for each family, named as users pull them; `auto` picks the family from the name. */
const MODELS: Record<NextEditFamilyName, string> = {
  sweep: 'hf.co/sweepai/sweep-next-edit-1.5B-GGUF',
  'sweep-v2': 'hf.co/sweepai/sweep-next-edit-v2-7B-GGUF',
  zeta: 'hf.co/zed-industries/zeta-GGUF',
  instinct: 'nate/instinct',
  instruct: 'qwen2.5-coder:7b-instruct',
};

/**
 * The document's text before each undo group's first render and after its closing one: what one Undo step takes back;
 * and what each of the group's renders said of the session's kind.
 */
function recordUndoSteps(doc: RenderedDocument): Array<{ group: string; before: string; after?: string; nextEdit: Array<boolean | undefined> }> {
  const steps: Array<{ group: string; before: string; after?: string; nextEdit: Array<boolean | undefined> }> = [];
  const apply = doc.applyRender.bind(doc);
  doc.applyRender = (params: RenderParams) => {
    const before = doc.text;
    const result = apply(params);
    if (result.applied && params.undo.open) steps.push({ group: params.undo.group, before, nextEdit: [] });
    steps.find((s) => s.group === params.undo.group)?.nextEdit.push(params.nextEdit);
    if (result.applied && params.undo.close) {
      const step = steps.find((s) => s.group === params.undo.group);
      if (step) step.after = doc.text;
    }
    return result;
  };
  return steps;
}

describe('next-edit suggestions (packaged executable)', () => {
  let model: ModelDouble;
  let client: SidecarClient;
  let counter = 0;
  const families: NextEditFamilyName[] = [];

  beforeAll(async () => {
    model = await startModelDouble();
    model.onRequest(nextEditModel((lines) => lines.map(rename), (family) => families.push(family)));
    client = await packagedSidecar({ provider: 'ollama', endpoint: model.url, requestTimeoutMs: 5000, nextEditEnabled: true, debounceWait: 0 });
  });
  afterAll(async () => {
    await client?.close();
    await model?.close();
  });

  async function useModel(family: NextEditFamilyName): Promise<void> {
    await client.conn.sendNotification('workspace/didChangeConfiguration', { settings: { redline: { nextEditModel: MODELS[family] } } });
  }

  /** A document where the user has just renamed the declaration, the caret after the new name. */
  async function renamedDeclaration(): Promise<RenderedDocument> {
    const doc = await client.openDocument(`file:///project/src/stats${++counter}.ts`, 'typescript', BEFORE);
    await doc.edit({ start: { line: 1, character: 6 }, end: { line: 1, character: 11 } }, 'total');
    expect(doc.text).toBe(TYPED);
    return doc;
  }

  function ask(doc: RenderedDocument, trigger: NextEditTrigger, position = { line: 1, character: 11 }): Promise<NextEditResult> {
    return client.conn.sendRequest('redline/nextEdit', { textDocument: { uri: doc.uri, version: doc.version }, position, trigger });
  }

  const lineOf = (doc: RenderedDocument, line: number) => doc.text.split('\n')[line];

  /** The other uses of the renamed name. */
  const USES = [3, 5, 7];
  /** The uses each family's first window reaches from line 1: Instinct's trained window (5 lines below) and Sweep v2's block (5 below, a blank line trimmed) stop before line 7, which the request after the last held hunk reaches. */
  const FIRST: Record<NextEditFamilyName, number[]> = { sweep: USES, 'sweep-v2': [3, 5], zeta: USES, instinct: [3, 5], instruct: USES };

  for (const family of ['sweep', 'sweep-v2', 'zeta', 'instinct', 'instruct'] as const) {
    it(`${family}: a rename of one use suggests the others, shown red/green and accepted hunk by hunk, each one undo step`, async () => {
      await useModel(family);
      const doc = await renamedDeclaration();
      const steps = recordUndoSteps(doc);
      const asked = model.requests.length;
      let result = await ask(doc, 'automatic');
      expect(families[families.length - 1]).toBe(family);
      const suggestion = result.suggestion!;
      expect(suggestion.display).toBe('proposal');
      // Every other use in the window, nearest the caret first, each its own hunk (unchanged lines between them).
      expect(suggestion.hunks.map((h) => [h.range.start.line, h.newText])).toEqual(FIRST[family].map((line) => [line, 'total']));
      const expectedSteps: string[] = [];
      let text = TYPED;
      for (const line of USES) {
        const sessionId = result.suggestion!.sessionId!;
        expect((await client.waitForStatus(sessionId, ['done', 'error', 'noChanges', 'cancelled'])).state).toBe('done');
        // Red above green, in the file, and nothing else marked.
        const marks = doc.marks.get(sessionId)!;
        expect(marks.decorations.runs).toEqual([
          { start: line, count: 1, kind: 'removed' },
          { start: line + 1, count: 1, kind: 'added' },
        ]);
        expect(lineOf(doc, line)).toBe(BEFORE.split('\n')[line]);
        expect(lineOf(doc, line + 1)).toBe(RENAMED.split('\n')[line]);
        expect(doc.marks.size).toBe(1);
        // Tab: the hunk is accepted; then the next one follows without asking the model.
        await client.conn.sendRequest('redline/inlineEdit/accept', { sessionId });
        expect((await client.waitForStatus(sessionId)).state).toBe('accepted');
        const lines = text.split('\n');
        lines[line] = RENAMED.split('\n')[line];
        expectedSteps.push(text);
        text = lines.join('\n');
        expect(doc.text).toBe(text);
        expect(doc.marks.size).toBe(0);
        result = await ask(doc, 'invoked');
      }
      expect(doc.text).toBe(text);
      // After the last hunk the suggestion was used up: the one request after it asked the model again, which had nothing left
      // (a family whose first window stopped short asked once more in between, around the last accepted hunk).
      expect(result.suggestion).toBeNull();
      expect(model.requests.length - asked).toBe(FIRST[family].length === USES.length ? 2 : 3);
      // That request showed the accepted hunks as the user's recent edits: the old text is nowhere else now.
      const body = model.requests[model.requests.length - 1].body as { prompt?: string; messages?: Array<{ content: string }> };
      const prompt = body.prompt ?? body.messages!.map((m) => m.content).join('\n');
      const edits = family.startsWith('sweep') ? prompt.slice(0, prompt.indexOf('<|file_sep|>original/')) : prompt;
      expect(edits).toContain('    count += value;');
      // Each acceptance is one undo group that opened on the text before its hunk and closed on the text after it.
      expect(steps.map((s) => s.before)).toEqual(expectedSteps);
      expect(steps.map((s) => s.after)).toEqual([...expectedSteps.slice(1), text]);
      // Every render of a hunk says it is a next edit, the first too (the client may see it before the answer).
      for (const step of steps) expect(step.nextEdit.length > 0 && step.nextEdit.every((kind) => kind === true), JSON.stringify(step.nextEdit)).toBe(true);
      const groups = doc.undoLog.map((e) => e.group).filter((g, i, all) => all.indexOf(g) === i);
      expect(groups).toHaveLength(USES.length);
      for (const group of groups) {
        const events = doc.undoLog.filter((e) => e.group === group);
        expect(events.filter((e) => e.open)).toHaveLength(1);
        expect(events[events.length - 1].close).toBe(true);
      }
    });
  }

  it('asks the model once typing settles, and the next keystroke stops a request in flight', async () => {
    await useModel('sweep');
    await client.conn.sendNotification('workspace/didChangeConfiguration', { settings: { redline: { debounceWait: 150 } } });
    try {
      const doc = await client.openDocument(`file:///project/src/stats${++counter}.ts`, 'typescript', BEFORE);
      const asked = model.requests.length;
      const answers: Array<Promise<NextEditResult>> = [];
      // The declaration renamed key by key, a request after each keystroke, as a client sends them.
      await doc.edit({ start: { line: 1, character: 6 }, end: { line: 1, character: 11 } }, '');
      for (const [i, key] of [...'total'].entries()) {
        await doc.edit({ start: { line: 1, character: 6 + i }, end: { line: 1, character: 6 + i } }, key);
        answers.push(ask(doc, 'automatic', { line: 1, character: 7 + i }));
      }
      const results = await Promise.all(answers);
      expect(results.slice(0, -1).every((r) => r.suggestion === null)).toBe(true);
      expect(results[results.length - 1].suggestion?.display).toBe('proposal');
      expect(model.requests.length - asked).toBe(1);
      await client.waitForStatus(results[results.length - 1].suggestion!.sessionId!, ['done']);
      await doc.edit({ start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, ' ');

      // A slow reply, and a keystroke while it streams: the HTTP request is closed, nothing is shown.
      await client.conn.sendNotification('workspace/didChangeConfiguration', { settings: { redline: { debounceWait: 0 } } });
      model.script({ text: RENAMED.split('\n').slice(0, 9).join('\n'), chunkSize: 2, delayMs: 20 });
      const slow = ask(doc, 'automatic');
      await model.waitForRequests(asked + 2);
      await doc.edit({ start: { line: 0, character: 0 }, end: { line: 0, character: 1 } }, '');
      await model.waitForClose(asked + 1);
      expect((await slow).suggestion).toBeNull();
      expect(doc.marks.size).toBe(0);
    } finally {
      await client.conn.sendNotification('workspace/didChangeConfiguration', { settings: { redline: { debounceWait: 0 } } });
    }
  });

  it('Esc (reject) takes the proposal out: the text is the user’s, no marks, nothing left to show', async () => {
    await useModel('zeta');
    const doc = await renamedDeclaration();
    const { suggestion } = await ask(doc, 'automatic');
    const sessionId = suggestion!.sessionId!;
    await client.waitForStatus(sessionId, ['done']);
    expect(doc.text).not.toBe(TYPED);
    await client.conn.sendRequest('redline/inlineEdit/reject', { sessionId });
    expect((await client.waitForStatus(sessionId)).state).toBe('rejected');
    expect(doc.text).toBe(TYPED);
    expect(doc.marks.size).toBe(0);
  });

  it('typing a different change elsewhere dismisses the shown hunk and leaves only the typing', async () => {
    await useModel('sweep');
    const doc = await renamedDeclaration();
    const { suggestion } = await ask(doc, 'automatic');
    const sessionId = suggestion!.sessionId!;
    await client.waitForStatus(sessionId, ['done']);
    await doc.edit({ start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, '// stats\n');
    expect((await client.waitForStatus(sessionId)).state).toBe('cancelled');
    expect(doc.text).toBe(`// stats\n${TYPED}`);
    expect(doc.marks.size).toBe(0);
  });

  it('a malformed or an echoed reply shows nothing', async () => {
    await useModel('zeta');
    for (const reply of ['I think you should rename the other uses.', `<|editable_region_start|>\n${TYPED.split('\n').slice(0, 9).join('\n')}\n<|editable_region_start|>`]) {
      const doc = await renamedDeclaration();
      model.script({ text: reply });
      const renders = doc.undoLog.length;
      expect((await ask(doc, 'automatic')).suggestion).toBeNull();
      expect(doc.text).toBe(TYPED);
      expect(doc.undoLog.length).toBe(renders);
    }
    model.onRequest(nextEditModel((lines) => lines, (family) => families.push(family)));
    try {
      const doc = await renamedDeclaration();
      expect((await ask(doc, 'automatic')).suggestion).toBeNull();
      expect(doc.text).toBe(TYPED);
      expect(doc.marks.size).toBe(0);
    } finally {
      model.onRequest(nextEditModel((lines) => lines.map(rename), (family) => families.push(family)));
    }
  });

  it('after each Tab the request looks where the accepted text ends, and a renamed parameter\'s use far below the first window is offered', async () => {
    await useModel('sweep');
    // A 36-line function: the parameter renamed on its first line, uses on lines 2 and 4 (inside the first
    // window, 10 lines each side of the caret) and on line 33, outside every window made around the first two.
    const body = Array.from({ length: 34 }, (_, i) => (i === 1 ? '  let sum = count.length;' : i === 3 ? '  for (const value of count) sum += value;' : i === 32 ? '  return count.map((v) => v / sum);' : `  const step${i} = ${i};`));
    const original = ['export function scale(count: number[]) {', ...body, '}', ''].join('\n');
    const doc = await client.openDocument(`file:///project/src/scale${++counter}.ts`, 'typescript', original);
    await doc.edit({ start: { line: 0, character: 22 }, end: { line: 0, character: 27 } }, 'total');
    // The client leaves its caret on the signature: the sidecar, not the caret, decides where to look next.
    const caret = { line: 0, character: 27 };
    let result = await ask(doc, 'automatic', caret);
    const shown: number[] = [];
    while (result.suggestion?.sessionId) {
      const { sessionId, hunks, caret: after } = result.suggestion;
      const line = hunks[0].range.start.line;
      shown.push(line);
      expect((await client.waitForStatus(sessionId, ['done'])).state).toBe('done');
      await client.conn.sendRequest('redline/inlineEdit/accept', { sessionId });
      await client.waitForStatus(sessionId);
      // Where the peers' Tab leaves the caret: right after the renamed word.
      const renamedAt = lineOf(doc, line).indexOf('total') + 'total'.length;
      expect(after).toEqual({ line, character: renamedAt });
      result = await ask(doc, 'invoked', caret);
      if (shown.length > 5) break;
    }
    expect(shown).toEqual([2, 4, 33]);
    expect(doc.text).toBe(rename(original));
  });

  it('after the last held hunk is accepted, the model is asked around it, not around a caret the client left behind', async () => {
    await useModel('sweep');
    const lines = Array.from({ length: 24 }, (_, i) => ([3, 8, 17].includes(i) ? `  log(count, ${i});` : `  const step${i} = ${i};`));
    const original = ['// version 1', ...lines.slice(1), ''].join('\n');
    const doc = await client.openDocument(`file:///project/src/steps${++counter}.ts`, 'typescript', original);
    // No rename: an edit of the comment on the first line, the caret left there.
    await doc.edit({ start: { line: 0, character: 11 }, end: { line: 0, character: 12 } }, '2');
    const caret = { line: 0, character: 12 };
    let result = await ask(doc, 'automatic', caret);
    const shown: number[] = [];
    while (result.suggestion?.sessionId && shown.length < 5) {
      shown.push(result.suggestion.hunks[0].range.start.line);
      await client.waitForStatus(result.suggestion.sessionId, ['done']);
      await client.conn.sendRequest('redline/inlineEdit/accept', { sessionId: result.suggestion.sessionId });
      await client.waitForStatus(result.suggestion.sessionId);
      result = await ask(doc, 'invoked', caret);
    }
    // Lines 3 and 8 in the window around the caret; 17 only in the one around line 8, the hunk accepted last.
    expect(shown).toEqual([3, 8, 17]);
  });

  it('an insertion at the caret is ghost text from the completion path, typed through', async () => {
    await useModel('instinct');
    const doc = await client.openDocument(`file:///project/src/log${++counter}.ts`, 'typescript', 'function f(x: number) {\n  console.\n}\n');
    await doc.edit({ start: { line: 1, character: 10 }, end: { line: 1, character: 10 } }, 'l');
    model.onRequest(nextEditModel((lines) => lines.map((l) => (l === '  console.l' ? '  console.log(x);' : l))));
    try {
      const position = { line: 1, character: 11 };
      const { suggestion } = await ask(doc, 'automatic', position);
      expect(suggestion?.display).toBe('ghost');
      expect(suggestion?.item?.insertText).toBe('og(x);');
      const asked = model.requests.length;
      const shown = await client.conn.sendRequest('textDocument/inlineCompletion', { textDocument: { uri: doc.uri }, position, context: { triggerKind: 1 } });
      expect(shown.items[0]?.insertText).toBe('og(x);');
      await doc.edit({ start: position, end: position }, 'o');
      const rest = await client.conn.sendRequest('textDocument/inlineCompletion', { textDocument: { uri: doc.uri }, position: { line: 1, character: 12 }, context: { triggerKind: 1 } });
      expect(rest.items[0]?.insertText).toBe('g(x);');
      expect(model.requests.length).toBe(asked);
      expect(doc.marks.size).toBe(0);
    } finally {
      model.onRequest(nextEditModel((lines) => lines.map(rename), (family) => families.push(family)));
    }
  });
});

describe('next edit: definitions of the names around the cursor reach the families that have a place for them (packaged executable)', () => {
  let root: string;
  let model: ModelDouble;
  let client: SidecarClient;

  beforeAll(async () => {
    root = realpathSync(mkdtempSync(join(tmpdir(), 'redline-next-edit-')));
    mkdirSync(join(root, 'src'));
    writeFileSync(join(root, 'src', 'math.ts'), '/** Adds two numbers. */\nexport function add(a: number, b: number): number {\n  return a + b;\n}\n');
    model = await startModelDouble();
    model.onRequest(nextEditModel((lines) => lines.map((line) => line.replace(/\bcount\b/g, 'total'))));
    client = await packagedSidecar({ provider: 'ollama', endpoint: model.url, nextEditEnabled: true, debounceWait: 0 }, undefined, [root]);
  });
  afterAll(async () => {
    await client?.close();
    await model?.close();
    rmSync(root, { recursive: true, force: true });
  });

  const PLACES: Array<[NextEditFamilyName, string | null]> = [
    ['instinct', '### Context:\n\n<|context_file|> src/math.ts\n<|snippet|>\n'],
    ['sweep', '<|file_sep|>src/math.ts\n'],
    ['sweep-v2', '\n<|file_sep|>src/math.ts\n'],
    ['instruct', 'A definition the code uses, from src/math.ts:\n'],
    ['zeta', null],
  ];
  for (const [family, place] of PLACES) {
    it(`${family}: ${place === null ? 'has no place for them' : 'shows the imported function’s signature'}`, async () => {
      await client.conn.sendNotification('workspace/didChangeConfiguration', { settings: { redline: { nextEditModel: MODELS[family] } } });
      const uri = pathToFileURL(join(root, 'src', `calc-${family}.ts`)).href;
      const doc = await client.openDocument(uri, 'typescript', "import { add } from './math';\n\nexport function twice(count: number) {\n  return add(count, count);\n}\n");
      await doc.edit({ start: { line: 2, character: 22 }, end: { line: 2, character: 27 } }, 'total');
      await client.conn.sendRequest('redline/nextEdit', { textDocument: { uri, version: doc.version }, position: { line: 2, character: 27 }, trigger: 'automatic' });
      const body = model.requests[model.requests.length - 1].body as { prompt?: string; messages?: Array<{ content: string }> };
      const prompt = body.prompt ?? body.messages!.map((m) => m.content).join('\n');
      if (place === null) expect(prompt).not.toContain('src/math.ts');
      else {
        expect(prompt).toContain(place);
        expect(prompt.slice(prompt.indexOf(place))).toContain('function add(a: number, b: number): number');
      }
    });
  }
});
