/**
 * The sidecar's checks of a proposal by VS Code's own tools, in a real VS Code (code-server + headless
 * chromium) with its built-in TypeScript support: the formatter's text for the proposal's lines, the
 * problems the language server finds in a copy of the proposal that a copy of the original does not
 * have. What is checked is what a user would see: the editor's text, the file on disk, the diagnostics
 * the extension API reports (the probe extension), and that the copies stay out of the sidecar and
 * out of the unsaved documents.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startModelDouble, type ModelDouble, type Reply } from '@redline/model-double';
import { QUIET_WINDOW, VsCode, packageExtension, waitFor, type RelayEvent } from './codeServer';

const ORIGINAL = [
  'import { db } from "./db";',
  '',
  'export function total(items: Array<{ price: number; quantity: number }>): number {',
  '  let sum = 0;',
  '  for (const item of items) {',
  '    sum += item.price;',
  '  }',
  // The user's own line, indented as no formatter would leave it: it must stay so.
  "      console.log('items', items.length);",
  '  return sum;',
  '}',
  '',
  'export const VERSION = db.version;',
  '',
].join('\n');

/** The model's rewrite of lines 3-10 (1-based), two of its lines indented wrongly. */
const BADLY_INDENTED = [
  'export function total(items: Array<{ price: number; quantity: number }>): number {',
  '  let sum = 0;',
  '  for (const item of items) {',
  'sum += item.price * item.quantity;',
  '  }',
  "      console.log('items', items.length);",
  '        return Math.round(sum);',
  '}',
].join('\n');

const FORMATTED = ORIGINAL.replace('    sum += item.price;', '    sum += item.price * item.quantity;').replace('  return sum;', '  return Math.round(sum);');

let model: ModelDouble;
let vscode: VsCode;
let fileCounter = 0;

function newFile(text: string): string {
  const name = `src/checked${++fileCounter}.ts`;
  vscode.writeFile(name, text);
  return name;
}

beforeAll(async () => {
  const vsix = packageExtension();
  model = await startModelDouble();
  vscode = await VsCode.start({
    vsix,
    files: { 'src/.keep': '' },
    settings: {
      'redline.provider': 'ollama',
      'redline.endpoint': model.url,
      'redline.model': 'coder',
      'redline.requestTimeoutMs': 5000,
      'redline.completionEnabled': false,
      // Deterministic on a busy test machine: the checks' own times are read from the logs and reported, not bounded here.
      'redline.editorChecksBudgetMs': 60_000,
      ...QUIET_WINDOW,
    },
    // Behind the relay, which records what reaches the sidecar and its log.
    driftMarker: 'never-typed-here',
  });
  await vscode.waitForSidecar();
  await vscode.setLogLevel('Redline', 'Debug');
}, 30 * 60_000);

afterAll(async () => {
  await vscode?.close();
  await model?.close();
});

async function propose(file: string, reply: Reply): Promise<void> {
  model.script(reply);
  await vscode.openFile(file);
  await vscode.selectLines(3, 8);
  await vscode.page.keyboard.press('Control+Alt+E');
  await vscode.answerInput('multiply by quantity and round');
  await vscode.codeLens('Accept all').waitFor({ timeout: 60_000 });
}

const logs = () => vscode.relayEvents().flatMap((e): string[] => (e.kind === 'log' ? [e.message] : []));
const sent = (method: string) => vscode.relayEvents().filter((e): e is Extract<RelayEvent, { kind: 'sent' }> => e.kind === 'sent' && e.method === method);

describe("a proposal checked by VS Code's own tools", () => {
  it("a badly indented TypeScript reply arrives formatted on the proposal's lines, the user's own line as it was", async () => {
    const file = newFile(ORIGINAL);
    await propose(file, { text: BADLY_INDENTED, chunkSize: 16, delayMs: 10 });
    const shown = await vscode.editorText();
    // Each changed line's removed original above its formatted proposal; the user's line untouched.
    expect(shown).toContain('    sum += item.price;\n    sum += item.price * item.quantity;\n');
    expect(shown).toContain("\n      console.log('items', items.length);\n  return sum;\n  return Math.round(sum);\n");
    await vscode.codeLens('Accept all').click();
    await vscode.codeLens('Accept all').waitFor({ state: 'detached' });
    expect(await vscode.editorText()).toBe(FORMATTED);
    // One Ctrl+Z takes the whole proposal back, formatting and all.
    await vscode.page.keyboard.press('Control+Z');
    let text = '';
    await waitFor(async () => (text = await vscode.editorText()) === ORIGINAL, 5_000, () => `one Ctrl+Z did not restore the original:\n${text}`);
    console.log(logs().filter((m) => m.includes("the editor's")).join('\n'));
  }, 180_000);

  it('a reply that calls an undefined function shows one new problem, on its line', async () => {
    const file = newFile(ORIGINAL);
    await propose(file, { text: BADLY_INDENTED.replace('Math.round(sum)', 'applyDiscount(Math.round(sum))'), chunkSize: 16, delayMs: 10 });
    const line = (await vscode.editorText()).split('\n').indexOf('  return applyDiscount(Math.round(sum));');
    expect(line, 'the formatted line').toBeGreaterThan(0);
    const redline = () => vscode.probeState()?.diagnostics.filter((d) => d.uri.endsWith(`/${file}`) && d.source === 'Redline') ?? [];
    await waitFor(() => redline().length > 0, 10_000, () => `no Redline finding: ${JSON.stringify(vscode.probeState()?.diagnostics)}`);
    expect(redline().map((d) => ({ line: d.line, code: d.code, message: d.message }))).toEqual([
      { line, code: 'editorProblem', message: "New problem (ts 2304): Cannot find name 'applyDiscount'." },
    ]);
    await vscode.page.keyboard.press('Escape');
    await vscode.codeLens('Reject all').click();
    await vscode.codeLens('Reject all').waitFor({ state: 'detached' });
    expect(await vscode.editorText()).toBe(ORIGINAL);
    console.log(logs().filter((m) => m.includes("the editor's")).join('\n'));
  }, 180_000);

  it("a formatted proposal that a save sets aside while another editor is in front comes back with the file's indentation", async () => {
    const file = newFile(ORIGINAL);
    await propose(file, { text: BADLY_INDENTED, chunkSize: 16, delayMs: 10 });
    const shown = await vscode.editorText();
    expect(shown).toContain('    sum += item.price;\n    sum += item.price * item.quantity;\n');
    // Save All with another file in front: the proposal is set aside, saved, shown again and
    // formatted while no editor shows its document (the language's default indentation is 4, the file's 2).
    await vscode.openFile(newFile('// another file\n'));
    const held = () => vscode.relayEvents().filter((e) => e.kind === 'held' && e.uri?.endsWith(`/${file}`)).length;
    vscode.holdDone(true);
    try {
      await vscode.command('File: Save All');
      await waitFor(() => held() === 1, 30_000, () => 'the proposal was not shown again after the save');
    } finally {
      vscode.holdDone(false);
    }
    expect(vscode.file(file)).toBe(ORIGINAL);
    await vscode.openFile(file);
    await vscode.codeLens('Reject all').waitFor({ timeout: 30_000 });
    expect(await vscode.editorText()).toBe(shown);
    await vscode.codeLens('Reject all').click();
    await vscode.codeLens('Reject all').waitFor({ state: 'detached' });
    expect(await vscode.editorText()).toBe(ORIGINAL);
  }, 180_000);

  it('keeps its copies out of the sidecar and out of the unsaved documents, and leaves none behind for a restart to restore', async () => {
    const copies = vscode.probeState()!.documents.filter((d) => d.uri.includes('/redline-copies-'));
    // Each check's copies: one for the formatter, two for the analysis, in each of the two tests.
    expect(copies.length).toBeGreaterThanOrEqual(6);
    expect(copies.filter((d) => d.isDirty)).toEqual([]);
    const ofCopies = (uri?: string) => uri?.includes('/redline-copies-') === true;
    for (const method of ['textDocument/didOpen', 'textDocument/didClose']) expect(sent(method).filter((e) => ofCopies(e.uri))).toEqual([]);
    expect(vscode.relayEvents().filter((e) => e.kind === 'didChange' && ofCopies(e.uri))).toEqual([]);
    // The relay saw the files' own didOpen: the checks above could fail.
    expect(sent('textDocument/didOpen').filter((e) => e.uri?.endsWith('.ts')).length).toBeGreaterThanOrEqual(2);
    // What is unsaved comes back as an editor after a reload (hot exit): no copy does.
    await vscode.command('Developer: Reload Window');
    await vscode.page.waitForSelector('.monaco-workbench', { timeout: 60_000 });
    await vscode.page.locator('.tab', { hasText: /checked\d\.ts/ }).first().waitFor({ timeout: 60_000 });
    await vscode.page.waitForTimeout(3000);
    expect(await vscode.page.locator('.tab', { hasText: /copy-\d|Untitled/ }).count()).toBe(0);
  }, 180_000);
});
