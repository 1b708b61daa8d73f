/**
 * The extension in a real VS Code (code-server + headless chromium): installed from its VSIX, its
 * bundled sidecar talking to the model-server double over real HTTP. Every expectation is about
 * what a user would see or what lands on disk: the editor's exact text, pixels of a screenshot,
 * notifications, ghost text, the file's bytes, and the double's count of model requests.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startModelDouble, type ModelDouble, type Reply } from '@redline/model-double';
import { VsCode, packageExtension, waitFor } from './codeServer';

const ORIGINAL = [
  'import { db } from "./db";',
  '',
  'export function total(items) {',
  '  let sum = 0;',
  '  for (const item of items) {',
  '    sum += item.price;',
  '  }',
  '  return sum;',
  '}',
  '',
  'export const VERSION = 1;',
  '',
].join('\n');

/** The model's rewrite of lines 3-9: two hunks (line 6 and line 8 change). */
const REWRITE = ['export function total(items) {', '  let sum = 0;', '  for (const item of items) {', '    sum += item.price * item.quantity;', '  }', '  return Math.round(sum);', '}'].join('\n');

const FIRST_HUNK_ONLY = ORIGINAL.replace('sum += item.price;', 'sum += item.price * item.quantity;');

let model: ModelDouble;
let vscode: VsCode;
let fileCounter = 0;
/** Model requests by path; completions are answered by `completionReply`. */
let completionReply: Reply = { text: '' };

function newFile(text: string, ext = 'ts'): string {
  const name = `src/file${++fileCounter}.${ext}`;
  vscode.writeFile(name, text);
  return name;
}

const generateRequests = () => model.requests.filter((r) => r.path === '/api/generate').length;
const chatRequests = () => model.requests.filter((r) => r.path === '/api/chat').length;

beforeAll(async () => {
  const vsix = packageExtension();
  model = await startModelDouble();
  model.onRequest((req) => (req.path === '/api/generate' ? completionReply : { text: '', status: 500, errorBody: { error: 'nothing scripted' } }));
  vscode = await VsCode.start({
    vsix,
    files: { 'src/.keep': '' },
    settings: {
      'redline.provider': 'ollama',
      'redline.endpoint': model.url,
      'redline.model': 'coder',
      'redline.requestTimeoutMs': 5000,
      'redline.debounceWait': 50,
      'workbench.startupEditor': 'none',
      'workbench.secondarySideBar.defaultVisibility': 'hidden',
      'chat.disableAIFeatures': true,
      'editor.minimap.enabled': false,
      'editor.inlineSuggest.enabled': true,
      'editor.quickSuggestions': { other: false, comments: false, strings: false },
      'files.autoSave': 'off',
      'git.enabled': false,
      'telemetry.telemetryLevel': 'off',
      'extensions.ignoreRecommendations': true,
      'window.restoreWindows': 'none',
    },
  });
  await vscode.waitForSidecar();
}, 30 * 60_000);

afterAll(async () => {
  await vscode?.close();
  await model?.close();
});

async function startEdit(file: string, line: number, count: number, reply: Reply, instruction = 'multiply by quantity and round'): Promise<void> {
  model.script(reply);
  await vscode.openFile(file);
  await vscode.selectLines(line, count);
  await vscode.page.keyboard.press('Control+Alt+E');
  await vscode.answerInput(instruction);
}

describe('inline edit in a real VS Code', () => {
  it('streams red/green lines with word tints, accepts one hunk by its CodeLens, rejects the rest, and one Ctrl+Z restores the original', async () => {
    const file = newFile(ORIGINAL);
    await startEdit(file, 3, 7, { text: REWRITE, chunkSize: 12, delayMs: 15 });
    await vscode.codeLens('Accept all').waitFor({ timeout: 30_000 });
    await vscode.page.screenshot({ path: `${vscode.root}/../redline-proposal.png` });
    await vscode.codeLens('Accept').nth(0).click();
    await vscode.codeLens('Reject all').waitFor();
    await vscode.codeLens('Reject all').click();
    await vscode.codeLens('Reject all').waitFor({ state: 'detached' });
    expect(await vscode.editorText()).toBe(FIRST_HUNK_ONLY);
    await vscode.page.keyboard.press('Control+S');
    await waitFor(() => vscode.file(file) === FIRST_HUNK_ONLY, 10_000, () => `on disk: ${vscode.file(file)}`);
    await vscode.page.keyboard.press('Control+Z');
    await waitFor(async () => (await vscode.editorText()) === ORIGINAL, 5_000, () => 'one Ctrl+Z did not restore the original');
  }, 180_000);
});
