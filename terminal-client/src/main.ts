/**
 * `redline edit FILE --lines A-B -m "instruction"`: the terminal client. It spawns the packaged
 * sidecar, streams the red/green diff into the terminal, asks for a verdict, and writes the file
 * only once the proposal is settled — a pending proposal never reaches disk.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseEditCommand, languageIdOf, type EditCommand } from './args.js';
import { paintRegion } from './paint.js';
import { SidecarClient, type RenderedDocument } from '@redline/client';

const EXE = process.platform === 'win32' ? 'redline-sidecar.exe' : 'redline-sidecar';

function sidecarPath(command: EditCommand): string {
  const path = command.sidecar ?? fileURLToPath(new URL(`../../dist/${EXE}`, import.meta.url));
  if (!existsSync(path)) throw new Error(`no sidecar executable at ${path}; run \`npm run build\` or pass --sidecar`);
  return path;
}

class LiveView {
  private printed = 0;
  constructor(private readonly tty: boolean) {}

  /** Redraws in place on a terminal; elsewhere only the final picture is printed. */
  draw(lines: string[], final: boolean): void {
    if (!this.tty && !final) return;
    if (this.tty && this.printed > 0) process.stdout.write(`\x1b[${this.printed}A\x1b[0J`);
    if (lines.length) process.stdout.write(lines.join('\n') + '\n');
    this.printed = this.tty ? lines.length : 0;
  }
}

async function verdicts(client: SidecarClient, doc: RenderedDocument, sessionId: string, yes: boolean, tty: boolean): Promise<void> {
  const accept = (line?: number) => client.conn.sendRequest('redline/inlineEdit/accept', { sessionId, line });
  const reject = (line?: number) => client.conn.sendRequest('redline/inlineEdit/reject', { sessionId, line });
  if (yes) {
    await accept();
    return;
  }
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: tty });
  try {
    const hunks = doc.marks.get(sessionId)?.hunks ?? [];
    const choice = (await rl.question(`${hunks.length} hunk(s): [a]ccept all, [r]eject all, [h]unk by hunk? `)).trim().toLowerCase();
    if (choice.startsWith('a')) await accept();
    else if (choice.startsWith('h')) {
      const pending = () => doc.marks.get(sessionId);
      for (let n = 1; pending()?.hunks.length; n++) {
        const { hunks: [hunk], decorations } = pending()!;
        const runs = decorations.runs.filter((r) => r.start >= hunk.start && r.start < hunk.end);
        process.stdout.write(paintRegion(doc.buffer, { ...decorations, runs }, tty).join('\n') + '\n');
        const answer = (await rl.question(`hunk ${n}, lines ${hunk.start + 1}-${hunk.end}: accept? [y/n] `)).trim().toLowerCase();
        await (answer.startsWith('y') ? accept(hunk.start) : reject(hunk.start));
      }
    } else await reject();
  } finally {
    rl.close();
  }
}

async function run(command: EditCommand): Promise<number> {
  // Under `npm run`, the working directory is the repository; INIT_CWD is where the user typed it.
  const path = resolve(process.env.INIT_CWD ?? process.cwd(), command.file);
  const original = readFileSync(path, 'utf8');
  const tty = Boolean(process.stdout.isTTY);
  let stderr = '';
  const client = await SidecarClient.spawn(sidecarPath(command), [], command.settings, (text) => (stderr += text));
  try {
    const doc = await client.openDocument(pathToFileURL(path).href, languageIdOf(path), original);
    const view = new LiveView(tty);
    let sessionId = '';
    const repaint = (final: boolean) => view.draw(paintRegion(doc.buffer, doc.marks.get(sessionId)?.decorations ?? { runs: [], words: [], streamingLine: null }, tty), final);
    const started = await client.conn.sendRequest('redline/inlineEdit/start', {
      textDocument: { uri: doc.uri, version: doc.version },
      range: { start: { line: command.startLine, character: 0 }, end: { line: command.endLine, character: 0 } },
      instruction: command.instruction,
    });
    sessionId = started.sessionId;
    const timer = tty ? setInterval(() => repaint(false), 50) : null;
    process.once('SIGINT', () => void client.conn.sendRequest('redline/inlineEdit/cancel', { sessionId }).catch(() => undefined));
    const first = await client.waitForStatus(sessionId, ['done', 'noChanges', 'error', 'broken', 'cancelled']);
    if (timer) clearInterval(timer);
    repaint(true);
    if (first.state !== 'done') {
      process.stderr.write(`redline: ${first.message ?? first.state}\n`);
      return first.state === 'noChanges' ? 0 : first.state === 'cancelled' ? 130 : 1;
    }
    await verdicts(client, doc, sessionId, command.yes, tty);
    const end = await client.waitForStatus(sessionId);
    if (doc.text !== original) writeFileSync(path, doc.text);
    process.stdout.write(`redline: ${end.state}; ${doc.text === original ? 'file unchanged' : `wrote ${command.file}`}\n`);
    return 0;
  } finally {
    await client.close();
    if (process.env.REDLINE_DEBUG) process.stderr.write(stderr);
  }
}

let command: EditCommand | null = null;
try {
  command = parseEditCommand(process.argv.slice(2), process.env);
} catch (err) {
  process.stderr.write(`${(err as Error).message}\n`);
  process.exitCode = 2;
}
if (command) {
  try {
    process.exitCode = await run(command);
  } catch (err) {
    process.stderr.write(`redline: ${(err as Error).message}\n`);
    process.exitCode = 1;
  }
}
