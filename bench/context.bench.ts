/**
 * Context-building time, in a workspace the bench writes: 500 TypeScript modules behind a tsconfig
 * path alias, one 5,000-line file that imports 50 of them, 10 of the modules open beside it. Times
 * the context of an inline edit (a function of the big file: definitions, rules, recent edits,
 * budgeted into the prompt) and of a completion after each keystroke of a typing run, cold (first
 * request) and warm. The floor beside them is the parse of the big file the completion path pays
 * anyway for its multiline decision. Run with `npx tsx bench/context.bench.ts`.
 */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DEFAULT_SETTINGS } from '@redline/shared-protocol';
import { fitToBudget } from '../sidecar/src/context/budget.js';
import { ContextService } from '../sidecar/src/context/service.js';
import { buildReplacementPrompt } from '../sidecar/src/edit/formats/replacement.js';
import { parseText, SyntaxCache } from '../sidecar/src/scope/parse.js';
import { DocumentStore } from '../sidecar/src/server/documents.js';

const MODULES = 500;
const BIG_LINES = 5000;
const IMPORTED = 50;
const OPEN = 10;
const EDIT_RUNS = 30;
const KEYSTROKES = 200;

function moduleText(i: number): string {
  const lines = [
    `import type { Money } from '@/money';`,
    '',
    `/** Items of kind ${i}. */`,
    `export interface Item${i} {`,
    '  id: string;',
    '  amount: Money;',
    `  tags${i}: string[];`,
    '}',
    '',
    `/** Loads and stores items of kind ${i}. */`,
    `export interface Service${i} {`,
    `  fetch${i}(id: string): Promise<Item${i}>;`,
    `  save${i}(item: Item${i}): Promise<void>;`,
    `  remove${i}(id: string): Promise<boolean>;`,
    '}',
    '',
    `export const service${i}: Service${i} = {`,
    `  async fetch${i}(id) {`,
    ...Array.from({ length: 20 }, (_, k) => `    const step${k} = id.length + ${k};`),
    `    return { id, amount: { cents: step0 }, tags${i}: [] };`,
    '  },',
    `  async save${i}() {},`,
    `  async remove${i}() { return true; },`,
    '};',
    '',
    `export function helper${i}(a: number, b: number): number {`,
    ...Array.from({ length: 20 }, (_, k) => `  a = a * ${k + 1} + b;`),
    '  return a;',
    '}',
  ];
  return lines.join('\n') + '\n';
}

function bigFileText(): string {
  const lines = [`import type { Money } from '@/money';`];
  for (let k = 0; k < IMPORTED; k++) lines.push(`import { service${k * 7}, helper${k * 7}, type Item${k * 7} } from '@/mods/mod${k * 7}';`);
  lines.push('');
  for (let f = 0; lines.length < BIG_LINES - 12; f++) {
    const k = (f % IMPORTED) * 7;
    lines.push(
      `export async function task${f}(id: string): Promise<Item${k}> {`,
      `  const item = await service${k}.fetch${k}(id);`,
      `  const total = helper${k}(item.amount.cents, ${f});`,
      '  if (total > 100) {',
      `    await service${k}.save${k}({ ...item, amount: { cents: total } });`,
      '  }',
      `  const label = \`task ${f}: \${item.id}\`;`,
      '  console.log(label);',
      '  return item;',
      '}',
      '',
    );
  }
  while (lines.length < BIG_LINES) lines.push('');
  return lines.join('\n');
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const round = (n: number) => Math.round(n * 100) / 100;

export async function runContextBench(): Promise<Record<string, number | string>> {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'redline-context-bench-')));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  write('tsconfig.json', '{ "compilerOptions": { "baseUrl": ".", "paths": { "@/*": ["src/*"] } } }\n');
  write('AGENTS.md', 'Money is in cents. Every service call is awaited.\n');
  write('src/money.ts', '/** An amount of money, in cents. */\nexport interface Money {\n  cents: number;\n}\n');
  for (let i = 0; i < MODULES; i++) write(`src/mods/mod${i}.ts`, moduleText(i));
  const big = bigFileText();
  write('src/big.ts', big);

  const documents = new DocumentStore();
  const syntax = new SyntaxCache();
  const log = { info: () => {}, debug: () => {}, warn: (m: string) => console.error(m), error: (m: string) => console.error(m) };
  const context = new ContextService({ documents, syntax, log });
  context.setWorkspace({ workspaceFolders: [{ uri: pathToFileURL(root).href, name: 'bench' }] });
  const uri = pathToFileURL(join(root, 'src/big.ts')).href;
  documents.open({ textDocument: { uri, languageId: 'typescript', version: 1, text: big } });
  for (let i = 0; i < OPEN; i++) {
    const path = join(root, `src/mods/mod${i * 3}.ts`);
    documents.open({ textDocument: { uri: pathToFileURL(path).href, languageId: 'typescript', version: 1, text: moduleText(i * 3) } });
  }
  const settings = { ...DEFAULT_SETTINGS };
  const doc = documents.get(uri)!;
  const lines = big.split('\n');
  // A function in the middle of the file.
  const start = lines.findIndex((line, i) => i > BIG_LINES / 2 && line.startsWith('export async function'));
  const end = start + 10;

  const editOnce = async () => {
    const started = performance.now();
    const items = await context.forEdit({ doc, startLine: start, endLine: end, visibleStart: start - 40, visibleEnd: end + 40, instruction: 'retry the fetch', settings });
    const planned = buildReplacementPrompt(
      { fileName: 'src/big.ts', languageId: 'typescript', lines: doc.buffer.lines(0, doc.buffer.lineCount), start, end, code: lines.slice(start, end).join('\n') + '\n', instruction: 'retry the fetch' },
      { items, budget: settings.contextBudget },
    );
    return { ms: performance.now() - started, planned };
  };
  const editCold = await editOnce();
  const editWarm: number[] = [];
  for (let i = 0; i < EDIT_RUNS; i++) editWarm.push((await editOnce()).ms);

  // Typing inside the function: each keystroke is a new version of the big file.
  const cursorLine = start + 7;
  let version = 1;
  let column = lines[cursorLine].length;
  const completionOnce = async (preparsed: boolean) => {
    documents.change({ textDocument: { uri, version: ++version }, contentChanges: [{ range: { start: { line: cursorLine, character: column }, end: { line: cursorLine, character: column } }, text: 'x' }] });
    column++;
    if (preparsed) await syntax.tree(uri, doc.languageId, doc.version, doc.buffer.getText());
    const started = performance.now();
    const items = await context.forCompletion({ doc, cursorLine, visibleStart: cursorLine - 100, visibleEnd: cursorLine + 101, settings });
    const fitted = fitToBudget(items, settings.contextBudget, 7000);
    return { ms: performance.now() - started, fitted };
  };
  const completionCold = await completionOnce(false);
  const withParse: number[] = [];
  const afterParse: number[] = [];
  let lastFitted = completionCold.fitted;
  for (let i = 0; i < KEYSTROKES; i++) {
    const run = await completionOnce(i % 2 === 1);
    (i % 2 === 1 ? afterParse : withParse).push(run.ms);
    lastFitted = run.fitted;
  }

  const parses: number[] = [];
  for (let i = 0; i < 10; i++) {
    const started = performance.now();
    (await parseText('typescript', doc.buffer.getText()))?.delete();
    parses.push(performance.now() - started);
  }
  rmSync(root, { recursive: true, force: true });

  const kinds = (items: readonly { kind: string }[]) => [...new Set(items.map((i) => i.kind))].map((kind) => `${items.filter((i) => i.kind === kind).length} ${kind}`).join(', ');
  return {
    workspace: `${MODULES} modules + a ${BIG_LINES}-line file importing ${IMPORTED}, ${OPEN} open beside it`,
    'edit: items sent': kinds(editCold.planned.context.items),
    'edit: first request (cold: outlines parsed, rules read) ms': round(editCold.ms),
    'edit: warm p50 ms': round(percentile(editWarm, 50)),
    'edit: warm p99 ms': round(percentile(editWarm, 99)),
    'completion: items sent': kinds(lastFitted.items),
    'completion: first request (cold) ms': round(completionCold.ms),
    'completion: per keystroke, tree already parsed, p50 ms': round(percentile(afterParse, 50)),
    'completion: per keystroke, tree already parsed, p99 ms': round(percentile(afterParse, 99)),
    'completion: per keystroke, parse of the new version included, p50 ms': round(percentile(withParse, 50)),
    'completion: per keystroke, parse of the new version included, p99 ms': round(percentile(withParse, 99)),
    'floor: full parse of the 5,000-line file, median ms': round(percentile(parses, 50)),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) console.table(await runContextBench());
