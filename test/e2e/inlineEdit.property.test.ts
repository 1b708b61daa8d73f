/**
 * Property tests of whole sessions (in-process server, real JSON-RPC framing, the model double over
 * real HTTP): random baselines, proposals, chunkings, verdict orders and user edits mid-stream.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RenderedDocument, SidecarClient } from '@redline/client';
import type { DiffLineKind } from '@redline/shared-protocol';
import { inProcessSidecar } from '../harness/inProcess.js';
import { startModelDouble, type ModelDouble } from '@redline/model-double';

const word = fc.constantFrom('alpha', 'beta', 'gamma', 'delta', 'x', 'y', '(z)', '{', '}', 'return 1;');
const line = fc.array(word, { minLength: 1, maxLength: 4 }).map((ws) => '  ' + ws.join(' '));
const block = fc.array(line, { minLength: 1, maxLength: 12 });

interface PaintedLine {
  text: string;
  kind: 'context' | DiffLineKind;
  /** Index of the hunk (a run of neighbouring marked lines) the line belongs to; -1 for context. */
  hunk: number;
}

/** The document as the client shows it: every line with the mark painted on it. */
function painted(doc: RenderedDocument, sessionId: string): PaintedLine[] {
  const kinds = new Map<number, DiffLineKind>();
  for (const run of doc.marks.get(sessionId)?.decorations.runs ?? []) for (let i = 0; i < run.count; i++) kinds.set(run.start + i, run.kind);
  let hunk = -1;
  return doc.text.split('\n').map((text, i) => {
    const kind = kinds.get(i) ?? 'context';
    if (kind !== 'context' && !kinds.has(i - 1)) hunk++;
    return { text, kind, hunk: kind === 'context' ? -1 : hunk };
  });
}

describe('inline-edit properties', () => {
  let model: ModelDouble;
  let client: SidecarClient;
  let n = 0;

  beforeAll(async () => {
    model = await startModelDouble();
    client = await inProcessSidecar({ provider: 'openai', endpoint: model.url, model: 'm', requestTimeoutMs: 3000 });
  });
  afterAll(async () => {
    await client.close();
    await model.close();
  });

  async function session(doc: RenderedDocument, from: number, to: number, text: string, chunkSize: number, delayMs = 0) {
    model.script({ text, chunkSize, delayMs });
    const asked = model.requests.length;
    const { sessionId } = await client.conn.sendRequest('redline/inlineEdit/start', {
      textDocument: { uri: doc.uri, version: doc.version },
      range: { start: { line: from, character: 0 }, end: { line: to, character: 0 } },
      instruction: 'rewrite',
    });
    // Until the model server has the request, the scripted reply is still queued: a session broken
    // before that would leave it to the next session.
    await model.waitForRequests(asked + 1);
    return sessionId;
  }

  it('accept ⇒ proposal, reject ⇒ baseline, per-hunk verdicts in any order ⇒ the expected mix; edits above and below are followed', async () => {
    await fc.assert(
      fc.asyncProperty(
        block,
        block,
        fc.integer({ min: 1, max: 40 }),
        fc.array(fc.boolean(), { maxLength: 12 }),
        fc.array(fc.integer({ min: 0, max: 1000 }), { maxLength: 12 }),
        fc.array(fc.constantFrom('above', 'below'), { maxLength: 3 }),
        async (baseline, proposal, chunkSize, verdicts, order, userEdits) => {
          const head = ['// head'];
          const tail = ['// tail'];
          const doc = await client.openDocument(`file:///p/${++n}.ts`, 'plaintext', [...head, ...baseline, ...tail].join('\n') + '\n');
          const id = await session(doc, 1, 1 + baseline.length, proposal.join('\n') + '\n', chunkSize, userEdits.length ? 1 : 0);
          for (const where of userEdits) {
            if (where === 'above') {
              await doc.edit({ start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, '// above\n');
              head.unshift('// above');
            } else {
              const last = doc.buffer.lineCount - 1;
              await doc.edit({ start: { line: last, character: 0 }, end: { line: last, character: 0 } }, '// below\n');
              tail.push('// below');
            }
          }
          const status = await client.waitForStatus(id, ['done', 'noChanges', 'error', 'broken']);
          const hunkCount = status.hunkCount;
          if (status.state === 'noChanges') {
            expect(doc.text).toBe([...head, ...baseline, ...tail].join('\n') + '\n');
            return;
          }
          expect(status.state).toBe('done');
          // The oracle is the client's own picture: unmarked and red lines are the baseline,
          // unmarked and green lines the proposal, and a verdict keeps one side of one hunk.
          const picture = painted(doc, id);
          const text = (keep: (l: PaintedLine) => boolean) => picture.filter(keep).map((l) => l.text);
          expect(text((l) => l.kind !== 'added')).toEqual([...head, ...baseline, ...tail, '']);
          expect(text((l) => l.kind !== 'removed')).toEqual([...head, ...proposal, ...tail, '']);
          expect(Math.max(-1, ...picture.map((l) => l.hunk)) + 1).toBe(hunkCount);
          // Settle hunks one by one in a random order, addressing each by its first line.
          const remaining = Array.from({ length: hunkCount }, (_, i) => i);
          const accepted = new Set<number>();
          for (let k = 0; k < hunkCount; k++) {
            const pick = remaining.splice((order[k] ?? 0) % remaining.length, 1)[0];
            const current = doc.marks.get(id)!.hunks;
            const index = [...remaining, pick].sort((a, b) => a - b).indexOf(pick);
            const accept = verdicts[k] ?? true;
            if (accept) accepted.add(pick);
            await client.conn.sendRequest(accept ? 'redline/inlineEdit/accept' : 'redline/inlineEdit/reject', { sessionId: id, line: current[index].start });
          }
          await client.waitForStatus(id);
          expect(doc.text).toBe(text((l) => l.kind === 'context' || (l.kind === 'added') === accepted.has(l.hunk)).join('\n'));
          expect(doc.marks.size).toBe(0);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('random user edits anywhere, mid-stream and after: the region follows or breaks cleanly, the mirror never drifts', async () => {
    const edit = fc.record({
      line: fc.integer({ min: 0, max: 30 }),
      kind: fc.constantFrom('type', 'newline', 'deleteLine', 'join'),
      delayMs: fc.integer({ min: 0, max: 15 }),
    });
    await fc.assert(
      fc.asyncProperty(block, block, fc.integer({ min: 1, max: 20 }), fc.array(edit, { maxLength: 5 }), fc.boolean(), async (baseline, proposal, chunkSize, edits, accept) => {
        const doc = await client.openDocument(`file:///q/${++n}.ts`, 'plaintext', ['// head', ...baseline, '// tail'].join('\n') + '\n', { echoRenders: n % 2 === 0 });
        const id = await session(doc, 1, 1 + baseline.length, proposal.join('\n') + '\n', chunkSize, 2);
        for (const e of edits) {
          await new Promise((r) => setTimeout(r, e.delayMs));
          const line = Math.min(e.line, doc.buffer.lineCount - 1);
          const len = doc.buffer.lineAt(line).length;
          if (e.kind === 'type') await doc.edit({ start: { line, character: len }, end: { line, character: len } }, ';');
          else if (e.kind === 'newline') await doc.edit({ start: { line, character: 0 }, end: { line, character: 0 } }, '// mine\n');
          else if (e.kind === 'deleteLine' && line + 1 < doc.buffer.lineCount) await doc.edit({ start: { line, character: 0 }, end: { line: line + 1, character: 0 } }, '');
          else if (e.kind === 'join' && line + 1 < doc.buffer.lineCount) await doc.edit({ start: { line, character: len }, end: { line: line + 1, character: 0 } }, ' ');
        }
        await client.waitForStatus(id, ['done', 'noChanges', 'broken', 'error']);
        // Edits sent before 'done' may still be on their way: let the sidecar catch up.
        await new Promise((r) => setTimeout(r, 30));
        const status = client.statuses.filter((s) => s.sessionId === id).pop()!;
        if (status.state === 'done') {
          // Settling deletes exactly the lines the client sees painted red (or green): proof that
          // the sidecar's mirror and tracked lines match the client's document.
          const drop = new Set<number>();
          for (const run of doc.marks.get(id)!.decorations.runs) {
            if ((run.kind === 'removed') === accept) for (let i = 0; i < run.count; i++) drop.add(run.start + i);
          }
          const expected = doc.text.split('\n').filter((_, i) => !drop.has(i)).join('\n');
          await client.conn.sendRequest(accept ? 'redline/inlineEdit/accept' : 'redline/inlineEdit/reject', { sessionId: id });
          await client.waitForStatus(id);
          expect(doc.text).toBe(expected);
        } else {
          expect(['noChanges', 'broken']).toContain(status.state);
        }
        expect(doc.marks.size).toBe(0);
        // The mirror agrees with the client: a new session at the current version is accepted.
        const first = doc.buffer.lineAt(0);
        const probe = await session(doc, 0, 1, `${first} /*probe*/\n`, 50);
        expect((await client.waitForStatus(probe, ['done', 'noChanges', 'error'])).state).toBe('done');
        await client.conn.sendRequest('redline/inlineEdit/accept', { sessionId: probe });
        await client.waitForStatus(probe);
        expect(doc.text.split('\n')[0]).toBe(`${first} /*probe*/`);
      }),
      { numRuns: 60 },
    );
  });
});
