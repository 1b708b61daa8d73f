/**
 * What the editor's checks of a proposal cost the sidecar, through the packaged executable: an inline
 * edit from its start request to `done`, on a 60-line and a 2,000-line TypeScript file, by a client
 * without checks, with a formatter (redline/formatText) and with a formatter and an analysis
 * (redline/diagnoseText), each answered at once by a double (so the figures are the sidecar's and the
 * protocol's share, not the editor's own formatter), alternating so all see the same machine; beside
 * them the floor: a bare request round trip to the same sidecar. The editor's own share is measured in
 * the real VS Code (vscode-extension/e2e) and reported from its log. Run with `npx tsx bench/editorChecks.bench.ts`.
 */
import { pathToFileURL } from 'node:url';
import type { EditorTools, SidecarClient } from '@redline/client';
import { startModelDouble, type ModelDouble } from '@redline/model-double';
import { braceFormatter } from '../test/harness/formatterDouble.js';
import { packagedSidecar } from '../test/harness/packaged.js';
import { bigTypeScript } from './completion.bench.js';
import { median, percentile, round } from './packaged.js';

const FUNCTION = ['export function total(items) {', '  let sum = 0;', '  for (const item of items) {', '    sum += item.price;', '  }', '  return sum;', '}'];
/** The model's rewrite, two lines indented wrongly (the formatter double puts them right). */
const REPLY = ['export function total(items) {', '  let sum = 0;', '  for (const item of items) {', '  sum += item.price * item.quantity;', '  }', '      return Math.round(sum);', '}'].join('\n');

type Variant = 'no checks' | 'formatter' | 'formatter and analysis';

const TOOLS: Record<Variant, EditorTools> = {
  'no checks': {},
  formatter: { formatText: (params) => ({ text: braceFormatter(params.text) }) },
  'formatter and analysis': { formatText: (params) => ({ text: braceFormatter(params.text) }), diagnoseText: () => ({ problems: { before: [], after: [] } }) },
};

async function sessionMs(client: SidecarClient, model: ModelDouble, text: string, n: number): Promise<number> {
  const doc = await client.openDocument(`file:///bench/checked${n}.ts`, 'typescript', text);
  const start = text.split('\n').indexOf(FUNCTION[0]);
  model.script({ text: REPLY });
  const t0 = performance.now();
  const { sessionId } = await client.conn.sendRequest('redline/inlineEdit/start', {
    textDocument: { uri: doc.uri, version: doc.version },
    range: { start: { line: start, character: 0 }, end: { line: start + FUNCTION.length, character: 0 } },
    instruction: 'multiply by quantity and round',
  });
  await client.waitForStatus(sessionId, ['done']);
  const ms = performance.now() - t0;
  await client.conn.sendRequest('redline/inlineEdit/reject', { sessionId });
  await client.waitForStatus(sessionId);
  await client.conn.sendNotification('textDocument/didClose', { textDocument: { uri: doc.uri } });
  return ms;
}

export async function runEditorChecksBench(runs = 30): Promise<Record<string, number>> {
  const model = await startModelDouble();
  const settings = { provider: 'ollama' as const, endpoint: model.url, model: 'coder', contextBudget: 0 };
  const clients = {} as Record<Variant, SidecarClient>;
  for (const variant of Object.keys(TOOLS) as Variant[]) clients[variant] = await packagedSidecar(settings, undefined, [], TOOLS[variant]);
  const files = {
    '60 lines': [...Array.from({ length: 26 }, (_, i) => `const a${i} = ${i};`), '', ...FUNCTION, '', ...Array.from({ length: 25 }, (_, i) => `const b${i} = ${i};`)].join('\n') + '\n',
    '2,000 lines': [...bigTypeScript(1000).split('\n').slice(0, 1000), '', ...FUNCTION, '', ...bigTypeScript(1000).split('\n').slice(0, 992)].join('\n') + '\n',
  };
  const out: Record<string, number> = {};
  let n = 0;
  for (const [size, text] of Object.entries(files)) {
    const times = { 'no checks': [], formatter: [], 'formatter and analysis': [] } as Record<Variant, number[]>;
    // Warm-up: the first session of a process parses its grammar.
    for (const variant of Object.keys(TOOLS) as Variant[]) await sessionMs(clients[variant], model, text, n++);
    for (let i = 0; i < runs; i++) for (const variant of Object.keys(TOOLS) as Variant[]) times[variant].push(await sessionMs(clients[variant], model, text, n++));
    for (const variant of Object.keys(TOOLS) as Variant[]) {
      const sorted = [...times[variant]].sort((a, b) => a - b);
      out[`${size}: start → done, ${variant}, p50 ms`] = round(median(sorted));
      out[`${size}: start → done, ${variant}, p90 ms`] = round(percentile(sorted, 90));
    }
  }
  // The floor: one request round trip to the same packaged sidecar (a cancel of no session, answered with an error).
  const bare: number[] = [];
  for (let i = 0; i < runs * 5; i++) {
    const t0 = performance.now();
    await clients['no checks'].conn.sendRequest('redline/inlineEdit/cancel', { sessionId: 'none' }).catch(() => undefined);
    bare.push(performance.now() - t0);
  }
  out['floor: a bare request round trip, p50 ms'] = round(median(bare));
  for (const client of Object.values(clients)) await client.close();
  await model.close();
  return out;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) console.table(await runEditorChecksBench());
