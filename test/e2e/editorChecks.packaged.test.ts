/**
 * The editor's own checks of a proposal (redline/formatText, redline/diagnoseText), through the
 * packaged executable with a client double: a formatter that re-indents by braces and an analyzer
 * that reports calls of undeclared functions, both over the in-memory copies the sidecar sends.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CancellationToken } from 'vscode-jsonrpc/node.js';
import type { CopyProblem, DiagnoseTextParams, DiagnoseTextResult, FormatTextParams, FormatTextResult, RedlineSettingsPatch } from '@redline/shared-protocol';
import type { RenderedDocument, SidecarClient } from '@redline/client';
import { startModelDouble, type ModelDouble } from '@redline/model-double';
import { braceFormatter } from '../harness/formatterDouble.js';
import { packagedSidecar } from '../harness/packaged.js';

const ORIGINAL = [
  'import { db } from "./db";',
  '',
  'function applyDiscounts(sum) {',
  '  return sum * 0.9;',
  '}',
  '',
  'export function total(items) {',
  // The user's own line, indented as no formatter would leave it: it must stay so.
  '   let sum = 0;',
  '  for (const item of items) {',
  '    sum += item.price;',
  '  }',
  '  legacy();',
  '  return sum;',
  '}',
  '',
].join('\n');

/** The model's rewrite of lines 6-13, two of its lines indented wrongly. */
const BADLY_INDENTED = ['export function total(items) {', '   let sum = 0;', '  for (const item of items) {', '  sum += item.price * item.quantity;', '  }', '  legacy();', '      return Math.round(sum);', '}'].join('\n');

const FORMATTED = ORIGINAL.replace('    sum += item.price;', '    sum += item.price * item.quantity;').replace('  return sum;', '  return Math.round(sum);');
const AS_WRITTEN = ORIGINAL.replace('    sum += item.price;', '  sum += item.price * item.quantity;').replace('  return sum;', '      return Math.round(sum);');

const KEYWORDS = new Set(['if', 'for', 'while', 'switch', 'catch', 'function', 'return']);

/** "Cannot find name" for each call of a function the text does not declare, as a compiler reports it. */
function undeclaredCalls(text: string): CopyProblem[] {
  const declared = new Set([...text.matchAll(/function (\w+)|import \{ (\w+) \}/g)].map((m) => m[1] ?? m[2]));
  return text.split('\n').flatMap((line, row) =>
    [...line.matchAll(/(?<![.\w])(\w+)\(/g)]
      .filter((m) => !declared.has(m[1]) && !KEYWORDS.has(m[1]) && !line.includes(`function ${m[1]}(`))
      .map((m) => {
        const range = { start: { line: row, character: m.index! }, end: { line: row, character: m.index! + m[1].length } };
        const near = [...declared].find((d) => d.startsWith(m[1]));
        return {
          range,
          severity: 1 as const,
          source: 'ts',
          code: 2304,
          message: `Cannot find name '${m[1]}'.`,
          ...(near ? { fixes: [{ title: `Change spelling to '${near}'`, edits: [{ range, newText: near }] }] } : {}),
        };
      }),
  );
}

type Format = (params: FormatTextParams, token: CancellationToken) => FormatTextResult | Promise<FormatTextResult>;
type Diagnose = (params: DiagnoseTextParams, token: CancellationToken) => DiagnoseTextResult | Promise<DiagnoseTextResult>;

describe("the editor's checks of a proposal (packaged executable, client double)", () => {
  let model: ModelDouble;
  let client: SidecarClient;
  let counter = 0;
  const asked: { format: FormatTextParams[]; diagnose: DiagnoseTextParams[] } = { format: [], diagnose: [] };
  let format: Format = (params) => ({ text: braceFormatter(params.text) });
  let diagnose: Diagnose = () => ({ reason: 'off in this test' });

  beforeAll(async () => {
    model = await startModelDouble();
    client = await packagedSidecar({ provider: 'ollama', endpoint: model.url, model: 'coder', requestTimeoutMs: 5000 }, undefined, [], {
      formatText: (params, token) => (asked.format.push(params), format(params, token)),
      diagnoseText: (params, token) => (asked.diagnose.push(params), diagnose(params, token)),
    });
  });
  afterAll(async () => {
    await client?.close();
    await model?.close();
  });

  async function propose(reply: string, text = ORIGINAL): Promise<{ doc: RenderedDocument; id: string }> {
    const doc = await client.openDocument(`file:///project/src/checked${++counter}.ts`, 'typescript', text);
    model.script({ text: reply, chunkSize: 9 });
    const range = { start: { line: 6, character: 0 }, end: { line: 14, character: 0 } };
    const { sessionId } = await client.conn.sendRequest('redline/inlineEdit/start', { textDocument: { uri: doc.uri, version: doc.version }, range, instruction: 'multiply by quantity and round' });
    expect((await client.waitForStatus(sessionId, ['done', 'error', 'noChanges'])).state).toBe('done');
    return { doc, id: sessionId };
  }

  const green = (doc: RenderedDocument, id: string) =>
    doc.marks.get(id)!.decorations.runs.filter((r) => r.kind === 'added').flatMap((r) => Array.from({ length: r.count }, (_, i) => doc.buffer.lineAt(r.start + i)));

  async function accept(doc: RenderedDocument, id: string): Promise<string> {
    await client.conn.sendRequest('redline/inlineEdit/accept', { sessionId: id });
    await client.waitForStatus(id);
    return doc.text;
  }

  const logsSince = (from: number) => client.logs.slice(from).map((l) => l.message);

  async function settings(patch: RedlineSettingsPatch): Promise<void> {
    await client.conn.sendNotification('workspace/didChangeConfiguration', { settings: { redline: patch } });
  }

  it("formats only the proposal's lines: its badly indented lines arrive formatted, the user's own line stays, and accept is one undo step", async () => {
    const before = asked.format.length;
    const { doc, id } = await propose(BADLY_INDENTED);
    expect(green(doc, id)).toEqual(['    sum += item.price * item.quantity;', '  return Math.round(sum);']);
    const request = asked.format[before];
    expect(asked.format).toHaveLength(before + 1);
    // The copy is the whole document as the model wrote it; the ranges are its two changed lines.
    expect(request).toMatchObject({ uri: doc.uri, languageId: 'typescript', text: AS_WRITTEN });
    expect(request.ranges.map((r) => [r.start.line, r.end.line])).toEqual([
      [9, 9],
      [12, 12],
    ]);
    expect(request.budgetMs).toBeGreaterThan(0);
    expect(request.budgetMs).toBeLessThanOrEqual(2500);
    expect(await accept(doc, id)).toBe(FORMATTED);
    const group = doc.undoLog.filter((e) => e.group === id);
    expect([group.filter((e) => e.open).length, group.filter((e) => e.close).length]).toEqual([1, 1]);
  });

  it('shows the proposal as written, with one log line, when the formatter does not answer within the budget (and cancels the request)', async () => {
    let cancelled = false;
    format = (_params, token) =>
      new Promise<FormatTextResult>((resolve) =>
        token.onCancellationRequested(() => {
          cancelled = true;
          resolve({ reason: 'cancelled' });
        }),
      );
    try {
      const logs = client.logs.length;
      const started = performance.now();
      const { doc, id } = await propose(BADLY_INDENTED);
      expect(performance.now() - started).toBeGreaterThanOrEqual(2400);
      expect(green(doc, id)).toEqual(['  sum += item.price * item.quantity;', '      return Math.round(sum);']);
      expect(logsSince(logs).filter((m) => m.includes('not formatted'))).toEqual([expect.stringMatching(/no answer within \d+ ms/)]);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(cancelled).toBe(true);
      expect(await accept(doc, id)).toBe(AS_WRITTEN);
    } finally {
      format = (params) => ({ text: braceFormatter(params.text) });
    }
  });

  it('shows the proposal as written, with one log line, when the formatter fails or has nothing for the language', async () => {
    for (const [failing, why] of [
      [() => Promise.reject(new Error('the formatter crashed: Unexpected token (3:5)')), /the editor failed: .*Unexpected token/],
      [() => ({ reason: 'no formatter for typescript' }), /not formatted: no formatter for typescript/],
    ] as const) {
      format = failing;
      try {
        const logs = client.logs.length;
        const { doc, id } = await propose(BADLY_INDENTED);
        expect(green(doc, id)).toEqual(['  sum += item.price * item.quantity;', '      return Math.round(sum);']);
        expect(logsSince(logs).filter((m) => m.includes('not formatted'))).toEqual([expect.stringMatching(why)]);
        expect(await accept(doc, id)).toBe(AS_WRITTEN);
      } finally {
        format = (params) => ({ text: braceFormatter(params.text) });
      }
    }
  });

  it('formats a located proposal too (SEARCH/REPLACE, file scope): only its replaced lines', async () => {
    const before = asked.format.length;
    const name = `src/checked${++counter}.ts`;
    const doc = await client.openDocument(`file:///project/${name}`, 'typescript', ORIGINAL);
    const reply = [name, '<<<<<<< SEARCH', '    sum += item.price;', '=======', 'sum += item.price * item.quantity;', '>>>>>>> REPLACE', ''].join('\n');
    model.script({ text: reply });
    const range = { start: { line: 6, character: 0 }, end: { line: 14, character: 0 } };
    const { sessionId: id } = await client.conn.sendRequest('redline/inlineEdit/start', { textDocument: { uri: doc.uri, version: doc.version }, range, instruction: 'multiply by quantity', scope: 'file', editFormat: 'searchReplace' });
    expect((await client.waitForStatus(id, ['done', 'error', 'noChanges'])).state).toBe('done');
    expect(asked.format).toHaveLength(before + 1);
    expect(green(doc, id)).toEqual(['    sum += item.price * item.quantity;']);
    expect(await accept(doc, id)).toBe(ORIGINAL.replace('    sum += item.price;', '    sum += item.price * item.quantity;'));
  });

  it('asks no formatter with formatProposals off', async () => {
    await settings({ formatProposals: false });
    try {
      const before = asked.format.length;
      const { doc, id } = await propose(BADLY_INDENTED);
      expect(asked.format).toHaveLength(before);
      expect(await accept(doc, id)).toBe(AS_WRITTEN);
    } finally {
      await settings({ formatProposals: true });
    }
  });

  it("adds the problems the editor finds on the proposal's lines that the original did not have, with the editor's fix at the document's line", async () => {
    diagnose = (params) => ({ problems: { before: undeclaredCalls(params.before), after: undeclaredCalls(params.after) } });
    try {
      const reply = BADLY_INDENTED.replace('      return Math.round(sum);', '  return applyDiscount(Math.round(sum));');
      const before = asked.diagnose.length;
      const { doc, id } = await propose(reply);
      // The analysed copy is the formatted one.
      expect(asked.diagnose[before].after).toContain('\n    sum += item.price * item.quantity;\n');
      const status = client.statuses.filter((s) => s.sessionId === id && s.state === 'done').pop()!;
      // `legacy()` was there before: not the proposal's problem. `applyDiscount` is said once, in the editor's words.
      const line = doc.text.split('\n').indexOf('  return applyDiscount(Math.round(sum));');
      expect(status.warnings).toEqual([
        {
          kind: 'editorProblem',
          message: "New problem (ts 2304): Cannot find name 'applyDiscount'.",
          line,
          fix: { title: "Change spelling to 'applyDiscounts'", edits: [{ range: { start: { line, character: 9 }, end: { line, character: 22 } }, newText: 'applyDiscounts' }] },
        },
      ]);
      expect(await accept(doc, id)).toBe(FORMATTED.replace('  return Math.round(sum);', '  return applyDiscount(Math.round(sum));'));
    } finally {
      diagnose = () => ({ reason: 'off in this test' });
    }
  });
});
