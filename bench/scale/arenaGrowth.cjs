/**
 * glibc's main arena after many small typed arrays are grown by doubling (as the crawl grows the
 * postings lists) and then copied to their final size (`grown`), made once at their final size (as
 * the snapshot's load reserves them: `exact`), or grown and then copied into one shared buffer
 * (`pooled`). Prints the live bytes and the arena's resident size after a collection.
 * `GLIBC_TUNABLES=glibc.malloc.mmap_threshold=16384 node --expose-gc bench/scale/arenaGrowth.cjs grown`
 * (the threshold the clients give the sidecar).
 */
const { readFileSync } = require('node:fs');

const mode = process.argv[2];
const LISTS = 200_000;
const arenaMb = () => {
  const match = /\[heap\]\n(?:.*\n)*?Rss:\s+(\d+)/.exec(readFileSync('/proc/self/smaps', 'utf8'));
  return match ? (Number(match[1]) / 1024).toFixed(1) : '0';
};
// A fixed pseudo-random sequence: most lists short, a few long, as a word's postings.
let seed = 1;
const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
const sizes = Array.from({ length: LISTS }, () => Math.floor(2 ** (1 + random() * random() * 10)));

let lists = [];
if (mode === 'exact') lists = sizes.map((size) => new Int32Array(size));
else {
  lists = sizes.map(() => new Int32Array(2));
  const fill = new Int32Array(LISTS);
  // One element per list per round, so the lists grow interleaved, as documents add to many words.
  for (let more = true; more; ) {
    more = false;
    for (let i = 0; i < LISTS; i++) {
      if (fill[i] === sizes[i]) continue;
      more = true;
      if (fill[i] === lists[i].length) {
        const bigger = new Int32Array(lists[i].length * 2);
        bigger.set(lists[i]);
        lists[i] = bigger;
      }
      fill[i]++;
    }
  }
  if (mode === 'grown') lists = lists.map((list, i) => list.slice(0, sizes[i]));
  else {
    const pool = new Int32Array(sizes.reduce((a, b) => a + b, 0));
    let at = 0;
    lists = lists.map((list, i) => {
      const view = pool.subarray(at, at + sizes[i]);
      view.set(list.subarray(0, sizes[i]));
      at += sizes[i];
      return view;
    });
  }
}
gc();
gc();
const live = lists.reduce((sum, list) => sum + list.byteLength, 0);
console.log(`${mode}: live ${(live / 1048576).toFixed(1)} MB, main arena ${arenaMb()} MB, RSS ${(process.memoryUsage().rss / 1048576).toFixed(1)} MB`);
