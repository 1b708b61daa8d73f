import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CancellationTokenSource } from 'vscode-jsonrpc/node.js';
import { commandFormatter, formatterCommand } from './formatter.js';

const params = (text: string) => ({ uri: 'file:///x/a.ts', languageId: 'typescript', text, ranges: [], budgetMs: 1000 });

describe('formatterCommand', () => {
  it('puts the file path in as one shell word', () => {
    expect(formatterCommand('prettier --stdin-filepath {file}', "/p/it's here.ts", 'linux')).toBe(`prettier --stdin-filepath '/p/it'\\''s here.ts'`);
    expect(formatterCommand('fmt {file}', 'C:\\p\\a "b".ts', 'win32')).toBe('fmt "C:\\p\\a ""b"".ts"');
    expect(formatterCommand('gofmt', '/p/a.go', 'linux')).toBe('gofmt');
  });
});

describe('commandFormatter (a real shell)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'redline-fmt-'));
  const file = join(dir, 'a b.ts');
  writeFileSync(file, '');

  it('feeds the text on stdin and answers with stdout, run in the file’s folder', async () => {
    const why: string[] = [];
    const format = commandFormatter(`tr a-z A-Z; pwd; echo {file}`, file, (w) => why.push(w));
    expect(await format(params('abc\n'), new CancellationTokenSource().token)).toEqual({ text: `ABC\n${dir}\n${file}\n` });
    expect(why).toEqual([]);
  });

  it('says why when the command fails, writes nothing, or is cancelled', async () => {
    const why: string[] = [];
    const failing = await commandFormatter('echo "bad flag -x" >&2; exit 2', file, (w) => why.push(w))(params('a'), new CancellationTokenSource().token);
    expect(failing.text).toBeUndefined();
    expect(await commandFormatter('cat > /dev/null', file, (w) => why.push(w))(params('a'), new CancellationTokenSource().token)).toEqual({ reason: expect.stringContaining('wrote nothing') });
    const source = new CancellationTokenSource();
    const slow = commandFormatter('sleep 5', file, (w) => why.push(w))(params('a'), source.token);
    source.cancel();
    expect((await slow).text).toBeUndefined();
    expect(why).toEqual([
      '`echo "bad flag -x" >&2; exit 2` failed (exit code 2: bad flag -x)',
      '`cat > /dev/null` wrote nothing to its standard output (it must read the code on standard input and write the formatted code)',
      '`sleep 5` took longer than 1000 ms and was stopped',
    ]);
  });
});
