/**
 * The project's formatter as the terminal client runs it for the sidecar (`redline/formatText`): a
 * command given with `--format-command` or REDLINE_FORMAT_COMMAND, run through the shell in the
 * file's folder with the would-be text on its standard input; its standard output is the formatted
 * text. `{file}` in the command stands for the file's path (for formatters that pick their rules by
 * it: `prettier --stdin-filepath {file}`). A formatter that fails, or is still running when the
 * sidecar stops waiting, is stopped, and the run says so once the proposal is shown.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { dirname } from 'node:path';
import type { CancellationToken } from 'vscode-jsonrpc/node.js';
import type { FormatTextParams, FormatTextResult } from '@redline/shared-protocol';

/** Formatters still running: stopped when this process exits, however it exits short of a signal. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) stopGroup(child);
});

function stopGroup(child: ChildProcess): void {
  try {
    if (process.platform !== 'win32' && child.pid) process.kill(-child.pid, 'SIGKILL');
    else child.kill();
  } catch {
    // It ended meanwhile.
  }
}

/** The command line with `{file}` as one shell word. */
export function formatterCommand(template: string, file: string, platform: NodeJS.Platform = process.platform): string {
  const quoted = platform === 'win32' ? `"${file.replace(/"/g, '""')}"` : `'${file.replace(/'/g, `'\\''`)}'`;
  return template.replaceAll('{file}', quoted);
}

/** The first line of what a failed command wrote, for a message of one line. */
export function firstLine(text: string): string {
  return text.trim().split(/\r?\n/)[0]?.trim() ?? '';
}

/**
 * Answers `redline/formatText` with `template` for `file`. `cannot` hears why the formatter gave
 * nothing (once per failure), for the run to tell the user.
 */
export function commandFormatter(template: string, file: string, cannot: (why: string) => void) {
  const command = formatterCommand(template, file);
  return (params: FormatTextParams, token: CancellationToken): Promise<FormatTextResult> =>
    new Promise((resolve) => {
      const fail = (why: string) => {
        cannot(why);
        resolve({ reason: why });
      };
      // A group of its own, so stopping it stops what the shell started too.
      const child = spawn(command, { shell: true, cwd: dirname(file), stdio: ['pipe', 'pipe', 'pipe'], detached: process.platform !== 'win32' });
      running.add(child);
      const out: Buffer[] = [];
      const err: Buffer[] = [];
      child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
      child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
      // A formatter that exits without reading its input must not fail the write.
      child.stdin.on('error', () => undefined);
      const stop = token.onCancellationRequested(() => {
        stopGroup(child);
        fail(`\`${template}\` took longer than ${params.budgetMs} ms and was stopped`);
      });
      child.on('error', (e) => {
        running.delete(child);
        stop.dispose();
        fail(`\`${template}\` could not be started: ${e.message}`);
      });
      child.on('close', (code, signal) => {
        running.delete(child);
        stop.dispose();
        if (token.isCancellationRequested) return;
        const stderr = firstLine(Buffer.concat(err).toString('utf8'));
        const text = Buffer.concat(out).toString('utf8');
        if (code !== 0) fail(`\`${template}\` failed (${signal ? `killed by ${signal}` : `exit code ${code}`}${stderr ? `: ${stderr}` : ''})`);
        // A formatter that rewrites a file in place writes nothing here: it is not the kind this needs.
        else if (text === '' && params.text !== '') fail(`\`${template}\` wrote nothing to its standard output (it must read the code on standard input and write the formatted code)`);
        else resolve({ text });
      });
      child.stdin.end(params.text);
    });
}
