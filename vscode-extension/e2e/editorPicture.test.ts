/**
 * What a person sees in a real VS Code (code-server + headless chromium, the extension from its
 * VSIX) while a proposal streams and waits: the selection out of the picture, text and marks drawn
 * together, the whole proposal's actions apart from a hunk's, the dirty flag after an undo back to
 * the saved text, what a break or an undo says, an error's notification with Retry and Show log,
 * and the session's log line. State that only the extension API shows (selections, the dirty flag)
 * comes from a probe extension installed next to Redline (probe/extension.js); everything else is
 * read from the screen, the notifications, the file on disk and the sidecar's log.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startModelDouble, type ModelDouble, type Reply } from '@redline/model-double';
import { QUIET_WINDOW, REPO, VsCode, packageExtension, waitFor, type RelayEvent } from './codeServer';
import { recordFrames, type FrameLine } from './picture';

const DB = 'export const db = { orders: { insert(order: object): void {}, remove(id: string): void {} } };\n';

const SERVICE = [
  'import { db } from "./db";',
  '',
  'export interface OrderLine {',
  '  sku: string;',
  '  quantity: number;',
  '  price: number;',
  '}',
  '',
  'export function createOrder(customerId: string, lines: OrderLine[]) {',
  '  const total = lines.reduce((sum, line) => sum + line.quantity * line.price, 0);',
  '  const order = { customerId, lines, total, createdAt: new Date() };',
  '  db.orders.insert(order);',
  '  return order;',
  '}',
  '',
  'export function cancelOrder(orderId: string) {',
  '  db.orders.remove(orderId);',
  '}',
  '',
].join('\n');

/** createOrder, lines 9-14. */
const CREATE_ORDER = SERVICE.split('\n').slice(8, 14);

/** createOrder with two lines changed, a kept line between them: two hunks. */
const TWO_HUNKS = [
  CREATE_ORDER[0],
  '  const total = Math.round(lines.reduce((sum, line) => sum + line.quantity * line.price, 0) * 100) / 100;',
  CREATE_ORDER[2],
  '  db.orders.insert({ ...order });',
  CREATE_ORDER[4],
  CREATE_ORDER[5],
].join('\n');
const TWO_HUNKS_ACCEPTED = SERVICE.replace(CREATE_ORDER.join('\n'), TWO_HUNKS);

/** "Add input validation and a doc comment": the issue's own instruction. */
const VALIDATED = [
  '/**',
  ' * Creates an order for a customer and stores it.',
  ' * @throws Error when the customer id is empty or a line has no positive quantity.',
  ' */',
  CREATE_ORDER[0],
  '  if (!customerId.trim()) throw new Error("customerId is required");',
  '  for (const line of lines) {',
  '    if (line.quantity <= 0) throw new Error(`quantity must be positive for ${line.sku}`);',
  '  }',
  ...CREATE_ORDER.slice(1),
].join('\n');

/** createOrder rewritten: most of its lines changed, so both versions declare the same names. */
const REWRITTEN = [
  '/** Creates an order for a customer and stores it. */',
  'export function createOrder(customerId: string, items: OrderLine[]) {',
  '  if (!customerId.trim()) throw new Error("customerId is required");',
  '  const total = items.reduce((sum, item) => sum + item.quantity * item.price, 0);',
  '  const order = { customerId, lines: items, total, createdAt: new Date() };',
  '  db.orders.insert(order);',
  '  return order;',
  '}',
].join('\n');

const SELECTED = { anchor: [8, 0], active: [14, 0] };

/** createOrder alone, from the file's first line, and a rewrite changing that line and the insert: two hunks, the first on line 1. */
const CREATE_ORDER_FIRST = `${CREATE_ORDER.join('\n')}\n`;
const FIRST_LINE_HUNKS = ['export function createOrder(customerId: string, lines: OrderLine[], note = "") {', ...CREATE_ORDER.slice(1, 3), '  db.orders.insert({ ...order, note });', ...CREATE_ORDER.slice(4)].join('\n');

const MONEY = 'export function roundToCents(amount: number): number {\n  return Math.round(amount * 100) / 100;\n}\n';
/** createOrder returning a rounded total through a helper the file does not import, after the old return: TypeScript calls the new line unreachable. */
const UNKNOWN_NAME = [...CREATE_ORDER.slice(0, 4), '  return { ...order, total: roundToCents(total) };', CREATE_ORDER[5]].join('\n');
const MONEY_PY = 'def round_to_cents(amount: float) -> float:\n    return round(amount * 100) / 100\n';
const ORDERS_PY = 'def total_of(lines):\n    total = sum(line.quantity * line.price for line in lines)\n    return total\n';
const ORDERS_PY_ROUNDED = 'def total_of(lines):\n    total = sum(line.quantity * line.price for line in lines)\n    return round_to_cents(total)';

let model: ModelDouble;
let vscode: VsCode;
let fileCounter = 0;
/** Replies to the next inline-edit requests, in order; completions get nothing. */
const chatReplies: Reply[] = [];

function newFile(text: string): string {
  const name = `src/order${++fileCounter}.ts`;
  vscode.writeFile(name, text);
  return name;
}

const chatRequests = () => model.requests.filter((r) => r.path === '/api/chat');

beforeAll(async () => {
  const vsix = packageExtension();
  model = await startModelDouble();
  model.onRequest((req) => (req.path === '/api/chat' ? (chatReplies.shift() ?? { text: '', status: 500, errorBody: { error: 'nothing scripted' } }) : { text: '' }));
  vscode = await VsCode.start({
    vsix,
    files: { 'src/db.ts': DB, 'src/money.ts': MONEY, 'py/money.py': MONEY_PY },
    settings: {
      'redline.provider': 'ollama',
      'redline.endpoint': model.url,
      'redline.model': 'coder',
      'redline.requestTimeoutMs': 5000,
      ...QUIET_WINDOW,
      'workbench.colorTheme': 'Default Dark Modern',
      // The screenshots show the proposal, not a code action's light bulb.
      'editor.lightbulb.enabled': 'off',
      'editor.inlineSuggest.enabled': false,
    },
    // The relay records the sidecar's log lines; this marker is never typed here.
    driftMarker: 'never-typed-marker',
  });
  await vscode.waitForSidecar();
}, 30 * 60_000);

afterAll(async () => {
  await vscode?.close();
  await model?.close();
});

async function startEdit(file: string, reply: Reply, instruction = 'add input validation and a doc comment'): Promise<void> {
  chatReplies.push(reply);
  await vscode.openFile(file);
  await vscode.selectLines(9, 6);
  await waitFor(() => JSON.stringify(vscode.selectionsOf(file)) === JSON.stringify([SELECTED]), 10_000, () => `selected: ${JSON.stringify(vscode.selectionsOf(file))}`);
  await vscode.page.keyboard.press('Control+Alt+E');
  await vscode.answerInput(instruction);
}

/** The editor showing `file` has one selection, and it is empty: a caret. */
const caret = (file: string) => {
  const selections = vscode.selectionsOf(file);
  return selections?.length === 1 && selections[0].anchor.join() === selections[0].active.join();
};

/** The selection highlight drawn in the active editor: its pieces. */
const selectionDrawn = () => vscode.page.locator('.editor-group-container.active .monaco-editor .selected-text').count();

/** The sidecar's log lines so far, with their window/logMessage type. */
const logLines = () => vscode.relayEvents().flatMap((e): Array<Extract<RelayEvent, { kind: 'log' }>> => (e.kind === 'log' ? [e] : []));

/** The text of the one notification toast that matches, once it shows. */
async function toastText(matching: RegExp): Promise<string> {
  const toast = vscode.notification(matching).first();
  await toast.waitFor({ timeout: 20_000 });
  return (await toast.locator('.notification-list-item-message').innerText()).trim();
}

/** Switches the colour theme in the user's settings, through VS Code's settings editor, and waits until the editor is drawn in it. */
async function theme(name: string, kind: 'light' | 'dark'): Promise<void> {
  await vscode.userSettings({ ...vscode.readUserSettings(), 'workbench.colorTheme': name });
  const background = () =>
    vscode.page.locator('.editor-group-container.active .monaco-editor-background').first().evaluate((el) => (getComputedStyle(el).backgroundColor.match(/\d+/g) ?? []).slice(0, 3).map(Number));
  await waitFor(async () => {
    const [r, g, b] = await background();
    return (r + g + b > 384) === (kind === 'light');
  }, 20_000, () => `the ${kind} theme never came`);
  // The theme's colours reach every part of the window in the same frame; one more lets it settle.
  await vscode.page.waitForTimeout(500);
}

/** The CodeLens rows on screen, top to bottom: each row's titles. */
async function lensRows(): Promise<string[][]> {
  const rows = await vscode.page.locator('.editor-group-container.active .codelens-decoration').evaluateAll((els) =>
    els.map((el) => ({ y: el.getBoundingClientRect().top, titles: [...el.querySelectorAll('a')].map((a) => (a.textContent ?? '').trim()) })),
  );
  return rows.sort((a, b) => a.y - b.y).map((r) => r.titles);
}

describe('problems while both versions are in the file', () => {
  /** Errors and warnings in the status bar, as VS Code counts them over the open files. */
  const problems = async () => {
    const text = await vscode.page.locator('#status\\.problems').first().innerText();
    return (text.match(/\d+/g) ?? []).map(Number).reduce((a, b) => a + b, 0);
  };
  /** Error squiggles drawn in the active editor. */
  const squiggles = () => vscode.page.locator('.editor-group-container.active .monaco-editor .squiggly-error').count();

  /**
   * The cost of the in-file design, measured (not a speed check, and not asserted: how many problems
   * the language server reports mid-stream depends on when it checks): the problems the TypeScript
   * language features report mid-stream and while the proposal waits, printed as
   * `problems: <reply> …`; once settled the file has none again.
   */
  it.each([
    ['a doc comment and validation (added lines only)', VALIDATED],
    ['two changed lines (removed and added)', TWO_HUNKS],
    ['the function rewritten (most lines removed and added)', REWRITTEN],
  ])('are counted mid-stream and at rest: %s', async (what, reply) => {
    const file = newFile(SERVICE);
    await vscode.openFile(file);
    // The TypeScript server answers for this file: a typo shows, its undo clears it.
    await vscode.selectLines(1);
    await vscode.page.keyboard.press('End');
    await vscode.page.keyboard.type(' nope');
    await waitFor(async () => (await problems()) > 0, 120_000, () => 'the TypeScript server never reported a problem');
    await vscode.page.keyboard.press('Control+Z');
    await waitFor(async () => (await problems()) === 0, 60_000, () => 'the problem never went away');
    let most = 0;
    let mostSquiggles = 0;
    let streaming = true;
    const sampling = (async () => {
      while (streaming) {
        most = Math.max(most, await problems());
        mostSquiggles = Math.max(mostSquiggles, await squiggles());
        await vscode.page.waitForTimeout(100);
      }
    })();
    await startEdit(file, { text: reply, chunkSize: 6, delayMs: 60 });
    await vscode.codeLens('Accept all').waitFor({ timeout: 60_000 });
    streaming = false;
    await sampling;
    // While it waits: what the language server says once it has read the whole picture.
    await vscode.page.waitForTimeout(5_000);
    const pending = await problems();
    const pendingSquiggles = await squiggles();
    await vscode.codeLens('Accept all').click();
    await vscode.codeLens('Accept all').waitFor({ state: 'detached' });
    let left = 0;
    await waitFor(async () => (left = await problems()) === 0, 60_000, () => `settled, yet ${left} problems`);
    console.log(`problems: ${what}: mid-stream up to ${most} (${mostSquiggles} squiggles in the file), pending ${pending} (${pendingSquiggles} squiggles), accepted 0`);
    // The cost ends with the verdict: the file holds the accepted code, and no problem is left.
    expect(await vscode.editorText()).toBe(SERVICE.replace(CREATE_ORDER.join('\n'), reply));
  }, 300_000);
});

describe('the selection', () => {
  it('is collapsed while the proposal streams and waits, and comes back when every hunk is rejected', async () => {
    const file = newFile(SERVICE);
    await startEdit(file, { text: VALIDATED, chunkSize: 6, delayMs: 80 });
    await vscode.page.locator('.statusbar-item', { hasText: 'Redline: editing' }).waitFor({ timeout: 20_000 });
    // Collapsed by the extension (a command's change) to a caret at the selection's start, as the extension API reports it.
    expect(vscode.selectionEvents(file).filter((e) => e.how === 3).map((e) => e.selections)).toContainEqual([{ anchor: [8, 0], active: [8, 0] }]);
    // A caret (the stream's lines inserted above it move it down), and no highlight drawn.
    expect(caret(file)).toBe(true);
    expect(await selectionDrawn()).toBe(0);
    await vscode.codeLens('Accept all').waitFor({ timeout: 30_000 });
    expect(caret(file)).toBe(true);
    expect(await selectionDrawn()).toBe(0);
    await vscode.codeLens('Reject all').click();
    await vscode.codeLens('Reject all').waitFor({ state: 'detached' });
    // Nothing else moved: the same lines are selected again, ready for another instruction.
    await waitFor(() => JSON.stringify(vscode.selectionsOf(file)) === JSON.stringify([SELECTED]), 10_000, () => `after reject all: ${JSON.stringify(vscode.selectionsOf(file))}`);
    expect(await selectionDrawn()).toBeGreaterThan(0);
    expect(await vscode.editorText()).toBe(SERVICE);
  }, 120_000);

  it('stays a caret after the proposal is accepted', async () => {
    const file = newFile(SERVICE);
    await startEdit(file, { text: VALIDATED });
    await vscode.codeLens('Accept all').waitFor({ timeout: 30_000 });
    await vscode.codeLens('Accept all').click();
    await vscode.codeLens('Accept all').waitFor({ state: 'detached' });
    await waitFor(() => vscode.documentState(file)?.version !== undefined, 5_000, () => 'no state');
    expect(caret(file)).toBe(true);
    expect(await selectionDrawn()).toBe(0);
  }, 120_000);
});

describe('text and marks', () => {
  it('are drawn together in every frame while the reply streams: no line dimmed and coloured, the hint at its line\'s end', async () => {
    const file = newFile(SERVICE);
    await vscode.openFile(file);
    const recording = await recordFrames(vscode.page, 'dark');
    let frames: FrameLine[][];
    try {
      await startEdit(file, { text: VALIDATED, chunkSize: 3, delayMs: 30 });
      await vscode.codeLens('Accept all').waitFor({ timeout: 60_000 });
    } finally {
      frames = await recording.stop();
    }
    const original = new Set(SERVICE.split('\n'));
    const proposed = VALIDATED.split('\n');
    const problems: string[] = [];
    let hinted = 0;
    frames.forEach((frame, i) => {
      for (const line of frame) {
        const say = (what: string) => problems.push(`frame ${i}: ${what}: ${JSON.stringify(line)}`);
        const { text } = line;
        if (line.hint) {
          hinted++;
          if (line.hint !== 'end') say('the streaming hint is not at the end of its line');
          if (line.background !== 'added') say('the streaming hint is on a line that is not green');
        }
        if (line.dim && line.background) say('dimmed and coloured');
        if (line.dim && !original.has(text)) say('dimmed, but not an original line');
        if (line.background === 'added' && !proposed.some((p) => p.startsWith(text) && (text !== '' || p === ''))) say('green, but not (the start of) a proposed line');
        if (line.background === 'removed' && !original.has(text)) say('red, but not an original line');
      }
    });
    // The reply streamed in many renders, and the hint was seen on the way.
    expect(frames.length).toBeGreaterThan(20);
    expect(hinted).toBeGreaterThan(0);
    expect(problems.slice(0, 10)).toEqual([]);
    await vscode.codeLens('Reject all').click();
    await vscode.codeLens('Reject all').waitFor({ state: 'detached' });
  }, 180_000);
});

describe('the actions', () => {
  it('puts the whole proposal\'s actions on a row of their own above the hunks, each hunk\'s titled as a hunk\'s; screenshots in dark and light', async () => {
    const file = newFile(SERVICE);
    await startEdit(file, { text: TWO_HUNKS });
    await vscode.codeLens('Accept all').waitFor({ timeout: 30_000 });
    await vscode.page.keyboard.press('Control+Home');
    expect(await lensRows()).toEqual([
      ['Accept all', 'Reject all'],
      ['Accept hunk', 'Reject hunk'],
      ['Accept hunk', 'Reject hunk'],
    ]);
    // The pending proposal as users see it, kept for the documentation.
    const artifacts = join(REPO, 'dist', 'e2e-artifacts');
    mkdirSync(artifacts, { recursive: true });
    const editor = vscode.page.locator('.editor-group-container.active .monaco-editor').first();
    writeFileSync(join(artifacts, 'pending-proposal-dark.png'), await editor.screenshot());
    await theme('Default Light Modern', 'light');
    writeFileSync(join(artifacts, 'pending-proposal-light.png'), await editor.screenshot());
    await theme('Default Dark Modern', 'dark');
    // The first hunk by its own action; the rest by the whole proposal's.
    await vscode.codeLens('Accept hunk').first().click();
    await waitFor(async () => (await vscode.codeLens('Accept hunk').count()) === 0, 10_000, () => 'the hunk was not accepted');
    expect(await lensRows()).toEqual([['Accept all', 'Reject all']]);
    await vscode.codeLens('Accept all').click();
    await vscode.codeLens('Accept all').waitFor({ state: 'detached' });
    expect(await vscode.editorText()).toBe(TWO_HUNKS_ACCEPTED);
  }, 180_000);
});

describe('the actions on line 1', () => {
  it('keep the whole proposal\'s row apart from the first hunk\'s when that hunk starts on the file\'s first line', async () => {
    const file = newFile(CREATE_ORDER_FIRST);
    chatReplies.push({ text: FIRST_LINE_HUNKS });
    await vscode.openFile(file);
    await vscode.selectLines(1, 6);
    await vscode.page.keyboard.press('Control+Alt+E');
    await vscode.answerInput('take a note');
    await vscode.codeLens('Accept all').waitFor({ timeout: 30_000 });
    await vscode.page.keyboard.press('Control+Home');
    const rows = await lensRows();
    // Each row holds one kind of action: the whole proposal's once, each hunk's on its own.
    expect(rows.filter((r) => r.some((t) => t.endsWith(' all')))).toEqual([['Accept all', 'Reject all']]);
    expect(rows.filter((r) => r.some((t) => t.endsWith(' hunk')))).toEqual([
      ['Accept hunk', 'Reject hunk'],
      ['Accept hunk', 'Reject hunk'],
    ]);
    const artifacts = join(REPO, 'dist', 'e2e-artifacts');
    mkdirSync(artifacts, { recursive: true });
    writeFileSync(join(artifacts, 'lens-rows-first-line.png'), await vscode.page.locator('.editor-group-container.active .monaco-editor').first().screenshot());
    await vscode.codeLens('Reject all').click();
    await vscode.codeLens('Reject all').waitFor({ state: 'detached' });
    expect(await vscode.editorText()).toBe(CREATE_ORDER_FIRST);
  }, 120_000);
});

describe('undo', () => {
  it('back to the saved text after an accept clears the dirty flag, also when the session took several undo steps', async () => {
    const file = newFile(SERVICE);
    await startEdit(file, { text: VALIDATED });
    await vscode.codeLens('Accept all').waitFor({ timeout: 30_000 });
    // A look around the proposal by keyboard: VS Code's navigation closes the session's undo step.
    await vscode.page.keyboard.press('ArrowDown');
    await vscode.page.keyboard.press('ArrowUp');
    const changes = () => vscode.relayEvents().filter((e) => e.kind === 'didChange' && e.uri.endsWith(`/${file}`)).length;
    const before = changes();
    await vscode.codeLens('Accept all').click();
    await vscode.codeLens('Accept all').waitFor({ state: 'detached' });
    // Accepting added lines removes nothing; the two edits that make the session one undo step again follow.
    const accepted = SERVICE.replace(CREATE_ORDER.join('\n'), VALIDATED);
    await waitFor(() => changes() >= before + 2, 10_000, () => 'the undo steps were not merged');
    let text = '';
    await waitFor(async () => (text = await vscode.editorText()) === accepted, 5_000, () => `after accept:\n${text}`);
    expect(vscode.documentState(file)?.isDirty).toBe(true);
    await vscode.page.keyboard.press('Control+Z');
    await waitFor(async () => (text = await vscode.editorText()) === SERVICE, 5_000, () => `one Ctrl+Z gave:\n${text}`);
    expect(vscode.file(file)).toBe(SERVICE);
    await waitFor(() => vscode.documentState(file)?.isDirty === false, 10_000, () => `still dirty: ${JSON.stringify(vscode.documentState(file))}`);
    await vscode.page.locator('.tab.active.dirty').waitFor({ state: 'detached', timeout: 5_000 });
    // Redo and undo again: dirty with the proposal, clean without it.
    await vscode.page.keyboard.press('Control+Shift+Z');
    await waitFor(async () => (text = await vscode.editorText()) === accepted, 5_000, () => `Redo gave:\n${text}`);
    await waitFor(() => vscode.documentState(file)?.isDirty === true, 10_000, () => 'not dirty after Redo');
    await vscode.page.keyboard.press('Control+Z');
    await waitFor(async () => (text = await vscode.editorText()) === SERVICE, 5_000, () => `the second Ctrl+Z gave:\n${text}`);
    await waitFor(() => vscode.documentState(file)?.isDirty === false, 10_000, () => 'dirty after the second undo');
  }, 120_000);

  it('while a proposal waits, after one hunk was accepted, takes the session back and says so', async () => {
    const file = newFile(SERVICE);
    await startEdit(file, { text: TWO_HUNKS });
    await vscode.codeLens('Accept hunk').first().waitFor({ timeout: 30_000 });
    await vscode.codeLens('Accept hunk').first().click();
    await waitFor(async () => (await vscode.codeLens('Accept hunk').count()) === 0, 10_000, () => 'the hunk was not accepted');
    await vscode.page.keyboard.press('Control+Z');
    expect(await toastText(/Undo took/)).toBe('Redline: Undo took the proposal back: the code is as it was before the edit.');
    await vscode.codeLens('Accept all').waitFor({ state: 'detached' });
    expect(await vscode.editorText()).toBe(SERVICE);
    await vscode.command('Notifications: Clear All Notifications');
  }, 120_000);

  it('after one hunk was accepted with the caret moved into the proposal (VS Code splits its steps there), one Ctrl+Z takes it all back and says so; Redo brings none of it back', async () => {
    const file = newFile(SERVICE);
    await startEdit(file, { text: TWO_HUNKS });
    await vscode.codeLens('Accept hunk').first().waitFor({ timeout: 30_000 });
    // A click on a line of the proposal: a caret move by mouse, which closes VS Code's open undo step.
    await vscode.page.locator('.editor-group-container.active .view-line', { hasText: 'const order = {' }).first().click();
    await vscode.codeLens('Accept hunk').first().click();
    await waitFor(async () => (await vscode.codeLens('Accept hunk').count()) === 0, 10_000, () => 'the hunk was not accepted');
    await vscode.page.keyboard.press('Control+Z');
    expect(await toastText(/Undo took|discarded/)).toBe('Redline: Undo took the proposal back: the code is as it was before the edit.');
    await vscode.codeLens('Accept all').waitFor({ state: 'detached' });
    let text = '';
    await waitFor(async () => (text = await vscode.editorText()) === SERVICE, 10_000, () => `after Ctrl+Z:\n${text}`);
    await vscode.page.keyboard.press('Control+Shift+Z');
    await vscode.page.keyboard.press('Control+Shift+Z');
    await vscode.page.waitForTimeout(1500);
    expect(await vscode.editorText()).toBe(SERVICE);
    await vscode.command('Notifications: Clear All Notifications');
  }, 120_000);

  it('a removed line joined to the next one discards the proposal, and the warning says what happened without promising more', async () => {
    const file = newFile(SERVICE);
    await startEdit(file, { text: TWO_HUNKS });
    await vscode.codeLens('Accept all').waitFor({ timeout: 30_000 });
    const lines = (await vscode.editorText()).split('\n');
    const removed = lines.indexOf('  db.orders.insert(order);');
    expect(removed).toBeGreaterThan(0);
    await vscode.selectLines(removed + 1);
    await vscode.page.keyboard.press('End');
    await vscode.page.keyboard.press('Delete');
    expect(await toastText(/was discarded/)).toBe('Redline: The proposal was discarded because a removed line was joined or split: its added lines were taken out and your edit kept.');
    await vscode.command('Notifications: Clear All Notifications');
  }, 120_000);
});

describe('a save while the proposal waits', () => {
  it('offers the shown-again proposal\'s actions at once, and a Reject all clicked before the sidecar\'s done still rejects it', async () => {
    const file = newFile(SERVICE);
    await startEdit(file, { text: TWO_HUNKS });
    await vscode.codeLens('Accept all').waitFor({ timeout: 30_000 });
    const lensBefore = await vscode.codeLens('Reject all').getAttribute('id');
    const ofFile = (e: RelayEvent) => 'uri' in e && e.uri?.endsWith(`/${file}`) === true;
    const held = () => vscode.relayEvents().filter((e) => e.kind === 'held' && ofFile(e));
    vscode.holdDone(true);
    let shownAgain = '';
    try {
      await vscode.page.keyboard.press('Control+S');
      // Set aside and written, then shown again as a new session whose `done` the relay holds back.
      await waitFor(() => held().length === 1, 20_000, () => 'the proposal was not shown again');
      shownAgain = (held()[0] as Extract<RelayEvent, { kind: 'held' }>).sessionId;
      expect(vscode.file(file)).toBe(SERVICE);
      // Setting the proposal aside is no rejection: the selection stays out of the picture.
      expect(caret(file)).toBe(true);
      const lens = vscode.page.locator(`.codelens-decoration a:text-is("Reject all"):not([id="${lensBefore}"])`);
      await lens.waitFor({ timeout: 15_000 });
      await lens.click();
    } finally {
      vscode.holdDone(false);
    }
    await vscode.codeLens('Reject all').waitFor({ state: 'detached', timeout: 15_000 });
    // Rejected, the proposal shown again gives back the selection the instruction was given for.
    await waitFor(() => JSON.stringify(vscode.selectionsOf(file)) === JSON.stringify([SELECTED]), 10_000, () => `after reject all: ${JSON.stringify(vscode.selectionsOf(file))}`);
    expect(await vscode.editorText()).toBe(SERVICE);
    // The verdict waited for the proposal to be pending, and went to the session that showed it again.
    const events = vscode.relayEvents();
    const released = events.findIndex((e) => e.kind === 'released' && e.sessionId === shownAgain);
    const rejected = events.findIndex((e) => e.kind === 'sent' && e.method === 'redline/inlineEdit/reject' && e.sessionId === shownAgain);
    expect(released).toBeGreaterThan(0);
    expect(rejected).toBeGreaterThan(released);
    expect(await vscode.notification(/no proposal here|did not come back|has ended/).count()).toBe(0);
  }, 120_000);
});

describe('an error', () => {
  it('Retry while the server is still down says that it retried: the new notification counts the attempt', async () => {
    const file = newFile(SERVICE);
    const down = { text: '', status: 503, errorBody: { error: 'server is loading the model' } };
    await startEdit(file, down);
    const first = await toastText(/loading the model/);
    expect(first).not.toMatch(/attempt/);
    chatReplies.push(down);
    await vscode.notification(/loading the model/).first().locator('.monaco-button', { hasText: 'Retry' }).click();
    const second = await toastText(/attempt 2/);
    expect(second).toMatch(/^Redline: server is loading the model .*\(attempt 2\)$/);
    chatReplies.push(down);
    await vscode.notification(/attempt 2/).first().locator('.monaco-button', { hasText: 'Retry' }).click();
    expect(await toastText(/attempt 3/)).toMatch(/\(attempt 3\)$/);
    await vscode.command('Notifications: Clear All Notifications');
  }, 120_000);

  const CRASH = 'model runner has unexpectedly stopped, this may be due to resource limitations or an internal error, check ollama server logs for details';

  it('leads with the cause, offers Retry and Show log, logs an error line; Retry asks the same again', async () => {
    const file = newFile(SERVICE);
    const asked = chatRequests().length;
    await startEdit(file, { text: '', status: 500, errorBody: { error: CRASH } });
    const message = await toastText(/model runner/);
    expect(message).toBe(`Redline: ${CRASH} (500 Internal Server Error from the model server at ${model.url}, /api/chat).`);
    const toast = vscode.notification(/model runner/).first();
    expect(await toast.locator('.monaco-button').allInnerTexts()).toEqual(['Retry', 'Show log']);
    // The log says it at the error level, in the session's line.
    const errorLine = () => logLines().find((l) => /^inline edit edit-\d+ /.test(l.message) && l.message.includes(CRASH));
    await waitFor(() => errorLine() !== undefined, 10_000, () => 'no session line');
    expect(errorLine()!.type).toBe(1);
    expect(errorLine()!.message).toMatch(/^inline edit edit-\d+ \d+ ms, replacement \(selection\), \+0 -0 lines, tokens \? prompt \/ \? reply: error \(model runner /);
    // The document was left as it was, and so the selection comes back.
    await waitFor(() => JSON.stringify(vscode.selectionsOf(file)) === JSON.stringify([SELECTED]), 10_000, () => `after the error: ${JSON.stringify(vscode.selectionsOf(file))}`);

    // Show log opens the Redline output, where the session's line is.
    await toast.locator('.monaco-button', { hasText: 'Show log' }).click();
    await vscode.page.locator('.part.panel .view-line', { hasText: 'inline edit edit-' }).first().waitFor({ timeout: 10_000 });

    await startEdit(file, { text: '', status: 500, errorBody: { error: CRASH } });
    const second = vscode.notification(/model runner/).first();
    await second.waitFor({ timeout: 20_000 });
    chatReplies.push({ text: TWO_HUNKS });
    await second.locator('.monaco-button', { hasText: 'Retry' }).click();
    await vscode.codeLens('Accept all').waitFor({ timeout: 30_000 });
    // Three requests: the first error, the second, and the retry with the same instruction and code.
    const sent = chatRequests().slice(asked).map((r) => JSON.stringify(r.body));
    expect(sent).toHaveLength(3);
    expect(sent[2]).toBe(sent[1]);
    expect(sent[2]).toContain('add input validation and a doc comment');
    await vscode.codeLens('Reject all').click();
    await vscode.codeLens('Reject all').waitFor({ state: 'detached' });
    // Every session's end is one line; the model server's counts are in the settled one.
    const rejected = logLines().filter((l) => /^inline edit edit-\d+ .*: rejected \(reject all\)$/.test(l.message));
    expect(rejected.at(-1)?.type).toBe(3);
    expect(rejected.at(-1)?.message).toMatch(/, replacement \(selection\), \+0 -0 lines, tokens \d+ prompt \/ \d+ reply: /);
    await vscode.command('Notifications: Clear All Notifications');
  }, 180_000);
});

describe('the command palette', () => {
  it('shows every Redline command\'s title whole', async () => {
    const file = newFile(SERVICE);
    await vscode.openFile(file);
    await vscode.page.keyboard.press('F1');
    const input = vscode.page.locator('.quick-input-widget input');
    await input.waitFor();
    await input.fill('>Redline: ');
    await vscode.page.locator('.quick-input-list .monaco-list-row', { hasText: 'Apply Code Block' }).first().waitFor();
    // A title VS Code had to cut ends in an ellipsis: its element is narrower than its text.
    const rows = await vscode.page.locator('.quick-input-list .monaco-list-row').evaluateAll((els) =>
      els.map((row) => ({
        text: (row.getAttribute('aria-label') ?? row.textContent ?? '').trim(),
        cut: [...row.querySelectorAll<HTMLElement>('*')].some((el) => getComputedStyle(el).textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth + 1),
      })),
    );
    expect(rows.filter((r) => r.text.includes('Apply Code Block')).length).toBe(1);
    expect(rows.filter((r) => r.cut).map((r) => r.text)).toEqual([]);
    await vscode.page.keyboard.press('Escape');
  }, 60_000);
});

describe('a finding on a proposal line', () => {
  it('underlines the unknown name itself, where no other tool reports it', async () => {
    const file = 'py/orders.py';
    vscode.writeFile(file, ORDERS_PY);
    chatReplies.push({ text: ORDERS_PY_ROUNDED });
    await vscode.openFile(file);
    await vscode.selectLines(1, 3);
    await vscode.page.keyboard.press('Control+Alt+E');
    await vscode.answerInput('round to cents');
    await vscode.codeLens('Accept all').waitFor({ timeout: 30_000 });
    const ours = () => vscode.diagnosticsOf(file).filter((d) => d.source === 'Redline');
    await waitFor(() => ours().length === 1, 15_000, () => `diagnostics: ${JSON.stringify(vscode.diagnosticsOf(file))}`);
    const lines = (await vscode.editorText()).split('\n');
    const row = lines.indexOf('    return round_to_cents(total)');
    const at = lines[row].indexOf('round_to_cents');
    expect(ours()[0].range).toEqual([row, at, row, at + 'round_to_cents'.length]);
    await vscode.codeLens('Reject all').click();
    await vscode.codeLens('Reject all').waitFor({ state: 'detached' });
  }, 120_000);

  it('is not reported again where TypeScript reports the same name, and its import fix is the first quick fix on that line, before TypeScript\'s own', async () => {
    const file = newFile(SERVICE);
    await startEdit(file, { text: UNKNOWN_NAME }, 'round the total');
    await vscode.codeLens('Accept all').waitFor({ timeout: 30_000 });
    const lines = (await vscode.editorText()).split('\n');
    const row = lines.indexOf('  return { ...order, total: roundToCents(total) };');
    const mentions = (source: string | null) => vscode.diagnosticsOf(file).filter((d) => (source === null ? d.source !== 'Redline' : d.source === source) && d.message.includes('roundToCents') && d.range[0] === row);
    // TypeScript reports the name; once it has, Redline's own report of it is gone.
    await waitFor(() => mentions(null).length > 0, 120_000, () => `TypeScript never reported roundToCents: ${JSON.stringify(vscode.diagnosticsOf(file))}`);
    await waitFor(() => mentions('Redline').length === 0, 10_000, () => `Redline reports it too: ${JSON.stringify(vscode.diagnosticsOf(file))}`);
    await vscode.page.locator('.editor-group-container.active .view-line', { hasText: 'roundToCents(total)' }).first().locator('span', { hasText: /^roundToCents$/ }).first().click();
    const items = vscode.page.locator('.action-widget .monaco-list-row');
    // Under load the first Ctrl+. can go unanswered (the TypeScript server still busy): asked again.
    for (let attempt = 1; ; attempt++) {
      await vscode.page.keyboard.press('Control+.');
      const shown = await items.first().waitFor({ timeout: 10_000 }).then(() => true, () => false);
      if (shown) break;
      if (attempt === 4) throw new Error(`no quick fix list after ${attempt} Ctrl+.; notifications: ${(await vscode.notifications()).join(' / ')}`);
      await vscode.page.keyboard.press('Escape');
    }
    // The widget's rows: group headers ("Quick Fix", "Rewrite", …) and the actions under them.
    const titles = (await items.evaluateAll((rows) => rows.filter((row) => !row.classList.contains('group-header')).map((row) => (row.textContent ?? '').trim()))).filter((t) => t !== '');
    const artifacts = join(REPO, 'dist', 'e2e-artifacts');
    mkdirSync(artifacts, { recursive: true });
    writeFileSync(join(artifacts, 'finding-quick-fix.png'), await vscode.page.locator('.editor-group-container.active').first().screenshot());
    expect(titles[0], titles.join(' | ')).toBe('Add import { roundToCents } from "./money";');
    await vscode.page.keyboard.press('Escape');
    await vscode.codeLens('Reject all').click();
    await vscode.codeLens('Reject all').waitFor({ state: 'detached' });
  }, 240_000);
});
