/**
 * Inline edits beyond the selection, in every edit format, through a client that keeps its own copy
 * of the document: the file scope adding an import, refused and ambiguous edits, a schema-invalid
 * structured reply, a reply relocated after the user typed, a new syntax error flagged, and the
 * structured-output schema reaching the server in both wire formats. The same scenarios run against
 * the in-process server and the packaged executable.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes, type EditFormatChoice, type EditScope, type InlineEditStartResult, type SessionStatusParams } from '@redline/shared-protocol';
import type { RenderedDocument, SidecarClient } from '@redline/client';
import { startModelDouble, type ModelDouble, type Reply } from '@redline/model-double';
import { EDIT_SCHEMA } from '../../sidecar/src/edit/formats/editSchema.js';
import type { SidecarFactory } from './inlineEditScenarios.js';

const FILE = [
  'import { authService } from "@/services/authService";',
  'import { returnService } from "@/services/returnService";',
  '',
  'async function createReturn(request: ReturnRequest) {',
  '    const userId = await authService.requireUserId();',
  '',
  '    return await returnService.submit({',
  '        orderId: request.orderId,',
  '        reason: request.reason,',
  '        requestedBy: userId,',
  '    });',
  '}',
  '',
].join('\n');

/** The function's lines: what the user selects. */
const FUNCTION = { start: { line: 3, character: 0 }, end: { line: 12, character: 0 } };

const IMPORT_OLD = 'import { returnService } from "@/services/returnService";';
const IMPORT_NEW = IMPORT_OLD + '\nimport { returnPolicy } from "@/returns/returnPolicy";';
const CHECK_OLD = '    return await returnService.submit({';
const CHECK_NEW = '    await returnPolicy.assertCanReturn({\n        orderId: request.orderId,\n        requestedBy: userId,\n    });\n\n    return await returnService.submit({';
const EXPECTED = FILE.replace(IMPORT_OLD, IMPORT_NEW).replace(CHECK_OLD, CHECK_NEW);

function block(search: string, replace: string, path = 'src/returns/createReturn.ts'): string {
  return `${path}\n<<<<<<< SEARCH\n${search}\n=======\n${replace}\n>>>>>>> REPLACE\n`;
}

const SEARCH_REPLACE_REPLY = 'Here are the changes:\n\n' + block(IMPORT_OLD, IMPORT_NEW) + '\n' + block(CHECK_OLD, CHECK_NEW);
const STRUCTURED_REPLY = JSON.stringify({
  files: [
    {
      path: 'src/returns/createReturn.ts',
      edits: [
        { oldText: IMPORT_OLD, newText: IMPORT_NEW },
        { oldText: CHECK_OLD, newText: CHECK_NEW },
      ],
    },
  ],
});

export function editPipelineScenarios(name: string, factory: SidecarFactory): void {
  describe(name, () => {
    let model: ModelDouble;
    let client: SidecarClient;
    let counter = 0;

    beforeAll(async () => {
      model = await startModelDouble();
      client = await factory({ provider: 'ollama', endpoint: model.url, model: 'coder', requestTimeoutMs: 3000 });
    });
    afterAll(async () => {
      await client?.close();
      await model?.close();
    });

    async function open(text = FILE, languageId = 'typescript'): Promise<RenderedDocument> {
      return client.openDocument(`file:///work${++counter}/src/returns/createReturn.ts`, languageId, text);
    }

    async function start(doc: RenderedDocument, reply: Reply, options: { scope?: EditScope; editFormat?: EditFormatChoice; range?: typeof FUNCTION } = {}): Promise<InlineEditStartResult> {
      model.script(reply);
      return client.conn.sendRequest('redline/inlineEdit/start', {
        textDocument: { uri: doc.uri, version: doc.version },
        range: options.range ?? FUNCTION,
        instruction: 'check that the return is allowed before submitting',
        ...(options.scope ? { scope: options.scope } : {}),
        ...(options.editFormat ? { editFormat: options.editFormat } : {}),
      });
    }

    const done = (id: string) => client.waitForStatus(id, ['done', 'noChanges', 'error', 'broken', 'cancelled']);

    async function settleAll(id: string, accept: boolean): Promise<SessionStatusParams> {
      await client.conn.sendRequest(accept ? 'redline/inlineEdit/accept' : 'redline/inlineEdit/reject', { sessionId: id });
      return client.waitForStatus(id);
    }

    function expectOneUndoStep(doc: RenderedDocument, id: string) {
      const events = doc.undoLog.filter((e) => e.group === id);
      expect(events.filter((e) => e.open)).toHaveLength(1);
      expect(events.filter((e) => e.close)).toHaveLength(1);
      expect(events.at(-1)!.close).toBe(true);
      expect(doc.marks.size).toBe(0);
    }

    for (const [format, reply] of [
      ['searchReplace', SEARCH_REPLACE_REPLY],
      ['structured', STRUCTURED_REPLY],
    ] as const) {
      it(`file scope, ${format}: the import the new code needs is added outside the selection, one session, two hunks, one undo step`, async () => {
        const doc = await open();
        const started = await start(doc, { text: reply, chunkSize: 9 }, { scope: 'file', editFormat: format });
        expect(started).toMatchObject({ scope: 'file', editFormat: format, reEdit: false });
        const status = await done(started.sessionId);
        expect(status).toMatchObject({ state: 'done', hunkCount: 2 });
        expect(status.warnings).toBeUndefined();
        const hunks = doc.marks.get(started.sessionId)!.hunks;
        expect(hunks[0].start).toBeLessThan(FUNCTION.start.line);
        expect(await settleAll(started.sessionId, true)).toMatchObject({ state: 'accepted' });
        expect(doc.text).toBe(EXPECTED);
        expectOneUndoStep(doc, started.sessionId);
      });
    }

    it('file scope: each hunk is accepted or rejected on its own', async () => {
      const doc = await open();
      const { sessionId } = await start(doc, { text: SEARCH_REPLACE_REPLY }, { scope: 'file', editFormat: 'searchReplace' });
      await done(sessionId);
      const [importHunk] = doc.marks.get(sessionId)!.hunks;
      expect((await client.conn.sendRequest('redline/inlineEdit/accept', { sessionId, line: importHunk.start })).remainingHunks).toBe(1);
      expect(await settleAll(sessionId, false)).toMatchObject({ state: 'rejected' });
      expect(doc.text).toBe(FILE.replace(IMPORT_OLD, IMPORT_NEW));
      expectOneUndoStep(doc, sessionId);
    });

    it('structured output: the schema reaches the server as Ollama format and as OpenAI response_format', async () => {
      const doc = await open();
      const { sessionId } = await start(doc, { text: STRUCTURED_REPLY }, { scope: 'file', editFormat: 'structured' });
      await done(sessionId);
      expect(model.requests.at(-1)!.path).toBe('/api/chat');
      expect(model.requests.at(-1)!.schema).toEqual(EDIT_SCHEMA);
      // The schema and the token limit travel together; a file-scope edit may restate the whole
      // file, so the limit is twice the file's estimated tokens (2.5 characters each) plus 1,024.
      const limit = (model.requests.at(-1)!.body as { options: { num_predict: number } }).options.num_predict;
      expect(limit).toBeGreaterThanOrEqual(2 * Math.ceil((FILE.length - 1) / 2.5) + 1024);
      expect(limit).toBeLessThanOrEqual(2 * Math.ceil(FILE.length / 2.5) + 1024);
      await settleAll(sessionId, false);

      await client.conn.sendNotification('workspace/didChangeConfiguration', { settings: { redline: { provider: 'openai' } } });
      try {
        const again = await start(doc, { text: STRUCTURED_REPLY }, { scope: 'file', editFormat: 'structured' });
        expect((await done(again.sessionId)).state).toBe('done');
        const sent = model.requests.at(-1)!;
        expect(sent.path).toBe('/v1/chat/completions');
        expect(sent.schema).toEqual(EDIT_SCHEMA);
        expect((sent.body as { response_format: unknown }).response_format).toMatchObject({ type: 'json_schema', json_schema: { name: 'code_edits', strict: true } });
        expect((sent.body as { max_tokens: number }).max_tokens).toBe(limit);
        await settleAll(again.sessionId, true);
        expect(doc.text).toBe(EXPECTED);
      } finally {
        await client.conn.sendNotification('workspace/didChangeConfiguration', { settings: { redline: { provider: 'ollama' } } });
      }
      // No other format asks for a schema.
      const plain = await start(doc, { text: 'x();\n' }, { range: { start: { line: 0, character: 0 }, end: { line: 1, character: 0 } } });
      await done(plain.sessionId);
      expect(model.requests.at(-1)!.schema).toBeUndefined();
      await settleAll(plain.sessionId, false);
    });

    it('structured output: each edit is shown once complete, before the reply ends', async () => {
      const doc = await open();
      const { sessionId } = await start(doc, { text: STRUCTURED_REPLY, chunkSize: 6, delayMs: 4 }, { scope: 'file', editFormat: 'structured' });
      let sawFirstAlone = false;
      while (!client.statuses.some((s) => s.sessionId === sessionId && s.state === 'done')) {
        const hunks = doc.marks.get(sessionId)?.hunks ?? [];
        if (hunks.length === 1 && doc.text.includes('import { returnPolicy }')) sawFirstAlone = true;
        await new Promise((r) => setTimeout(r, 2));
      }
      expect(sawFirstAlone).toBe(true);
      await settleAll(sessionId, true);
      expect(doc.text).toBe(EXPECTED);
    });

    it('a schema-invalid structured reply is refused whole: an error status, the document as it was', async () => {
      const doc = await open();
      const invalid = JSON.stringify({ files: [{ path: 'src/returns/createReturn.ts', edits: [{ oldText: IMPORT_OLD, newText: IMPORT_NEW, note: 'added' }] }] });
      const { sessionId } = await start(doc, { text: invalid }, { scope: 'file', editFormat: 'structured' });
      const status = await client.waitForStatus(sessionId);
      expect(status.state).toBe('error');
      expect(status.message).toMatch(/does not follow the edit schema.*additional properties.*note/);
      expect(doc.text).toBe(FILE);
      expect(doc.marks.size).toBe(0);
    });

    it('selection scope: an edit outside the selection is refused and reported, the one inside applied', async () => {
      const doc = await open();
      const { sessionId, scope } = await start(doc, { text: SEARCH_REPLACE_REPLY }, { scope: 'selection', editFormat: 'searchReplace' });
      expect(scope).toBe('selection');
      const status = await done(sessionId);
      expect(status).toMatchObject({ state: 'done', hunkCount: 1 });
      // The import was refused, so the check the proposal uses is flagged: nothing declares or imports returnPolicy.
      expect(status.warnings).toEqual([expect.objectContaining({ kind: 'outOfScope', line: 1 }), { kind: 'unknownName', message: '`returnPolicy` is not defined or imported.', line: 6, range: { start: { line: 6, character: 10 }, end: { line: 6, character: 22 } } }]);
      await settleAll(sessionId, true);
      expect(doc.text).toBe(FILE.replace(CHECK_OLD, CHECK_NEW));
    });

    it('file scope: an edit of another file is refused', async () => {
      const doc = await open();
      const reply = block(CHECK_OLD, CHECK_NEW) + block('export const a = 1;', 'export const a = 2;', 'src/other.ts');
      const { sessionId } = await start(doc, { text: reply }, { scope: 'file', editFormat: 'searchReplace' });
      const status = await done(sessionId);
      expect(status.warnings).toEqual([
        expect.objectContaining({ kind: 'outOfScope', message: expect.stringMatching(/another file \(src\/other\.ts\)/), line: null }),
        { kind: 'unknownName', message: '`returnPolicy` is not defined or imported.', line: 6, range: { start: { line: 6, character: 10 }, end: { line: 6, character: 22 } } },
      ]);
      await settleAll(sessionId, true);
      expect(doc.text).toBe(FILE.replace(CHECK_OLD, CHECK_NEW));
    });

    it('an ambiguous or missing SEARCH is a clear error for its block; the other block still applies', async () => {
      const doc = await open();
      const reply = block('', 'x') + block('    });', '    }).then(log);') + block('const missing = 1;', 'const missing = 2;') + block(IMPORT_OLD, IMPORT_NEW);
      // "    });" occurs once in FILE: make it twice.
      const text = FILE.replace('}\n', '}\n\nfunction other() {\n    call({\n    });\n}\n');
      const opened = await open(text);
      const { sessionId } = await start(opened, { text: reply }, { scope: 'file', editFormat: 'searchReplace' });
      const status = await done(sessionId);
      expect(status.warnings?.map((w) => w.kind)).toEqual(['notFound', 'ambiguous', 'notFound']);
      expect(status.warnings?.[1].message).toMatch(/occur 2 times/);
      await settleAll(sessionId, true);
      expect(opened.text).toBe(text.replace(IMPORT_OLD, IMPORT_NEW));
      void doc;
    });

    it('stale version: lines the user adds above while the reply streams move the edits with them', async () => {
      const doc = await open();
      const { sessionId } = await start(doc, { text: SEARCH_REPLACE_REPLY, chunkSize: 5, delayMs: 6 }, { scope: 'file', editFormat: 'searchReplace' });
      await client.waitForStatus(sessionId, ['streaming']);
      await doc.edit({ start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, '// header\n');
      // Between the two far-apart hunks, while the reply streams: typing a line keeps the session.
      const line = doc.text.split('\n').indexOf('    const userId = await authService.requireUserId();');
      await doc.edit({ start: { line, character: 0 }, end: { line, character: 0 } }, '    audit();\n');
      expect((await done(sessionId)).state).toBe('done');
      await settleAll(sessionId, true);
      expect(doc.text).toBe('// header\n' + EXPECTED.replace('    const userId', '    audit();\n    const userId'));
      expectOneUndoStep(doc, sessionId);
    });

    it('stale version: an edit whose lines the user changed meanwhile is refused, never applied blindly', async () => {
      const doc = await open();
      const reply = block(IMPORT_OLD, IMPORT_NEW) + ' '.repeat(200) + '\n' + block(CHECK_OLD, CHECK_NEW);
      const { sessionId } = await start(doc, { text: reply, chunkSize: 4, delayMs: 3 }, { scope: 'file', editFormat: 'searchReplace' });
      await client.waitForStatus(sessionId, ['streaming']);
      const line = doc.text.split('\n').indexOf(CHECK_OLD);
      await doc.edit({ start: { line, character: 4 }, end: { line, character: 10 } }, 'const r =');
      const status = await done(sessionId);
      expect(status.warnings?.map((w) => w.kind)).toEqual(['stale']);
      await settleAll(sessionId, true);
      expect(doc.text).toBe(FILE.replace(IMPORT_OLD, IMPORT_NEW).replace(CHECK_OLD, '    const r = await returnService.submit({'));
    });

    it('a proposal that adds a syntax error is flagged next to it; the user still decides', async () => {
      const doc = await open();
      const reply = block('        requestedBy: userId,', '        requestedBy: userId +,');
      const { sessionId } = await start(doc, { text: reply }, { scope: 'file', editFormat: 'searchReplace' });
      const status = await done(sessionId);
      expect(status.state).toBe('done');
      expect(status.warnings).toEqual([expect.objectContaining({ kind: 'syntax' })]);
      const flagged = status.warnings![0].line!;
      expect(doc.text.split('\n')[flagged]).toBe('        requestedBy: userId +,');
      await settleAll(sessionId, false);
      expect(doc.text).toBe(FILE);
    });

    it('the whole proposal is checked before its final render: the warning is there when the picture becomes final', async () => {
      const doc = await open();
      const broken = '        requestedBy: userId +,';
      // A whole-file hunk shows once three unchanged lines follow it: this one, two lines from the
      // end, only with the final render.
      const reply = FILE.replace('        requestedBy: userId,', broken);
      const textAtWarning: string[] = [];
      client.onStatus((s) => {
        if (s.uri === doc.uri && textAtWarning.length === 0 && s.warnings?.some((w) => w.kind === 'syntax')) textAtWarning.push(doc.text);
      });
      const { sessionId } = await start(doc, { text: reply, chunkSize: 16 }, { scope: 'file', editFormat: 'wholeFile' });
      const status = await done(sessionId);
      expect(status.state).toBe('done');
      expect(status.warnings).toEqual([expect.objectContaining({ kind: 'syntax' })]);
      expect(textAtWarning).toHaveLength(1);
      expect(textAtWarning[0]).not.toContain(broken);
      // Its line is where the final render put the flagged line.
      expect(doc.text.split('\n')[status.warnings![0].line!]).toBe(broken);
      await settleAll(sessionId, false);
      expect(doc.text).toBe(FILE);
    });

    it('auto: a small file in the file scope is rewritten whole; a large deletion outside the selection is flagged', async () => {
      const helpers = Array.from({ length: 14 }, (_, i) => `export const helper${i} = ${i};`).join('\n');
      const text = FILE + helpers + '\n';
      const doc = await open(text);
      const { sessionId, editFormat } = await start(doc, { text: '```ts\n' + EXPECTED + '```' }, { scope: 'file' });
      expect(editFormat).toBe('wholeFile');
      const status = await done(sessionId);
      expect(status.state).toBe('done');
      expect(status.warnings).toEqual([expect.objectContaining({ kind: 'largeDeletion', message: expect.stringMatching(/removes 1[45] lines outside the selection/) })]);
      expect(doc.text.split('\n').slice(status.warnings![0].line!, status.warnings![0].line! + 2)).toContain('export const helper0 = 0;');
      await settleAll(sessionId, true);
      expect(doc.text).toBe(EXPECTED);
    });

    it('whole file: hunks show as the reply passes them, and the user may add lines anywhere meanwhile', async () => {
      const doc = await open();
      const { sessionId, editFormat } = await start(doc, { text: EXPECTED, chunkSize: 4, delayMs: 4 }, { scope: 'file' });
      expect(editFormat).toBe('wholeFile');
      // The import hunk shows before the reply ends.
      while (!doc.text.includes('import { returnPolicy }')) await new Promise((r) => setTimeout(r, 2));
      expect(client.statuses.some((s) => s.sessionId === sessionId && s.state === 'done')).toBe(false);
      const line = doc.text.split('\n').indexOf('    const userId = await authService.requireUserId();');
      await doc.edit({ start: { line, character: 0 }, end: { line, character: 0 } }, '    audit();\n');
      expect((await done(sessionId)).state).toBe('done');
      await settleAll(sessionId, true);
      expect(doc.text).toBe(EXPECTED.replace('    const userId', '    audit();\n    const userId'));
      expectOneUndoStep(doc, sessionId);
    });

    it('re-edits a pending file-scope proposal: the model sees it applied, the diff stays against the original', async () => {
      const doc = await open();
      const first = await start(doc, { text: SEARCH_REPLACE_REPLY }, { scope: 'file', editFormat: 'searchReplace' });
      await done(first.sessionId);
      const policy = 'import { returnPolicy } from "@/returns/returnPolicy";';
      const asked = model.requests.length;
      const again = await start(doc, { text: block(policy, policy.replace('returnPolicy }', 'returnPolicy, ReturnDenied }')) }, { range: { start: { line: 0, character: 0 }, end: { line: 1, character: 0 } } });
      expect(again).toMatchObject({ sessionId: first.sessionId, reEdit: true, scope: 'file', editFormat: 'searchReplace' });
      // The start is answered before the model request is on its way.
      await model.waitForRequests(asked + 1);
      expect(JSON.stringify(model.requests.at(-1)!.body)).toContain(policy.replace(/"/g, '\\"'));
      const status = await client.waitForStatus(first.sessionId, ['done']).then(() => new Promise<SessionStatusParams>((resolve) => {
        const check = () => {
          const last = client.statuses.filter((st) => st.sessionId === first.sessionId).at(-1)!;
          if (last.state === 'done' && doc.text.includes('ReturnDenied')) resolve(last);
          else setTimeout(check, 5);
        };
        check();
      }));
      expect(status.hunkCount).toBe(2);
      await settleAll(first.sessionId, true);
      expect(doc.text).toBe(EXPECTED.replace('returnPolicy } from', 'returnPolicy, ReturnDenied } from'));
      expectOneUndoStep(doc, first.sessionId);
    });

    it('applies a chat snippet with elisions: the code they stand for stays, no placeholder reaches the file', async () => {
      const doc = await open();
      const snippet = [
        'async function createReturn(request: ReturnRequest) {',
        '    // ... existing code ...',
        '    await returnPolicy.assertCanReturn({ orderId: request.orderId, requestedBy: userId });',
        '',
        '    return await returnService.submit({',
        '        // ... existing code ...',
        '    });',
        '}',
      ].join('\n');
      const caret = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
      const { sessionId } = await client.conn.sendRequest('redline/snippet/apply', { textDocument: { uri: doc.uri, version: doc.version }, snippet, selection: caret });
      await done(sessionId);
      await settleAll(sessionId, true);
      expect(doc.text).toBe(FILE.replace(CHECK_OLD, '    await returnPolicy.assertCanReturn({ orderId: request.orderId, requestedBy: userId });\n\n' + CHECK_OLD));
      await expect(
        client.conn.sendRequest('redline/snippet/apply', { textDocument: { uri: doc.uri, version: doc.version }, snippet: '    });\n// ...\nfunction extra() {}', selection: caret }),
      ).rejects.toMatchObject({ code: ErrorCodes.SnippetNotPlaced, message: expect.stringMatching(/not applied: /) });
      expect(doc.marks.size).toBe(0);
    });
  });
}
