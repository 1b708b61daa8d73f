/**
 * Runs the snippet corpus through the packaged sidecar as a user would: each case's file is opened,
 * its chat answer applied (`redline/snippet/apply`, the cursor at the start of the file or the
 * case's selection) and the proposal accepted; the document is then judged by the corpus oracle.
 */
import { ErrorCodes, type SnippetApplyParams } from '@redline/shared-protocol';
import { extractEditedCode } from '../../sidecar/src/edit/extract.js';
import type { SnippetCase } from '../snippet-corpus/corpus.js';
import { judge, OUTCOMES, type Judgement, type Outcome } from '../snippet-corpus/oracle.js';
import { packagedSidecar } from './packaged.js';

export interface SnippetRun {
  case: SnippetCase;
  /** The document after accepting, or null when the sidecar refused. */
  result: string | null;
  /** The refusal's message. */
  refusal: string | null;
  judgement: Judgement;
}

/**
 * `blockOnly`: send only the answer's fenced block (what `redline apply --from answer.md` sends),
 * rather than the whole answer as copied from the chat.
 */
export async function runSnippetCorpus(cases: readonly SnippetCase[], options: { blockOnly?: boolean } = {}): Promise<SnippetRun[]> {
  const client = await packagedSidecar({});
  const runs: SnippetRun[] = [];
  try {
    for (const c of cases) {
      const doc = await client.openDocument(`file:///snippet-corpus/${c.name}/original.${c.ext}`, c.languageId, c.original, { checksumIntervalMs: 0 });
      const params: SnippetApplyParams = {
        textDocument: { uri: doc.uri, version: doc.version },
        snippet: options.blockOnly ? extractEditedCode(c.answer) : c.answer,
        selection: c.selection ?? { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
      };
      let result: string | null = null;
      let refusal: string | null = null;
      try {
        const { sessionId } = await client.conn.sendRequest('redline/snippet/apply', params);
        const status = await client.waitForStatus(sessionId, ['done', 'noChanges', 'error', 'broken', 'cancelled']);
        if (status.state === 'done') {
          await client.conn.sendRequest('redline/inlineEdit/accept', { sessionId });
          await client.waitForStatus(sessionId);
        }
        result = doc.text;
      } catch (err) {
        if ((err as { code?: number }).code !== ErrorCodes.SnippetNotPlaced) throw err;
        refusal = (err as Error).message;
      }
      runs.push({ case: c, result, refusal, judgement: judge(c.original, c.expected, result) });
    }
  } finally {
    await client.close();
  }
  return runs;
}

/** Cases per outcome. */
export function tally(runs: readonly SnippetRun[]): Record<Outcome, number> {
  const counts = Object.fromEntries(OUTCOMES.map((o) => [o, 0])) as Record<Outcome, number>;
  for (const run of runs) counts[run.judgement.outcome]++;
  return counts;
}
