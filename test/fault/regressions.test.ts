/**
 * Each distinct failure the fault harness found, replayed deterministically (in-process sidecar,
 * real JSON-RPC framing, the model double over real HTTP). Timing never decides the outcome: the
 * user's edit is made at a state the test waits for, or inside the client's answer to a render.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RenderedDocument, SidecarClient } from '@redline/client';
import { startModelDouble, type ModelDouble, type Reply } from '@redline/model-double';
import type { Range, RenderParams, RenderResult } from '@redline/shared-protocol';
import { inProcessServer, type InProcessServer } from '../harness/inProcess.js';
import { packagedSidecar } from '../harness/packaged.js';

const at = (line: number, character: number): Range => ({ start: { line, character }, end: { line, character } });
const lines = (from: number, to: number): Range => ({ start: { line: from, character: 0 }, end: { line: to, character: 0 } });
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(ready: () => boolean, what: string, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!ready()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await pause(2);
  }
}

let model: ModelDouble;
let server: InProcessServer;
let client: SidecarClient;
let n = 0;
/** Renders as the client received them, and how the test wants the next ones answered. */
let renders: RenderParams[] = [];
let answer: (doc: RenderedDocument, params: RenderParams) => RenderResult;

beforeAll(async () => {
  model = await startModelDouble();
  server = await inProcessServer({ provider: 'ollama', endpoint: model.url, model: 'm', requestTimeoutMs: 3000 });
  client = server.client;
  client.conn.onRequest('redline/applyRender', (params) => {
    renders.push(params);
    return answer(client.documents.get(params.uri)!, params);
  });
});
afterAll(async () => {
  await client.close();
  await model.close();
});
beforeEach(() => {
  renders = [];
  answer = (doc, params) => doc.applyRender(params);
});

async function open(text: string): Promise<RenderedDocument> {
  return client.openDocument(`file:///regressions/${++n}.ts`, 'plaintext', text, { checksumIntervalMs: 0 });
}

async function start(doc: RenderedDocument, range: Range, reply: Reply): Promise<string> {
  model.script(reply);
  const { sessionId } = await client.conn.sendRequest('redline/inlineEdit/start', { textDocument: { uri: doc.uri, version: doc.version }, range, instruction: 'rewrite' });
  return sessionId;
}

async function pending(doc: RenderedDocument, range: Range, reply: Reply): Promise<string> {
  const id = await start(doc, range, reply);
  expect((await client.waitForStatus(id, ['done', 'error', 'noChanges', 'broken'])).state).toBe('done');
  return id;
}

/** After the session's end, the mirror must hold exactly the client's text and no marks may be left. */
async function settled(doc: RenderedDocument): Promise<void> {
  await client.conn.sendRequest('redline/inlineEdit/cancel', { sessionId: 'barrier' }).catch(() => undefined);
  expect(server.mirror(doc.uri)).toBe(doc.text);
  expect(doc.marks.size).toBe(0);
  expect(client.logs.filter((l) => /checksum mismatch/.test(l.message))).toEqual([]);
}

const painted = (doc: RenderedDocument, id: string) => doc.marks.get(id)?.decorations.runs ?? [];

describe('regressions found by the fault harness', () => {
  it('typing on a green line the stream shows re-indented keeps the indentation the stream ends with', async () => {
    const doc = await open('start\n      one\n  two\nend\n');
    const id = await start(doc, lines(1, 3), { text: '      ONE = 1\n  two\n', chunkSize: 14, delayMs: 600 });
    // The first chunk is shown re-indented to the selection's two spaces.
    await until(() => doc.text.split('\n').includes('  ONE = 1'), 'the re-indented green line');
    const line = doc.text.split('\n').indexOf('  ONE = 1');
    await doc.edit(at(line, 9), ' // mine');
    await client.waitForStatus(id, ['done']);
    await client.conn.sendRequest('redline/inlineEdit/accept', { sessionId: id });
    await client.waitForStatus(id);
    expect(doc.text).toBe('start\n      ONE = 1 // mine\n  two\nend\n');
    await settled(doc);
  });

  it('a marks-only render answered stale is sent again, so the marks follow the lines and a per-hunk verdict lands', async () => {
    const doc = await open('head\na\nb\nc\nd\ntail\n');
    const id = await pending(doc, lines(1, 5), { text: 'A\nb\nc\nD\n' });
    const before = painted(doc, id);
    renders = [];
    let refused = false;
    answer = (d, params) => {
      if (!refused && params.edits.length === 0) {
        // The user types below the region before the editor gets to the repaint: it is stale.
        refused = true;
        void d.edit(at(9, 0), '// below');
      }
      return d.applyRender(params);
    };
    await doc.edit(at(0, 0), 'new first line\n');
    await until(() => refused && renders.some((r) => r.edits.length === 0 && r.version === doc.version), 'the repaint sent again');
    const repaint = renders[renders.length - 1];
    expect(repaint.decorations.runs).toEqual(before.map((r) => ({ ...r, start: r.start + 1 })));
    const second = repaint.hunks.find((h) => h.start > 3)!;
    expect((await client.conn.sendRequest('redline/inlineEdit/reject', { sessionId: id, line: second.start })).remainingHunks).toBe(1);
    await client.conn.sendRequest('redline/inlineEdit/accept', { sessionId: id });
    await client.waitForStatus(id);
    expect(doc.text).toBe('new first line\nhead\nA\nb\nc\nd\ntail\n// below');
    await settled(doc);
  });

  it('a per-hunk verdict whose render the client answers stale is planned again, not refused', async () => {
    const doc = await open('a\nb\nc\nd\n');
    const id = await pending(doc, lines(0, 4), { text: 'A\nb\nc\nD\n' });
    let typed = false;
    answer = (d, params) => {
      if (!typed && params.edits.length > 0) {
        typed = true;
        void d.edit(at(0, 0), 'above\n');
      }
      return d.applyRender(params);
    };
    const first = doc.marks.get(id)!.hunks[0];
    expect((await client.conn.sendRequest('redline/inlineEdit/accept', { sessionId: id, line: first.start })).remainingHunks).toBe(1);
    expect(doc.staleAnswers).toBe(1);
    await client.conn.sendRequest('redline/inlineEdit/reject', { sessionId: id });
    await client.waitForStatus(id);
    expect(doc.text).toBe('above\nA\nb\nc\nd\n');
    await settled(doc);
  });

  it('a per-hunk verdict followed at once by typing on that hunk settles the hunk the user named, keeping the typed line', async () => {
    const doc = await open('a\nb\nc\nd\n');
    const id = await pending(doc, lines(0, 4), { text: 'A\nb\nc\nD\n' });
    // Hunks: -a +A at lines 0–1, -d +D at lines 4–5. Reject the second, then type on its red line.
    const verdict = client.conn.sendRequest('redline/inlineEdit/reject', { sessionId: id, line: 4 });
    await doc.edit(at(4, 1), ' // mine');
    expect((await verdict).remainingHunks).toBe(1);
    await client.conn.sendRequest('redline/inlineEdit/accept', { sessionId: id });
    await client.waitForStatus(id);
    expect(doc.text).toBe('A\nb\nc\nd // mine\n');
    await settled(doc);
  });

  for (const verdict of ['accept', 'reject', 'cancel'] as const) {
    it(`${verdict} with a line inserted above right after the request lands on the proposal's lines, not one line off`, async () => {
      const doc = await open('h0\nh1\na\nb\nt0\n');
      const id = await pending(doc, lines(2, 4), { text: 'A\nb\n' });
      const sent = client.conn.sendRequest(`redline/inlineEdit/${verdict}`, { sessionId: id });
      await doc.edit(at(0, 0), 'inserted\n');
      await sent;
      await client.waitForStatus(id);
      expect(doc.text).toBe(verdict === 'accept' ? 'inserted\nh0\nh1\nA\nb\nt0\n' : 'inserted\nh0\nh1\na\nb\nt0\n');
      await settled(doc);
    });
  }

  it('a red line typed on survives accept, a green line typed on survives reject', async () => {
    for (const accept of [true, false]) {
      const doc = await open('x\none\ntwo\ny\n');
      const id = await pending(doc, lines(1, 3), { text: 'ONE\ntwo\n' });
      // -one +ONE: type on the line the verdict would delete.
      const line = accept ? 1 : 2;
      await doc.edit(at(line, 3), ' // mine');
      await client.conn.sendRequest(accept ? 'redline/inlineEdit/accept' : 'redline/inlineEdit/reject', { sessionId: id });
      await client.waitForStatus(id);
      expect(doc.text).toBe(accept ? 'x\none // mine\nONE\ntwo\ny\n' : 'x\none\nONE // mine\ntwo\ny\n');
      await settled(doc);
    }
  });

  it("typing at the end of the unfinished streaming line keeps the user's text, after the rest of the line", async () => {
    const doc = await open('x\nold\ny\n');
    const id = await start(doc, lines(1, 2), { text: 'const value = compute();\n', chunkSize: 6, delayMs: 150 });
    await until(() => doc.marks.get(id)?.decorations.streamingLine != null, 'the streaming line');
    const line = doc.marks.get(id)!.decorations.streamingLine!;
    await doc.edit(at(line, doc.buffer.lineAt(line).length), ' // mine');
    await client.waitForStatus(id, ['done']);
    await client.conn.sendRequest('redline/inlineEdit/reject', { sessionId: id });
    await client.waitForStatus(id);
    // The settled picture puts the red "old" above the line the user typed on; both stay.
    expect(doc.text).toBe('x\nold\nconst value = compute(); // mine\ny\n');
    await settled(doc);
  });

  it('a break takes out the untouched green lines in the closing render of the session, keeping the edit that broke it', async () => {
    const doc = await open('a\nb\nc\nd\n');
    const id = await pending(doc, lines(0, 4), { text: 'A\nb\nc\nD\n' });
    // -a +A b c -d +D: join the red "a" with the green "A" below it.
    renders = [];
    await doc.edit({ start: { line: 0, character: 1 }, end: { line: 1, character: 0 } }, ' ');
    const before = doc.text;
    const status = await client.waitForStatus(id);
    expect(status).toMatchObject({ state: 'broken' });
    expect(status.message).toMatch(/added lines were taken out and your edit kept/);
    expect(doc.text).toBe('a A\nb\nc\nd\n');
    const close = renders[renders.length - 1];
    expect(close.undo).toEqual({ group: id, open: false, close: true });
    // Undoing that one render gives back the document as the user's edit left it.
    expect(close.edits.map((e) => e.newText)).toEqual(['']);
    expect(before.split('\n').filter((_, i) => i !== close.edits[0].range.start.line).join('\n')).toBe(doc.text);
    await settled(doc);
  });

  it('a per-hunk verdict overtaken by a break is refused, and the break settles the region', async () => {
    const doc = await open('a\nb\nc\nd\n');
    const id = await pending(doc, lines(0, 4), { text: 'AA\nb\nc\nD\n' });
    const verdict = client.conn.sendRequest('redline/inlineEdit/accept', { sessionId: id, line: 4 });
    // -a +AA b c -d +D: split the green "AA" before the editor gets the verdict's render.
    await doc.edit(at(1, 1), '\n');
    await expect(verdict).rejects.toThrow(/ended before the hunk was settled/);
    expect((await client.waitForStatus(id)).state).toBe('broken');
    expect(doc.text).toBe('a\nA\nA\nb\nc\nd\n');
    await settled(doc);
  });

  it('the closing render is retried past five refusals; a client that never applies it gets an error that says so', async () => {
    const doc = await open('a\nb\n');
    const id = await pending(doc, lines(0, 2), { text: 'A\nb\n' });
    let refusals = 0;
    answer = (d, params) => (params.undo.close && ++refusals <= 8 ? { applied: false, version: d.version } : d.applyRender(params));
    await client.conn.sendRequest('redline/inlineEdit/accept', { sessionId: id });
    expect((await client.waitForStatus(id)).state).toBe('accepted');
    expect(refusals).toBe(9);
    expect(doc.text).toBe('A\nb\n');
    await settled(doc);

    const stuck = await open('a\nb\n');
    const id2 = await pending(stuck, lines(0, 2), { text: 'A\nb\n' });
    answer = (d, params) => (params.undo.close ? { applied: false, version: d.version } : d.applyRender(params));
    await client.conn.sendRequest('redline/inlineEdit/accept', { sessionId: id2 });
    const status = await client.waitForStatus(id2);
    expect(status.state).toBe('error');
    expect(status.message).toMatch(/did not apply the last edit.*may both still be in the document/);
  });

  it("heals a mirror that diverged from the client's text: one log line, the client's text fetched, the next session works", async () => {
    const doc = await open('one\ntwo\nthree\n');
    // A change the client never reported: the mirror still has "two".
    doc.buffer.replace({ start: { line: 1, character: 0 }, end: { line: 1, character: 3 } }, 'TWO');
    doc.version++;
    await doc.edit(at(2, 5), '!');
    await client.conn.sendRequest('redline/inlineEdit/cancel', { sessionId: 'barrier' }).catch(() => undefined);
    await until(() => server.mirror(doc.uri) === doc.text, 'the mirror healed');
    const logged = client.logs.filter((l) => /checksum mismatch/.test(l.message));
    expect(logged).toHaveLength(1);
    client.logs.length = 0;
    const id = await pending(doc, lines(1, 2), { text: 'TWO!\n' });
    await client.conn.sendRequest('redline/inlineEdit/accept', { sessionId: id });
    await client.waitForStatus(id);
    expect(doc.text).toBe('one\nTWO!\nthree!\n');
    await settled(doc);
  });
});

describe("a didChange whose version is not newer than the mirror's", () => {
  const resend = (doc: RenderedDocument, version: number, range: Range, text: string) =>
    client.conn.sendNotification('textDocument/didChange', { textDocument: { uri: doc.uri, version }, contentChanges: [{ range, text }] });
  const refusals = () => client.logs.filter((l) => l.type === 1 && /refused a didChange to version/.test(l.message));

  it("is refused with an error in the log and the client's text fetched: a change sent twice counts once, and the pending proposal is accepted onto the client's text", async () => {
    const doc = await open('one\ntwo\nthree\n');
    const id = await pending(doc, lines(1, 2), { text: 'TWO\n' });
    client.logs.length = 0;
    await doc.edit(at(0, 3), '!');
    // A client that re-sent its last change: the same version, the same edit.
    await resend(doc, doc.version, at(0, 3), '!');
    await client.conn.sendRequest('redline/inlineEdit/cancel', { sessionId: 'barrier' }).catch(() => undefined);
    expect(server.mirror(doc.uri)).toBe(doc.text);
    expect(refusals()).toHaveLength(1);
    expect(refusals()[0].message).toContain(`version ${doc.version}, not newer than the mirror's version ${doc.version}`);
    await client.conn.sendRequest('redline/inlineEdit/accept', { sessionId: id });
    expect((await client.waitForStatus(id)).state).toBe('accepted');
    expect(doc.text).toBe('one!\nTWO\nthree\n');
    await settled(doc);
  });

  it("heals from a client that restarted its numbering: its changes under the old numbers are refused, its text fetched, and a new session works on it", async () => {
    const doc = await open('a\nb\nc\n');
    await doc.edit(at(0, 1), '1');
    await doc.edit(at(0, 2), '2');
    client.logs.length = 0;
    // The client counts from 1 again (as one whose document was reloaded without a didClose would).
    doc.version = 1;
    await doc.edit(at(2, 1), '!');
    await client.conn.sendRequest('redline/inlineEdit/cancel', { sessionId: 'barrier' }).catch(() => undefined);
    await until(() => server.mirror(doc.uri) === doc.text, 'the mirror took the fetched text');
    expect(refusals()).toHaveLength(1);
    const id = await pending(doc, lines(1, 2), { text: 'B\n' });
    await client.conn.sendRequest('redline/inlineEdit/accept', { sessionId: id });
    expect((await client.waitForStatus(id)).state).toBe('accepted');
    expect(doc.text).toBe('a12\nB\nc!\n');
    await settled(doc);
  });
});

describe('a request that overtakes its own didChange (sent for a version the mirror has not reached)', () => {
  const startAt = (doc: RenderedDocument, version: number) =>
    client.conn.sendRequest('redline/inlineEdit/start', { textDocument: { uri: doc.uri, version }, range: lines(1, 2), instruction: 'rewrite' });

  it('waits for that change and works on the text it was made for', async () => {
    const doc = await open('one\ntwo\nthree\n');
    model.script({ text: 'TWO\n' });
    // The request goes out first, for the version the edit below makes.
    const started = startAt(doc, doc.version + 1);
    await doc.edit(at(0, 3), '!');
    const { sessionId } = await started;
    expect((await client.waitForStatus(sessionId, ['done', 'error', 'noChanges', 'broken'])).state).toBe('done');
    await client.conn.sendRequest('redline/inlineEdit/accept', { sessionId });
    expect((await client.waitForStatus(sessionId)).state).toBe('accepted');
    expect(doc.text).toBe('one!\nTWO\nthree\n');
    await settled(doc);
  });

  it('is refused as modified when that change never comes, and the document is untouched', async () => {
    const doc = await open('one\ntwo\nthree\n');
    const before = model.requests.length;
    await expect(startAt(doc, doc.version + 1)).rejects.toThrow(/changed since the request \(request version 2, current 1\)/);
    expect(model.requests.length).toBe(before);
    await settled(doc);
    expect(doc.text).toBe('one\ntwo\nthree\n');
  });
});

describe('typing on the streaming line before two renders, both answered stale (packaged sidecar)', () => {
  const original = '        else "str"\n        é && 42 é delta item\n        -> (z) sum 中文 bar[0]\n';
  const code = '        else "string"\n        é && 42 é delta items\n        -> (z) sum 中文 bar[1]\n';
  const prose = 'Sure! Here is the rewritten code:';
  const reply = `${prose}\n\n\`\`\`\n${code}\`\`\`\n\nThis keeps = as it was.`;

  for (const verdict of ['reject', 'accept'] as const) {
    it(`keeps the user's typing exactly once after ${verdict}, for every chunk size from 1 to 20 code points`, { timeout: 120_000 }, async () => {
      const double = await startModelDouble();
      const packaged = await packagedSidecar({ provider: 'ollama', endpoint: double.url, model: 'm', requestTimeoutMs: 5000 });
      try {
        let answered = 0;
        packaged.conn.onRequest('redline/applyRender', (params) => {
          const d = packaged.documents.get(params.uri)!;
          answered++;
          // The user types before the editor applies renders 2 and 3: both are answered stale.
          if (answered === 2 || answered === 3) {
            void d.edit(answered === 2 ? at(0, 10) : at(0, 18), answered === 2 ? '~A~' : '~B~');
            return { applied: false, version: d.version };
          }
          return d.applyRender(params);
        });
        for (let chunkSize = 1; chunkSize <= 20; chunkSize++) {
          answered = 0;
          const doc = await packaged.openDocument(`file:///regressions/stale-typing-${verdict}-${chunkSize}.ts`, 'plaintext', original, { checksumIntervalMs: 0 });
          double.script({ text: reply, chunkSize });
          const { sessionId } = await packaged.conn.sendRequest('redline/inlineEdit/start', { textDocument: { uri: doc.uri, version: doc.version }, range: lines(0, 3), instruction: 'rewrite' });
          expect((await packaged.waitForStatus(sessionId, ['done', 'error', 'noChanges', 'broken'])).state).toBe('done');
          await packaged.conn.sendRequest(`redline/inlineEdit/${verdict}`, { sessionId });
          await packaged.waitForStatus(sessionId);
          const text = doc.text;
          const typed = text.split('\n').filter((l) => l.includes('~'));
          expect(typed, `chunk size ${chunkSize}: ${JSON.stringify(text)}`).toHaveLength(1);
          const [line] = typed;
          expect(text.split('~A~')).toHaveLength(2);
          expect(text.split('~B~')).toHaveLength(2);
          expect(line.indexOf('~A~')).toBeLessThan(line.indexOf('~B~'));
          // Without the typing, the line is the prose as far as it had arrived, and the rest is the side the verdict keeps.
          expect(`        ${prose}`.startsWith(line.replace('~A~', '').replace('~B~', ''))).toBe(true);
          expect(text.split('\n').filter((l) => l !== line).join('\n')).toBe(verdict === 'accept' ? code : original);
          expect(doc.marks.size).toBe(0);
        }
      } finally {
        await packaged.close();
        await double.close();
      }
    });
  }
});

describe('a sidecar killed mid-stream', () => {
  it('fails the requests waiting on it and leaves the document as it was, with the proposal taken out by the client; later edits stay local', async () => {
    const double = await startModelDouble();
    const packaged = await packagedSidecar({ provider: 'ollama', endpoint: double.url, model: 'm', requestTimeoutMs: 3000 });
    try {
      const doc = await packaged.openDocument('file:///regressions/killed.ts', 'plaintext', 'a\nb\nc\n');
      double.script({ text: 'A\nB\nC\nD\nE\n', chunkSize: 2, delayMs: 40 });
      const { sessionId } = await packaged.conn.sendRequest('redline/inlineEdit/start', { textDocument: { uri: doc.uri, version: doc.version }, range: lines(0, 3), instruction: 'x' });
      await until(() => (doc.marks.get(sessionId)?.decorations.runs ?? []).some((r) => r.kind === 'added'), 'a green line');
      // The original "a" sits below the green lines that have arrived (unreached).
      await doc.edit(at(doc.text.split('\n').indexOf('a'), 1), ' // mine');
      const waiting = packaged.conn.sendRequest('redline/inlineEdit/accept', { sessionId });
      packaged.child!.kill('SIGKILL');
      await expect(waiting).rejects.toThrow();
      await expect(packaged.waitForStatus(sessionId)).rejects.toThrow(/stopped unexpectedly/);
      expect(doc.text).toBe('a // mine\nb\nc\n');
      expect(doc.marks.size).toBe(0);
      // Editing on afterwards fails the notification's promise, never the edit itself.
      await expect(doc.edit(at(2, 1), '!')).rejects.toThrow();
      expect(doc.text).toBe('a // mine\nb\nc!\n');
    } finally {
      await packaged.close();
      await double.close();
    }
  });
});

describe('a session always ends', () => {
  const WORDS = ['alpha', 'beta', 'sum', 'item', 'x', 'y', 'z', '&&', 'é'];
  /** The reported case's shape: a 132-line plaintext document, three lines rewritten in 1–3-character chunks. */
  const document132 = Array.from({ length: 132 }, (_, i) => `  ${WORDS[i % 9]} ${WORDS[(i * 7) % 9]} ${WORDS[(i * 5) % 9]} ${i}`).join('\n') + '\n';
  const REPLY = '  x (z) y beta\n  item && é x\n  beta sum alpha\n';
  const typedLines = (doc: RenderedDocument) => doc.text.split('\n').flatMap((text, line) => (/[QW]/.test(text) ? [line] : []));
  const inHunk = (doc: RenderedDocument, id: string, line: number) => (doc.marks.get(id)?.hunks ?? []).some((h) => line >= h.start && line < h.end);

  it('typing on removed lines of a pending proposal: a typed line is in no hunk, and rejecting the other hunks ends the session', async () => {
    for (const chunkSize of [1, 2, 3]) {
      const doc = await client.openDocument(`file:///regressions/${++n}.txt`, 'plaintext', document132, { echoRenders: true });
      const id = await pending(doc, { start: { line: 17, character: 1 }, end: { line: 20, character: 0 } }, { text: REPLY, chunkSize, delayMs: 5 });
      await doc.edit(at(18, 4), 'Q');
      await doc.edit(at(17, 5), 'W');
      // The sidecar's repaint after the typing: no typed line is painted or counted as a hunk.
      const typed = doc.version;
      await until(() => !doc.marks.has(id) || (renders.some((r) => r.version === typed) && doc.marks.get(id)!.hunks.length > 0), 'the repaint after typing');
      for (const line of typedLines(doc)) expect(inHunk(doc, id, line), `typed line ${line}`).toBe(false);
      // Reject from the bottom up: each answer counts the hunks the client still shows, and the last ends the session.
      for (let left = doc.marks.get(id)?.hunks.length ?? 0; left > 0; ) {
        const hunk = doc.marks.get(id)!.hunks.at(-1)!;
        const answer = await client.conn.sendRequest('redline/inlineEdit/reject', { sessionId: id, line: hunk.start });
        left = answer.remainingHunks;
        if (left > 0) await until(() => doc.marks.get(id)?.hunks.length === left, `the client showing ${left} hunks`);
      }
      // Within seconds, or never: a session left open would hold the file's saves.
      const end = await Promise.race([client.waitForStatus(id), pause(5000).then(() => null)]);
      expect(end?.state).toBe('rejected');
      expect(typedLines(doc)).toHaveLength(2);
      await settled(doc);
    }
  });

  it('typing on every changed line of a pending proposal ends it: nothing is left to decide', async () => {
    const doc = await open('head\nb\ntail\n');
    const id = await pending(doc, lines(1, 2), { text: 'B\n' });
    expect(doc.marks.get(id)!.hunks).toEqual([{ start: 1, end: 3, removed: 1, added: 1 }]);
    await doc.edit(at(1, 1), 'Q');
    await until(() => doc.marks.get(id)?.hunks.length === 1 && doc.marks.get(id)!.hunks[0].start === 2, 'the green line as the one hunk');
    await doc.edit(at(2, 1), 'W');
    const status = await client.waitForStatus(id);
    expect(status.state).toBe('accepted');
    expect(status.message).toMatch(/nothing is left to accept or reject/);
    expect(doc.text).toBe('head\nbQ\nBW\ntail\n');
    await settled(doc);
  });

  it('the same through the packaged sidecar, with echoed renders', async () => {
    const double = await startModelDouble();
    const packaged = await packagedSidecar({ provider: 'ollama', endpoint: double.url, model: 'm', requestTimeoutMs: 3000 });
    try {
      const doc = await packaged.openDocument('file:///regressions/every-line.txt', 'plaintext', 'head\nb\ntail\n', { echoRenders: true });
      double.script({ text: 'B\n' });
      const { sessionId } = await packaged.conn.sendRequest('redline/inlineEdit/start', { textDocument: { uri: doc.uri, version: doc.version }, range: lines(1, 2), instruction: 'x' });
      await packaged.waitForStatus(sessionId, ['done']);
      await doc.edit(at(1, 1), 'Q');
      await doc.edit(at(2, 1), 'W');
      expect((await packaged.waitForStatus(sessionId)).state).toBe('accepted');
      expect(doc.text).toBe('head\nbQ\nBW\ntail\n');
      expect(doc.marks.size).toBe(0);
    } finally {
      await packaged.close();
      await double.close();
    }
  });
});
