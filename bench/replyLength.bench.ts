/**
 * Streaming cost against reply length: an inline edit of a 5-line selection whose reply is 5 to
 * 200 KB of code, streamed from the model double without delays (8-character chunks) into the
 * packaged sidecar, timed from the start request to `done`, the accepted text checked against the
 * reply. The floor beside it: the same reply streamed by the model double and read by a bare HTTP
 * client (no sidecar), linear in length; streaming is linear when the ratio to it stays flat.
 * Needs `npm run build` first. Run with `npx tsx bench/replyLength.bench.ts`; asserts nothing.
 */
import { pathToFileURL } from 'node:url';
import { startModelDouble } from '@redline/model-double';
import { finalizeProposal } from '../sidecar/src/edit/extract.js';
import { packagedSidecar } from '../test/harness/packaged.js';

export const REPLY_KB = [5, 10, 20, 40, 100, 200] as const;

/** A plausible reply of about `kb` KB: Java-like methods, each line distinct. */
export function replyOf(kb: number): string {
  const lines: string[] = [];
  let size = 0;
  for (let i = 0; size < kb * 1024; i++) {
    const block = [
      `    public int compute${i}(int value, String label) {`,
      `        int total${i} = value * ${i + 3} + label.length();`,
      `        if (total${i} > ${i * 7}) return total${i} - ${i};`,
      `        return helper${i % 13}(total${i}, "${'x'.repeat(i % 11)}");`,
      `    }`,
      ``,
    ];
    for (const l of block) {
      lines.push(l);
      size += l.length + 1;
    }
  }
  return lines.join('\n') + '\n';
}

/**
 * The selection: 5 lines, each with a long trailing comment, since the reply's token limit grows with
 * the selection's size (twice it, plus headroom) and a 200 KB reply needs about 16 KB selected.
 */
const SELECTION = ['    int a = 1;', '    int b = 2;', '    int c = a + b;', '    System.out.println(c);', '    return c;'].map(
  (line, i) => `${line} // ${Array.from({ length: 400 }, (_, k) => `note${i}w${k}`).join(' ')}`,
);

/** Time of the bare floor: the same reply streamed by the double and read by fetch. */
async function floorMs(url: string, model: Awaited<ReturnType<typeof startModelDouble>>, text: string): Promise<number> {
  model.script({ text, chunkSize: 8 });
  const t0 = performance.now();
  const res = await fetch(`${url}/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model: 'm', stream: true, messages: [{ role: 'user', content: 'x' }] }) });
  await res.text();
  return performance.now() - t0;
}

export async function runReplyLengthBench(): Promise<Record<string, string>> {
  const model = await startModelDouble();
  const client = await packagedSidecar({ provider: 'openai', endpoint: model.url, model: 'm', maxEditTokens: 16_384 });
  const out: Record<string, string> = {};
  try {
    let n = 0;
    const once = async (text: string): Promise<number> => {
      const doc = await client.openDocument(`file:///reply/${++n}/A.java`, 'java', ['class A {', '  int f() {', ...SELECTION, '  }', '}', ''].join('\n'));
      model.script({ text, chunkSize: 8 });
      const t0 = performance.now();
      const { sessionId } = await client.conn.sendRequest('redline/inlineEdit/start', {
        textDocument: { uri: doc.uri, version: doc.version },
        range: { start: { line: 2, character: 0 }, end: { line: 2 + SELECTION.length, character: 0 } },
        instruction: 'rewrite',
      });
      const end = await client.waitForStatus(sessionId, ['done', 'error', 'noChanges', 'cancelled', 'broken']);
      const ms = performance.now() - t0;
      if (end.state !== 'done') throw new Error(`the session ended ${end.state}: ${end.message ?? ''}`);
      // The exact text kept: accepted, the document is the reply re-indented to the selection's nesting.
      await client.conn.sendRequest('redline/inlineEdit/accept', { sessionId });
      await client.waitForStatus(sessionId);
      const want = ['class A {', '  int f() {', finalizeProposal(SELECTION.map((l) => `${l}\n`).join(''), text).text.replace(/\n$/, ''), '  }', '}', ''].join('\n');
      if (doc.text !== want) throw new Error(`the accepted ${text.length}-character reply is not the document's text`);
      await client.conn.sendNotification('textDocument/didClose', { textDocument: { uri: doc.uri } });
      client.documents.delete(doc.uri);
      return ms;
    };
    await once(replyOf(5)); // warm-up: compiles what streaming needs
    for (const kb of REPLY_KB) {
      const text = replyOf(kb);
      // Best of two: the machine is shared, and the slower run measures the other load.
      const ms = Math.min(await once(text), await once(text));
      const floor = Math.min(await floorMs(model.url, model, text), await floorMs(model.url, model, text));
      out[`${kb} KB reply (${text.split('\n').length - 1} lines)`] = `${(ms / 1000).toFixed(2)} s start → done; floor ${(floor / 1000).toFixed(2)} s; ${(ms / floor).toFixed(1)}× the floor`;
    }
  } finally {
    await client.close();
    await model.close();
  }
  return out;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) console.table(await runReplyLengthBench());
