/**
 * Next-edit latency as a user meets it in a real VS Code (code-server + chromium, the extension from
 * its VSIX, the packaged sidecar), against the model double answering at once as a Sweep model that
 * renames `count` to `total`, with the default 300 ms debounce: from the last keystroke of a rename to
 * the hint of the first hunk, and from Tab to the hint of the next, held hunk (no model request). The
 * floor beside the first is the debounce plus the model's own time (request in to reply out, as the
 * double saw it). The window's own floors, in each run right after its Tab (the load moves a lot): a key
 * bound to the e2e probe's command, which inserts one line with a hint after it in one turn (no Redline
 * logic), to the frame that draws that hint, by the same predicate; and the same after an edit that must
 * land first, as an accept's closing edit must before the next hunk's edit (VS Code refuses an edit made
 * against an older version). A held hunk cannot come sooner than the second. Where the time goes comes from the
 * extension's debug lines (its steps since the keystroke or the Tab, on the page's wall clock) and the
 * sidecar's request lines. Needs `npm run build` and the code-server that the VS Code suite installs.
 *
 *   npx tsx bench/vscodeNextEdit.bench.ts
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startModelDouble, type RecordedRequest } from '@redline/model-double';
import { nextEditModel, readNextEditRequest } from '@redline/model-double/nextEdit';
import { QUIET_WINDOW, VsCode, packageExtension, waitFor } from '../vscode-extension/e2e/codeServer.js';
import { percentile, round } from './packaged.js';

const RUNS = 8;
const DEBOUNCE_MS = 300;
const BEFORE = ['export function summarize(values: number[]) {', '  let count = 0;', '  for (const value of values) {', '    count += value;', '  }', "  console.log('sum', count);", '', '  return count;', '}', ''].join('\n');

/** In the page: whether the active editor draws the next-edit hint after the line `text` (any line when null). */
const hintOn = (text: string | null) =>
  [...document.querySelectorAll('.editor-group-container.active .monaco-editor .view-line')].some(
    (line) =>
      (text === null || (line.textContent ?? '').replace(/\u00a0/g, ' ') === text) &&
      [...line.querySelectorAll('span')].some((el) => getComputedStyle(el, '::after').content.includes('Esc to dismiss')),
  );

/** A key's keydown and the first frame that draws the hint after `line`, on the page's wall clock (epoch ms). */
async function timeKey(page: VsCode['page'], key: string, line: string | null): Promise<{ key: number; frame: number }> {
  await page.evaluate(() => {
    const w = window as unknown as { __keyAt: number };
    window.addEventListener('keydown', () => (w.__keyAt = performance.timeOrigin + performance.now()), { capture: true, once: true });
  });
  await page.keyboard.press(key);
  await page.waitForFunction(hintOn, line, { polling: 'raf', timeout: 30_000 });
  return page.evaluate(() => ({ key: (window as unknown as { __keyAt: number }).__keyAt, frame: performance.timeOrigin + performance.now() }));
}

/** The lines of VS Code's log of the Redline output. */
function redlineLog(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name === 'Redline.log') found.push(...readFileSync(path, 'utf8').split('\n'));
    }
  };
  walk(join(root, 'user', 'logs'));
  return found;
}

/** The extension's timing lines (`next edit edit-N: change +0 ms, asked +1 ms, …`). */
function timingLines(root: string): string[] {
  return redlineLog(root)
    .filter((l) => / next edit edit-\d+: /.test(l))
    .map((l) => l.slice(l.indexOf('next edit edit-')));
}

/**
 * The page's share of each timed key, from the extension's line for it (started within 1 s of the key, on
 * the same wall clock): key → the extension host, and the hint sent → its frame.
 */
function pageShares(lines: string[], keys: ReadonlyArray<{ key: number; frame: number }>, first: string): { toHost: number[]; toFrame: number[] } {
  const timed = lines.flatMap((l) => {
    const start = /started at (\d+)/.exec(l);
    const hint = / hint \+(\d+) ms/.exec(l);
    return l.includes(`: ${first} +0 ms`) && start && hint ? [{ start: Number(start[1]), hint: Number(hint[1]) }] : [];
  });
  const toHost: number[] = [];
  const toFrame: number[] = [];
  for (const k of keys) {
    const line = timed.find((t) => t.start >= k.key - 5 && t.start - k.key < 1000);
    if (!line) continue;
    toHost.push(line.start - k.key);
    toFrame.push(k.frame - (line.start + line.hint));
  }
  return { toHost, toFrame };
}

/** Each step's median time since the start, over lines that start with `first`. */
function stepMedians(lines: string[], first: string): string {
  const byStep = new Map<string, number[]>();
  for (const line of lines.filter((l) => l.includes(`: ${first} +0 ms`))) {
    for (const [, step, ms] of line.matchAll(/(\w+) \+(\d+) ms/g)) byStep.set(step, [...(byStep.get(step) ?? []), Number(ms)]);
  }
  return [...byStep.entries()].map(([step, values]) => `${step} ${percentile([...values].sort((a, b) => a - b), 50)}`).join(', ');
}

/** Each step's median over the sidecar's request lines (`…, settled +300, model replied +316, shown +316)`). */
function sidecarSteps(lines: string[]): string {
  const byStep = new Map<string, number[]>();
  for (const line of lines) for (const [, step, ms] of line.matchAll(/([a-z ]+) \+(\d+)/g)) byStep.set(step!.trim(), [...(byStep.get(step!.trim()) ?? []), Number(ms)]);
  return [...byStep.entries()].map(([step, values]) => `${step} ${percentile([...values].sort((a, b) => a - b), 50)}`).join(', ');
}

export async function runVsCodeNextEditBench(): Promise<Record<string, string>> {
  const model = await startModelDouble();
  const rename = nextEditModel((lines) => lines.map((line) => line.replace(/\bcount\b/g, 'total')));
  const modelTimes: Array<{ arrived: number; request: RecordedRequest }> = [];
  model.onRequest((req) => {
    if (!readNextEditRequest(req)) return { text: '' };
    modelTimes.push({ arrived: performance.now(), request: req });
    return rename(req);
  });
  const vscode = await VsCode.start({
    vsix: packageExtension(),
    files: { 'src/.keep': '' },
    settings: {
      'redline.provider': 'ollama',
      'redline.endpoint': model.url,
      'redline.model': 'coder',
      'redline.nextEditEnabled': true,
      'redline.nextEditModel': 'hf.co/sweepai/sweep-next-edit-1.5B-GGUF',
      'redline.debounceWait': DEBOUNCE_MS,
      ...QUIET_WINDOW,
      'editor.inlineSuggest.enabled': false,
    },
    driftMarker: 'never-typed-marker',
  });
  const lines: string[] = [];
  const sidecarLines: string[] = [];
  const firstKeys: Array<{ key: number; frame: number }> = [];
  const floor: number[] = [];
  const nextKeys: Array<{ key: number; frame: number }> = [];
  const windowFloor: number[] = [];
  const twoEditFloor: number[] = [];
  try {
    await vscode.waitForSidecar();
    await vscode.setLogLevel('Redline', 'Debug');
    for (let run = 0; run < RUNS + 1; run++) {
      const file = `src/bench${run}.ts`;
      vscode.writeFile(file, BEFORE);
      await vscode.openFile(file);
      await vscode.page.locator('.editor-group-container.active .view-line', { hasText: 'let count = 0;' }).locator('span span', { hasText: /^count$/ }).dblclick();
      const asked = modelTimes.length;
      await vscode.page.keyboard.type('tota', { delay: 60 });
      // Both ends are taken in the page: the last key's keydown, and the first frame that draws the hint.
      const hinted = await timeKey(vscode.page, 'l', null);
      const call = modelTimes.slice(asked).at(-1);
      // No one presses Tab within 300 ms of seeing a hint: Tab is timed on its own, not with the first hunk's last steps.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const next = await timeKey(vscode.page, 'Tab', "  console.log('sum', total);").catch((error) => {
        // What the extension and the sidecar did meanwhile, for a hint that never came.
        console.error([...redlineLog(vscode.root).slice(-25), ...vscode.relayEvents().flatMap((e) => (e.kind === 'log' ? [e.message] : [])).slice(-12)].join('\n'));
        throw error;
      });
      await vscode.page.keyboard.press('Escape');
      await waitFor(async () => !(await vscode.page.evaluate(hintOn, null)), 10_000, () => 'Esc did not dismiss the hunk');
      // The window's floors, in the same file and the same minute as the run's figures (the load moves a lot).
      const one = await timeKey(vscode.page, 'Control+Alt+Shift+F9', `floor ${2 * run + 1}`);
      const two = await timeKey(vscode.page, 'Control+Alt+Shift+F10', `floor ${2 * run + 2}`);
      // The first run warms the window, the sidecar and the language features up.
      if (run === 0 || !call?.request.endedAt) continue;
      firstKeys.push(hinted);
      floor.push(DEBOUNCE_MS + (call.request.endedAt - call.arrived));
      nextKeys.push(next);
      windowFloor.push(one.frame - one.key);
      twoEditFloor.push(two.frame - two.key);
    }
    lines.push(...timingLines(vscode.root));
    // The sidecar's own account of the same requests (its steps since each arrived).
    for (const e of vscode.relayEvents()) if (e.kind === 'log' && /^next edit #\d+ \w+: (reused: )?\d+ hunk/.test(e.message)) sidecarLines.push(e.message);
  } finally {
    await vscode.close();
    await model.close();
  }
  const p = (values: number[], q: number) => round(percentile([...values].sort((a, b) => a - b), q));
  const firstHint = firstKeys.map((k) => k.frame - k.key);
  const nextHint = nextKeys.map((k) => k.frame - k.key);
  const keyShares = pageShares(lines, firstKeys, 'change');
  const tabShares = pageShares(lines, nextKeys, 'Tab');
  return {
    runs: String(firstHint.length),
    'last keystroke → first hint, p50 / max ms': `${p(firstHint, 50)} / ${p(firstHint, 100)}`,
    'floor: debounce + the model double\'s own time, p50 ms': `${p(floor, 50)}`,
    'first hint above the floor, p50 / max ms': `${p(firstHint.map((v, i) => v - floor[i]!), 50)} / ${p(firstHint.map((v, i) => v - floor[i]!), 100)}`,
    'window floor: key → a plain edit\'s hinted line drawn, p50 / max ms': `${p(windowFloor, 50)} / ${p(windowFloor, 100)}`,
    'first hint above debounce + model + window floor (same run), p50 ms': `${p(firstHint.map((v, i) => v - floor[i]! - windowFloor[i]!), 50)}`,
    'window floor after an edit that must land first, p50 / max ms': `${p(twoEditFloor, 50)} / ${p(twoEditFloor, 100)}`,
    'Tab → hint of the next held hunk, p50 / max ms': `${p(nextHint, 50)} / ${p(nextHint, 100)}`,
    'Tab → next held hunk above the window floor / the two-edit floor (same run), p50 ms': `${p(nextHint.map((v, i) => v - windowFloor[i]!), 50)} / ${p(nextHint.map((v, i) => v - twoEditFloor[i]!), 50)}`,
    'page: key → extension host, keystroke / Tab, medians ms': `${p(keyShares.toHost, 50)} / ${p(tabShares.toHost, 50)}`,
    'page: hint sent → frame, keystroke / Tab, medians ms': `${p(keyShares.toFrame, 50)} / ${p(tabShares.toFrame, 50)}`,
    'extension steps after the keystroke, medians ms': stepMedians(lines, 'change'),
    'extension steps after Tab, medians ms': stepMedians(lines, 'Tab'),
    'sidecar steps, model asked (medians ms)': sidecarSteps(sidecarLines.filter((l) => !l.includes('reused'))),
    'sidecar steps, held hunk (medians ms)': sidecarSteps(sidecarLines.filter((l) => l.includes('reused'))),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const results = await runVsCodeNextEditBench();
  const width = Math.max(...Object.keys(results).map((k) => k.length));
  for (const [k, v] of Object.entries(results)) console.log(`${k.padEnd(width)}  ${v}`);
}
