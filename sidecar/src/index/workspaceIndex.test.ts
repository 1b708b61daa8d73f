import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES, WorkspaceFiles } from '../context/workspace.js';
import { CrawlPace } from './crawlPace.js';
import { WorkspaceIndex, type SearchRequest } from './workspaceIndex.js';

const POLICY = `/** Decides whether an order may be returned. */
export interface ReturnPolicy {
  /** Throws ReturnRefused when the order may not be returned. */
  assertCanReturn(command: { orderId: string; requestedBy: string }): Promise<void>;
}

export const returnPolicy: ReturnPolicy = { async assertCanReturn() {} };
`;

function project(files: Record<string, string | Buffer>): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'redline-index-')));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

function indexOf(folder: string, open: Record<string, string> = {}) {
  const lines: string[] = [];
  const log = { error: () => {}, warn: (m: string) => lines.push(m), info: () => {}, debug: (m: string) => lines.push(m) };
  const index = new WorkspaceIndex({ files: new WorkspaceFiles([folder]), log, quiet: async () => {}, openText: (path) => open[path] });
  return { index, lines };
}

const request = (file: string, instruction: string, extra: Partial<SearchRequest> = {}): SearchRequest => ({
  file,
  languageId: 'typescript',
  instruction,
  selection: '',
  imported: [],
  recent: [],
  exclude: () => false,
  limit: 5,
  ...extra,
});

describe('WorkspaceIndex', () => {
  it('finds the project API an instruction needs: assertCanReturn’s owner for “check that the return is allowed”', async () => {
    const root = project({
      'src/returns/returnPolicy.ts': POLICY,
      'src/returns/createReturn.ts': 'import { returnService } from "@/services/returnService";\nexport async function createReturn() {}\n',
      'src/services/returnService.ts': 'export const returnService = { submit: async (c: object) => {} };\n',
      'src/billing/invoice.ts': '/** An invoice. */\nexport interface Invoice { total: number }\n',
    });
    const { index } = indexOf(root);
    await index.start();
    expect(index.status).toMatchObject({ state: 'ready', files: 4 });
    // What the prompt shows already is left out: returnService (the selection uses it) and createReturn (the selection).
    const from = join(root, 'src/returns/createReturn.ts');
    const found = index.search(request(from, 'check that the return is allowed before submitting', { exclude: (s) => s.name === 'returnService' || s.file === from }));
    expect(found.slice(0, 2).map((f) => f.name).sort()).toEqual(['ReturnPolicy', 'returnPolicy']);
    expect(found[0].why).toContain('same folder');
    expect(found.map((f) => f.name)).not.toContain('Invoice');
    expect(index.lookup('returnPolicy', 'typescript')).toEqual([expect.objectContaining({ path: 'src/returns/returnPolicy.ts', kind: 'variable', exported: true, line: 6 })]);
    expect(index.lookup('returnPolicy', 'python')).toEqual([]);
  });

  it('honours .gitignore (nested too), never walks node_modules or dot folders, and keeps to the language family', async () => {
    const root = project({
      '.gitignore': 'dist/\n*.gen.ts\n',
      'dist/out.ts': 'export const built = 1;\n',
      'src/a.gen.ts': 'export const generated = 1;\n',
      'src/.gitignore': 'local/\n',
      'src/local/x.ts': 'export const local = 1;\n',
      'src/kept.ts': 'export const kept = 1;\n',
      'node_modules/pkg/index.ts': 'export const dependency = 1;\n',
      '.cache/c.ts': 'export const cached = 1;\n',
      'tool.py': 'def kept_python():\n    pass\n',
    });
    const { index } = indexOf(root);
    await index.start();
    expect(index.status.files).toBe(2);
    for (const name of ['built', 'generated', 'local', 'dependency', 'cached']) expect(index.lookup(name, 'typescript')).toEqual([]);
    expect(index.lookup('kept', 'typescript')).toHaveLength(1);
    expect(index.lookup('kept_python', 'python')).toHaveLength(1);
  });

  it('skips bad input with one debug line each, and never reads outside the folders', async () => {
    const root = project({
      'ok.ts': 'export const fine = 1;\n',
      'huge.ts': `export const huge = "${'x'.repeat(MAX_FILE_BYTES)}";\n`,
      'binary.ts': Buffer.from([0x65, 0x78, 0, 0x70]),
      'latin1.py': Buffer.from('name = "caf\xe9"\n', 'latin1'),
    });
    const outside = project({ 'secret.ts': 'export const secret = 1;\n' });
    symlinkSync(join(outside, 'secret.ts'), join(root, 'linked.ts'));
    symlinkSync(outside, join(root, 'outsideDir'));
    mkdirSync(join(root, 'loop'));
    symlinkSync(join(root, 'loop'), join(root, 'loop', 'again'));
    execFileSync('mkfifo', [join(root, 'pipe.ts')]);
    const { index, lines } = indexOf(root);
    await index.start();
    expect(index.status.files).toBe(1);
    expect(index.lookup('secret', 'typescript')).toEqual([]);
    const skipped = lines.filter((l) => l.startsWith('index: skipped'));
    expect(skipped.sort()).toEqual([
      expect.stringMatching(/^index: skipped binary\.ts: binary/),
      expect.stringMatching(/^index: skipped huge\.ts: \d+ bytes, over the 524288-byte limit$/),
      expect.stringMatching(/^index: skipped latin1\.py: not UTF-8 text$/),
      expect.stringMatching(/^index: skipped linked\.ts: a symbolic link/),
      expect.stringMatching(/^index: skipped loop\/again: a symbolic link/),
      expect.stringMatching(/^index: skipped outsideDir: a symbolic link/),
      expect.stringMatching(/^index: skipped pipe\.ts: not a regular file$/),
    ]);
    expect(index.status.skipped).toBe(7);
    rmSync(outside, { recursive: true, force: true });
  });

  it('leaves out a file whose reading fails unforeseen, with a warning, and indexes the rest: crawled or taken back from the cache', async () => {
    const root = project({ 'a.ts': 'export const first = 1;\n', 'broken.ts': 'export const broken = 1;\n', 'z.ts': 'export const last = 1;\n' });
    const cacheFile = join(root, '..', `${root.split('/').pop()}-cache.idx`);
    const started = async (failing: boolean) => {
      const files = new WorkspaceFiles([root]);
      const load = files.load.bind(files);
      files.load = async (path) => {
        if (failing && path.endsWith('broken.ts')) throw new Error('EIO: i/o error, read');
        return load(path);
      };
      const lines: string[] = [];
      const log = { error() {}, warn: (m: string) => lines.push(m), info() {}, debug() {} };
      const index = new WorkspaceIndex({ files, log, quiet: async () => {}, openText: () => undefined, cacheFile });
      await index.start();
      return { index, lines };
    };
    const crawled = await started(true);
    expect(crawled.index.status).toMatchObject({ state: 'ready', files: 2, skipped: 1 });
    expect(crawled.index.lookup('last', 'typescript')).toHaveLength(1);
    expect(crawled.index.lookup('broken', 'typescript')).toEqual([]);
    expect(crawled.lines).toEqual(['index: left out broken.ts: EIO: i/o error, read']);
    // The next start reads broken.ts again (not in the cache); then the cache holds it, changed later.
    const whole = await started(false);
    expect(whole.index.status).toMatchObject({ files: 3 });
    writeFileSync(join(root, 'broken.ts'), 'export const brokenAgain = 22;\n');
    const restored = await started(true);
    expect(restored.index.status).toMatchObject({ state: 'ready', files: 2, skipped: 1 });
    expect(restored.index.lookup('first', 'typescript')).toHaveLength(1);
    expect(restored.index.lookup('broken', 'typescript')).toEqual([]);
    expect(restored.lines).toEqual(['index: left out broken.ts: EIO: i/o error, read']);
    rmSync(cacheFile, { force: true });
  });

  it('follows edits: an open document’s text, a file saved or created, a file or folder deleted', async () => {
    const root = project({ 'src/a.ts': 'export const before = 1;\n', 'src/sub/b.ts': 'export const inSub = 1;\n' });
    const open: Record<string, string> = {};
    const { index } = indexOf(root, open);
    await index.start();
    open[join(root, 'src/a.ts')] = 'export const typed = 1;\n';
    await index.update(join(root, 'src/a.ts'));
    expect(index.lookup('before', 'typescript')).toEqual([]);
    expect(index.lookup('typed', 'typescript')).toHaveLength(1);
    writeFileSync(join(root, 'src/c.ts'), 'export function created() {}\n');
    await index.update(join(root, 'src/c.ts'));
    expect(index.lookup('created', 'typescript')).toHaveLength(1);
    index.removed(join(root, 'src/sub'));
    expect(index.lookup('inSub', 'typescript')).toEqual([]);
    expect(index.status.files).toBe(2);
    await index.update(join(tmpdir(), 'elsewhere.ts'));
    expect(index.status.files).toBe(2);
  });

  it('keeps an update that lands while the crawl reads the same file: the crawl’s older reading does not overwrite it', async () => {
    const root = project({ 'a.ts': 'export function before() {}\n' });
    const path = join(root, 'a.ts');
    const files = new WorkspaceFiles([root]);
    let crawlRead = false;
    const load = files.load.bind(files);
    files.load = async (p) => {
      const text = await load(p);
      crawlRead ||= p === path;
      return text;
    };
    let updated: Promise<void> | null = null;
    // The crawl gives way to the user between the pieces of a file's reading: the user saves it then.
    const quiet = async () => {
      if (!crawlRead || updated) return;
      writeFileSync(path, 'export function after() {}\n');
      updated = index.update(path);
      await updated;
    };
    const index = new WorkspaceIndex({ files, log: { error() {}, warn() {}, info() {}, debug() {} }, quiet, openText: () => undefined });
    await index.start();
    expect(updated).not.toBeNull();
    expect(index.lookup('after', 'typescript')).toHaveLength(1);
    expect(index.lookup('before', 'typescript')).toEqual([]);
  });

  it('waits while a request is served: no file is read until the request ends', async () => {
    const root = project({ 'a.ts': 'export const a = 1;\n' });
    let release!: () => void;
    const busy = new Promise<void>((resolve) => (release = resolve));
    const index = new WorkspaceIndex({ files: new WorkspaceFiles([root]), log: { error() {}, warn() {}, info() {}, debug() {} }, quiet: () => busy, openText: () => undefined });
    const done = index.start();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(index.status).toMatchObject({ state: 'building', files: 0 });
    release();
    await done;
    expect(index.status).toMatchObject({ state: 'ready', files: 1 });
  });

  it('gives way to a user who types without pause: one piece of work per hold, an end, and the same index as a crawl left alone', async () => {
    const big = Array.from({ length: 600 }, (_, i) => `/** Step ${i}. */\nexport function step${i}(value: number): number {\n  return value * ${i} + 1;\n}\n`).join('');
    const root = project({ 'src/big.ts': big, 'src/orders/returnPolicy.ts': POLICY, 'src/a.ts': 'export const a = 1;\n', 'lib/Ledger.java': 'package lib;\npublic class Ledger { public void post(int amount) {} }\n' });
    const cacheFile = join(root, '..', `${root.split('/').pop()}-cache.jsonl`);
    /** The index a crawl builds, as the cache file it writes. */
    async function built(quiet: () => Promise<void>): Promise<string> {
      const log = { error() {}, warn() {}, info() {}, debug() {} };
      await new WorkspaceIndex({ files: new WorkspaceFiles([root]), log, quiet, openText: () => undefined, cacheFile }).start();
      const text = readFileSync(cacheFile, 'utf8');
      rmSync(cacheFile);
      return text;
    }
    const alone = await built(async () => {});

    const timing = { quietMs: 200, maxHoldMs: 100 };
    const pace = new CrawlPace(timing);
    const turns: number[] = [];
    pace.activity();
    const typing = setInterval(() => pace.activity(), 10);
    let typed: string;
    try {
      typed = await built(async () => {
        await pace.turn();
        turns.push(performance.now());
      });
    } finally {
      clearInterval(typing);
    }
    expect(typed).toBe(alone);
    // The big file alone is parsed in several slices, each its own piece.
    expect(turns.length).toBeGreaterThan(10);
    const gaps = turns.slice(1).map((t, i) => t - turns[i]);
    expect(Math.min(...gaps)).toBeGreaterThan(timing.maxHoldMs * 0.95);
  });
});
