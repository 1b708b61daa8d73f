import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WorkspaceFiles, type FileText } from '../context/workspace.js';
import { cacheFileOf, headerLine, parseEntry, userCacheDirectory } from './cache.js';
import { WorkspaceIndex } from './workspaceIndex.js';

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
  const lookups = names.map((n) => index.lookup(n, n === 'Ledger' ? 'java' : 'typescript').map((s) => `${s.path}:${s.line}:${s.signature}:${s.doc}`));
  const found = index
    .search({ file: join(root, 'src/orders/x.ts'), languageId: 'typescript', instruction: 'refund the order when the return is allowed', selection: '', imported: [], recent: [], exclude: () => false, limit: 5 })
    .map((f) => `${f.name} ${f.score.toFixed(6)} ${f.why.join(',')}`);
  return { status: { files: index.status.files, declarations: index.status.declarations }, lookups, found };
}

describe('the index cache', () => {
  it('a second start takes unchanged files from the cache without reading them, and reads only a changed one', async () => {
    const root = project();
    const cache = join(root, '..', `${root.split('/').pop()}-cache`, 'index.jsonl');
    const first = started(root, cache);
    await first.done;
    expect(first.files.loads).toHaveLength(Object.keys(FILES).length);

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
    rmSync(root, { recursive: true, force: true });
  });

  it('a damaged, cut-short, foreign or unrelated cache file is not used: the index is built afresh and the file written anew', async () => {
    const root = project();
    const cache = join(root, '..', `${root.split('/').pop()}-cache`, 'index.jsonl');
    await started(root, cache).done;
    const good = readFileSync(cache, 'utf8');
    const fresh = started(root);
    await fresh.done;
    const lines = good.split('\n');
    const damaged = {
      'not ours': 'PK\u0003\u0004 binary garbage\n\u0000\u0001',
      'cut short': good.slice(0, good.length - 40),
      'a line overwritten': [lines[0], lines[1], '{"path": 12}', ...lines.slice(3)].join('\n'),
      'another workspace': [headerLine(['/somewhere/else']), ...lines.slice(1)].join('\n'),
      'another format': [lines[0].replace('"version":1', '"version":0'), ...lines.slice(1)].join('\n'),
      empty: '',
    };
    for (const [what, text] of Object.entries(damaged)) {
      writeFileSync(cache, text);
      const run = started(root, cache);
      await run.done;
      expect(view(run.index, root), what).toEqual(view(fresh.index, root));
      expect(run.files.loads, what).toHaveLength(Object.keys(FILES).length);
      if (what !== 'empty') expect(run.lines.some((l) => l.includes('was not used')), what).toBe(true);
      // Written anew: the next start reads nothing.
      const next = started(root, cache);
      await next.done;
      expect(next.files.loads, what).toEqual([]);
    }
    // A cache cut at a line boundary loses the entries past it: those files are read again.
    writeFileSync(cache, lines.slice(0, 3).join('\n') + '\n');
    const cut = started(root, cache);
    await cut.done;
    expect(cut.files.loads).toHaveLength(Object.keys(FILES).length - 2);
    expect(view(cut.index, root)).toEqual(view(fresh.index, root));
    rmSync(root, { recursive: true, force: true });
  });

  it('lives in the user cache directory, one file per workspace', () => {
    expect(userCacheDirectory({ XDG_CACHE_HOME: '/x/cache' }, 'linux', '/home/u')).toBe('/x/cache/redline');
    expect(userCacheDirectory({}, 'linux', '/home/u')).toBe('/home/u/.cache/redline');
    expect(userCacheDirectory({}, 'darwin', '/Users/u')).toBe('/Users/u/Library/Caches/redline');
    expect(userCacheDirectory({ LOCALAPPDATA: 'C:\\L' }, 'win32', 'C:\\Users\\u')).toContain('redline');
    expect(cacheFileOf('/c', ['/a'])).not.toBe(cacheFileOf('/c', ['/b']));
    expect(cacheFileOf('/c', ['/a', '/b'])).toBe(cacheFileOf('/c', ['/a', '/b']));
  });

  it('reads back only entries whose every field has its type', () => {
    const entry = { path: '/a.ts', size: 1, mtimeMs: 2, hash: 'h', languageId: 'typescript', pkg: '', imports: [], partial: false, declarations: [{ name: 'a', kind: 'function', exported: true, signature: 's', doc: '', line: 0, endLine: 1, words: [['a', 3]] }] };
    expect(parseEntry(JSON.stringify(entry))).toEqual(entry);
    expect(parseEntry(JSON.stringify({ ...entry, size: '1' }))).toBeNull();
    expect(parseEntry(JSON.stringify({ ...entry, declarations: [{ ...entry.declarations[0], words: [['a', 0]] }] }))).toBeNull();
    expect(parseEntry(JSON.stringify({ ...entry, declarations: [{ ...entry.declarations[0], line: -1 }] }))).toBeNull();
    expect(parseEntry('{"path":')).toBeNull();
  });
});
