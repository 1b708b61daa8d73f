/**
 * Retrieval ranking, pure: which declarations of the workspace an inline edit's instruction is
 * likely to need. The text score is BM25 over identifier words (`words.ts`): the instruction's words
 * count fully, the selection's a quarter (they mostly name what the code already has). Structural
 * signals then scale it: the declaring file is near the edited one, the edited file already
 * imports it, the user edited it lately; a name the instruction spells out is taken first; a test
 * file is worth less to code that is not a test.
 */
import { wordsOf } from './words.js';

/** BM25's term-frequency saturation and length normalisation, the usual values. */
export const BM25_K1 = 1.2;
export const BM25_B = 0.75;
/** A selection word weighs this much of an instruction word. */
export const SELECTION_WEIGHT = 0.25;
/** Distinct selection words that join the query, at most (first used first). */
const MAX_SELECTION_WORDS = 40;

/** How much each structural signal multiplies the text score. */
export const BOOST = { name: 1, proximity: 0.6, imported: 0.5, recent: 0.4, test: 0.5 } as const;

/** One term's share of a document's BM25 score. */
export function bm25(tf: number, df: number, documents: number, length: number, averageLength: number): number {
  if (tf <= 0 || df <= 0 || documents <= 0) return 0;
  const idf = Math.log(1 + (documents - df + 0.5) / (df + 0.5));
  const norm = tf + BM25_K1 * (1 - BM25_B + (BM25_B * length) / Math.max(1, averageLength));
  return (idf * tf * (BM25_K1 + 1)) / norm;
}

/** The query's words and their weights, and the identifiers the instruction spells out. */
export interface Query {
  weights: Map<string, number>;
  /** Identifiers of the instruction, as written (`use returnPolicy here` → returnPolicy). */
  mentioned: Set<string>;
}

export function queryOf(instruction: string, selection: string): Query {
  const weights = new Map<string, number>();
  for (const word of wordsOf(instruction, true)) weights.set(word, 1);
  let added = 0;
  for (const word of wordsOf(selection)) {
    if (weights.has(word)) continue;
    if (++added > MAX_SELECTION_WORDS) break;
    weights.set(word, SELECTION_WEIGHT);
  }
  const mentioned = new Set((instruction.match(/[A-Za-z_$][A-Za-z0-9_$]*/g) ?? []).filter((w) => w.length > 2 && /[a-z][A-Z]|_|^[A-Z][a-z]+[A-Z]/.test(w)));
  return { weights, mentioned };
}

/** Shared leading folders of two workspace-relative paths over the deeper one's folders: 1 for the same folder, 0 for none shared. */
export function proximity(from: string, to: string): number {
  return folderProximity(from.split('/').slice(0, -1), to.split('/').slice(0, -1));
}

function folderProximity(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 && b.length === 0) return 1;
  let shared = 0;
  while (shared < a.length && shared < b.length && a[shared] === b[shared]) shared++;
  return shared / Math.max(a.length, b.length);
}

/** Test code by its path: a `test`/`tests`/`__tests__`/`spec` folder, or a test file's name in the usual conventions. */
export function isTestPath(path: string): boolean {
  return /(^|\/)(tests?|__tests__|spec|testdata)\//.test(path) || /(\.(test|spec)\.[jt]sx?$|_test\.(go|py)$|(^|\/)test_[^/]*\.py$|Tests?\.(java|kt)$)/.test(path);
}

/** A declaration with its text score, before the structural signals. */
export interface Scored {
  id: number;
  name: string;
  /** The declaring file, workspace-relative. */
  path: string;
  score: number;
  /** The query words it matched, best first. */
  matched: string[];
  /** The words of its name (computed from the name when absent). */
  nameWords?: readonly string[];
}

export interface Signals {
  /** The edited file, workspace-relative. */
  from: string;
  /** Files the edited file imports (workspace-relative). */
  imported: ReadonlySet<string>;
  /** Files the user edited lately, most recent first (workspace-relative). */
  recent: readonly string[];
  mentioned: ReadonlySet<string>;
  /** The query's words and weights: how much of a candidate's own name the request says. */
  words: ReadonlyMap<string, number>;
}

export interface Ranked extends Scored {
  /** Why it ranks where it does, for the log line. */
  why: string[];
  mentioned: boolean;
}

/**
 * The best `limit` candidates in order (all without a limit), best first, each with its reasons; ties
 * by path and name, so the order is stable. With a limit, candidates are taken by text score, and one
 * the most its signals could multiply it by leaves below the limit-th so far is not ranked (its
 * name's words are what cost): ranking all 300 cost about a third of a query.
 */
export function rankCandidates(candidates: readonly Scored[], signals: Signals, limit = Infinity): Ranked[] {
  const fromTest = isTestPath(signals.from);
  const fromFolders = signals.from.split('/').slice(0, -1);
  const rank = (c: Scored): Ranked => {
    const why: string[] = [];
    let factor = 1;
    // A name made of the request's words (`currentTransaction` for "the current transaction") says more than a member or a parameter that matches.
    const own = c.nameWords ?? [...new Set(wordsOf(c.name))];
    const said = own.length > 0 ? own.reduce((sum, w) => sum + (signals.words.get(w) ?? 0), 0) / own.length : 0;
    if (said > 0) {
      factor += BOOST.name * said;
      if (said >= 0.5) why.push('name');
    }
    const near = folderProximity(fromFolders, c.path.split('/').slice(0, -1));
    if (near > 0) {
      factor += BOOST.proximity * near;
      why.push(near === 1 ? 'same folder' : 'nearby folder');
    }
    if (signals.imported.has(c.path)) {
      factor += BOOST.imported;
      why.push('file imported');
    }
    const recent = signals.recent.indexOf(c.path);
    if (recent >= 0) {
      factor += BOOST.recent / (1 + recent);
      why.push('edited lately');
    }
    if (!fromTest && isTestPath(c.path)) factor *= BOOST.test;
    const mentioned = signals.mentioned.has(c.name);
    if (mentioned) why.unshift('named in the instruction');
    if (c.matched.length > 0) why.unshift(`words ${c.matched.slice(0, 4).join(' ')}`);
    return { ...c, score: c.score * factor, why, mentioned };
  };
  let ranked: Ranked[];
  if (limit >= candidates.length) ranked = candidates.map(rank);
  else {
    ranked = [];
    const heaviest = Math.max(0, ...signals.words.values());
    // The most a candidate's signals can multiply its score by, its name's words (the costly part) taken at the heaviest (a hair over, for rounding).
    const ceiling = (c: Scored) => {
      let factor = 1 + BOOST.name * heaviest + BOOST.proximity * folderProximity(fromFolders, c.path.split('/').slice(0, -1));
      if (signals.imported.has(c.path)) factor += BOOST.imported;
      const recent = signals.recent.indexOf(c.path);
      if (recent >= 0) factor += BOOST.recent / (1 + recent);
      return c.score * factor * (1 + 1e-9);
    };
    // The best `limit` scores so far of candidates not named in the instruction, lowest first.
    const best: number[] = [];
    for (const c of [...candidates].sort((a, b) => b.score - a.score)) {
      const named = signals.mentioned.has(c.name);
      if (!named && best.length === limit && ceiling(c) < best[0]) continue;
      const r = rank(c);
      ranked.push(r);
      if (named) continue;
      best.splice(sortedIndex(best, r.score), 0, r.score);
      if (best.length > limit) best.shift();
    }
  }
  // A name the instruction spells out comes before any match on words.
  return ranked
    .sort((a, b) => Number(b.mentioned) - Number(a.mentioned) || b.score - a.score || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .slice(0, limit);
}

/** Where `value` goes in an ascending list. */
function sortedIndex(sorted: readonly number[], value: number): number {
  let at = 0;
  while (at < sorted.length && sorted[at] < value) at++;
  return at;
}

/** The baseline the bench sets beside the ranking: the same candidates by folder proximity alone, then path and name. */
export function rankByProximity(candidates: readonly Scored[], from: string): Ranked[] {
  return candidates
    .map((c) => ({ ...c, score: proximity(from, c.path), why: ['proximity only'], mentioned: false }))
    .sort((a, b) => b.score - a.score || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
