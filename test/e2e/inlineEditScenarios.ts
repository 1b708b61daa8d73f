/**
 * Whole inline-edit sessions driven through a JSON-RPC client that keeps its own copy of the
 * document and applies every render request. The same scenarios run against the in-process server
 * and against the packaged executable.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RedlineSettingsPatch } from '@redline/shared-protocol';
import type { RenderedDocument, SidecarClient } from '@redline/client';
import { startModelDouble, type ModelDouble, type Reply } from '@redline/model-double';

export type SidecarFactory = (settings: RedlineSettingsPatch) => Promise<SidecarClient>;

const ORIGINAL = [
  'import { db } from "./db";',
  '',
  'export function total(items) {',
  '  let sum = 0;',
  '  for (const item of items) {',
  '    sum += item.price;',
  '  }',
  '  return sum;',
  '}',
  '',
  'export const VERSION = 1;',
  '',
].join('\n');

const REWRITE = ['export function total(items) {', '  let sum = 0;', '  for (const item of items) {', '    sum += item.price * item.quantity;', '  }', '  return Math.round(sum);', '}'].join('\n');

const PROPOSED_TEXT = ORIGINAL.replace('sum += item.price;', 'sum += item.price * item.quantity;').replace('return sum;', 'return Math.round(sum);');

const lines = (from: number, to: number) => ({ start: { line: from, character: 0 }, end: { line: to, character: 0 } });

/** The lines the client shows green for the session. */
function addedLines(doc: RenderedDocument, sessionId: string): number[] {
  const runs = doc.marks.get(sessionId)?.decorations.runs ?? [];
  return runs.filter((r) => r.kind === 'added').flatMap((r) => Array.from({ length: r.count }, (_, i) => r.start + i));
}

const withoutLines = (text: string, drop: number[]) => text.split('\n').filter((_, i) => !drop.includes(i)).join('\n');

export function inlineEditScenarios(name: string, factory: SidecarFactory): void {
  describe(name, () => {
    let model: ModelDouble;
    let client: SidecarClient;
    let counter = 0;

    beforeAll(async () => {
      model = await startModelDouble();
      client = await factory({ provider: 'ollama', endpoint: model.url, model: 'coder', requestTimeoutMs: 2000 });
    });
    afterAll(async () => {
      await client?.close();
      await model?.close();
    });

    async function open(text = ORIGINAL, echo = false): Promise<RenderedDocument> {
      return client.openDocument(`file:///project/src/file${++counter}.ts`, 'typescript', text, { echoRenders: echo });
    }

    async function run(doc: RenderedDocument, reply: Reply, range = lines(2, 9), instruction = 'multiply by quantity and round') {
      model.script(reply);
      const { sessionId } = await client.conn.sendRequest('redline/inlineEdit/start', { textDocument: { uri: doc.uri, version: doc.version }, range, instruction });
      return sessionId;
    }

    function expectClean(doc: RenderedDocument, sessionId: string) {
      expect(doc.marks.size).toBe(0);
      const events = doc.undoLog.filter((e) => e.group === sessionId);
      expect(events[0]?.open).toBe(true);
      expect(events.filter((e) => e.open)).toHaveLength(1);
      expect(events.filter((e) => e.close)).toHaveLength(1);
      expect(events[events.length - 1].close).toBe(true);
    }

    for (const echo of [false, true]) {
      it(`streams then accepts: the document becomes the proposal (client echoes renders: ${echo})`, async () => {
        const doc = await open(ORIGINAL, echo);
        const id = await run(doc, { text: REWRITE, chunkSize: 7 });
        const done = await client.waitForStatus(id, ['done', 'error', 'noChanges']);
        expect(done.state).toBe('done');
        expect(done.hunkCount).toBe(2);
        // Each hunk reads removed above added: the stream took each new line for the original line
        // it rewrites (the two share their words), and the settle orders every hunk so.
        expect(doc.text).toContain('    sum += item.price;\n    sum += item.price * item.quantity;\n');
        const marks = doc.marks.get(id)!;
        expect(marks.decorations.runs.map((r) => r.kind)).toEqual(['removed', 'added', 'removed', 'added']);
        await client.conn.sendRequest('redline/inlineEdit/accept', { sessionId: id });
        await client.waitForStatus(id);
        expect(doc.text).toBe(PROPOSED_TEXT);
        expectClean(doc, id);
      });
    }

    it('streams then rejects: the document is exactly as before', async () => {
      const doc = await open();
      const id = await run(doc, { text: REWRITE, chunkSize: 3 });
      await client.waitForStatus(id, ['done']);
      await client.conn.sendRequest('redline/inlineEdit/reject', { sessionId: id });
      expect((await client.waitForStatus(id)).state).toBe('rejected');
      expect(doc.text).toBe(ORIGINAL);
      expectClean(doc, id);
    });

    it('accepts one hunk and rejects the other', async () => {
      const doc = await open();
      const id = await run(doc, { text: REWRITE });
      await client.waitForStatus(id, ['done']);
      const second = doc.marks.get(id)!.hunks[1];
      const left = await client.conn.sendRequest('redline/inlineEdit/accept', { sessionId: id, line: second.start });
      expect(left.remainingHunks).toBe(1);
      const first = doc.marks.get(id)!.hunks[0];
      expect((await client.conn.sendRequest('redline/inlineEdit/reject', { sessionId: id, line: first.end - 1 })).remainingHunks).toBe(0);
      expect(doc.text).toBe(ORIGINAL.replace('return sum;', 'return Math.round(sum);'));
      expectClean(doc, id);
    });

    it("keeps a CRLF document's line breaks while streaming and through every verdict", async () => {
      const crlf = (text: string) => text.replace(/\n/g, '\r\n');
      const verdicts: Array<[string, (id: string, doc: RenderedDocument) => Promise<unknown>, string]> = [
        ['accept all', (id) => client.conn.sendRequest('redline/inlineEdit/accept', { sessionId: id }), PROPOSED_TEXT],
        ['reject all', (id) => client.conn.sendRequest('redline/inlineEdit/reject', { sessionId: id }), ORIGINAL],
        [
          'accept the second hunk, reject the first',
          async (id, doc) => {
            await client.conn.sendRequest('redline/inlineEdit/accept', { sessionId: id, line: doc.marks.get(id)!.hunks[1].start });
            await client.conn.sendRequest('redline/inlineEdit/reject', { sessionId: id, line: doc.marks.get(id)!.hunks[0].start });
          },
          ORIGINAL.replace('return sum;', 'return Math.round(sum);'),
        ],
      ];
      for (const [label, settle, expected] of verdicts) {
        const doc = await open(crlf(ORIGINAL));
        // The model answers with LF breaks, or CRLF ones: the document's own break is written either way.
        const id = await run(doc, { text: label === 'reject all' ? crlf(REWRITE) : REWRITE, chunkSize: 4 });
        expect((await client.waitForStatus(id, ['done', 'error', 'noChanges'])).state).toBe('done');
        expect(doc.text).toContain('    sum += item.price;\r\n    sum += item.price * item.quantity;\r\n');
        expect(doc.text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
        await settle(id, doc);
        await client.waitForStatus(id);
        expect({ label, text: doc.text }).toEqual({ label, text: crlf(expected) });
      }
    });

    it('follows typing above the region mid-stream', async () => {
      const doc = await open();
      const id = await run(doc, { text: REWRITE, chunkSize: 4, delayMs: 5 });
      await client.waitForStatus(id, ['streaming']);
      await new Promise((r) => setTimeout(r, 30));
      await doc.edit({ start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, '// header\n');
      await doc.edit({ start: { line: 1, character: 0 }, end: { line: 1, character: 0 } }, 'const x = 1;\n');
      expect((await client.waitForStatus(id, ['done', 'broken', 'error'])).state).toBe('done');
      await client.conn.sendRequest('redline/inlineEdit/accept', { sessionId: id });
      await client.waitForStatus(id);
      expect(doc.text).toBe('// header\nconst x = 1;\n' + PROPOSED_TEXT);
      expectClean(doc, id);
    });

    it('says in no render that an inline edit is a next edit', async () => {
      const doc = await open();
      const kinds: Array<boolean | undefined> = [];
      client.conn.onRequest('redline/applyRender', (params) => {
        if (params.uri === doc.uri) kinds.push(params.nextEdit);
        return client.documents.get(params.uri)!.applyRender(params);
      });
      try {
        const id = await run(doc, { text: REWRITE, chunkSize: 7 });
        await client.waitForStatus(id, ['done']);
        await client.conn.sendRequest('redline/inlineEdit/accept', { sessionId: id });
        await client.waitForStatus(id);
        expect(kinds.length).toBeGreaterThan(1);
        expect(kinds.every((kind) => kind === undefined)).toBe(true);
      } finally {
        client.conn.onRequest('redline/applyRender', (params) => client.documents.get(params.uri)!.applyRender(params));
      }
    });

    it('re-plans a render the client refused as stale, never applying it blindly', async () => {
      const doc = await open();
      let typed = false;
      client.conn.onRequest('redline/applyRender', async (params) => {
        const target = client.documents.get(params.uri)!;
        if (target === doc && !typed) {
          // The user types before the editor gets to the render: it was computed against an old version.
          typed = true;
          await doc.edit({ start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, '// first\n');
        }
        return target.applyRender(params);
      });
      try {
        const id = await run(doc, { text: REWRITE, chunkSize: 4 });
        await client.waitForStatus(id, ['done']);
        expect(doc.staleAnswers).toBeGreaterThan(0);
        await client.conn.sendRequest('redline/inlineEdit/accept', { sessionId: id });
        await client.waitForStatus(id);
        expect(doc.text).toBe('// first\n' + PROPOSED_TEXT);
        expectClean(doc, id);
      } finally {
        client.conn.onRequest('redline/applyRender', (params) => client.documents.get(params.uri)!.applyRender(params));
      }
    });

    it("keeps the user's typing on an original line mid-stream, whichever the verdict", async () => {
      for (const accept of [true, false]) {
        const doc = await open();
        const id = await run(doc, { text: REWRITE, chunkSize: 3, delayMs: 4 });
        await client.waitForStatus(id, ['streaming']);
        // Line 3 ("  let sum = 0;") is an original line kept by the proposal; type on it once the
        // stream's unfinished line is no longer above it.
        while (doc.buffer.lineAt(3) !== '  let sum = 0;' || (doc.marks.get(id)?.decorations.streamingLine ?? 0) <= 3) await new Promise((r) => setTimeout(r, 2));
        await doc.edit({ start: { line: 3, character: 14 }, end: { line: 3, character: 14 } }, ' // running total');
        expect((await client.waitForStatus(id, ['done', 'broken', 'error'])).state).toBe('done');
        await client.conn.sendRequest(accept ? 'redline/inlineEdit/accept' : 'redline/inlineEdit/reject', { sessionId: id });
        await client.waitForStatus(id);
        const expected = (accept ? PROPOSED_TEXT : ORIGINAL).replace('  let sum = 0;', '  let sum = 0; // running total');
        expect(doc.text).toBe(expected);
        expectClean(doc, id);
      }
    });

    it('keeps typing on a finished green line mid-stream', async () => {
      const doc = await open();
      const id = await run(doc, { text: REWRITE, chunkSize: 2, delayMs: 6 });
      await client.waitForStatus(id, ['streaming']);
      // Wait until the green line is finished: the streaming line has moved below it.
      const greenLine = () => doc.text.split('\n').indexOf('    sum += item.price * item.quantity;');
      const finished = () => {
        const streaming = doc.marks.get(id)?.decorations.streamingLine;
        return greenLine() >= 0 && streaming !== null && streaming !== undefined && streaming > greenLine();
      };
      while (!finished()) await new Promise((r) => setTimeout(r, 2));
      const line = greenLine();
      await doc.edit({ start: { line, character: 4 }, end: { line, character: 4 } }, '/*mine*/ ');
      expect((await client.waitForStatus(id, ['done', 'broken', 'error'])).state).toBe('done');
      await client.conn.sendRequest('redline/inlineEdit/accept', { sessionId: id });
      await client.waitForStatus(id);
      expect(doc.text).toBe(PROPOSED_TEXT.replace('    sum += item.price * item.quantity;', '    /*mine*/ sum += item.price * item.quantity;'));
      expectClean(doc, id);
    });

    it("an edit through the region mid-stream breaks it: the stream stops, the proposal's other green lines go, the user's edit stays", async () => {
      const doc = await open();
      const id = await run(doc, { text: REWRITE, chunkSize: 2, delayMs: 10 });
      await client.waitForStatus(id, ['streaming']);
      // Cut through the region only once the stream has painted it (a fixed wait races a busy machine).
      while (!doc.undoLog.some((e) => e.group === id && e.open)) await new Promise((r) => setTimeout(r, 2));
      // Lines 1–4 are joined into one; the lines below move up by 3.
      const green = addedLines(doc, id).filter((line) => line > 4).map((line) => line - 3);
      await doc.edit({ start: { line: 1, character: 0 }, end: { line: 4, character: 3 } }, '');
      const expected = withoutLines(doc.text, green);
      const status = await client.waitForStatus(id);
      expect(status.state).toBe('broken');
      expect(status.message).toMatch(/added lines were taken out and your edit kept/);
      await model.waitForClose(model.requests.length - 1);
      await new Promise((r) => setTimeout(r, 30));
      expect(doc.text).toBe(expected);
      expectClean(doc, id);
    });

    it('keeps the proposal when the user types on a highlighted line', async () => {
      const doc = await open();
      const id = await run(doc, { text: REWRITE });
      await client.waitForStatus(id, ['done']);
      const added = doc.marks.get(id)!.decorations.runs.find((r) => r.kind === 'added')!;
      await doc.edit({ start: { line: added.start, character: 4 }, end: { line: added.start, character: 4 } }, '/*x*/');
      await client.conn.sendRequest('redline/inlineEdit/accept', { sessionId: id });
      await client.waitForStatus(id);
      expect(doc.text).toBe(PROPOSED_TEXT.replace('    sum += item.price * item.quantity;', '    /*x*/sum += item.price * item.quantity;'));
      expectClean(doc, id);
    });

    it('breaks the region when a tracked line is deleted: the deletion stays, the green lines go, marks cleared', async () => {
      const doc = await open();
      const id = await run(doc, { text: REWRITE });
      await client.waitForStatus(id, ['done']);
      const removed = doc.marks.get(id)!.decorations.runs.find((r) => r.kind === 'removed')!;
      const green = addedLines(doc, id).map((line) => (line > removed.start ? line - 1 : line));
      await doc.edit(lines(removed.start, removed.start + 1), '');
      const expected = withoutLines(doc.text, green);
      const status = await client.waitForStatus(id);
      expect(status.state).toBe('broken');
      expect(status.message).toMatch(/deleted/);
      expect(doc.text).toBe(expected);
      expect(doc.text).toBe(ORIGINAL.replace('    sum += item.price;\n', ''));
      expectClean(doc, id);
    });

    it('cancel mid-stream restores the original', async () => {
      const doc = await open();
      const id = await run(doc, { text: REWRITE, chunkSize: 2, delayMs: 20 });
      await client.waitForStatus(id, ['streaming']);
      await new Promise((r) => setTimeout(r, 100));
      await client.conn.sendRequest('redline/inlineEdit/cancel', { sessionId: id });
      expect((await client.waitForStatus(id)).state).toBe('cancelled');
      expect(doc.text).toBe(ORIGINAL);
      expectClean(doc, id);
      await model.waitForClose(model.requests.length - 1);
    });

    it('closing the document mid-stream ends the session and the model request', async () => {
      const doc = await open();
      const before = model.requests.length;
      const id = await run(doc, { text: REWRITE, chunkSize: 2, delayMs: 20 });
      await model.waitForRequests(before + 1);
      await client.conn.sendNotification('textDocument/didClose', { textDocument: { uri: doc.uri } });
      const status = await client.waitForStatus(id);
      expect(status).toMatchObject({ state: 'cancelled', message: 'The document was closed.' });
      await model.waitForClose(before);
      expect(doc.marks.size).toBe(0);
    });

    for (const [label, reply, pattern] of [
      ['an HTTP error with the server message', { text: '', status: 404, errorBody: { error: "model 'coder' not found" } }, /^model 'coder' not found \(404 Not Found from the model server at /],
      ['a connection cut mid-stream', { text: REWRITE, chunkSize: 5, cutAfterChunks: 6 }, /^.+ mid-reply: the connection to the model server at http:\/\/127\.0\.0\.1:\d+ broke\.$/],
      ['a stalled stream', { text: REWRITE, chunkSize: 5, stallAfterChunks: 4 }, /^No answer for /],
      ['a malformed stream', { text: REWRITE, chunkSize: 5, malformedAfterChunks: 3 }, /^Malformed stream from the model server at /],
      ['a prompt the server cut to fit its context', { text: REWRITE, promptTokens: 12 }, /^The model server cut the prompt to 12 tokens/],
    ] as const) {
      it(`a model failure (${label}) becomes a clear status and leaves the document as it was`, async () => {
        const doc = await open();
        const id = await run(doc, reply as Reply);
        const status = await client.waitForStatus(id);
        expect(status.state).toBe('error');
        expect(status.message).toMatch(pattern);
        // A failed model request may succeed when asked again.
        expect(status.actions).toEqual(['retry', 'showLog']);
        expect(doc.text).toBe(ORIGINAL);
        expect(doc.marks.size).toBe(0);
      });
    }

    it('never proposes a reply cut off at the token limit: it streamed in, then the session ends in error with the document restored', async () => {
      const doc = await open();
      const cut = REWRITE.split('\n').slice(0, 4).join('\n') + '\n';
      const id = await run(doc, { text: cut, chunkSize: 5, finishReason: 'length' });
      const status = await client.waitForStatus(id);
      expect(status.state).toBe('error');
      expect(status.message).toMatch(/^The model's reply was cut off at [\d,]+ tokens, the limit for a selection this size .*nothing was changed/);
      expect(doc.undoLog.some((e) => e.group === id && e.edits > 0)).toBe(true);
      expect(doc.text).toBe(ORIGINAL);
      expectClean(doc, id);
    });

    it('reports no changes for a blank reply or the same code', async () => {
      for (const text of ['', '```ts\n' + ORIGINAL.split('\n').slice(2, 9).join('\n') + '\n```']) {
        const doc = await open();
        const id = await run(doc, { text });
        expect((await client.waitForStatus(id)).state).toBe('noChanges');
        expect(doc.text).toBe(ORIGINAL);
        expect(doc.marks.size).toBe(0);
      }
    });

    it('unwraps think blocks, chatter and fences', async () => {
      const doc = await open();
      const id = await run(doc, { text: `<think>the user wants quantity</think>Sure, here it is:\n\`\`\`typescript\n${REWRITE}\n\`\`\`\nHope that helps.`, chunkSize: 5 });
      await client.waitForStatus(id, ['done']);
      await client.conn.sendRequest('redline/inlineEdit/accept', { sessionId: id });
      await client.waitForStatus(id);
      expect(doc.text).toBe(PROPOSED_TEXT);
    });

    it('re-edits a pending proposal: the model sees the proposed side, the diff stays against the baseline', async () => {
      const doc = await open();
      const id = await run(doc, { text: REWRITE });
      await client.waitForStatus(id, ['done']);
      const second = REWRITE.replace('Math.round(sum)', 'Math.round(sum * 100) / 100');
      model.script({ text: second });
      // The session's first 'done' is history: wait for the one the re-edit ends with.
      const redone = new Promise<void>((resolve) => client.onStatus((s) => s.sessionId === id && s.state === 'done' && resolve()));
      const before = model.requests.length;
      const res = await client.conn.sendRequest('redline/inlineEdit/start', { textDocument: { uri: doc.uri, version: doc.version }, range: lines(4, 4), instruction: 'round to cents' });
      expect(res).toMatchObject({ sessionId: id, reEdit: true });
      // The model is asked once the context is gathered, which may be after the reply.
      await model.waitForRequests(before + 1);
      // Other documents' recent edits are context too: look at the code to edit alone.
      const user = (model.requests[before].body as { messages: Array<{ content: string }> }).messages[1].content;
      const code = user.slice(user.indexOf('Code to edit:'));
      expect(code).toContain('item.price * item.quantity');
      expect(code).not.toContain('sum += item.price;\n');
      await redone;
      await client.conn.sendRequest('redline/inlineEdit/reject', { sessionId: id });
      await client.waitForStatus(id);
      expect(doc.text).toBe(ORIGINAL);
      expectClean(doc, id);
    });

    it('refuses a start computed against a stale version', async () => {
      const doc = await open();
      await expect(
        client.conn.sendRequest('redline/inlineEdit/start', { textDocument: { uri: doc.uri, version: doc.version - 1 + 5 }, range: lines(2, 9), instruction: 'x' }),
      ).rejects.toMatchObject({ code: -32801 });
    });

    it('runs two sessions in one document at once', async () => {
      const doc = await open();
      // The first session's first render must not land before the second start is planned: that
      // start names lines of the document as it was (a render in between is refused as -32801).
      model.script({ text: REWRITE, delayMs: 150, chunkSize: 60 }, { text: 'export const VERSION = 2;\n', delayMs: 3 });
      const a = await client.conn.sendRequest('redline/inlineEdit/start', { textDocument: { uri: doc.uri, version: doc.version }, range: lines(2, 9), instruction: 'a' });
      // The first session's renders race the second request: refused as stale (-32801), it is asked
      // again at the version and lines the user sees then, as an editor does.
      const startB = async (): Promise<{ sessionId: string }> => {
        const at = doc.text.split('\n').indexOf('export const VERSION = 1;');
        try {
          return await client.conn.sendRequest('redline/inlineEdit/start', { textDocument: { uri: doc.uri, version: doc.version }, range: lines(at, at + 1), instruction: 'b' });
        } catch (err) {
          if ((err as { code?: number }).code !== -32801) throw err;
          return startB();
        }
      };
      const b = await startB();
      await Promise.all([client.waitForStatus(a.sessionId, ['done']), client.waitForStatus(b.sessionId, ['done'])]);
      await client.conn.sendRequest('redline/inlineEdit/accept', { sessionId: b.sessionId });
      await client.conn.sendRequest('redline/inlineEdit/accept', { sessionId: a.sessionId });
      expect(doc.text).toBe(PROPOSED_TEXT.replace('VERSION = 1', 'VERSION = 2'));
      expect(doc.marks.size).toBe(0);
    });
  });
}
