/**
 * Runs the completion corpus through the packaged sidecar against the model double: each case's
 * document is opened, the double answers with the case's raw reply, and the inline completion the
 * sidecar returns is compared with the expected one.
 */
import type { RedlineSettingsPatch } from '@redline/shared-protocol';
import { CLASSES, type CorpusCase, type CorpusClass } from '../completion-corpus/corpus.js';
import { startModelDouble } from '@redline/model-double';
import { packagedSidecar } from './packaged.js';

export interface CaseResult {
  case: CorpusCase;
  actual: string;
  agrees: boolean;
}

const EXTENSIONS: Record<string, string> = {
  typescript: 'ts',
  typescriptreact: 'tsx',
  javascript: 'js',
  python: 'py',
  java: 'java',
  kotlin: 'kt',
  go: 'go',
  rust: 'rs',
  yaml: 'yaml',
  markdown: 'md',
  css: 'css',
  scss: 'scss',
  toml: 'toml',
  php: 'php',
  solidity: 'sol',
  csharp: 'cs',
  vue: 'vue',
  fsharp: 'fs',
  swift: 'swift',
  c: 'c',
};

export async function runCorpus(cases: readonly CorpusCase[], settings: RedlineSettingsPatch = {}): Promise<CaseResult[]> {
  const model = await startModelDouble();
  let reply = '';
  let chunkSize = 1;
  model.onRequest(() => ({ text: reply, chunkSize }));
  const client = await packagedSidecar({ provider: 'ollama', endpoint: model.url, debounceWait: 0, ...settings });
  const results: CaseResult[] = [];
  try {
    let completionModel = '';
    for (const [index, c] of cases.entries()) {
      if (c.model !== completionModel) {
        completionModel = c.model;
        await client.conn.sendNotification('workspace/didChangeConfiguration', { settings: { redline: { completionModel } } });
      }
      reply = c.reply;
      // Chunk boundaries vary from case to case; the outcome must not depend on them.
      chunkSize = 1 + (index % 7);
      const uri = `file:///corpus/${c.id}.${EXTENSIONS[c.languageId] ?? 'txt'}`;
      await client.conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: c.languageId, version: 1, text: c.text } });
      const list = await client.conn.sendRequest('textDocument/inlineCompletion', {
        textDocument: { uri },
        position: { line: c.line, character: c.character },
        context: { triggerKind: 1 },
      });
      await client.conn.sendNotification('textDocument/didClose', { textDocument: { uri } });
      const actual = list.items[0]?.insertText ?? '';
      results.push({ case: c, actual, agrees: actual === c.expected });
    }
  } finally {
    await client.close();
    await model.close();
  }
  return results;
}

export interface ClassAgreement {
  class: CorpusClass;
  cases: number;
  agree: number;
}

export function agreementByClass(results: readonly CaseResult[]): ClassAgreement[] {
  return CLASSES.map((klass) => {
    const mine = results.filter((r) => r.case.class === klass);
    return { class: klass, cases: mine.length, agree: mine.filter((r) => r.agrees).length };
  });
}

/** A disagreement as a reviewer reads it: expected and actual text, escaped so whitespace shows. */
export function describeDisagreement(r: CaseResult): string {
  return `${r.case.id} [${r.case.class}]\n  expected ${JSON.stringify(r.case.expected)}\n  actual   ${JSON.stringify(r.actual)}`;
}
