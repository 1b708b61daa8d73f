/**
 * Taking the snapshot back and writing it, a slice at a time (0 ms slices: the index gives way after
 * every step): what a request sees between slices, an update during the load, a change during the
 * write.
 */
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WorkspaceFiles } from '../context/workspace.js';
import { SCORED_KEPT } from './terms.js';
import { SAVE_DELAY_MS, WorkspaceIndex, type IndexDeps } from './workspaceIndex.js';

/** Files declaring `fn<i>` and `value<i>` each: a file is whole in the index when both are found. */
const COUNT = 200;

function project(): { root: string; cache: string } {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'redline-slices-')));
  for (let i = 0; i < COUNT; i++) {
    const path = join(root, `src/part${i % 7}/file${i}.ts`);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, `export function fn${i}(order: number) {}\nexport const value${i} = ${i};\n`);
  }
  return { root, cache: `${root}-cache/index.idx` };
}

function started(root: string, deps: Partial<IndexDeps> = {}) {
  const lines: string[] = [];
  const log = { error: () => {}, warn: (m: string) => lines.push(m), info: (m: string) => lines.push(m), debug: () => {} };
  const index = new WorkspaceIndex({ files: new WorkspaceFiles([root]), log, quiet: async () => {}, openText: () => undefined, sliceMs: 0, ...deps });
  return { index, lines, done: index.start() };
}

/** Which of the files the index has whole, and which only in part. */
function held(index: WorkspaceIndex): { whole: number[]; part: number[] } {
  const whole: number[] = [];
  const part: number[] = [];
  for (let i = 0; i < COUNT; i++) {
    const found = [index.lookup(`fn${i}`, 'typescript').length, index.lookup(`value${i}`, 'typescript').length];
    if (found[0] === 1 && found[1] === 1) whole.push(i);
    else if (found[0] + found[1] > 0) part.push(i);
  }
  return { whole, part };
}

const search = (index: WorkspaceIndex, root: string) =>
  index.search({ file: join(root, 'src/x.ts'), languageId: 'typescript', instruction: 'the order value', selection: '', imported: [], recent: [], exclude: () => false, limit: 500 });

afterEach(() => {
  vi.useRealTimers();
});

describe('the snapshot taken in slices', () => {
  it('a request between the slices of the load finds the files taken so far, each whole; an update waits for the end', async () => {
    const { root, cache } = project();
    await started(root, { cacheFile: cache }).done;
    const changed = join(root, 'src/part3/file150.ts');
    const seen: Array<{ files: number; declarations: number; whole: number[]; part: number[]; found: number; foundInWhole: boolean }> = [];
    let index: WorkspaceIndex | null = null;
    let updating: Promise<void> | null = null;
    const quiet = async () => {
      if (!index || index.status.state !== 'building') return;
      const now = held(index);
      const found = search(index, root);
      const foundInWhole = found.every((f) => now.whole.includes(Number(/file(\d+)/.exec(f.path)![1])));
      seen.push({ ...index.status, ...now, found: found.length, foundInWhole });
      if (seen.length === 1) {
        writeFileSync(changed, 'export function fnLater() {}\n');
        updating = index.update(changed);
      }
      // Slow turns: the update's read ends while the load still runs.
      await new Promise((resolve) => setTimeout(resolve, 2));
    };
    const second = started(root, { cacheFile: cache, quiet });
    index = second.index;
    await second.done;
    await updating;
    expect(second.lines.filter((l) => l.includes('stopped'))).toEqual([]);
    const partway = seen.filter((s) => s.files > 0 && s.files < COUNT - 1);
    expect(partway.length).toBeGreaterThan(0);
    for (const s of seen) {
      expect(s.part).toEqual([]);
      expect(s.whole).toHaveLength(s.files);
      expect(s.declarations).toBe(2 * s.files);
      // The search finds what is held (as many as it keeps), in files held whole.
      expect(s.found).toBe(Math.min(SCORED_KEPT, s.declarations));
      expect(s.foundInWhole).toBe(true);
    }
    // Files come in and stay.
    for (let k = 1; k < seen.length; k++) expect(seen[k].whole).toEqual(expect.arrayContaining(seen[k - 1].whole.filter((i) => i !== 150)));
    expect(held(second.index).whole).toEqual([...Array(COUNT).keys()].filter((i) => i !== 150));
    expect(second.index.lookup('fnLater', 'typescript')).toHaveLength(1);
    rmSync(root, { recursive: true, force: true });
  });

  it('a write is abandoned when a file changes while the snapshot is taken, and made again later', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { root, cache } = project();
    const gone = join(root, 'src/part0/file0.ts');
    let index: WorkspaceIndex | null = null;
    let removed = false;
    const quiet = async () => {
      // The index is ready once its crawl has ended: this is a slice of the write.
      if (index?.status.state !== 'ready' || removed) return;
      unlinkSync(gone);
      index.removed(gone);
      removed = true;
    };
    const first = started(root, { cacheFile: cache, quiet });
    index = first.index;
    await first.done;
    expect(removed).toBe(true);
    expect(existsSync(cache)).toBe(false);
    expect(first.lines.filter((l) => l.includes('cache written'))).toEqual([]);
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS);
    await vi.waitFor(() => expect(first.lines.filter((l) => l.includes('cache written'))).toHaveLength(1));
    vi.useRealTimers();
    // What was written is the index after the change: taken back, it is what a fresh crawl finds.
    const again = started(root, { cacheFile: cache });
    await again.done;
    const fresh = started(root);
    await fresh.done;
    expect(held(again.index)).toEqual(held(fresh.index));
    expect(held(again.index).whole).toHaveLength(COUNT - 1);
    expect(search(again.index, root).map((f) => `${f.path} ${f.name} ${f.score}`)).toEqual(search(fresh.index, root).map((f) => `${f.path} ${f.name} ${f.score}`));
    rmSync(root, { recursive: true, force: true });
    rmSync(dirname(cache), { recursive: true, force: true });
  });
});
