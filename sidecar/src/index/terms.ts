/**
 * The inverted index under retrieval: for each word, the documents (declarations) holding it and
 * how often, with the word's document frequency kept as documents come and go. A removed document
 * is marked dead and skipped; postings are swept once dead ones are a quarter of all, so an update
 * costs its own words, not the index's size. Words are interned as copies (`detached`): a word cut
 * from a file's text would otherwise keep that whole text alive. No I/O: the owner feeds it.
 *
 * Memory is typed arrays, not objects: a word's postings are two typed arrays grown by doubling, and
 * every document's words are runs in one pool, with its start, run length and length in arrays by
 * id. (Number arrays and an object per document held about three times as much.) Counts and the
 * pool's term numbers take 16 bits until one does not fit (a count over 65,535 widens its own list;
 * a 65,537th word, the pool). The postings lists are views of large buffers (`Slabs`), not arrays of
 * their own: hundreds of thousands of small arrays grown one by one leave the C heap fragmented.
 */
import { detached } from '@redline/shared-protocol';
import { BM25_B, BM25_K1, bm25 } from './rank.js';
import type { Steps } from './slices.js';
import { Slabs } from './slabs.js';

interface Postings {
  ids: Int32Array;
  counts: Uint16Array | Int32Array;
  /** Postings held (live and dead). */
  n: number;
  /** Live documents holding the word. */
  df: number;
}

/** Documents scored on every word before the best are kept (and their matched words named). */
export const SCORED_KEPT = 300;
/** A word of weight below 1 (the selection's) held by more than this share of documents is skipped: it costs a scan and separates nothing. */
export const COMMON_SHARE = 0.05;

/**
 * A word of weight below 1 held by more than this share of documents is a booster: it adds to the
 * score of a document another word of the query found, never finds one itself (a search engine's
 * cutoff frequency). Its postings still take a scan, but most of a query's documents are created and
 * ranked for such words alone, and they never reach the best: on the scale bench's 200 queries the
 * six results a prompt takes are those of the exact search (docs/benchmarks.md).
 */
export const BOOSTER_SHARE = 0.01;

const WIDE = 0xffff;
/** A word's lists before its first posting: a snapshot's load makes them at their size, with no smaller view given back first. */
const EMPTY_IDS = new Int32Array(0);
const EMPTY_COUNTS = new Uint16Array(0);
/** The share of spare slab room above which `compact` copies the lists into new slabs. */
const SPARE_SHARE = 0.125;
/** Postings read per step of `documents` (copied, of `compact`; counted or grown, of `reserve`). */
const EXPORTED = 1 << 16;

function grown<T extends Int32Array | Uint16Array | Float64Array>(array: T, size: number): T {
  if (size <= array.length) return array;
  const next = new (array.constructor as new (n: number) => T)(Math.max(size, array.length * 2));
  next.set(array);
  return next;
}

export class TermIndex {
  private readonly ids = new Map<string, number>();
  /** Where the postings lists are taken from: ids and counts widened past 16 bits; counts. */
  private wide = new Slabs<Int32Array>(Int32Array);
  private narrow = new Slabs<Uint16Array>(Uint16Array);
  /** Each term number's word. */
  private readonly words: string[] = [];
  private readonly postings: Postings[] = [];
  /** By document id: where its term numbers (sorted) start in `pool`, how many, its word count; `lengths[id]` 0 once removed (or never added). */
  private starts = new Int32Array(1024);
  private runs = new Int32Array(1024);
  private wordCounts = new Int32Array(1024);
  private pool: Uint16Array | Int32Array = new Uint16Array(4096);
  private poolFill = 0;
  /** Each live document's length by id, at least 1 (0 once removed): the scoring loop reads it without a lookup. */
  private lengths = new Float64Array(1024);
  private scores = new Float64Array(1024);
  private live = 0;
  private totalLength = 0;
  private dead = 0;
  private postingCount = 0;
  /** The highest id ever added: posting lists hold ids in ascending order. */
  private top = -1;

  get size(): number {
    return this.live;
  }

  private has(id: number): boolean {
    return id < this.lengths.length && this.lengths[id] > 0;
  }

  /** Adds a document under a new id (an id is never reused while it is live). */
  add(id: number, words: readonly string[]): void {
    const counts = new Map<string, number>();
    for (const word of words) counts.set(word, (counts.get(word) ?? 0) + 1);
    this.addCounted(id, [...counts]);
  }

  /** `add` with the words counted: each distinct word once, with how often it counts. */
  addCounted(id: number, words: ReadonlyArray<readonly [string, number]>): void {
    if (this.has(id)) throw new Error(`document ${id} is in the index already`);
    const counts = new Map<number, number>();
    let length = 0;
    for (const [word, count] of words) {
      const term = this.termOf(word);
      counts.set(term, (counts.get(term) ?? 0) + count);
      length += count;
    }
    for (const [term, count] of counts) {
      const p = this.postings[term];
      this.room(p, p.n + 1);
      p.ids[p.n] = id;
      if (count > WIDE) this.widen(p);
      p.counts[p.n] = count;
      p.n++;
      p.df++;
    }
    this.postingCount += counts.size;
    this.growDocuments(id + 1);
    const terms = [...counts.keys()].sort((a, b) => a - b);
    this.pool = grown(this.pool, this.poolFill + terms.length);
    this.pool.set(terms, this.poolFill);
    this.starts[id] = this.poolFill;
    this.runs[id] = terms.length;
    this.poolFill += terms.length;
    this.wordCounts[id] = length;
    this.lengths[id] = Math.max(1, length);
    this.totalLength += length;
    this.live++;
    this.top = Math.max(this.top, id);
  }

  /** The index's numbers of a snapshot's words, as `addAll` takes them (a word new to it numbered now). */
  numbers(vocabulary: readonly string[]): Int32Array {
    return Int32Array.from(vocabulary, (word) => this.termOf(word));
  }

  /**
   * Room for a snapshot's documents up to id `last` and their words (`terms`, numbered by `own`), made
   * once before `addAll` takes them a piece at a time: lists grown by doubling piece by piece leave
   * tens of megabytes of freed arrays that the allocator does not give back. A step per EXPORTED words.
   */
  *reserve(last: number, own: Int32Array, terms: Int32Array): Steps<void> {
    const fresh = new Int32Array(this.postings.length);
    for (let k = 0; k < terms.length; k++) {
      fresh[own[terms[k]]]++;
      if (k % EXPORTED === EXPORTED - 1) yield;
    }
    for (let term = 0, done = 0; term < fresh.length; term++) {
      if (fresh[term] === 0) continue;
      const p = this.postings[term];
      this.room(p, p.n + fresh[term]);
      done += p.n + fresh[term];
      if (done >= EXPORTED) {
        done = 0;
        yield;
      }
    }
    this.growDocuments(last + 1);
    this.pool = grown(this.pool, this.poolFill + terms.length);
  }

  /**
   * Adds documents `first`, `first + 1`, … at once, as a snapshot holds them: document i has the next
   * `runs[i]` entries of `terms` (numbers into the snapshot's vocabulary, `own` their numbers here)
   * with their `counts`. One pass counts each word's new postings, so each list grows once to its
   * size; ids above every one added before keep the lists ascending.
   */
  addAll(first: number, own: Int32Array, runs: Int32Array, terms: Int32Array, counts: Int32Array): void {
    if (first <= this.top) throw new Error('documents are added above every one added before');
    const fresh = new Int32Array(this.postings.length);
    for (const term of terms) fresh[own[term]]++;
    for (let term = 0; term < fresh.length; term++) {
      if (fresh[term] !== 0) this.room(this.postings[term], this.postings[term].n + fresh[term]);
    }
    const last = first + runs.length;
    this.growDocuments(last);
    this.pool = grown(this.pool, this.poolFill + terms.length);
    let at = 0;
    for (let i = 0; i < runs.length; i++) {
      const id = first + i;
      let length = 0;
      for (let k = at; k < at + runs[i]; k++) {
        const p = this.postings[own[terms[k]]];
        p.ids[p.n] = id;
        if (counts[k] > WIDE) this.widen(p);
        p.counts[p.n] = counts[k];
        p.n++;
        p.df++;
        length += counts[k];
        this.pool[this.poolFill + k - at] = own[terms[k]];
      }
      this.pool.subarray(this.poolFill, this.poolFill + runs[i]).sort();
      this.starts[id] = this.poolFill;
      this.runs[id] = runs[i];
      this.poolFill += runs[i];
      this.wordCounts[id] = length;
      this.lengths[id] = Math.max(1, length);
      this.totalLength += length;
      this.live++;
      at += runs[i];
    }
    this.postingCount += terms.length;
    this.top = Math.max(this.top, last - 1);
  }

  /** Every word's number, as `document` gives them. */
  get vocabulary(): readonly string[] {
    return this.words;
  }

  /**
   * The words of the live documents `ids`, in that order, as `addAll` takes them: read word by word
   * from the postings (so each document's terms come out ascending), not by a search per posting;
   * a step per EXPORTED postings. The index must not change between its steps.
   */
  *documents(ids: Int32Array): Steps<{ runs: Int32Array; terms: Int32Array; counts: Int32Array }> {
    const runs = new Int32Array(ids.length);
    const cursor = new Int32Array(this.lengths.length).fill(-1);
    let total = 0;
    for (let i = 0; i < ids.length; i++) {
      if (!this.has(ids[i])) continue;
      runs[i] = this.runs[ids[i]];
      cursor[ids[i]] = total;
      total += runs[i];
    }
    yield;
    const terms = new Int32Array(total);
    const counts = new Int32Array(total);
    let done = 0;
    for (let term = 0; term < this.postings.length; term++) {
      const p = this.postings[term];
      for (let i = 0; i < p.n; i++) {
        // A word of every declaration has as many postings: a step can end inside its list.
        if (++done === EXPORTED) {
          done = 0;
          yield;
        }
        const id = p.ids[i];
        if (cursor[id] < 0 || this.lengths[id] === 0) continue;
        terms[cursor[id]] = term;
        counts[cursor[id]++] = p.counts[i];
      }
    }
    return { runs, terms, counts };
  }

  private termOf(word: string): number {
    let term = this.ids.get(word);
    if (term === undefined) {
      term = this.postings.length;
      const own = detached(word);
      this.ids.set(own, term);
      this.words.push(own);
      this.postings.push({ ids: EMPTY_IDS, counts: EMPTY_COUNTS, n: 0, df: 0 });
      if (term > WIDE && this.pool instanceof Uint16Array) this.pool = Int32Array.from(this.pool);
    }
    return term;
  }

  /** Room in `p` for `size` postings: its lists moved to views twice as long (or `size`) when full. */
  private room(p: Postings, size: number): void {
    if (size <= p.ids.length) return;
    const length = Math.max(size, p.ids.length * 2, 2);
    p.ids = this.moved(p.ids, length);
    p.counts = this.moved(p.counts, length);
  }

  /** `list`'s first `length` elements (or all) in a new view of `length`; the old one given back. */
  private moved<T extends Int32Array | Uint16Array>(list: T, length: number): T {
    const slabs = (list instanceof Uint16Array ? this.narrow : this.wide) as unknown as Slabs<T>;
    const next = slabs.take(length);
    next.set(list.length > length ? list.subarray(0, length) : list);
    slabs.give(list);
    return next;
  }

  /** Counts in 32 bits from now on: one over 65,535 is coming. */
  private widen(p: Postings): void {
    if (!(p.counts instanceof Uint16Array)) return;
    const wide = this.wide.take(p.counts.length);
    wide.set(p.counts);
    this.narrow.give(p.counts);
    p.counts = wide;
  }

  private growDocuments(size: number): void {
    if (size <= this.lengths.length) return;
    const next = Math.max(size, this.lengths.length * 2);
    this.lengths = grown(this.lengths, next);
    this.scores = new Float64Array(this.lengths.length);
    this.starts = grown(this.starts, next);
    this.runs = grown(this.runs, next);
    this.wordCounts = grown(this.wordCounts, next);
  }

  /** A document's term numbers, sorted (a view into the pool: valid until the next add or sweep). */
  private termsOf(id: number): Uint16Array | Int32Array {
    return this.pool.subarray(this.starts[id], this.starts[id] + this.runs[id]);
  }

  remove(id: number): void {
    if (!this.has(id)) return;
    for (const term of this.termsOf(id)) this.postings[term].df--;
    this.dead += this.runs[id];
    this.lengths[id] = 0;
    this.totalLength -= this.wordCounts[id];
    this.live--;
    if (this.dead * 4 > this.postingCount) this.sweep();
  }

  /**
   * BM25 of the documents holding a query word (`weights` scales each word's share: an instruction
   * word 1, a selection word less); the best `kept` of those `keep` accepts, each with the words it
   * matched, heaviest share first. Only documents holding a word that is not a booster (`boosterShare`,
   * see BOOSTER_SHARE) are candidates, unless every word is one; a candidate's score counts every word.
   */
  search(weights: ReadonlyMap<string, number>, keep: (id: number) => boolean = () => true, kept = SCORED_KEPT, boosterShare = BOOSTER_SHARE): Map<number, { score: number; matched: string[] }> {
    const documents = this.live;
    const average = documents > 0 ? this.totalLength / documents : 0;
    const terms: Array<{ word: string; term: number; weight: number }> = [];
    for (const [word, weight] of weights) {
      const term = this.ids.get(word);
      if (term === undefined || this.postings[term].df === 0) continue;
      if (weight < 1 && this.postings[term].df > COMMON_SHARE * documents) continue;
      terms.push({ word, term, weight });
    }
    const booster = ({ term, weight }: (typeof terms)[number]) => weight < 1 && this.postings[term].df > boosterShare * documents;
    const finders = terms.filter((t) => !booster(t));
    // Finders first, then boosters, each in the query's order; with no booster (or nothing else) the query's order, every word a finder.
    const order = finders.length > 0 ? [...finders, ...terms.filter(booster)] : terms;
    const finding = finders.length > 0 ? finders.length : terms.length;
    const { scores, lengths } = this;
    const touched: number[] = [];
    // `bm25` inlined, its idf taken once per word: the loop runs once per posting of every query word.
    const averageLength = Math.max(1, average);
    for (let k = 0; k < order.length; k++) {
      const { term, weight } = order[k];
      const p = this.postings[term];
      const idf = Math.log(1 + (documents - p.df + 0.5) / (p.df + 0.5));
      for (let i = 0; i < p.n; i++) {
        const id = p.ids[i];
        if (lengths[id] === 0) continue;
        if (scores[id] === 0) {
          if (k >= finding) continue;
          touched.push(id);
        }
        const tf = p.counts[i];
        scores[id] += weight * ((idf * tf * (BM25_K1 + 1)) / (tf + BM25_K1 * (1 - BM25_B + (BM25_B * lengths[id]) / averageLength)));
      }
    }
    const best: Array<[number, number]> = bestAccepted(touched, scores, kept, keep).map((id) => [id, scores[id]]);
    for (const id of touched) scores[id] = 0;
    const out = new Map<number, { score: number; matched: string[] }>();
    for (const [id, score] of best) {
      const own = this.termsOf(id);
      const shares: Array<[string, number]> = [];
      for (const { word, term, weight } of terms) {
        if (positionOf(own, own.length, term) < 0) continue;
        const p = this.postings[term];
        shares.push([word, weight * bm25(p.counts[positionOf(p.ids, p.n, id)], p.df, documents, this.wordCounts[id], average)]);
      }
      out.set(id, { score, matched: shares.sort((a, b) => b[1] - a[1]).map(([w]) => w) });
    }
    return out;
  }

  /**
   * Gives back the room the lists keep to grow in and the views given back: once a crawl has ended,
   * most words get few more documents. When more than SPARE_SHARE of the slabs is spare (after a
   * crawl, about half), every list is copied at its size into new slabs and the old slabs are dropped
   * whole. A step per EXPORTED postings copied or so; the index may change between steps (a list
   * grown meanwhile is in the new slabs already).
   */
  *compact(): Steps<void> {
    // A snapshot's load made the lists at their size: then only those with room are cut to it, in the same slabs.
    if (this.wide.spareShare > SPARE_SHARE || this.narrow.spareShare > SPARE_SHARE) {
      this.wide = new Slabs<Int32Array>(Int32Array);
      this.narrow = new Slabs<Uint16Array>(Uint16Array);
    }
    let done = 0;
    for (const p of this.postings) {
      const size = Math.max(2, p.n);
      if (p.ids.length === 0) continue;
      if (p.ids.length === size && this.wide.owns(p.ids) && (p.counts instanceof Uint16Array ? this.narrow.owns(p.counts) : this.wide.owns(p.counts))) continue;
      p.ids = this.moved(p.ids, size);
      p.counts = this.moved(p.counts, size);
      done += p.n;
      if (done >= EXPORTED) {
        done = 0;
        yield;
      }
    }
    this.pool = this.pool.slice(0, Math.max(4096, this.poolFill));
  }

  /** Drops dead documents from every posting list and from the pool. */
  private sweep(): void {
    let count = 0;
    for (const p of this.postings) {
      let kept = 0;
      for (let i = 0; i < p.n; i++) {
        if (this.lengths[p.ids[i]] === 0) continue;
        p.ids[kept] = p.ids[i];
        p.counts[kept] = p.counts[i];
        kept++;
      }
      p.n = kept;
      // Shrunk when less than half is used, so a word most documents lost gives its memory back.
      if (kept * 2 < p.ids.length) {
        p.ids = this.moved(p.ids, Math.max(2, kept));
        p.counts = this.moved(p.counts, Math.max(2, kept));
      }
      count += kept;
    }
    const pool = new (this.pool.constructor as Uint16ArrayConstructor | Int32ArrayConstructor)(Math.max(4096, count));
    let fill = 0;
    for (let id = 0; id < this.lengths.length; id++) {
      if (this.lengths[id] === 0) continue;
      pool.set(this.termsOf(id), fill);
      this.starts[id] = fill;
      fill += this.runs[id];
    }
    this.pool = pool;
    this.poolFill = fill;
    this.postingCount = count;
    this.dead = 0;
  }
}

/** How many times `kept` the first band holds: enough when `keep` accepts a quarter or more. */
const BAND = 4;

/**
 * The best `kept` of `ids` that `keep` accepts, best first (higher score, then lower id). Ranking
 * every touched document costs more than the search, and so would asking `keep` of each: the best
 * few (a band, BAND × kept) are found by their floor (quickselect on a copy of the scores) and
 * sorted, and `keep` is asked in rank order until enough are accepted; too few, and the next band
 * down is taken the same way, four times as deep.
 */
export function bestAccepted(ids: readonly number[], scores: Float64Array, kept: number, keep: (id: number) => boolean): number[] {
  const out: number[] = [];
  if (kept <= 0) return out;
  const values = new Float64Array(ids.length);
  for (let i = 0; i < ids.length; i++) values[i] = scores[ids[i]];
  let ceiling = Infinity;
  for (let depth = kept * BAND; ; depth *= 4) {
    const floor = depth >= ids.length ? -Infinity : nthLargest(values, depth);
    const band = ids.filter((id) => scores[id] >= floor && scores[id] < ceiling).sort((a, b) => scores[b] - scores[a] || a - b);
    for (const id of band) {
      if (!keep(id)) continue;
      out.push(id);
      if (out.length === kept) return out;
    }
    if (floor === -Infinity) return out;
    ceiling = floor;
  }
}

/** The `n`-th largest of `values` (1 ≤ n ≤ length), by a three-way quickselect (scores tie often); reorders `values`. */
export function nthLargest(values: Float64Array, n: number): number {
  const at = n - 1;
  let lo = 0;
  let hi = values.length - 1;
  while (lo < hi) {
    const a = values[lo];
    const b = values[(lo + hi) >> 1];
    const c = values[hi];
    const pivot = a < b ? (b < c ? b : a < c ? c : a) : a < c ? a : b < c ? c : b;
    // Larger than the pivot to the left of `lt`, equal up to `gt`, smaller after it.
    let lt = lo;
    let gt = hi;
    let i = lo;
    while (i <= gt) {
      const v = values[i];
      if (v > pivot) {
        values[i++] = values[lt];
        values[lt++] = v;
      } else if (v < pivot) {
        values[i] = values[gt];
        values[gt--] = v;
      } else i++;
    }
    if (at < lt) hi = lt - 1;
    else if (at > gt) lo = gt + 1;
    else return pivot;
  }
  return values[lo];
}

/** Where `value` is in the first `n` of an ascending list (a posting list's ids, a document's terms), or -1. */
function positionOf(sorted: ArrayLike<number>, n: number, value: number): number {
  let lo = 0;
  let hi = n - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] === value) return mid;
    if (sorted[mid] < value) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}
