/**
 * The terminal client's commands through pipes and a pseudo-terminal: piped output is a patch,
 * usage errors say what is wrong, scopes come from the syntax tree, and `apply` settles a code
 * block from a chat like any proposal. File bytes are checked after every run.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACKAGED_SIDECAR } from '../harness/packaged.js';
import { runSnippetCorpus } from '../harness/snippetCorpus.js';
import { loadSnippetCorpus, SNIPPET_HELDOUT_DIR, SNIPPET_TUNING_DIR } from '../snippet-corpus/corpus.js';
import { leftovers, runInTerminal, runPiped } from '../harness/terminal.js';
import { startModelDouble, type ModelDouble } from '@redline/model-double';

let model: ModelDouble;
beforeAll(async () => {
  model = await startModelDouble();
});
afterAll(() => model.close());

const SHOP = 'def total(items):\n    s = 0\n    for i in items:\n        s += i.price\n    return s\n';
const SUM = 'def total(items):\n    return sum(i.price for i in items)\n';
const fenced = (code: string) => '```python\n' + code + '```';

function project(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'redline-cmd-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

const modelFlags = () => ['--endpoint', model.url, '--model', 'coder'];

describe('edit scope and format', () => {
  it('adds the import with --scope file, and prints a refused edit as a warning', async () => {
    const source = 'import os\n\n\ndef total(items):\n    return sum(i.price for i in items)\n';
    const dir = project({ 'shop.py': source });
    const block = (search: string, replace: string, path = 'shop.py') => `${path}\n<<<<<<< SEARCH\n${search}\n=======\n${replace}\n>>>>>>> REPLACE\n`;
    const reply = block('import os', 'import math\nimport os') + block('    return sum(i.price for i in items)', '    return math.fsum(i.price for i in items)') + block('x = 1', 'x = 2', 'other.py');
    model.script({ text: reply, chunkSize: 7 });
    const out = await runPiped(['edit', 'shop.py:5', '--scope', 'file', '--format', 'searchReplace', '-m', 'use math.fsum', '--yes', ...modelFlags()], { cwd: dir });
    expect(out.status).toBe(0);
    expect(out.stderr).toContain('redline: warning: Block 3 changes another file (other.py); only this file may be edited, so it was not applied.\n');
    expect(out.stderr).toContain('redline: 2 of 2 hunks accepted; wrote shop.py\n');
    expect(readFileSync(join(dir, 'shop.py'), 'utf8')).toBe('import math\nimport os\n\n\ndef total(items):\n    return math.fsum(i.price for i in items)\n');
    expect(await leftovers(out.tag)).toEqual([]);
  });
});

describe('piped output', () => {
  it('is a plain unified diff that git apply turns into the written file; the closing line goes to stderr', async () => {
    const dir = project({ 'shop.py': SHOP });
    model.script({ text: fenced(SUM), chunkSize: 3 });
    const out = await runPiped(['edit', 'shop.py', '--lines', '1-5', '-m', 'use sum', '--yes', ...modelFlags()], { cwd: dir });
    expect(out.status).toBe(0);
    expect(out.stdout).toBe(
      '--- a/shop.py\n+++ b/shop.py\n@@ -1,5 +1,2 @@\n def total(items):\n-    s = 0\n-    for i in items:\n-        s += i.price\n-    return s\n+    return sum(i.price for i in items)\n',
    );
    expect(out.stderr).toBe('redline: 1 of 1 hunk accepted; wrote shop.py\n');
    expect(readFileSync(join(dir, 'shop.py'), 'utf8')).toBe(SUM);
    const check = project({ 'shop.py': SHOP, 'p.diff': out.stdout });
    expect(spawnSync('git', ['apply', 'p.diff'], { cwd: check, encoding: 'utf8' }).stderr).toBe('');
    expect(readFileSync(join(check, 'shop.py'))).toEqual(readFileSync(join(dir, 'shop.py')));
    expect(await leftovers(out.tag)).toEqual([]);
  });

  it('reads piped answers, and rejects at the end of input, pointing at --yes', async () => {
    const dir = project({ 'shop.py': SHOP });
    model.script({ text: fenced(SUM) }, { text: fenced(SUM) });
    const answered = await runPiped(['edit', 'shop.py', '-m', 'use sum', ...modelFlags()], { cwd: dir, stdin: 'what\nh\ny\n' });
    expect(answered.status).toBe(0);
    expect(answered.stderr).toContain('1 hunk: accept all, reject all, or hunk by hunk? [a/r/h] what\na - accept every hunk');
    expect(answered.stderr).toContain('(1/1) Accept this hunk [y,n,q,a,d,?]? y\nredline: 1 of 1 hunk accepted; wrote shop.py\n');
    expect(readFileSync(join(dir, 'shop.py'), 'utf8')).toBe(SUM);
    writeFileSync(join(dir, 'shop.py'), SHOP);
    const silent = await runPiped(['edit', 'shop.py', '-m', 'use sum', ...modelFlags()], { cwd: dir });
    expect(silent.status).toBe(1);
    expect(silent.stderr).toContain('redline: no answer (end of input): rejected, nothing was written. Pass --yes to accept without asking.\n');
    expect(readFileSync(join(dir, 'shop.py'), 'utf8')).toBe(SHOP);
  });

  it('says clearly when no model server answers, and leaves the file alone', async () => {
    const dir = project({ 'a.ts': 'const a = 1;\n' });
    const out = await runPiped(['edit', 'a.ts', '--lines', '1', '-m', 'x', '--endpoint', 'http://127.0.0.1:9', '--yes'], { cwd: dir });
    expect(out.status).toBe(1);
    expect(out.stderr).toBe('redline: Connection refused: cannot reach the model server at http://127.0.0.1:9. Is Ollama running? a.ts unchanged.\n');
    expect(readFileSync(join(dir, 'a.ts'), 'utf8')).toBe('const a = 1;\n');
  });
});

describe('usage', () => {
  it('--help prints the usage and succeeds', async () => {
    const out = await runPiped(['--help']);
    expect(out.status).toBe(0);
    expect(out.stdout).toMatch(/^usage: redline edit FILE\[:LINE\]/);
    expect(out.stdout).toContain('redline apply FILE');
  });

  it('an unknown flag gets a redline: message and the usage hint', async () => {
    const out = await runPiped(['edit', 'a.ts', '-m', 'x', '--frobnicate']);
    expect(out.status).toBe(2);
    expect(out.stderr).toBe("redline: unknown option '--frobnicate'\nTry 'redline --help'.\n");
  });

  it("--lines past the end of the file is an error naming the file's length", async () => {
    const dir = project({ 'shop.py': SHOP });
    const out = await runPiped(['edit', 'shop.py', '--lines', '4-9', '-m', 'x', '--yes', ...modelFlags()], { cwd: dir });
    expect(out.status).toBe(2);
    expect(out.stderr).toBe("redline: --lines 4-9 is past the end of shop.py (5 lines)\nTry 'redline --help'.\n");
    expect(readFileSync(join(dir, 'shop.py'), 'utf8')).toBe(SHOP);
  });
});

describe('scope', () => {
  const TWO = 'def first(x):\n    return x + 1\n\n\ndef total(items):\n    s = 0\n    for i in items:\n        s += i.price\n    return s\n';

  it('FILE:LINE edits the syntax scope around that line: the model sees that function alone', async () => {
    const dir = project({ 'shop.py': TWO });
    const before = model.requests.length;
    model.script({ text: fenced(SUM) });
    const out = await runPiped(['edit', 'shop.py:5', '-m', 'use sum', '--yes', ...modelFlags()], { cwd: dir });
    expect(out.status).toBe(0);
    const prompt = JSON.stringify(model.requests[before].body);
    expect(prompt).toContain(JSON.stringify('Code to edit:\n```python\n' + SHOP.replace(/\n$/, '') + '\n```').slice(1, -1));
    expect(readFileSync(join(dir, 'shop.py'), 'utf8')).toBe(TWO.replace(SHOP, SUM));
  });
});

describe('apply', () => {
  // A chat answer: chatter, then the function again with one line changed.
  const FLOAT = SHOP.replace('s = 0', 's = 0.0');
  const ANSWER = `Sure! Start from a float:\n\n\`\`\`python\n${FLOAT}\`\`\`\n\nIt does the same.`;

  it('takes a chat answer on standard input and settles it as a proposal where its code belongs', async () => {
    const dir = project({ 'shop.py': `import os\n\n\n${SHOP}\n\ndef other():\n    pass\n` });
    const out = await runPiped(['apply', 'shop.py', '--yes'], { cwd: dir, stdin: ANSWER });
    expect(out.stdout).toBe('--- a/shop.py\n+++ b/shop.py\n@@ -2,7 +2,7 @@\n \n \n def total(items):\n-    s = 0\n+    s = 0.0\n     for i in items:\n         s += i.price\n     return s\n');
    expect(out.stderr).toBe('redline: 1 of 1 hunk accepted; wrote shop.py\n');
    expect(out.status).toBe(0);
    expect(readFileSync(join(dir, 'shop.py'), 'utf8')).toBe(`import os\n\n\n${FLOAT}\n\ndef other():\n    pass\n`);
  });

  it('asks on the terminal when the code came on standard input', async () => {
    const dir = project({ 'shop.py': SHOP, 'answer.md': ANSWER });
    const run = runInTerminal([], {
      cwd: dir,
      command: ['sh', '-c', 'exec "$REDLINE_TSX" "$REDLINE_MAIN" apply shop.py --sidecar "$0" < answer.md', PACKAGED_SIDECAR],
    });
    await run.waitFor('[a/r/h]');
    run.write('a\r');
    expect(await run.exit).toMatchObject({ exitCode: 0 });
    expect((await run.rows()).join('\n')).toContain('redline: 1 of 1 hunk accepted; wrote shop.py');
    expect(readFileSync(join(dir, 'shop.py'), 'utf8')).toBe(FLOAT);
    expect(await leftovers(run.tag)).toEqual([]);
  });

  // VS Code's Apply Code Block sends the copied answer as it is to redline/snippet/apply, and so does
  // `redline apply`: the same answer in, the same file (or the same refusal) out, through one path.
  it('gives the file the protocol gives, for answers of each kind, and the same refusal', { timeout: 120_000 }, async () => {
    const names = ['md-isexe-api-first', 'go-subtest-added-after-neighbour', 'ts-chain-createtype-rewritten', 'java-threshold-getter-added-no-marker', 'py-number-imports-consolidated', 'go-ring-whole-file-reordered', 'js-unusual-marker-keep-remaining-tests', 'ts-jsonparser-placeholder-in-new-method', 'md-fastq-api-entry-added', 'ts-vitest-nonascii-suite-rewritten'];
    const cases = [...loadSnippetCorpus(SNIPPET_HELDOUT_DIR), ...loadSnippetCorpus(SNIPPET_TUNING_DIR)].filter((c) => names.includes(c.name));
    expect(cases).toHaveLength(names.length);
    const protocol = await runSnippetCorpus(cases);
    for (const run of protocol) {
      const file = `file.${run.case.ext}`;
      const dir = project({ [file]: run.case.original });
      const out = await runPiped(['apply', file, '--yes'], { cwd: dir, stdin: run.case.answer });
      if (run.refusal === null) {
        expect(out.status, `${run.case.name}: ${out.stderr}`).toBe(0);
        expect(readFileSync(join(dir, file), 'utf8'), run.case.name).toBe(run.result);
      } else {
        expect(out.status, run.case.name).toBe(1);
        expect(out.stderr, run.case.name).toBe(`redline: ${run.refusal}\n`);
        expect(readFileSync(join(dir, file), 'utf8'), run.case.name).toBe(run.case.original);
      }
    }
  });

  it('--from reads the code from a file and --lines says what it replaces; rejecting leaves the file as it was', async () => {
    const dir = project({ 'shop.py': SHOP, 'snippet.py': SUM });
    copyFileSync(join(dir, 'shop.py'), join(dir, 'original.py'));
    const run = runInTerminal(['apply', 'shop.py', '--lines', '1-5', '--from', 'snippet.py'], { cwd: dir });
    await run.waitFor('@@ -1,5 +1,2 @@');
    await run.waitFor('[a/r/h]');
    run.write('r\r');
    expect(await run.exit).toMatchObject({ exitCode: 0 });
    expect(readFileSync(join(dir, 'shop.py'))).toEqual(readFileSync(join(dir, 'original.py')));
    expect(await leftovers(run.tag)).toEqual([]);
  });
});
