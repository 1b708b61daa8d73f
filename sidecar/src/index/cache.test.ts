import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, renameSync, rmSync, symlinkSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WorkspaceFiles, type FileText } from '../context/workspace.js';
import { createHash } from 'node:crypto';
import { CacheUnusable, cacheFileOf, decoding, encoding, userCacheDirectory, type Snapshot } from './cache.js';
import { whole } from './slices.js';
import { WorkspaceIndex } from './workspaceIndex.js';

const decodeSnapshot = (bytes: Buffer, roots: string[]) => whole(decoding(bytes, roots));
const encodeSnapshot = (snapshot: Snapshot, roots: string[]) => whole(encoding(snapshot, roots));

class CountingFiles extends WorkspaceFiles {
  readonly loads: string[] = [];
  override async load(path: string): Promise<FileText | { skipped: string }> {
    this.loads.push(path);
    return super.load(path);
  }
}

const FILES: Record<string, string> = {
  'src/orders/returnPolicy.ts': '/** Decides whether an order may be returned. */\nexport interface ReturnPolicy { assertCanReturn(orderId: string): void }\n',
  'src/orders/refund.ts': 'export function refundOrder(orderId: string, amount: number) {}\nexport const REFUND_LIMIT = 100;\n',
  'src/billing/invoice.ts': '/** An invoice. */\nexport class Invoice { total = 0 }\n',
  'lib/Ledger.java': 'package lib;\n/** Keeps the entries. */\npublic class Ledger { public void post(int amount) {} }\n',
};

function project(): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'redline-cache-')));
  for (const [path, text] of Object.entries(FILES)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

function started(root: string, cacheFile?: string) {
  const files = new CountingFiles([root]);
  const lines: string[] = [];
  const log = { error: () => {}, warn: (m: string) => lines.push(m), info: (m: string) => lines.push(m), debug: () => {} };
  const index = new WorkspaceIndex({ files, log, quiet: async () => {}, openText: () => undefined, cacheFile });
  return { index, files, lines, done: index.start() };
}

/** What a request sees of an index: every declaration by name, and a search's answer. */
function view(index: WorkspaceIndex, root: string) {
  const names = ['ReturnPolicy', 'refundOrder', 'REFUND_LIMIT', 'Invoice', 'Ledger'];
  const lookups = names.map((n) => index.lookup(n, n === 'Ledger' ? 'java' : 'typescript').map((s) => `${s.path}:${s.line}-${s.endLine}:${s.kind}:${s.exported}`));
  const found = index
    .search({ file: join(root, 'src/orders/x.ts'), languageId: 'typescript', instruction: 'refund the order when the return is allowed', selection: '', imported: [], recent: [], exclude: () => false, limit: 5 })
    .map((f) => `${f.name} ${f.score.toFixed(6)} ${f.why.join(',')}`);
  return { status: { files: index.status.files, declarations: index.status.declarations }, lookups, found };
}

/** A project indexed once with a cache (its file's bytes `good`) and once without one (`fresh`, the oracle). */
async function builtWithCache() {
  const root = project();
  const cache = join(root, '..', `${root.split('/').pop()}-cache`, 'index.idx');
  await started(root, cache).done;
  const good = readFileSync(cache);
  const fresh = started(root);
  await fresh.done;
  return { root, cache, good, fresh };
}

describe('the index cache', () => {
  it('a second start takes unchanged files from the cache without reading them, and reads only a changed one', async () => {
    const root = project();
    const cache = join(root, '..', `${root.split('/').pop()}-cache`, 'index.idx');
    // The file of the JSON lines format that came before goes once a snapshot is written.
    const former = cache.replace(/\.idx$/, '.jsonl');
    mkdirSync(dirname(former), { recursive: true });
    writeFileSync(former, '{"format":"redline-workspace-index","version":1}\n');
    const first = started(root, cache);
    await first.done;
    expect(first.files.loads).toHaveLength(Object.keys(FILES).length);
    expect(existsSync(former)).toBe(false);

    const second = started(root, cache);
    await second.done;
    expect(second.files.loads).toEqual([]);
    expect(view(second.index, root)).toEqual(view(first.index, root));

    // One file changed, one only touched (same text, new time), one deleted.
    const changed = join(root, 'src/orders/refund.ts');
    writeFileSync(changed, 'export function refundOrder(orderId: string) {}\nexport function refundLater() {}\n');
    utimesSync(join(root, 'src/billing/invoice.ts'), new Date(), new Date(Date.now() + 5000));
    unlinkSync(join(root, 'lib/Ledger.java'));
    const third = started(root, cache);
    await third.done;
    expect(third.files.loads.sort()).toEqual([join(root, 'src/billing/invoice.ts'), changed].sort());
    const fresh = started(root);
    await fresh.done;
    expect(view(third.index, root)).toEqual(view(fresh.index, root));
    expect(third.index.lookup('refundLater', 'typescript')).toHaveLength(1);
    expect(third.index.lookup('Ledger', 'java')).toEqual([]);

    // A file become a symbolic link (to the same text outside the folder, same size and time): not kept.
    const invoice = join(root, 'src/billing/invoice.ts');
    const outside = `${root}-outside.ts`;
    renameSync(invoice, outside);
    symlinkSync(outside, invoice);
    const fourth = started(root, cache);
    await fourth.done;
    expect(fourth.index.lookup('Invoice', 'typescript')).toEqual([]);
    expect(fourth.index.lookup('refundLater', 'typescript')).toHaveLength(1);
    rmSync(outside, { force: true });
    rmSync(root, { recursive: true, force: true });
  });

  it('a damaged, cut-short, foreign or unrelated cache file is not used: the index is built afresh and the file written anew', async () => {
    const { root, cache, good, fresh } = await builtWithCache();
    const flipped = Buffer.from(good);
    flipped[Math.floor(good.length / 2)] ^= 0x40;
    const version = Buffer.from(good.toString('latin1').replace('"version":2', '"version":1'), 'latin1');
    expect(version.equals(good)).toBe(false);
    const damaged: Record<string, Buffer> = {
      'not ours': Buffer.from('PK\u0003\u0004 binary garbage\n\u0000\u0001'),
      'cut short': good.subarray(0, good.length - 40),
      'cut in its header': good.subarray(0, 40),
      'a byte changed': flipped,
      'longer than it says': Buffer.concat([good, Buffer.from('more')]),
      'another workspace': Buffer.concat(encodeSnapshot(decodeSnapshot(good, [root]), ['/somewhere/else'])),
      'another format': version,
      empty: Buffer.alloc(0),
    };
    for (const [what, bytes] of Object.entries(damaged)) {
      writeFileSync(cache, bytes);
      const run = started(root, cache);
      await run.done;
      expect(view(run.index, root), what).toEqual(view(fresh.index, root));
      expect(run.files.loads, what).toHaveLength(Object.keys(FILES).length);
      expect(run.lines.some((l) => l.includes('was not used')), what).toBe(true);
      // Written anew: the next start reads nothing.
      const next = started(root, cache);
      await next.done;
      expect(next.files.loads, what).toEqual([]);
      expect(view(next.index, root), what).toEqual(view(fresh.index, root));
    }
    rmSync(root, { recursive: true, force: true });
  });

  it('a snapshot whose hash is right but whose sections do not agree is not used', async () => {
    const { root, cache, good, fresh } = await builtWithCache();
    const s = decodeSnapshot(good, [root]);
    expect(decodeSnapshot(Buffer.concat(encodeSnapshot(s, [root])), [root])).toEqual(s);
    const bad = (change: (copy: Snapshot) => void) => {
      const copy = structuredClone(s);
      change(copy);
      return Buffer.concat(encodeSnapshot(copy, [root]));
    };
    const cases: Record<string, Buffer> = {
      'terms cut short': bad((c) => (c.terms = c.terms.slice(0, -1))),
      'counts cut short': bad((c) => (c.counts = c.counts.slice(1))),
      'one declaration too many for a file': bad((c) => c.declarationCounts[0]++),
      'a line per declaration missing': bad((c) => (c.line = c.line.slice(1))),
      'a size per file missing': bad((c) => (c.sizes = c.sizes.slice(1))),
      'a word past the vocabulary': bad((c) => (c.terms[0] = c.vocabulary.length)),
      'words out of order': bad((c) => c.terms.subarray(0, c.runs[0]).reverse()),
      'a word counted 0 times': bad((c) => (c.counts[3] = 0)),
      'a name past the names': bad((c) => (c.name[1] = c.names.length)),
      'a kind past the kinds': bad((c) => (c.kind[1] = c.kinds.length)),
      'a typed array cut inside a number': rehashed(good, (sizes) => {
        sizes[17][0] -= 2; // terms
        sizes[18][0] += 2; // counts
      }),
      'a string list of another length': rehashed(good, (sizes) => sizes[0][1]++),
    };
    for (const [what, bytes] of Object.entries(cases)) {
      expect(() => decodeSnapshot(bytes, [root]), what).toThrow(CacheUnusable);
      writeFileSync(cache, bytes);
      const run = started(root, cache);
      await run.done;
      expect(run.files.loads, what).toHaveLength(Object.keys(FILES).length);
      expect(view(run.index, root), what).toEqual(view(fresh.index, root));
      expect(run.lines.some((l) => l.includes('was not used')), what).toBe(true);
    }
    rmSync(root, { recursive: true, force: true });
  });

  it('takes back strings past the size decoded per step: multi-byte characters and empty strings across the cuts', () => {
    const paths = Array.from({ length: 120_000 }, (_, i) => (i % 7 === 0 ? '' : `päth/ü${i}/€${'x'.repeat(i % 13)}`));
    expect(Buffer.byteLength(paths.join('\0'))).toBeGreaterThan(2 << 20);
    const none = { names: [], kinds: [], name: new Int32Array(0), kind: new Uint16Array(0), exported: new Uint8Array(0), line: new Int32Array(0), endLine: new Int32Array(0), vocabulary: [], runs: new Int32Array(0), terms: new Int32Array(0), counts: new Int32Array(0) };
    for (const list of [paths, [...paths, '']]) {
      const s: Snapshot = { paths: list, sizes: new Float64Array(list.length), mtimes: new Float64Array(list.length), hashes: list.map(() => 'h'), languages: list.map(() => 'typescript'), pkgs: list.map(() => ''), partial: new Uint8Array(list.length), declarationCounts: new Int32Array(list.length), ...none };
      expect(decodeSnapshot(Buffer.concat(encodeSnapshot(s, ['/r'])), ['/r']).paths).toEqual(list);
    }
  });

  it('lives in the user cache directory, one file per workspace', () => {
    expect(userCacheDirectory({ XDG_CACHE_HOME: '/x/cache' }, 'linux', '/home/u')).toBe('/x/cache/redline');
    expect(userCacheDirectory({}, 'linux', '/home/u')).toBe('/home/u/.cache/redline');
    expect(userCacheDirectory({}, 'darwin', '/Users/u')).toBe('/Users/u/Library/Caches/redline');
    expect(userCacheDirectory({ LOCALAPPDATA: 'C:\\L' }, 'win32', 'C:\\Users\\u')).toContain('redline');
    expect(cacheFileOf('/c', ['/a'])).not.toBe(cacheFileOf('/c', ['/b']));
    expect(cacheFileOf('/c', ['/a', '/b'])).toBe(cacheFileOf('/c', ['/a', '/b']));
  });

});

/** `bytes` with its header's section sizes changed and its hash made right again (the layout is cache.ts's). */
function rehashed(bytes: Buffer, change: (sizes: Array<[number, number]>) => void): Buffer {
  const magic = 'redline-workspace-index\n'.length;
  const end = magic + 4 + bytes.readUInt32LE(magic);
  const header = JSON.parse(bytes.toString('utf8', magic + 4, end)) as { sizes: Array<[number, number]> };
  change(header.sizes);
  const json = Buffer.from(JSON.stringify(header));
  const length = Buffer.alloc(4);
  length.writeUInt32LE(json.length);
  const body = Buffer.concat([bytes.subarray(0, magic), length, json, bytes.subarray(end, bytes.length - 20)]);
  return Buffer.concat([body, createHash('sha1').update(body).digest()]);
}
