/**
 * The inverted index under retrieval: for each word, the documents (declarations) holding it and
 * how often, in parallel number arrays, with the word's document frequency kept as documents come
 * and go. A removed document is marked dead and skipped; postings are swept once dead ones are a
 * quarter of all, so an update costs its own words, not the index's size. Words are interned as
 * copies (`detached`): a word cut from a file's text would otherwise keep that whole text alive.
 * No I/O: the owner feeds it.
 */
import { detached } from '@redline/shared-protocol';
import { bm25 } from './rank.js';

interface Postings {
  ids: number[];
  counts: number[];
  /** Live documents holding the word. */
  df: number;
}

interface Doc {
  /** The document's words, as term numbers, sorted. */
  terms: Uint32Array;
  length: number;
}

/** Documents scored on every word before the best are kept (and their matched words named). */
export const SCORED_KEPT = 300;
/** A word of weight below 1 (the selection's) held by more than this share of documents is skipped: it costs a scan and separates nothing. */
export const COMMON_SHARE = 0.05;

export class TermIndex {
  private readonly ids = new Map<string, number>();
  /** Each term number's word. */
  private readonly words: string[] = [];
  private readonly postings: Postings[] = [];
  private readonly docs = new Map<number, Doc>();
  /** Each live document's length by id (0 once removed): the scoring loop reads it without a map lookup. */
  private lengths = new Float64Array(1024);
  private scores = new Float64Array(1024);
  private totalLength = 0;
  private dead = 0;
  private postingCount = 0;

  get size(): number {
    return this.docs.size;
  }

  /** Adds a document under a new id (an id is never reused while it is live). */
  add(id: number, words: readonly string[]): void {
    if (this.docs.has(id)) throw new Error(`document ${id} is in the index already`);
    const counts = new Map<number, number>();
    for (const word of words) {
      let term = this.ids.get(word);
      if (term === undefined) {
        term = this.postings.length;
        const own = detached(word);
        this.ids.set(own, term);
        this.words.push(own);
        this.postings.push({ ids: [], counts: [], df: 0 });
      }
      counts.set(term, (counts.get(term) ?? 0) + 1);
    }
    for (const [term, count] of counts) {
      const p = this.postings[term];
      p.ids.push(id);
      p.counts.push(count);
      p.df++;
    }
    this.postingCount += counts.size;
    this.docs.set(id, { terms: Uint32Array.from([...counts.keys()].sort((a, b) => a - b)), length: words.length });
    if (id >= this.lengths.length) {
      const grown = new Float64Array(Math.max(id + 1, this.lengths.length * 2));
      grown.set(this.lengths);
      this.lengths = grown;
      this.scores = new Float64Array(grown.length);
    }
    this.lengths[id] = Math.max(1, words.length);
    this.totalLength += words.length;
  }

  /** A live document's words, each with how often it was added: `add` given them back makes the same document. */
  counted(id: number): Array<[string, number]> {
    const doc = this.docs.get(id);
    if (!doc) return [];
    return Array.from(doc.terms, (term) => {
      const p = this.postings[term];
      return [this.words[term], p.counts[positionOf(p.ids, id)]] as [string, number];
    });
  }

  remove(id: number): void {
    const doc = this.docs.get(id);
    if (!doc) return;
    this.docs.delete(id);
    this.lengths[id] = 0;
    this.totalLength -= doc.length;
    for (const term of doc.terms) this.postings[term].df--;
    this.dead += doc.terms.length;
    if (this.dead * 4 > this.postingCount) this.sweep();
  }

  /**
   * BM25 of the documents holding a query word (`weights` scales each word's share: an instruction
   * word 1, a selection word less); the best SCORED_KEPT of those `keep` accepts, each with the
   * words it matched, heaviest share first.
   */
  search(weights: ReadonlyMap<string, number>, keep: (id: number) => boolean = () => true): Map<number, { score: number; matched: string[] }> {
    const documents = this.docs.size;
    const average = documents > 0 ? this.totalLength / documents : 0;
    const terms: Array<{ word: string; term: number; weight: number }> = [];
    for (const [word, weight] of weights) {
      const term = this.ids.get(word);
      if (term === undefined || this.postings[term].df === 0) continue;
      if (weight < 1 && this.postings[term].df > COMMON_SHARE * documents) continue;
      terms.push({ word, term, weight });
    }
    const { scores, lengths } = this;
    const touched: number[] = [];
    for (const { term, weight } of terms) {
      const p = this.postings[term];
      for (let i = 0; i < p.ids.length; i++) {
        const id = p.ids[i];
        if (lengths[id] === 0) continue;
        if (scores[id] === 0) touched.push(id);
        scores[id] += weight * bm25(p.counts[i], p.df, documents, lengths[id], average);
      }
    }
    // The best SCORED_KEPT that `keep` accepts, by a min-heap: sorting every touched document costs more than the search.
    const heap: number[] = [];
    const worse = (a: number, b: number) => scores[a] < scores[b] || (scores[a] === scores[b] && a > b);
    for (const id of touched) {
      if (heap.length === SCORED_KEPT && !worse(heap[0], id)) continue;
      if (!keep(id)) continue;
      if (heap.length < SCORED_KEPT) siftUp(heap, heap.push(id) - 1, worse);
      else {
        heap[0] = id;
        siftDown(heap, 0, worse);
      }
    }
    const best: Array<[number, number]> = heap.sort((a, b) => scores[b] - scores[a] || a - b).map((id) => [id, scores[id]]);
    for (const id of touched) scores[id] = 0;
    const out = new Map<number, { score: number; matched: string[] }>();
    for (const [id, score] of best) {
      const doc = this.docs.get(id)!;
      const shares: Array<[string, number]> = [];
      for (const { word, term, weight } of terms) {
        if (positionOf(doc.terms, term) < 0) continue;
        const p = this.postings[term];
        shares.push([word, weight * bm25(p.counts[positionOf(p.ids, id)], p.df, documents, doc.length, average)]);
      }
      out.set(id, { score, matched: shares.sort((a, b) => b[1] - a[1]).map(([w]) => w) });
    }
    return out;
  }

  /** Drops dead documents from every posting list. */
  private sweep(): void {
    let count = 0;
    for (const p of this.postings) {
      const ids: number[] = [];
      const counts: number[] = [];
      for (let i = 0; i < p.ids.length; i++) {
        if (!this.docs.has(p.ids[i])) continue;
        ids.push(p.ids[i]);
        counts.push(p.counts[i]);
      }
      p.ids = ids;
      p.counts = counts;
      count += ids.length;
    }
    this.postingCount = count;
    this.dead = 0;
  }
}

function siftUp(heap: number[], at: number, worse: (a: number, b: number) => boolean): void {
  while (at > 0) {
    const parent = (at - 1) >> 1;
    if (!worse(heap[at], heap[parent])) return;
    [heap[at], heap[parent]] = [heap[parent], heap[at]];
    at = parent;
  }
}

function siftDown(heap: number[], at: number, worse: (a: number, b: number) => boolean): void {
  for (;;) {
    const left = 2 * at + 1;
    const right = left + 1;
    let least = at;
    if (left < heap.length && worse(heap[left], heap[least])) least = left;
    if (right < heap.length && worse(heap[right], heap[least])) least = right;
    if (least === at) return;
    [heap[at], heap[least]] = [heap[least], heap[at]];
    at = least;
  }
}

/** Where `value` is in an ascending list (a posting list's ids, a document's terms), or -1. */
function positionOf(sorted: ArrayLike<number>, value: number): number {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] === value) return mid;
    if (sorted[mid] < value) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}
