/**
 * A real VS Code for the end-to-end tests: code-server (VS Code served to a browser, installed once
 * per machine by install-vscode.sh) on 127.0.0.1 with the extension installed from its VSIX, driven
 * through Debian's chromium with playwright-core. Each run gets fresh user, extension and workspace
 * folders; one code-server serves the whole test file. The installed sidecar can be put behind a
 * relay (sidecarRelay.mjs) that records the document-sync messages, makes one change drift and
 * holds `done` statuses back while a test asks it to.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, readlinkSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { BUNDLE_DIR, sidecarFileName } from '../src/sidecar/executable';

const here = dirname(fileURLToPath(import.meta.url));
export const REPO = join(here, '..', '..');
const EXTENSION_ID = 'redline.redline-vscode';

/** Installs code-server (skipped when present) and returns its node binary and entry script. */
export function installVsCode(): { node: string; entry: string } {
  const out = execFileSync('bash', [join(here, 'install-vscode.sh')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  const dir = out.trim().split('\n').pop()!;
  const node = readdirSync(dirname(dir)).find((name) => name.startsWith('node-'));
  return { node: join(dirname(dir), node!, 'bin', 'node'), entry: join(dir, 'node_modules', 'code-server', 'out', 'node', 'entry.js') };
}

/** Packages the probe extension (probe/), which records what VS Code's extension API reports, into `dir`. */
function packageProbe(dir: string): string {
  const vsix = join(dir, 'probe.vsix');
  execFileSync(process.execPath, [join(REPO, 'node_modules', '@vscode', 'vsce', 'vsce'), 'package', '--no-dependencies', '--skip-license', '--allow-missing-repository', '--out', vsix], {
    cwd: join(here, 'probe'),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return vsix;
}

/** What the probe extension last wrote: every open document and visible editor, as the extension API has them. */
export interface ProbeState {
  documents: Array<{ uri: string; version: number; isDirty: boolean }>;
  editors: Array<{ uri: string; active: boolean; selections: Array<{ anchor: [number, number]; active: [number, number] }> }>;
  /** Every tool's diagnostics (`line` zero-based, the range's start line); `range` is [start line, start character, end line, end character]. */
  diagnostics: Array<{ uri: string; line: number; source: string | null; code: string | number | null; message: string; severity: number; range: [number, number, number, number] }>;
}

/** Packages the linux-x64 VSIX from dist/redline-sidecar (skipped when up to date). */
export function packageExtension(): string {
  execFileSync('npx', ['tsx', join(here, '..', 'scripts', 'package.ts')], { cwd: REPO, stdio: ['ignore', 'inherit', 'inherit'] });
  return join(REPO, 'dist', `redline-vscode-${process.platform}-${process.arch}.vsix`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * User settings that keep a test window quiet: no start page, chat side bar, minimap, suggestion
 * popups, git, telemetry, recommendations or restored windows, and no auto-save unless a test asks.
 */
export const QUIET_WINDOW: Record<string, unknown> = {
  'workbench.startupEditor': 'none',
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'chat.disableAIFeatures': true,
  'editor.minimap.enabled': false,
  'editor.quickSuggestions': { other: false, comments: false, strings: false },
  'files.autoSave': 'off',
  'git.enabled': false,
  'telemetry.telemetryLevel': 'off',
  'extensions.ignoreRecommendations': true,
  'window.restoreWindows': 'none',
};

export interface VsCodeOptions {
  vsix: string;
  /** User settings (settings.json). */
  settings: Record<string, unknown>;
  /** Workspace files by relative path. */
  files: Record<string, string>;
  /** Runs the sidecar behind sidecarRelay.mjs; its first checksummed didChange that inserts this marker drifts. */
  driftMarker?: string;
}

/** What the relay recorded (sidecarRelay.mjs), in order. */
export type RelayEvent =
  | { kind: 'didChange'; uri: string; version: number; checksum?: number; texts: string[] }
  | { kind: 'sent'; method: string; uri?: string; version?: number; sessionId?: string }
  | { kind: 'corrupted'; uri: string; version: number }
  | { kind: 'documentText'; uri: string }
  | { kind: 'documentText answer'; uri: string; result?: { version: number; text: string }; error?: { message: string } }
  /** A sidecar log line; `type` as in window/logMessage (1 error, 2 warning, 3 info, 5 debug). */
  | { kind: 'log'; message: string; type: number }
  | { kind: 'held'; uri: string; sessionId: string }
  | { kind: 'released'; uri: string; sessionId: string };

/**
 * Replaces the installed sidecar with a script that runs it behind the relay; the executable stays
 * in the extensions folder under another name, so `sidecarPid` still finds it.
 */
function relaySidecar(extensionsDir: string, record: string, marker: string, hold: string): void {
  const installed = readdirSync(extensionsDir).find((name) => name.startsWith(`${EXTENSION_ID}-`));
  const bin = join(extensionsDir, installed!, BUNDLE_DIR, sidecarFileName(process.platform, process.arch));
  renameSync(bin, `${bin}.real`);
  const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
  writeFileSync(bin, `#!/bin/sh\nexec ${[process.execPath, join(here, 'sidecarRelay.mjs'), `${bin}.real`, record, marker, hold].map(quote).join(' ')}\n`);
  chmodSync(bin, 0o755);
}

export class VsCode {
  private constructor(
    readonly page: Page,
    private readonly context: BrowserContext,
    private readonly server: ChildProcess,
    readonly root: string,
    readonly workspace: string,
    readonly extensionsDir: string,
  ) {}

  static async start(options: VsCodeOptions): Promise<VsCode> {
    const { node, entry } = installVsCode();
    const root = mkdtempSync(join(tmpdir(), 'redline-vscode-e2e-'));
    const [userDir, extensionsDir, workspace, xdg, profile, probe] = ['user', 'extensions', 'workspace', 'xdg', 'browser', 'probe'].map((d) => join(root, d));
    for (const dir of [userDir, extensionsDir, workspace, xdg, profile, probe]) mkdirSync(dir, { recursive: true });
    mkdirSync(join(userDir, 'User'), { recursive: true });
    writeFileSync(join(userDir, 'User', 'settings.json'), JSON.stringify(options.settings, null, 2));
    for (const [name, text] of Object.entries(options.files)) {
      mkdirSync(dirname(join(workspace, name)), { recursive: true });
      writeFileSync(join(workspace, name), text);
    }
    // The extension host inherits the server's environment: the probe writes where it says.
    const env = { ...process.env, XDG_CONFIG_HOME: xdg, XDG_DATA_HOME: xdg, XDG_CACHE_HOME: xdg, REDLINE_E2E_PROBE: probe };
    const dirs = ['--user-data-dir', userDir, '--extensions-dir', extensionsDir];
    execFileSync(node, [entry, ...dirs, '--install-extension', options.vsix, '--install-extension', packageProbe(root)], { env, stdio: ['ignore', 'ignore', 'inherit'] });
    if (options.driftMarker) relaySidecar(extensionsDir, join(root, 'relay.jsonl'), options.driftMarker, join(root, 'hold-done'));
    const port = await freePort();
    const args = [
      entry,
      ...dirs,
      '--auth', 'none',
      '--bind-addr', `127.0.0.1:${port}`,
      '--disable-telemetry',
      '--disable-update-check',
      '--disable-workspace-trust',
      '--reconnection-grace-time', '5',
      // The extension reports shown and partly accepted completions through a proposed API.
      '--enable-proposed-api', EXTENSION_ID,
      workspace,
    ];
    // Its own process group, so the server and everything it started end together.
    const server = spawn(node, args, { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const log: string[] = [];
    server.stdout!.on('data', (d: Buffer) => log.push(d.toString()));
    server.stderr!.on('data', (d: Buffer) => log.push(d.toString()));
    await waitFor(async () => (await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null))?.ok === true, 30_000, () => `code-server did not start:\n${log.join('')}`);

    const context = await chromium.launchPersistentContext(profile, {
      executablePath: '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
      viewport: { width: 1400, height: 900 },
    });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: `http://127.0.0.1:${port}` });
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`http://127.0.0.1:${port}/?folder=${encodeURIComponent(workspace)}`);
    await page.waitForSelector('.monaco-workbench', { timeout: 60_000 });
    return new VsCode(page, context, server, root, workspace, extensionsDir);
  }

  /** The pid of the sidecar this window's extension host started (its executable lies in our extensions folder). */
  sidecarPid(): number | null {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        if (readlinkSync(`/proc/${entry}/exe`).startsWith(this.extensionsDir)) return Number(entry);
      } catch {
        // A process that ended meanwhile, or one we may not inspect.
      }
    }
    return null;
  }

  async waitForSidecar(timeoutMs = 60_000, other?: number): Promise<number> {
    let pid: number | null = null;
    await waitFor(async () => {
      pid = this.sidecarPid();
      return pid !== null && pid !== other;
    }, timeoutMs, () => 'the extension never started its sidecar');
    return pid!;
  }

  /** Replaces the user's settings through VS Code's own settings.json editor, as a user would. */
  async userSettings(settings: Record<string, unknown>): Promise<void> {
    await this.setClipboard(JSON.stringify(settings, null, 2));
    await this.command('Preferences: Open User Settings (JSON)');
    // It opens focused, in an editor of its own (a modal one in recent VS Code).
    await this.page.locator('.monaco-editor .view-line', { hasText: 'redline.endpoint' }).first().waitFor();
    await this.page.keyboard.press('Control+A');
    await this.page.keyboard.press('Control+V');
    await this.page.keyboard.press('Control+S');
    await waitFor(() => JSON.stringify(this.readUserSettings()) === JSON.stringify(settings), 10_000, () => 'settings.json was not saved');
    await this.page.waitForTimeout(1000);
    await this.page.keyboard.press('Control+W');
    // The file on disk is already right; a late dirty flag must not keep the editor open.
    const dontSave = this.page.locator('.monaco-dialog-box button', { hasText: "Don't Save" });
    if (await dontSave.isVisible({ timeout: 1000 }).catch(() => false)) await dontSave.click();
    await this.page.locator('.monaco-editor .view-line', { hasText: 'redline.endpoint' }).first().waitFor({ state: 'detached' });
  }

  /** While on, the relay holds back every `done` status (see sidecarRelay.mjs). */
  holdDone(on: boolean): void {
    const file = join(this.root, 'hold-done');
    if (on) writeFileSync(file, '');
    else rmSync(file, { force: true });
  }

  /** What the sidecar relay recorded so far (empty without `driftMarker`). */
  relayEvents(): RelayEvent[] {
    const file = join(this.root, 'relay.jsonl');
    if (!existsSync(file)) return [];
    // A line being written is not whole yet.
    return readFileSync(file, 'utf8').split('\n').flatMap((line) => {
      try {
        return line ? [JSON.parse(line) as RelayEvent] : [];
      } catch {
        return [];
      }
    });
  }

  /** What the probe extension last wrote (see probe/extension.js); null before its first write. */
  probeState(): ProbeState | null {
    const file = join(this.root, 'probe', 'state.json');
    return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ProbeState) : null;
  }

  /** The selection changes the probe extension saw in the editor showing `name`, in order (`how`: TextEditorSelectionChangeKind, null when none was given). */
  selectionEvents(name: string): Array<{ how: number | null; selections: ProbeState['editors'][number]['selections'] }> {
    const file = join(this.root, 'probe', 'events.jsonl');
    if (!existsSync(file)) return [];
    return readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line) => {
        try {
          const event = line ? JSON.parse(line) : null;
          return event?.kind === 'selection' && event.uri.endsWith(`/${name}`) ? [event] : [];
        } catch {
          return [];
        }
      });
  }

  /** A document's state as the extension API has it, by the file's workspace-relative name. */
  documentState(name: string): ProbeState['documents'][number] | undefined {
    return this.probeState()?.documents.find((d) => d.uri.endsWith(`/${name}`));
  }

  /** The diagnostics of the file `name`, every tool's, as the extension API has them. */
  diagnosticsOf(name: string): ProbeState['diagnostics'] {
    return this.probeState()?.diagnostics.filter((d) => d.uri.endsWith(`/${name}`)) ?? [];
  }

  /** The selections of the editor showing `name`, as the extension API has them. */
  selectionsOf(name: string): ProbeState['editors'][number]['selections'] | undefined {
    return this.probeState()?.editors.find((e) => e.uri.endsWith(`/${name}`))?.selections;
  }

  readUserSettings(): Record<string, unknown> {
    return JSON.parse(readFileSync(join(this.root, 'user', 'User', 'settings.json'), 'utf8'));
  }

  file(name: string): string {
    return readFileSync(join(this.workspace, name), 'utf8');
  }

  writeFile(name: string, text: string): void {
    mkdirSync(dirname(join(this.workspace, name)), { recursive: true });
    writeFileSync(join(this.workspace, name), text);
  }

  /** Runs a command by its title through the command palette. */
  async command(title: string): Promise<void> {
    const input = this.page.locator('.quick-input-widget input');
    await this.page.keyboard.press('F1');
    if (!(await input.isVisible())) {
      // Nothing in the workbench had the focus yet: give it to the editor area, then ask again.
      await this.page.locator('.part.editor').first().click({ position: { x: 200, y: 200 } });
      await this.page.keyboard.press('F1');
    }
    await input.waitFor();
    await input.fill(`>${title}`);
    await this.page.locator('.quick-input-list .monaco-list-row', { hasText: title }).first().waitFor();
    await this.page.keyboard.press('Enter');
  }

  /** Sets an output channel's log level through "Developer: Set Log Level...", as a user would. */
  async setLogLevel(channel: string, level: string): Promise<void> {
    await this.command('Developer: Set Log Level...');
    await this.page.locator('.quick-input-list .monaco-list-row', { hasText: channel }).first().click();
    await this.page.locator('.quick-input-list .monaco-list-row', { hasText: level }).first().click();
    await this.page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
  }

  async openFile(name: string): Promise<void> {
    await this.page.keyboard.press('Control+P');
    const input = this.page.locator('.quick-input-widget input');
    await input.waitFor();
    await input.fill(name);
    // Click the row itself: Enter would open whichever row is highlighted (a recent file may be).
    await this.page.locator('.quick-input-list .monaco-list-row', { hasText: name.split('/').pop()! }).first().click();
    await this.page.locator(`.tab.active[aria-label*="${name.split('/').pop()}"]`).waitFor();
    await this.focusEditor();
  }

  async focusEditor(): Promise<void> {
    const lines = this.page.locator('.editor-group-container.active .monaco-editor .view-lines').first();
    try {
      await lines.click({ position: { x: 600, y: 5 }, timeout: 5000 });
    } catch {
      // Something still lies over the editor (a closing quick pick on a busy machine), or the editor is scrolled
      // so that the lines' top edge is out of sight: focus it by command instead.
      await this.command('View: Focus Active Editor Group');
      await this.page.waitForFunction(() => document.activeElement?.closest('.editor-group-container.active .monaco-editor') != null, null, { timeout: 10_000 });
    }
  }

  /** The active editor's exact text (line endings included), through the clipboard; leaves the cursor at the start. */
  async editorText(): Promise<string> {
    await this.focusEditor();
    await this.page.keyboard.press('Control+A');
    await this.page.keyboard.press('Control+C');
    await this.page.keyboard.press('Control+Home');
    return this.page.evaluate(() => navigator.clipboard.readText());
  }

  async setClipboard(text: string): Promise<void> {
    await this.page.evaluate((t) => navigator.clipboard.writeText(t), text);
  }

  /** Puts the cursor at the start of 1-based `line`, and with `count` selects that many whole lines. */
  async selectLines(line: number, count = 0): Promise<void> {
    await this.page.keyboard.press('Control+G');
    await this.page.keyboard.type(String(line));
    await this.page.keyboard.press('Enter');
    for (let i = 0; i < count; i++) await this.page.keyboard.press('Shift+ArrowDown');
  }

  /** Answers the input box the command opened. */
  async answerInput(text: string): Promise<void> {
    const input = this.page.locator('.quick-input-widget input');
    await input.waitFor();
    await input.fill(text);
    await this.page.keyboard.press('Enter');
  }

  codeLens(title: string) {
    return this.page.locator('.codelens-decoration a', { hasText: new RegExp(`^${title}$`) });
  }

  /** The texts of the notifications on screen (for failure messages). */
  notifications(): Promise<string[]> {
    return this.page.locator('.notifications-toasts .notification-toast').allInnerTexts();
  }

  notification(text: string | RegExp) {
    return this.page.locator('.notifications-toasts .notification-toast', { hasText: text });
  }

  async close(): Promise<void> {
    await this.context.close().catch(() => undefined);
    if (this.server.pid && this.server.exitCode === null && this.server.signalCode === null) {
      const exited = new Promise((resolve) => this.server.once('exit', resolve));
      try {
        process.kill(-this.server.pid, 'SIGTERM');
        const stopped = await Promise.race([exited.then(() => true), new Promise((resolve) => setTimeout(resolve, 10_000, false))]);
        if (!stopped) process.kill(-this.server.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
    // REDLINE_E2E_KEEP=1 keeps the run's folders: VS Code's logs (the Redline output among them) are in user/logs.
    if (process.env.REDLINE_E2E_KEEP) console.log(`kept ${this.root}`);
    else rmSync(this.root, { recursive: true, force: true });
  }
}

export async function waitFor(ready: () => Promise<boolean> | boolean, timeoutMs: number, message: () => string | Promise<string>): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    // A predicate that throws (a file read while it is being written) is not ready yet.
    if (await Promise.resolve().then(ready).catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(await message());
}
