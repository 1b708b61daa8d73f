/**
 * The terminal client end to end, in a real pseudo-terminal: the CLI spawns the packaged sidecar,
 * which talks to the model double over HTTP. Every test checks the file's exact bytes afterwards
 * and that no process of the run is left behind.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { leftovers, runInTerminal, sidecarOf, type TerminalRun } from '../harness/terminal.js';
import { startModelDouble, type ModelDouble } from '@redline/model-double';

let model: ModelDouble;
const runs: TerminalRun[] = [];

beforeAll(async () => {
  model = await startModelDouble();
});
afterAll(() => model.close());
afterEach(async () => {
  for (const run of runs.splice(0)) {
    run.kill();
    expect(await leftovers(run.tag)).toEqual([]);
  }
});

function tempFile(name: string, content: string | Buffer): string {
  const file = join(mkdtempSync(join(tmpdir(), 'redline-tty-')), name);
  writeFileSync(file, content);
  return file;
}

function terminal(args: string[], options: Parameters<typeof runInTerminal>[1] = {}): TerminalRun {
  const run = runInTerminal([...args, '--endpoint', model.url, '--model', 'coder'], options);
  runs.push(run);
  return run;
}

const SHOP = 'def total(items):\n    s = 0\n    for i in items:\n        s += i.price\n    return s\n';
const SUM = 'def total(items):\n    return sum(i.price for i in items)\n';
const fenced = (code: string) => '```python\n' + code + '```';

describe('accept and reject', () => {
  it('streams the diff, and writes the file once accepted', async () => {
    const file = tempFile('shop.py', SHOP);
    model.script({ text: fenced(SUM), chunkSize: 5 });
    const run = terminal(['edit', file, '--lines', '1-5', '-m', 'use sum']);
    await run.waitFor('1 hunk: accept all, reject all, or hunk by hunk? [a/r/h]');
    const screen = (await run.rows()).join('\n');
    expect(screen).toContain('@@ -1,5 +1,2 @@');
    expect(screen).toContain('-    s = 0');
    expect(screen).toContain('+    return sum(i.price for i in items)');
    run.write('a\r');
    expect(await run.exit).toMatchObject({ exitCode: 0 });
    expect((await run.rows()).join('\n')).toContain(`redline: 1 of 1 hunk accepted; wrote ${file}`);
    expect(readFileSync(file, 'utf8')).toBe(SUM);
  });

  it('rejects and leaves the file byte for byte, re-asking on an answer it does not know', async () => {
    const file = tempFile('shop.py', SHOP);
    model.script({ text: fenced(SUM) });
    const run = terminal(['edit', file, '-m', 'use sum']);
    const question = 'accept all, reject all, or hunk by hunk? [a/r/h] ';
    await run.waitForCount(question, 1);
    run.write('yes please\r');
    await run.waitForCount(question, 2);
    expect(run.raw()).toContain('r - reject every hunk');
    run.write('\r');
    await run.waitForCount(question, 3);
    run.write('r\r');
    expect(await run.exit).toMatchObject({ exitCode: 0 });
    expect((await run.rows()).join('\n')).toContain(`redline: 0 of 1 hunk accepted; ${file} unchanged`);
    expect(readFileSync(file, 'utf8')).toBe(SHOP);
  });
});

describe('hunk by hunk, as git add -p', () => {
  const THREE = 'def a():\n    return 1\n\n\ndef b():\n    return 2\n\n\ndef c():\n    return 3\n';
  const proposal = THREE.replace('return 1', 'return 10').replace('return 2', 'return 20').replace('return 3', 'return 30');
  const only = (...hunks: number[]) => hunks.reduce((text, n) => text.replace(`return ${n}\n`, `return ${n}0\n`), THREE);

  async function walk(keys: string[], expectedText: string, accepted: number) {
    const file = tempFile('abc.py', THREE);
    model.script({ text: fenced(proposal) });
    const run = terminal(['edit', file, '-m', 'times ten']);
    const asked = new Map<string, number>();
    const ask = async (question: string) => {
      asked.set(question, (asked.get(question) ?? 0) + 1);
      await run.waitForCount(question, asked.get(question)!);
    };
    let hunk = 0;
    await ask('[a/r/h] ');
    for (const key of keys) {
      run.write(`${key}\r`);
      if (hunk === 0 && key !== 'h') await ask('[a/r/h] ');
      else if (key === 'h' || key === '?' || key === 'z') {
        hunk = Math.max(hunk, 1);
        await ask(`(${hunk}/3) Accept this hunk [y,n,q,a,d,?]? `);
      } else if (key === 'y' || key === 'n') {
        if (++hunk <= 3) await ask(`(${hunk}/3) Accept this hunk [y,n,q,a,d,?]? `);
      }
    }
    expect(await run.exit).toMatchObject({ exitCode: 0 });
    const screen = (await run.rows()).join('\n');
    expect(screen).toContain(`redline: ${accepted} of 3 hunks accepted; ${expectedText === THREE ? `${file} unchanged` : `wrote ${file}`}`);
    expect(readFileSync(file, 'utf8')).toBe(expectedText);
    return screen;
  }

  it('y and n settle one hunk each; headers keep the original line numbers', async () => {
    const screen = await walk(['h', 'y', 'n', 'y'], only(1, 3), 2);
    expect(screen).toContain('@@ -1,5 +1,5 @@\n def a():\n-    return 1\n+    return 10\n \n \n def b():');
    expect(screen).toContain('@@ -3,7 +3,7 @@\n \n \n def b():\n-    return 2\n+    return 20\n \n \n def c():');
    expect(screen).toContain('@@ -7,4 +7,4 @@\n \n \n def c():\n-    return 3\n+    return 30\n(3/3)');
  });

  it('? prints the keys, n then a accepts the rest', async () => {
    const screen = await walk(['h', '?', 'n', 'a'], only(2, 3), 2);
    expect(screen).toContain('q - quit; reject this hunk and all later ones');
  });

  it('q quits, rejecting the hunk shown and every later one', async () => {
    await walk(['h', 'y', 'q'], only(1), 1);
  });

  it('d rejects this hunk and the later ones', async () => {
    await walk(['h', 'd'], THREE, 0);
  });

  it('an answer that is no key re-asks the same hunk', async () => {
    await walk(['x', 'h', 'n', 'z', 'n', 'y'], only(3), 1);
  });
});

describe('adjacent hunks', () => {
  it("draws a neighbour's red line as context of the next hunk, and never its green one", async () => {
    const file = tempFile('pair.py', 'a = 1\nkeep = 0\nb = 2\n');
    model.script({ text: fenced('a = 10\nkeep = 0\nb = 20\n') });
    const run = terminal(['edit', file, '-m', 'times ten'], { env: { NO_COLOR: '1' } });
    await run.waitFor('[a/r/h]');
    run.write('h\r');
    await run.waitFor('(1/2) Accept this hunk');
    run.write('n\r');
    await run.waitFor('(2/2) Accept this hunk');
    run.write('y\r');
    expect(await run.exit).toMatchObject({ exitCode: 0 });
    const screen = (await run.rows()).join('\n');
    expect(screen).toContain('@@ -1,3 +1,3 @@\n-a = 1\n+a = 10\n keep = 0\n b = 2\n(1/2)');
    expect(screen).toContain('@@ -1,3 +1,3 @@\n a = 1\n keep = 0\n-b = 2\n+b = 20\n(2/2)');
    expect(readFileSync(file, 'utf8')).toBe('a = 1\nkeep = 0\nb = 20\n');
  });
});

describe('Ctrl-C and a dying sidecar', () => {
  const slow = { text: fenced('def total(items):\n' + '    # thinking\n'.repeat(200) + '    return 0\n'), chunkSize: 4, delayMs: 15 };

  it('Ctrl-C mid-stream cancels: one line, exit 130, the file untouched, the model request closed', async () => {
    const file = tempFile('shop.py', SHOP);
    const requests = model.requests.length;
    model.script(slow);
    const run = terminal(['edit', file, '-m', 'think']);
    await run.waitFor('# thinking');
    run.write('\x03');
    expect(await run.exit).toMatchObject({ exitCode: 130 });
    expect((await run.rows()).filter((row) => row.includes('redline'))).toEqual(['redline: cancelled; nothing was written.']);
    await model.waitForClose(requests);
    expect(readFileSync(file, 'utf8')).toBe(SHOP);
    expect((await run.rows()).join('\n')).not.toContain('Ctrl-C cancels');
  });

  it("survives the terminal's SIGINT to its whole process group: the sidecar is not in it", async () => {
    const file = tempFile('shop.py', SHOP);
    model.script(slow);
    const run = terminal(['edit', file, '-m', 'think']);
    await run.waitFor('# thinking');
    // What the terminal driver does on Ctrl-C in cooked mode: SIGINT to the foreground group.
    process.kill(-run.pid, 'SIGINT');
    expect(await run.exit).toMatchObject({ exitCode: 130 });
    expect(run.raw()).toContain('redline: cancelled; nothing was written.');
    expect(readFileSync(file, 'utf8')).toBe(SHOP);
  });

  it('relayed copies of one Ctrl-C (npm run, tsx) count as one: the session is cancelled, not abandoned', async () => {
    const file = tempFile('shop.py', SHOP);
    model.script(slow);
    const run = terminal(['edit', file, '-m', 'think']);
    await run.waitFor('# thinking');
    process.kill(-run.pid, 'SIGINT');
    process.kill(-run.pid, 'SIGINT');
    expect(await run.exit).toMatchObject({ exitCode: 130 });
    expect(run.raw()).toContain('redline: cancelled; nothing was written.');
    expect(run.raw()).not.toContain('stopped at once');
    expect(readFileSync(file, 'utf8')).toBe(SHOP);
  });

  it('a second Ctrl-C exits at once when the cancel does not come back', async () => {
    const file = tempFile('shop.py', SHOP);
    model.script(slow);
    const run = terminal(['edit', file, '-m', 'think']);
    await run.waitFor('# thinking');
    process.kill(await sidecarOf(run.tag), 'SIGSTOP');
    run.write('\x03');
    // Later than the window in which relayed copies of one Ctrl-C count as the same keypress.
    await new Promise((r) => setTimeout(r, 700));
    run.write('\x03');
    expect(await run.exit).toMatchObject({ exitCode: 130 });
    // Not the end of the first Ctrl-C's wait for the cancel (that one says "cancelled").
    expect(run.raw()).toContain('redline: stopped at once; nothing was written.');
    expect(run.raw()).not.toContain('cancelled');
    expect(readFileSync(file, 'utf8')).toBe(SHOP);
  });

  it('a sidecar killed mid-stream ends the client with a clear message', async () => {
    const file = tempFile('shop.py', SHOP);
    model.script(slow);
    const run = terminal(['edit', file, '-m', 'think']);
    await run.waitFor('# thinking');
    process.kill(await sidecarOf(run.tag), 'SIGKILL');
    expect(await run.exit).toMatchObject({ exitCode: 1 });
    expect(run.raw()).toContain('redline: the sidecar stopped unexpectedly (killed by SIGKILL); nothing was written.');
    expect(readFileSync(file, 'utf8')).toBe(SHOP);
  });

  it('a sidecar that dies while the question waits ends the client too', async () => {
    const file = tempFile('shop.py', SHOP);
    model.script({ text: fenced(SUM) });
    const run = terminal(['edit', file, '-m', 'use sum']);
    await run.waitFor('[a/r/h]');
    process.kill(await sidecarOf(run.tag), 'SIGKILL');
    expect(await run.exit).toMatchObject({ exitCode: 1 });
    expect(run.raw()).toContain('redline: the sidecar stopped unexpectedly (killed by SIGKILL); nothing was written.');
    expect(readFileSync(file, 'utf8')).toBe(SHOP);
  });

  it('the sidecar leaves when the client is killed outright', async () => {
    const file = tempFile('shop.py', SHOP);
    model.script(slow);
    const run = terminal(['edit', file, '-m', 'think']);
    await run.waitFor('# thinking');
    const sidecar = await sidecarOf(run.tag);
    for (const p of (await import('../harness/terminal.js')).taggedProcesses(run.tag)) if (p.pid !== sidecar) process.kill(p.pid, 'SIGKILL');
    await run.exit;
    expect(await leftovers(run.tag)).toEqual([]);
    expect(readFileSync(file, 'utf8')).toBe(SHOP);
  });

  it('EOF at the prompt rejects and points at --yes', async () => {
    const file = tempFile('shop.py', SHOP);
    model.script({ text: fenced(SUM) });
    const run = terminal(['edit', file, '-m', 'use sum']);
    await run.waitFor('[a/r/h]');
    run.write('\x04');
    expect(await run.exit).toMatchObject({ exitCode: 1 });
    expect(run.raw()).toContain('redline: no answer (end of input): rejected, nothing was written. Pass --yes to accept without asking.');
    expect(readFileSync(file, 'utf8')).toBe(SHOP);
  });

  it('a sidecar that never answers initialize is an error within seconds', async () => {
    const file = tempFile('shop.py', SHOP);
    const mute = tempFile('mute-sidecar', '#!/bin/sh\nexec sleep 60\n');
    (await import('node:fs')).chmodSync(mute, 0o755);
    const run = terminal(['edit', file, '-m', 'x', '--sidecar', mute]);
    expect(await run.exit).toMatchObject({ exitCode: 1 });
    expect(run.raw()).toContain(`redline: The sidecar ${mute} did not answer initialize within 5 s.`);
    expect(readFileSync(file, 'utf8')).toBe(SHOP);
  });
});

describe('files it must not damage', () => {
  it('keeps CRLF line breaks', async () => {
    const crlf = (t: string) => t.replace(/\n/g, '\r\n');
    const file = tempFile('shop.py', crlf(SHOP));
    model.script({ text: fenced(SUM) });
    const run = terminal(['edit', file, '-m', 'use sum', '--yes']);
    expect(await run.exit).toMatchObject({ exitCode: 0 });
    expect(readFileSync(file).toString('latin1')).toBe(crlf(SUM));
  });

  it('refuses a Latin-1 file, naming the byte, and changes nothing', async () => {
    const bytes = Buffer.from('# caf\xe9\nprice = 1\n', 'latin1');
    const file = tempFile('menu.py', bytes);
    const run = terminal(['edit', file, '-m', 'x', '--yes']);
    expect(await run.exit).toMatchObject({ exitCode: 1 });
    expect(run.raw()).toContain(`redline: ${file} is not valid UTF-8 (byte 0xE9 on line 1)`);
    expect(readFileSync(file)).toEqual(bytes);
  });

  it('refuses a binary file', async () => {
    const bytes = Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00, 0x00, 0x00]);
    const file = tempFile('tool.bin', bytes);
    const run = terminal(['edit', file, '-m', 'x', '--yes']);
    expect(await run.exit).toMatchObject({ exitCode: 1 });
    expect(run.raw()).toContain(`redline: ${file} looks like a binary file (a NUL byte at offset 7)`);
    expect(readFileSync(file)).toEqual(bytes);
  });

  it('refuses to write over a file that changed on disk while the prompt waited', async () => {
    const file = tempFile('shop.py', SHOP);
    model.script({ text: fenced(SUM) });
    const run = terminal(['edit', file, '-m', 'use sum']);
    await run.waitFor('[a/r/h]');
    const theirs = SHOP.replace('s = 0', 's = 0  # edited elsewhere');
    writeFileSync(file, theirs);
    run.write('a\r');
    expect(await run.exit).toMatchObject({ exitCode: 1 });
    expect(run.raw()).toContain(`redline: ${file} changed on disk while the proposal was open; nothing was written`);
    expect(readFileSync(file, 'utf8')).toBe(theirs);
  });
});

describe('display', () => {
  it('names the model and endpoint while waiting for the first chunk', async () => {
    const file = tempFile('shop.py', SHOP);
    model.script({ text: fenced(SUM), delayMs: 1500, chunkSize: 1000 });
    const run = terminal(['edit', file, '-m', 'use sum', '--yes']);
    await run.waitFor(`Waiting for coder at ${model.url}`);
    expect(await run.exit).toMatchObject({ exitCode: 0 });
    expect(readFileSync(file, 'utf8')).toBe(SUM);
  });

  it('redraws a region taller and wider than a narrow terminal without leaving frames in the scrollback', async () => {
    const long = Array.from({ length: 40 }, (_, i) => `    value_${i} = compute_something_rather_long(${i}, "${'x'.repeat(20)}")\n`).join('');
    const file = tempFile('wide.py', 'def f():\n    pass\n');
    const proposal = `def f():\n${long}`;
    model.script({ text: fenced(proposal), chunkSize: 12, delayMs: 5 });
    const run = terminal(['edit', file, '-m', 'fill', '--yes'], { cols: 40, rows: 10 });
    await run.waitFor('value_5');
    expect(await run.exit).toMatchObject({ exitCode: 0 });
    // Live frames were drawn, cut to the width…
    const live = run.raw().replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '').match(/\d+ \+ {5}value_\d+ = comp[^\r\n]*/g) ?? [];
    expect(live.length).toBeGreaterThan(3);
    for (const line of live) expect(line.length).toBeLessThanOrEqual(40);
    const rows = await run.rows();
    // Live frames number their lines ("12 + …"); the settled picture does not. None may be left.
    expect(rows.filter((r) => /^\s*\d+ [-+ ] /.test(r))).toEqual([]);
    expect(rows.join('\n')).not.toContain('Ctrl-C cancels');
    // The settled diff is printed once: each added line's start appears exactly once.
    for (const n of [0, 17, 39]) expect(rows.filter((r) => r.startsWith(`+    value_${n} =`))).toHaveLength(1);
    expect(readFileSync(file, 'utf8')).toBe(proposal);
  });

  it('NO_COLOR: no colour codes, the same picture', async () => {
    const file = tempFile('shop.py', SHOP);
    model.script({ text: fenced(SUM) });
    const run = terminal(['edit', file, '-m', 'use sum', '--yes'], { env: { NO_COLOR: '1' } });
    expect(await run.exit).toMatchObject({ exitCode: 0 });
    expect(run.raw()).not.toMatch(/\x1b\[[0-9;]*m/);
    expect((await run.rows()).join('\n')).toContain('@@ -1,5 +1,2 @@');
    expect(readFileSync(file, 'utf8')).toBe(SUM);
  });

  it('shows a whitespace-only change', async () => {
    const file = tempFile('tabs.py', 'def f():\n\treturn 1\n');
    model.script({ text: fenced('def f():\n    return 1\n') });
    const run = terminal(['edit', file, '-m', 'spaces', '--yes'], { env: { NO_COLOR: '1' } });
    expect(await run.exit).toMatchObject({ exitCode: 0 });
    const rows = await run.rows();
    expect(rows).toContain('-→   return 1');
    expect(rows).toContain('+    return 1');
    expect(readFileSync(file, 'utf8')).toBe('def f():\n    return 1\n');
  });
});

describe("the project's formatter (--format-command)", () => {
  // gofmt: a real formatter that reads a Go file on stdin and writes it formatted.
  const gofmt = spawnSync('gofmt', ['-h']).error === undefined;
  const GO = ['package shop', '', 'func total(items []Item) int {', '   s := 0', '\tfor _, i := range items {', '\t\ts += i.Price', '\t}', '\treturn s', '}', ''].join('\n');
  // The model's rewrite, indented with spaces as gofmt never would; "   s := 0" is the user's own line.
  const REPLY = ['func total(items []Item) int {', '   s := 0', '\tfor _, i := range items {', '    s += i.Price * i.Qty', '\t}', '  return s', '}'].join('\n');

  it.skipIf(!gofmt)("runs it on the proposal's lines only: they arrive formatted, the user's own line stays as it was", async () => {
    const file = tempFile('shop.go', GO);
    model.script({ text: '```go\n' + REPLY + '\n```' });
    const run = terminal(['edit', file, '--lines', '3-9', '-m', 'multiply by the quantity', '--yes', '--format-command', 'gofmt'], { env: { NO_COLOR: '1' } });
    expect(await run.exit).toMatchObject({ exitCode: 0 });
    // The return line, which the model changed only by its indentation, is the original's again once formatted.
    expect(readFileSync(file, 'utf8')).toBe(GO.replace('\t\ts += i.Price', '\t\ts += i.Price * i.Qty'));
    expect((await run.rows()).join('\n')).not.toContain('not formatted');
  });

  it('says when the formatter cannot run, and shows the proposal as the model wrote it', async () => {
    const file = tempFile('shop.go', GO);
    model.script({ text: '```go\n' + REPLY + '\n```' });
    const run = terminal(['edit', file, '--lines', '3-9', '-m', 'multiply by the quantity', '--yes', '--format-command', 'no-such-formatter --stdin {file}'], { env: { NO_COLOR: '1' } });
    expect(await run.exit).toMatchObject({ exitCode: 0 });
    expect(run.raw()).toMatch(/redline: not formatted: `no-such-formatter --stdin \{file\}` failed \(exit code 127: .*not found\); the proposal is as the model wrote it\./);
    expect(readFileSync(file, 'utf8')).toBe(GO.replace('\t\ts += i.Price', '    s += i.Price * i.Qty').replace('\treturn s', '  return s'));
  });
});
