/** The packaged executable run by hand: --version, --help, a terminal for its input, an unknown flag. */
import { spawnSync } from 'node:child_process';
import pty from '@lydell/node-pty';
import { describe, expect, it } from 'vitest';
import { PACKAGED_SIDECAR } from '../harness/packaged.js';

const run = (args: string[]) => spawnSync(PACKAGED_SIDECAR, args, { input: '', encoding: 'utf8', timeout: 10_000 });

describe('the packaged sidecar on the command line', () => {
  it('prints its version and its help on stdout and exits 0', () => {
    const version = run(['--version']);
    expect([version.status, version.stdout, version.stderr]).toEqual([0, '0.1.0\n', '']);
    const help = run(['--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('Usage: redline-sidecar [--version | --help]');
    expect(help.stdout).toContain('JSON-RPC 2.0 with LSP framing');
  });

  it('refuses an unknown flag with a message and exit 2, writing nothing on stdout', () => {
    const refused = run(['--stdio']);
    expect(refused.status).toBe(2);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toContain('unknown argument "--stdio"');
  });

  it('started on a terminal, says in one line what it is and ends instead of waiting', async () => {
    const child = pty.spawn(PACKAGED_SIDECAR, [], { name: 'xterm', cols: 400, rows: 24, env: process.env as Record<string, string> });
    let output = '';
    child.onData((data) => (output += data));
    const exit = await new Promise<{ exitCode: number }>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`still running after 10 s; printed ${JSON.stringify(output)}`)), 10_000);
      child.onExit((e) => (clearTimeout(timer), resolve(e)));
    });
    expect(exit.exitCode).toBe(2);
    const lines = output.split(/\r?\n/).filter(Boolean);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^redline-sidecar: the Redline sidecar speaks JSON-RPC .* stdin\/stdout/);
  });
});
