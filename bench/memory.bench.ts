/**
 * Memory of the packaged sidecar after real work: 300 inline completions spread over a TypeScript, a
 * Python and a Kotlin file (each keystroke a new document version, each completion parsed for the
 * multiline decision), against the model double. Compared with the floor executable's idle RSS in
 * the same run. Run with `npx tsx bench/memory.bench.ts` after `npm run build`.
 */
import { pathToFileURL } from 'node:url';
import { PACKAGED_SIDECAR } from '../test/harness/packaged.js';
import { startModelDouble } from '@redline/model-double';
import { floorExecutable, pause, round, rssMb, startPackaged } from './packaged.js';

const COMPLETIONS = 300;
const LINES = 400;

function source(languageId: string): string {
  const line = (i: number) =>
    ({
      typescript: `export function step${i}(input: number[]): number { return input.reduce((a, b) => a + b * ${i}, 0); }`,
      python: `def step${i}(values):\n    return sum(v * ${i} for v in values)`,
      kotlin: `fun step${i}(values: List<Int>): Int = values.sumOf { it * ${i} }`,
    })[languageId];
  return Array.from({ length: LINES }, (_, i) => line(i)).join('\n') + '\n';
}

export async function runMemoryBench(): Promise<Record<string, number>> {
  const model = await startModelDouble();
  model.setDefault({ text: 'value = 1\n    total = value + 2\n    return total\n', chunkSize: 16 });
  const floor = await startPackaged(floorExecutable());
  await pause(1500);
  const floorIdle = rssMb(floor.child.pid!);
  floor.close();

  const sidecar = await startPackaged(PACKAGED_SIDECAR, { provider: 'ollama', endpoint: model.url, completionModel: 'qwen2.5-coder:1.5b', debounceWait: 0 });
  await sidecar.conn.sendNotification('initialized', {});
  const docs = ['typescript', 'python', 'kotlin'].map((languageId) => ({ uri: `file:///bench/mem.${languageId}`, languageId, version: 1, text: source(languageId) }));
  for (const doc of docs) await sidecar.conn.sendNotification('textDocument/didOpen', { textDocument: doc });
  await pause(1500);
  const idle = rssMb(sidecar.child.pid!);
  let peak = idle;
  for (let i = 0; i < COMPLETIONS; i++) {
    const doc = docs[i % docs.length];
    const line = (i * 7) % LINES;
    doc.version++;
    await sidecar.conn.sendNotification('textDocument/didChange', {
      textDocument: { uri: doc.uri, version: doc.version },
      contentChanges: [{ range: { start: { line, character: 0 }, end: { line, character: 0 } }, text: ' ' }],
    });
    await sidecar.conn.sendRequest('textDocument/inlineCompletion', { textDocument: { uri: doc.uri }, position: { line, character: 1 }, context: { triggerKind: 1 } });
    if (i % 50 === 49) peak = Math.max(peak, rssMb(sidecar.child.pid!));
  }
  await pause(1500);
  const after = rssMb(sidecar.child.pid!);
  const requests = model.requests.length;
  sidecar.close();
  await model.close();
  return {
    'floor (bare SEA) idle RSS MB': floorIdle,
    'sidecar idle RSS, 3 documents open MB': idle,
    [`sidecar RSS after ${COMPLETIONS} completions (TS, Python, Kotlin) MB`]: after,
    'sidecar RSS peak seen during the run MB': round(Math.max(peak, after)),
    'model requests made': requests,
    'after ÷ floor idle': round(after / floorIdle),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) console.table(await runMemoryBench());
