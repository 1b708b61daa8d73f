/**
 * The inverted index under retrieval: for each word, the documents (declarations) holding it and
 * how often. Words are interned to numbers and a document's counts kept in typed arrays, so a
 * workspace of a hundred thousand declarations costs a few megabytes. A removed document is
 * marked dead and skipped; its postings are swept once dead ones are a quarter of all, so an
 * update costs its own words, not the index's size. No I/O: the owner feeds it.
 */
import { bm25 } from './rank.js';

interface Doc {
  terms: Uint32Array;
  counts: Uint16Array;
  length: number;
}

export class TermIndex {
  private readonly ids = new Map<string, number>();
  private readonly postings: number[][] = [];
  private readonly docs = new Map<number, Doc>();
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
        this.ids.set(word, term);
        this.postings.push([]);
      }
      counts.set(term, (counts.get(term) ?? 0) + 1);
    }
    const doc: Doc = { terms: new Uint32Array(counts.size), counts: new Uint16Array(counts.size), length: words.length };
    let i = 0;
    for (const [term, count] of counts) {
      doc.terms[i] = term;
      doc.counts[i++] = Math.min(count, 0xffff);
      this.postings[term].push(id);
    }
    this.postingCount += counts.size;
    this.docs.set(id, doc);
    this.totalLength += doc.length;
  }

  remove(id: number): void {
    const doc = this.docs.get(id);
    if (!doc) return;
    this.docs.delete(id);
    this.totalLength -= doc.length;
    this.dead += doc.terms.length;
    if (this.dead * 4 > this.postingCount) this.sweep();
  }

  /**
   * BM25 of every document holding a query word, with the words it matched (heaviest share
   * first). `weights` scales each word's share (an instruction word 1, a selection word less).
   */
  search(weights: ReadonlyMap<string, number>): Map<number, { score: number; matched: string[] }> {
    const found = new Map<number, { score: number; shares: Array<[string, number]> }>();
    const documents = this.docs.size;
    const average = documents > 0 ? this.totalLength / documents : 0;
    for (const [word, weight] of weights) {
      const term = this.ids.get(word);
      if (term === undefined) continue;
      const list = this.postings[term];
      let df = 0;
      for (const id of list) if (this.docs.has(id)) df++;
      for (const id of list) {
        const doc = this.docs.get(id);
        if (!doc) continue;
        const share = weight * bm25(countOf(doc, term), df, documents, doc.length, average);
        let entry = found.get(id);
        if (!entry) found.set(id, (entry = { score: 0, shares: [] }));
        entry.score += share;
        entry.shares.push([word, share]);
      }
    }
    const out = new Map<number, { score: number; matched: string[] }>();
    for (const [id, { score, shares }] of found) out.set(id, { score, matched: shares.sort((a, b) => b[1] - a[1]).map(([w]) => w) });
    return out;
  }

  /** Drops dead documents from every posting list. */
  private sweep(): void {
    let count = 0;
    for (let term = 0; term < this.postings.length; term++) {
      const live = this.postings[term].filter((id) => this.docs.has(id));
      this.postings[term] = live;
      count += live.length;
    }
    this.postingCount = count;
    this.dead = 0;
  }
}

/** A document's count of a term (its terms are few: a linear scan beats a map here). */
function countOf(doc: Doc, term: number): number {
  const { terms } = doc;
  for (let i = 0; i < terms.length; i++) if (terms[i] === term) return doc.counts[i];
  return 0;
}
