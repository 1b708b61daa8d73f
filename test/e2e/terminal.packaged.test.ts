/** The terminal client end to end: the CLI spawns the packaged sidecar and talks to the model double. */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PACKAGED_SIDECAR } from '../harness/packaged.js';
import { startModelDouble, type ModelDouble } from '@redline/model-double';

const root = fileURLToPath(new URL('../..', import.meta.url));
let model: ModelDouble;

beforeAll(async () => {
  model = await startModelDouble();
});
afterAll(() => model.close());

function redline(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn(join(root, 'node_modules/.bin/tsx'), [join(root, 'terminal-client/src/main.ts'), ...args, '--sidecar', PACKAGED_SIDECAR], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  return new Promise((resolve) => child.on('close', (status) => resolve({ status, stdout, stderr })));
}

function tempFile(name: string, text: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'redline-cli-')), name);
  writeFileSync(file, text);
  return file;
}

it('streams the diff, and writes the file once accepted', async () => {
  const file = tempFile('shop.py', 'def total(items):\n    s = 0\n    for i in items:\n        s += i.price\n    return s\n');
  model.script({ text: '```python\ndef total(items):\n    return sum(i.price for i in items)\n```', chunkSize: 5 });
  const out = await redline(['edit', file, '--lines', '1-5', '-m', 'use sum', '--endpoint', model.url, '--model', 'coder', '--yes']);
  expect(out.stderr).toBe('');
  expect(out.status).toBe(0);
  expect(out.stdout).toContain('2 -     s = 0');
  expect(out.stdout).toContain('6 +     return sum(i.price for i in items)');
  expect(out.stdout).toMatch(/accepted; wrote/);
  expect(readFileSync(file, 'utf8')).toBe('def total(items):\n    return sum(i.price for i in items)\n');
});

it('says clearly when no model server answers, and leaves the file alone', async () => {
  const file = tempFile('a.ts', 'const a = 1;\n');
  const out = await redline(['edit', file, '--lines', '1', '-m', 'x', '--endpoint', 'http://127.0.0.1:9', '--yes']);
  expect(out.status).toBe(1);
  expect(out.stderr).toMatch(/Cannot reach the model server at http:\/\/127\.0\.0\.1:9/);
  expect(readFileSync(file, 'utf8')).toBe('const a = 1;\n');
});
