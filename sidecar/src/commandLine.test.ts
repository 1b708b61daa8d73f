import { describe, expect, it } from 'vitest';
import { readCommandLine } from './commandLine.js';

describe('readCommandLine', () => {
  it('serves with no arguments on a pipe', () => {
    expect(readCommandLine([], false)).toEqual({ serve: true });
  });

  it('prints the version or the help on stdout and exits 0', () => {
    expect(readCommandLine(['--version'], false)).toEqual({ serve: false, stream: 'stdout', text: '0.1.0\n', code: 0 });
    const help = readCommandLine(['--help'], true);
    expect(help).toMatchObject({ serve: false, stream: 'stdout', code: 0 });
    expect(help.serve === false && help.text).toMatch(/^redline-sidecar 0\.1\.0: [\s\S]*Usage: redline-sidecar \[--version \| --help\]/);
  });

  it('on a terminal says in one line what it is, on stderr, and does not serve', () => {
    const told = readCommandLine([], true);
    expect(told).toMatchObject({ serve: false, stream: 'stderr', code: 2 });
    expect(told.serve === false && told.text.trimEnd().split('\n')).toHaveLength(1);
    expect(told.serve === false && told.text).toMatch(/JSON-RPC.*stdin\/stdout/);
  });

  it('refuses anything else with exit 2, naming the argument', () => {
    expect(readCommandLine(['--stdio'], false)).toMatchObject({ serve: false, stream: 'stderr', code: 2, text: expect.stringContaining('"--stdio"') });
    expect(readCommandLine(['-v'], false)).toMatchObject({ code: 2, text: expect.stringContaining('"-v"') });
    expect(readCommandLine(['--version', '--help'], false)).toMatchObject({ code: 2, text: expect.stringContaining('"--help"') });
    expect(readCommandLine(['--version', 'x'], false)).toMatchObject({ code: 2, text: expect.stringContaining('"x"') });
  });
});
