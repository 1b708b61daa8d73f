/**
 * Does the picture hold still through the packaged sidecar? A rewrite streams from the model double
 * (8-character chunks, 6 ms apart) into an inline-edit session over the original code, and every
 * render the client applies is compared with the one before it: the lines it showed above the
 * stream's head (unreached lines and the unfinished line left out) must stand, in order and with
 * their kinds, at the top of what the next render shows, the settled picture included.
 */
import type { RenderedDocument, SidecarClient } from '@redline/client';
import type { ModelDouble } from '@redline/model-double';
import { regionLines, type RewritePair } from '../diff-corpus/corpus.js';

export interface StillPicture {
  renders: number;
  /** Renders that moved a line an earlier render showed above the head, or changed its kind. */
  rearranged: number;
  /** Shown lines no longer where they were (by a longest common subsequence). */
  moved: number;
}

interface Picture {
  /** Lines above the head, as `kind text`. */
  above: string[];
  /** Every line but the unreached ones and the unfinished one. */
  all: string[];
}

function pictureOf(doc: RenderedDocument, sessionId: string): Picture | null {
  const marks = doc.marks.get(sessionId);
  if (!marks) return null;
  const kinds = new Map<number, string>();
  for (const run of marks.decorations.runs) for (let i = 0; i < run.count; i++) kinds.set(run.start + i, run.kind);
  const lines = doc.text.split('\n').map((text, i) => `${kinds.get(i) ?? 'context'} ${text}`);
  const unreached = (i: number) => kinds.get(i) === 'unreached';
  const firstUnreached = lines.findIndex((_, i) => unreached(i));
  const head = marks.decorations.streamingLine ?? (firstUnreached >= 0 ? firstUnreached : lines.length);
  return {
    above: lines.slice(0, head).filter((_, i) => !unreached(i)),
    all: lines.filter((_, i) => i !== marks.decorations.streamingLine && !unreached(i)),
  };
}

/** Length of the longest common subsequence of two lists of lines. */
export function lcs(x: readonly string[], y: readonly string[]): number {
  let prev = new Uint32Array(y.length + 1);
  let cur = new Uint32Array(y.length + 1);
  for (let i = 1; i <= x.length; i++) {
    for (let j = 1; j <= y.length; j++) cur[j] = x[i - 1] === y[j - 1] ? prev[j - 1] + 1 : Math.max(prev[j], cur[j - 1]);
    [prev, cur] = [cur, prev];
  }
  return prev[y.length];
}

let documents = 0;

/** Streams `pair.after` over `pair.before` (between a line above and a line below) and counts what moved. */
export async function streamRewrite(client: SidecarClient, model: ModelDouble, pair: RewritePair): Promise<StillPicture> {
  const before = regionLines(pair.before);
  const doc = await client.openDocument(`file:///still/${++documents}/${pair.name}.${pair.ext}`, 'plaintext', ['// above', ...before, '// below', ''].join('\n'));
  const pictures: Picture[] = [];
  let sessionId = '';
  const apply = doc.applyRender.bind(doc);
  doc.applyRender = (params) => {
    const result = apply(params);
    const picture = params.sessionId === sessionId ? pictureOf(doc, sessionId) : null;
    if (picture) pictures.push(picture);
    return result;
  };
  model.script({ text: pair.after, chunkSize: 8, delayMs: 6 });
  sessionId = (
    await client.conn.sendRequest('redline/inlineEdit/start', {
      textDocument: { uri: doc.uri, version: doc.version },
      range: { start: { line: 1, character: 0 }, end: { line: 1 + before.length, character: 0 } },
      instruction: 'rewrite',
    })
  ).sessionId;
  const end = await client.waitForStatus(sessionId, ['done', 'error', 'noChanges', 'cancelled', 'broken']);
  if (end.state !== 'done') throw new Error(`${pair.name}: the session ended ${end.state}: ${end.message ?? ''}`);
  await client.conn.sendRequest('redline/inlineEdit/reject', { sessionId });
  await client.waitForStatus(sessionId);
  await client.conn.sendNotification('textDocument/didClose', { textDocument: { uri: doc.uri } });
  client.documents.delete(doc.uri);
  const out: StillPicture = { renders: pictures.length, rearranged: 0, moved: 0 };
  for (let i = 1; i < pictures.length; i++) {
    const shown = pictures[i - 1].above;
    const next = pictures[i].all;
    if (shown.every((line, k) => next[k] === line)) continue;
    out.rearranged++;
    out.moved += shown.length - lcs(shown, next);
  }
  return out;
}
