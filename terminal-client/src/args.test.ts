import { describe, expect, it } from 'vitest';
import { countLines, languageIdOf, parseCommand, rangeOf, USAGE } from './args.js';

const edit = (...argv: string[]) => parseCommand(['edit', ...argv], {});

describe('parseCommand', () => {
  it('reads an edit with its lines, instruction and flags', () => {
    expect(edit('a.ts', '--lines', '10-20', '-m', 'rename x')).toMatchObject({ kind: 'edit', file: 'a.ts', place: { kind: 'lines', first: 10, last: 20 }, instruction: 'rename x', yes: false, settings: {} });
    expect(edit('a.ts', '--lines', '3', '-m', 'x')).toMatchObject({ place: { kind: 'lines', first: 3, last: 3 } });
    expect(edit('a.ts', '-m', 'x')).toMatchObject({ place: { kind: 'none' } });
  });

  it('takes FILE:LINE and --line as a caret, unless a file of that very name exists', () => {
    expect(edit('src/a.py:12', '-m', 'x')).toMatchObject({ file: 'src/a.py', place: { kind: 'line', line: 12 } });
    expect(edit('a.py', '--line', '7', '-m', 'x')).toMatchObject({ file: 'a.py', place: { kind: 'line', line: 7 } });
    expect(parseCommand(['edit', 'odd:12', '-m', 'x'], {}, (p) => p === 'odd:12')).toMatchObject({ file: 'odd:12', place: { kind: 'none' } });
    expect(() => edit('a.py:3', '--lines', '1-2', '-m', 'x')).toThrow(/one of FILE:LINE, --line or --lines/);
    expect(() => edit('a.py', '--line', '0', '-m', 'x')).toThrow(/count from 1/);
  });

  it('reads an apply, with the code from a file or standard input', () => {
    expect(parseCommand(['apply', 'a.ts', '--from', 'snippet.ts', '--yes'], {})).toMatchObject({ kind: 'apply', file: 'a.ts', from: 'snippet.ts', yes: true });
    expect(parseCommand(['apply', 'a.ts:4'], {})).toMatchObject({ kind: 'apply', from: undefined, place: { kind: 'line', line: 4 } });
    expect(() => parseCommand(['apply', 'a.ts', '-m', 'x'], {})).toThrow(/apply takes no instruction/);
    expect(() => edit('a.ts', '--from', 'b', '-m', 'x')).toThrow(/--from belongs to apply/);
  });

  it('takes a scope and a format for an edit, and refuses unknown ones', () => {
    expect(edit('a.ts:4', '-m', 'x', '--scope', 'file', '--format', 'searchReplace')).toMatchObject({ scope: 'file', editFormat: 'searchReplace' });
    expect(edit('a.ts', '-m', 'x')).not.toHaveProperty('scope');
    expect(() => edit('a.ts', '-m', 'x', '--scope', 'workspace')).toThrow(/--scope takes selection, file/);
    expect(() => edit('a.ts', '-m', 'x', '--format', 'diff')).toThrow(/--format takes auto, replacement/);
    expect(() => parseCommand(['apply', 'a.ts', '--scope', 'file'], {})).toThrow(/belong to edit/);
  });

  it('takes flags over environment variables', () => {
    const env = { REDLINE_PROVIDER: 'openai', REDLINE_ENDPOINT: 'http://env', REDLINE_MODEL: 'env-model', REDLINE_API_KEY: 'sk-env', REDLINE_SIDECAR: '/opt/s' };
    expect(parseCommand(['edit', 'a.ts', '-m', 'x'], env)).toMatchObject({ sidecar: '/opt/s', settings: { provider: 'openai', endpoint: 'http://env', model: 'env-model', apiKey: 'sk-env' } });
    expect(parseCommand(['edit', 'a.ts', '-m', 'x', '--model', 'flag', '--yes'], env)).toMatchObject({ yes: true, settings: { model: 'flag' } });
  });

  it('takes the project formatter from --format-command or REDLINE_FORMAT_COMMAND, none when blank', () => {
    expect(edit('a.go', '-m', 'x', '--format-command', 'gofmt')).toMatchObject({ formatCommand: 'gofmt' });
    expect(parseCommand(['apply', 'a.ts'], { REDLINE_FORMAT_COMMAND: 'prettier --stdin-filepath {file}' })).toMatchObject({ formatCommand: 'prettier --stdin-filepath {file}' });
    expect(parseCommand(['edit', 'a.go', '-m', 'x', '--format-command', 'gofmt -s'], { REDLINE_FORMAT_COMMAND: 'other' })).toMatchObject({ formatCommand: 'gofmt -s' });
    expect(parseCommand(['edit', 'a.go', '-m', 'x'], { REDLINE_FORMAT_COMMAND: '  ' })).toMatchObject({ formatCommand: undefined });
  });

  it('answers --help, wherever it stands', () => {
    expect(parseCommand(['--help'], {})).toEqual({ kind: 'help' });
    expect(parseCommand(['edit', 'a.ts', '-h'], {})).toEqual({ kind: 'help' });
    expect(USAGE).toMatch(/^usage: redline edit FILE/);
  });

  it('refuses what it cannot run with a redline: message', () => {
    expect(() => edit('a.ts', '--lines', '1')).toThrow(/^redline: an instruction is required/);
    expect(() => edit('a.ts', '--lines', '5-2', '-m', 'x')).toThrow(/not a range/);
    expect(() => edit('a.ts', '--lines', 'x', '-m', 'x')).toThrow(/START-END/);
    expect(() => edit('a.ts', '-m', 'x', '--provider', 'gpt')).toThrow(/unknown provider 'gpt'/);
    expect(() => edit('a.ts', '-m', 'x', '--colour')).toThrow(/^redline: unknown option '--colour'$/);
    expect(() => edit('a.ts', '-m', 'x', '-q')).toThrow(/^redline: unknown option '-q'$/);
    expect(() => edit('a.ts', '-m')).toThrow(/^redline: -m.* needs a value$/);
    expect(() => parseCommand(['a.ts'], {})).toThrow(/unknown command 'a.ts'/);
    expect(() => parseCommand([], {})).toThrow(/edit or apply/);
    expect(() => edit('a.ts', 'make', 'it', 'fast', '-m', 'x')).toThrow(/unexpected argument 'make'/);
  });
});

describe('rangeOf', () => {
  it('sends whole lines, a caret, the whole file for an edit or the end for an apply', () => {
    expect(rangeOf({ kind: 'lines', first: 2, last: 4, flag: '--lines 2-4' }, 10, 'a.ts', 'edit')).toEqual({ start: { line: 1, character: 0 }, end: { line: 4, character: 0 } });
    expect(rangeOf({ kind: 'line', line: 3, flag: 'a.ts:3' }, 10, 'a.ts', 'edit')).toEqual({ start: { line: 2, character: 0 }, end: { line: 2, character: 0 } });
    expect(rangeOf({ kind: 'none' }, 10, 'a.ts', 'edit')).toEqual({ start: { line: 0, character: 0 }, end: { line: 10, character: 0 } });
    expect(rangeOf({ kind: 'none' }, 10, 'a.ts', 'apply')).toEqual({ start: { line: 10, character: 0 }, end: { line: 10, character: 0 } });
  });

  it("refuses lines past the end, naming the file's length", () => {
    expect(() => rangeOf({ kind: 'lines', first: 8, last: 12, flag: '--lines 8-12' }, 11, 'shop.py', 'edit')).toThrow('redline: --lines 8-12 is past the end of shop.py (11 lines)');
    expect(() => rangeOf({ kind: 'line', line: 2, flag: 'x.py:2' }, 1, 'x.py', 'edit')).toThrow('redline: x.py:2 is past the end of x.py (1 line)');
    expect(rangeOf({ kind: 'lines', first: 11, last: 11, flag: '--lines 11' }, 11, 'shop.py', 'edit').end.line).toBe(11);
  });
});

describe('countLines', () => {
  it('counts lines as a user does', () => {
    expect([countLines(''), countLines('a'), countLines('a\n'), countLines('a\nb'), countLines('a\r\nb\r\n'), countLines('\n\n')]).toEqual([0, 1, 1, 2, 2, 2]);
  });
});

describe('languageIdOf', () => {
  it('maps file extensions to LSP language ids', () => {
    expect(languageIdOf('x/y.tsx')).toBe('typescriptreact');
    expect(languageIdOf('m.PY')).toBe('python');
    expect(languageIdOf('README')).toBe('plaintext');
    expect(languageIdOf('docs/README.md')).toBe('markdown');
  });
});
