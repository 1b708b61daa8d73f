/**
 * Placing a snippet by what it declares. The snippet's items are matched to the file's by family
 * and name at the same level (a method with the methods of its class; an overload by its
 * parameters), or, for members shown without their class, inside the one declaration that has
 * them. Then, level by level:
 *
 * - a matched declaration replaces its counterpart whole; elision markers inside it keep the lines
 *   they stand for (the line placement, within the counterpart); a matched class is merged member
 *   by member;
 * - a new declaration goes where its neighbours in the snippet put it; a declaration the snippet
 *   shows elsewhere is moved there, not copied; one shown under a new name, its body mostly the
 *   same, replaces the one it renames;
 * - an elision marker keeps the file's items between the matched items around it, and those it
 *   names;
 * - imports are a set: one the snippet does not show stays, one it shows with more names grows;
 * - an item the snippet does not show stays, next to its neighbours in the file — except in a class
 *   the snippet shows with neither all its members nor a marker: what was meant is unclear, and the
 *   placement is refused rather than deleting the members it does not show.
 *
 * Two equally good places for a declaration are refused too. Pure: outlines in, lines out.
 */
import { indentWidth, reindent } from './indent.js';
import { placeByLines } from './lines.js';
import type { Body, Item } from './outline.js';
import { commonWords, wordsOf } from './similar.js';

export interface Source {
  lines: readonly string[];
  items: Item[];
}

export type Merge = { kind: 'merged'; lines: string[] } | { kind: 'refused'; reason: string } | { kind: 'unstructured' };

export interface MergeOptions {
  /** The file indents with tabs. */
  tabs: boolean;
  /** One level of indentation in the file, in columns. */
  unit: number;
}

class Refusal extends Error {}

/** A level of the file: its items and the lines they stand in. */
interface Level {
  items: Item[];
  start: number;
  end: number;
  /** Where new items at this level are indented. */
  indent: number;
  imports: boolean;
}

type Entry =
  | { kind: 'elision'; s: Item }
  | { kind: 'matched'; s: Item; f: Item }
  | { kind: 'new'; s: Item }
  /** Members shown without their class, merged into `path`'s last declaration (`path[0]` is at this level). */
  | { kind: 'patch'; path: Item[]; items: Item[] };

/** An output item: its lines, and where it came from (its index among the file's and the snippet's items). */
interface Out {
  lines: string[];
  file?: number;
  snippet?: number;
  import: boolean;
  /** A package line or a module docstring: what a file's imports come after. */
  head?: boolean;
  /** A new import the snippet shows next to no other import. */
  lone?: boolean;
}

export function mergeSnippet(file: Source, snippet: Source, options: MergeOptions): Merge {
  const end = file.lines.length > 0 && file.lines[file.lines.length - 1] === '' ? file.lines.length - 1 : file.lines.length;
  const top: Level = { items: file.items, start: 0, end, indent: 0, imports: false };
  try {
    const merger = new Merger(file, snippet, options);
    const entries = merger.entries(top, snippet.items);
    const matched = entries.some((e) => e.kind === 'matched' || e.kind === 'patch');
    const elides = entries.some((e) => e.kind === 'elision');
    const declares = entries.every((e) => e.kind === 'elision' || e.kind === 'patch' || e.s.kind === 'declaration' || e.s.kind === 'comment');
    if (!matched && !(elides && declares && entries.some((e) => e.kind === 'new'))) return { kind: 'unstructured' };
    const lines = merger.level(top, snippet.items, entries, 'top');
    return { kind: 'merged', lines: [...lines, ...file.lines.slice(end)] };
  } catch (err) {
    if (err instanceof Refusal) return { kind: 'refused', reason: err.message };
    throw err;
  }
}

class Merger {
  constructor(
    private readonly file: Source,
    private readonly snippet: Source,
    private readonly options: MergeOptions,
  ) {}

  /** The snippet's items at a level, each matched, deep-matched (in runs of members), new or an elision. */
  entries(level: Level, items: readonly Item[]): Entry[] {
    const taken = new Set<Item>();
    const raw: Entry[] = items.map((s) => {
      if (s.kind === 'elision') return { kind: 'elision', s };
      const f = this.counterpart(s, level.items, taken);
      if (f) {
        taken.add(f);
        return { kind: 'matched', s, f };
      }
      const deep = s.kind === 'declaration' && s.family !== 'import' && s.family !== 'package' ? this.deep(s, level.items) : null;
      if (deep) return { kind: 'patch', path: deep.slice(0, -1), items: [s] };
      return { kind: 'new', s };
    });
    if (!raw.some((e) => e.kind === 'elision')) this.renamed(raw, level, taken);
    return this.runs(raw);
  }

  /**
   * A declaration shown under a new name where the snippet elides nothing: the file's declaration
   * between the same matched neighbours that it mostly repeats (its body) is the one it renames.
   */
  private renamed(raw: Entry[], level: Level, taken: Set<Item>): void {
    const at = (e: Entry | undefined) => (e?.kind === 'matched' ? level.items.indexOf(e.f) : null);
    raw.forEach((e, k) => {
      if (e.kind !== 'new' || e.s.kind !== 'declaration' || (e.s.family !== 'value' && e.s.family !== 'type')) return;
      const from = at([...raw.slice(0, k)].reverse().find((x) => x.kind === 'matched')) ?? -1;
      const to = at(raw.slice(k + 1).find((x) => x.kind === 'matched')) ?? level.items.length;
      const text = this.snippet.lines.slice(e.s.head, e.s.end).join('\n');
      const scored = level.items
        .filter((f, i) => i > from && i < to && !taken.has(f) && f.kind === 'declaration' && f.family === e.s.family)
        .map((f) => ({ f, score: likeness(this.file.lines.slice(f.head, f.end).join('\n'), text) }))
        .filter((c) => c.score >= RENAME_LIKENESS)
        .sort((a, b) => b.score - a.score);
      if (scored.length === 0 || (scored.length > 1 && scored[1].score === scored[0].score)) return;
      taken.add(scored[0].f);
      raw[k] = { kind: 'matched', s: e.s, f: scored[0].f };
    });
  }

  /** The item of `candidates` that `s` stands for; an ambiguous declaration is refused. */
  private counterpart(s: Item, candidates: readonly Item[], taken: Set<Item>): Item | null {
    const same = candidates.filter((c) => c.kind === s.kind && c.key === s.key && !taken.has(c));
    if (same.length <= 1 || s.kind !== 'declaration') return same[0] ?? null;
    return pick(s, same.map((f) => ({ f, where: [f] })))[0];
  }

  /** The path to the one member of a declaration at this level (or deeper) that `s` stands for. */
  private deep(s: Item, items: readonly Item[]): Item[] | null {
    const found: Array<{ f: Item; where: Item[] }> = [];
    const search = (level: readonly Item[], path: Item[]) => {
      for (const c of level) {
        if (!c.body || c.body.imports) continue;
        for (const m of c.body.items) if (m.kind === 'declaration' && m.key === s.key) found.push({ f: m, where: [...path, c, m] });
        if (path.length < 3) search(c.body.items, [...path, c]);
      }
    };
    search(items, []);
    if (found.length === 0) return null;
    return pick(s, found)[1];
  }

  /**
   * Members matched inside the same declaration, with the new members and elisions among them (and
   * those next to them that the snippet indents as members), become one patch of that declaration.
   */
  private runs(raw: Entry[]): Entry[] {
    const out: Entry[] = [];
    const memberLike = (e: Entry) => e.kind !== 'patch' && e.kind !== 'matched' && (e.s.member || indentWidth(this.snippet.lines[e.s.head]) > this.topIndent(raw));
    for (let i = 0; i < raw.length; i++) {
      const e = raw[i];
      if (e.kind !== 'patch') {
        out.push(e);
        continue;
      }
      const previous = [...out].reverse().find((x) => x.kind !== 'elision' && x.kind !== 'new');
      let run: Extract<Entry, { kind: 'patch' }>;
      if (previous?.kind === 'patch' && samePath(previous.path, e.path)) {
        run = previous;
        // What stands between two members of the same declaration is in it.
        const from = out.indexOf(previous) + 1;
        run.items.push(...out.splice(from).map((x) => (x as { s: Item }).s));
      } else {
        run = { kind: 'patch', path: e.path, items: [] };
        // New members just above it, indented as members, belong to it too.
        const lead: Item[] = [];
        while (out.length > 0 && memberLike(out[out.length - 1])) lead.unshift((out.pop() as { s: Item }).s);
        run.items.push(...lead);
        out.push(run);
      }
      run.items.push(...e.items);
      // New members and elisions just below it, indented as members, too.
      while (i + 1 < raw.length && memberLike(raw[i + 1])) run.items.push((raw[++i] as { s: Item }).s);
    }
    return out;
  }

  /** The indentation of the snippet's items matched at this level (0 when none is). */
  private topIndent(raw: readonly Entry[]): number {
    const matched = raw.find((e) => e.kind === 'matched');
    return matched && matched.kind === 'matched' ? indentWidth(this.snippet.lines[matched.s.head]) : 0;
  }

  /**
   * The lines of a level after the merge. `mode`: `top` (the file: what the snippet does not show
   * stays), `shown` (a declaration the snippet shows with its header: what it does not show stays
   * only when it elides something), `fragment` (members shown without their declaration: stays).
   */
  level(level: Level, items: readonly Item[], entries: Entry[], mode: 'top' | 'shown' | 'fragment'): string[] {
    const { file } = this;
    const position = new Map(level.items.map((item, i) => [item, i]));
    const used = new Set<Item>();
    for (const e of entries) {
      if (e.kind === 'matched') used.add(e.f);
      if (e.kind === 'patch') used.add(e.path[0]);
    }
    const anchor = (e: Entry | undefined) => (e?.kind === 'matched' ? position.get(e.f)! : e?.kind === 'patch' ? position.get(e.path[0])! : null);
    const spans = this.spans(level, entries, used, anchor);
    const out: Out[] = [];
    const emitted = new Set<Item>();
    const snippetIndex = new Map(items.map((s, i) => [s, i]));
    const fromFile = (u: Item): Out => ({ lines: file.lines.slice(u.start, u.end), file: position.get(u), import: u.family === 'import', head: u.family === 'package' || u.family === 'docstring' });
    const isImport = (e: Entry | undefined) => e !== undefined && e.kind !== 'elision' && e.kind !== 'patch' && e.s.family === 'import';
    entries.forEach((e, k) => {
      if (e.kind === 'elision') {
        for (const u of spans.get(e) ?? []) {
          emitted.add(u);
          out.push(fromFile(u));
        }
      } else if (e.kind === 'matched') {
        // Comment lines the snippet attaches to it that the file has as a comment of its own just above.
        const above = level.items[position.get(e.f)! - 1];
        const own = above?.kind === 'comment' && sameLines(this.snippet.lines.slice(e.s.start, e.s.head), file.lines.slice(above.start, above.end));
        out.push({ ...fromFile(e.f), lines: this.matched(own ? { ...e.s, start: e.s.head } : e.s, e.f, entries[k + 1]?.kind === 'elision'), snippet: snippetIndex.get(e.s) });
      } else if (e.kind === 'new') {
        const lone = isImport(e) && !isImport(entries[k - 1]) && !isImport(entries[k + 1]);
        out.push({ lines: this.moved(e.s, level.indent), snippet: snippetIndex.get(e.s), import: e.s.family === 'import', lone });
      } else out.push({ lines: this.patch(e.path, e.items), file: position.get(e.path[0]), snippet: snippetIndex.get(e.items[0]), import: false });
    });
    const uncovered = level.items.filter((u) => !used.has(u) && !emitted.has(u));
    const elides = entries.some((e) => e.kind === 'elision') || endsElided(items[items.length - 1]);
    if (mode === 'shown' && !elides && !level.imports) {
      const lost = uncovered.filter((u) => u.kind === 'declaration' || u.kind === 'statement');
      if (lost.length > 0) throw new Refusal(partialMessage(lost, level.items.filter((u) => u.kind === 'declaration' || u.kind === 'statement').length));
    }
    for (const u of uncovered) insertByNeighbour(out, fromFile(u), position.get(u)!);
    placeLoneImports(out);
    return this.assemble(level, items, out);
  }

  /**
   * What each elision stands for: the file's items between the matched items around it, and those
   * it names ("formatBytes unchanged"); then items a moved declaration jumped over (between two
   * matched items that the snippet shows side by side) go to the first elision after the first of
   * them. Each in file order.
   */
  private spans(level: Level, entries: readonly Entry[], used: Set<Item>, anchor: (e: Entry | undefined) => number | null): Map<Entry, Item[]> {
    const spans = new Map<Entry, Item[]>();
    const taken = new Set<Item>(used);
    entries.forEach((e, k) => {
      if (e.kind !== 'elision') return;
      const from = anchor([...entries.slice(0, k)].reverse().find((x) => anchor(x) !== null)) ?? -1;
      const to = anchor(entries.slice(k + 1).find((x) => anchor(x) !== null)) ?? level.items.length;
      const text = this.snippet.lines.slice(e.s.start, e.s.end).join(' ');
      const names = (u: Item) => u.kind === 'declaration' && u.label.length >= 3 && new RegExp(`(?<![\\w$])${escape(u.label)}(?![\\w$])`).test(text);
      const span = level.items.filter((u, i) => !taken.has(u) && ((i > from && i < to) || names(u)));
      for (const u of span) taken.add(u);
      spans.set(e, span);
    });
    const anchors = entries.map((e, k) => ({ k, at: anchor(e) })).filter((a): a is { k: number; at: number } => a.at !== null);
    level.items.forEach((u, i) => {
      if (taken.has(u)) return;
      const before = anchors.filter((a) => a.at < i).sort((a, b) => b.at - a.at)[0];
      const after = anchors.some((a) => a.at > i);
      if (!before || !after) return;
      const home = entries.findIndex((e, k) => k > before.k && e.kind === 'elision');
      if (home < 0) return;
      spans.get(entries[home])!.push(u);
      taken.add(u);
    });
    for (const span of spans.values()) span.sort((a, b) => level.items.indexOf(a) - level.items.indexOf(b));
    return spans;
  }

  /** The output items with the blank lines between them, inside the level's own leading and trailing lines. */
  private assemble(level: Level, items: readonly Item[], out: Out[]): string[] {
    const { file } = this;
    const firstFile = level.items[0];
    const lastFile = level.items[level.items.length - 1];
    const lines: string[] = firstFile ? file.lines.slice(level.start, firstFile.start) : [];
    out.forEach((o, i) => {
      if (i > 0) lines.push(...this.gap(level, items, out[i - 1], o));
      lines.push(...o.lines);
    });
    if (lastFile) lines.push(...file.lines.slice(lastFile.end, level.end));
    else if (out.length === 0) lines.push(...file.lines.slice(level.start, level.end));
    return lines;
  }

  /**
   * The blank lines between two output items: the file's where they were neighbours in the file,
   * the snippet's where they are neighbours in it, else the level's usual gap.
   */
  private gap(level: Level, items: readonly Item[], a: Out, b: Out): string[] {
    if (a.file !== undefined && b.file === a.file + 1) return this.file.lines.slice(level.items[a.file].end, level.items[b.file].start);
    if (a.snippet !== undefined && b.snippet === a.snippet + 1) {
      const between = this.snippet.lines.slice(items[a.snippet].end, items[b.snippet].start);
      if (between.every((l) => l.trim() === '')) return between.map(() => '');
    }
    return Array<string>(usualGap(level, this.file.lines, a.import && b.import)).fill('');
  }

  /** A matched item: the snippet's, or the two merged. */
  /** `elided`: an elision follows it in the snippet. */
  private matched(s: Item, f: Item, elided: boolean): string[] {
    const { file, snippet } = this;
    if (s.family === 'import' && s.names && f.names) return this.imports(s, f);
    if (s.family === 'section' && snippet.lines.slice(s.head + 1, s.end).every((l) => l.trim() === '')) return file.lines.slice(f.start, f.end);
    const delta = indentWidth(file.lines[f.head]) - indentWidth(snippet.lines[s.head]);
    const attached = s.start < s.head ? this.shift(snippet.lines.slice(s.start, s.head), delta) : file.lines.slice(f.start, f.head);
    if (s.body && f.body) {
      const body: Level = { items: f.body.items, start: f.body.start, end: f.body.end, indent: memberIndent(f, file.lines, this.options.unit), imports: f.body.imports };
      const members = this.level(body, s.body.items, this.entries(body, s.body.items), f.body.imports ? 'fragment' : 'shown');
      return [...attached, ...this.shift(snippet.lines.slice(s.head, s.body.start), delta), ...members, ...this.shift(snippet.lines.slice(s.body.end, s.end), delta)];
    }
    // Shown without the members its counterpart has (a section's text without its subsections):
    // an elision after it stands for them too; with none, deleting them is not what was asked.
    const withoutMembers = !s.body && f.body !== null && f.body.items.some((m) => m.kind !== 'elision');
    if (withoutMembers && !s.elides && !s.cut && !elided) {
      const members = f.body!.items.filter((m) => m.kind === 'declaration' || m.kind === 'statement');
      throw new Refusal(partialMessage(members, members.length));
    }
    if (s.elides || s.cut || withoutMembers) {
      // A declaration cut off before its end stands for the rest of its counterpart there.
      const shown = this.shift(snippet.lines.slice(s.head, s.end), delta);
      const text = (s.cut || (withoutMembers && elided) ? [...shown, '...'] : shown).join('\n');
      const placed = placeByLines(file.lines, text, { start: f.head, end: f.end });
      if (placed.kind !== 'placed') throw new Refusal(`in ${describe(f)}: ${placed.kind === 'new' ? 'none of its lines are in the file' : placed.reason}`);
      return [...attached, ...file.lines.slice(f.head, placed.start), ...placed.lines, ...file.lines.slice(placed.end, f.end)];
    }
    return [...attached, ...this.shift(snippet.lines.slice(s.head, s.end), delta)];
  }

  /** Two imports from the same place: the one with every name, or the snippet's with the file's other names added. */
  private imports(s: Item, f: Item): string[] {
    const mine = this.shift(this.snippet.lines.slice(s.start, s.end), indentWidth(this.file.lines[f.head]) - indentWidth(this.snippet.lines[s.head]));
    const missing = f.names!.filter((n) => !s.names!.includes(n));
    if (missing.length === 0) return mine;
    if (s.names!.every((n) => f.names!.includes(n))) return this.file.lines.slice(f.start, f.end);
    const grown = addNames(mine.join('\n'), missing);
    return grown === null ? this.file.lines.slice(f.start, f.end) : grown.split('\n');
  }

  /** A declaration whose members the snippet shows without it: the file's, with those members merged in. */
  private patch(path: Item[], items: Item[]): string[] {
    const [c, ...rest] = path;
    const body = c.body!;
    let members: string[];
    if (rest.length > 0) {
      // Deeper still: only the inner declaration changes at this level.
      const inner = rest[0];
      members = [...this.file.lines.slice(body.start, inner.start), ...this.patch(rest, items), ...this.file.lines.slice(inner.end, body.end)];
    } else {
      const level: Level = { items: body.items, start: body.start, end: body.end, indent: memberIndent(c, this.file.lines, this.options.unit), imports: false };
      members = this.level(level, items, this.entries(level, items), 'fragment');
    }
    return [...this.file.lines.slice(c.start, body.start), ...members, ...this.file.lines.slice(body.end, c.end)];
  }

  /** A new item: the snippet's lines, indented for where they go. */
  private moved(s: Item, indent: number): string[] {
    return this.shift(this.snippet.lines.slice(s.start, s.end), indent - indentWidth(this.snippet.lines[s.head]));
  }

  private shift(lines: readonly string[], delta: number): string[] {
    return lines.map((l) => reindent(l, delta, this.options.tabs));
  }
}

/** How much of a declaration a renamed one repeats, at least. */
const RENAME_LIKENESS = 0.6;
const MAX_LIKENESS_WORDS = 3000;

/** The share of the longer text's words that two texts have in common, in order (0 when either is too long to compare). */
function likeness(a: string, b: string): number {
  const x = wordsOf(a);
  const y = wordsOf(b);
  if (x.length === 0 || y.length === 0 || x.length > MAX_LIKENESS_WORDS || y.length > MAX_LIKENESS_WORDS) return 0;
  return commonWords(x, y) / Math.max(x.length, y.length);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A Markdown section whose last subsection ends in an elision: its headings give no indentation to
 * say which level the marker belongs to, so it may stand for the rest of the enclosing section too.
 */
function endsElided(item: Item | undefined): boolean {
  if (item?.family !== 'section' || !item.body) return false;
  const last = item.body.items[item.body.items.length - 1];
  return last?.kind === 'elision' || endsElided(last);
}

const sameLines = (a: readonly string[], b: readonly string[]) => a.length > 0 && a.length === b.length && a.every((l, i) => l.trim() === b[i].trim());

const samePath = (a: readonly Item[], b: readonly Item[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * The one candidate `s` stands for: the only one, the one with its parameters, or the one with as
 * many; two or more left are refused.
 */
function pick(s: Item, found: Array<{ f: Item; where: Item[] }>): [Item, Item[]] {
  if (found.length === 1) return [found[0].f, found[0].where];
  for (const narrowed of [found.filter((c) => c.f.signature === s.signature), found.filter((c) => arity(c.f.signature) === arity(s.signature))]) {
    if (narrowed.length === 1) return [narrowed[0].f, narrowed[0].where];
  }
  const places = found.map(({ f, where }) => `${where.length > 1 ? `in ${describe(where[where.length - 2])}, ` : ''}lines ${f.start + 1}–${f.end}`);
  throw new Refusal(`${describe(s)} fits ${found.length} places equally well (${places.join('; ')}); select the one to replace and apply it again`);
}

function arity(signature: string | undefined): number {
  if (signature === undefined) return -1;
  const inner = signature.replace(/^\(|\)$/g, '').trim();
  if (inner === '') return 0;
  let depth = 0;
  let commas = 0;
  for (const ch of inner) {
    if ('([{<'.includes(ch)) depth++;
    else if (')]}>'.includes(ch)) depth--;
    else if (ch === ',' && depth === 0) commas++;
  }
  return commas + 1;
}

function describe(item: Item): string {
  return item.family === 'section' ? `the section "${item.label}"` : `\`${item.label}\``;
}

function partialMessage(lost: readonly Item[], members: number): string {
  const names = lost.slice(0, 4).map(describe).join(', ') + (lost.length > 4 ? ', …' : '');
  return `it shows a declaration with ${members - lost.length} of its ${members} members and no marker for the others (${names}): applying it would delete them. Add a marker such as "// ..." where code is left out, or select the lines to replace`;
}

/** New imports with no import beside them in the snippet go after the file's imports, or after its package line or docstring. */
function placeLoneImports(out: Out[]): void {
  const lone = out.filter((o) => o.lone);
  if (lone.length === 0) return;
  const rest = out.filter((o) => !o.lone);
  const last = (ok: (o: Out) => boolean) => rest.reduce((found, o, i) => (ok(o) ? i : found), -1);
  let at = last((o) => o.import && o.file !== undefined);
  if (at < 0) at = last((o) => o.head === true);
  rest.splice(at + 1, 0, ...lone);
  out.splice(0, out.length, ...rest);
}

/** Inserts a file item the snippet does not show after the output item of its file predecessor (or before its successor's). */
function insertByNeighbour(out: Out[], item: Out, index: number): void {
  let best = -1;
  let bestFile = -1;
  out.forEach((o, i) => {
    if (o.file !== undefined && o.file < index && o.file >= bestFile) {
      best = i;
      bestFile = o.file;
    }
  });
  if (best >= 0) {
    out.splice(best + 1, 0, item);
    return;
  }
  let next = out.findIndex((o) => o.file !== undefined && o.file > index);
  if (next < 0) {
    out.push(item);
    return;
  }
  // Before the new items the snippet puts in front of that successor, too.
  while (next > 0 && out[next - 1].file === undefined) next--;
  out.splice(next, 0, item);
}

/** The blank lines most often between two neighbouring items of the level (between imports: between imports). */
function usualGap(level: Level, lines: readonly string[], imports: boolean): number {
  const counts = new Map<number, number>();
  for (let i = 1; i < level.items.length; i++) {
    const [a, b] = [level.items[i - 1], level.items[i]];
    if ((a.family === 'import' && b.family === 'import') !== imports) continue;
    const blank = lines.slice(a.end, b.start).filter((l) => l.trim() === '').length;
    counts.set(blank, (counts.get(blank) ?? 0) + 1);
  }
  let best = imports || level.imports ? 0 : 1;
  let most = 0;
  for (const [gap, n] of counts) if (n > most || (n === most && gap > best)) [best, most] = [gap, n];
  return best;
}

/** Where members of a declaration are indented: as its first member, or one unit deeper than it. */
function memberIndent(item: Item, lines: readonly string[], unit: number): number {
  const first = (item.body as Body).items.find((m) => m.kind !== 'elision');
  return first ? indentWidth(lines[first.head]) : indentWidth(lines[item.head]) + unit;
}

/** An import line with more names in its list (`{ a }` → `{ a, b }`, `import a` → `import a, b`); null when it has no list. */
function addNames(text: string, names: readonly string[]): string | null {
  const braces = /\{([^}]*)\}/.exec(text);
  if (braces) {
    const inner = braces[1].trimEnd();
    const sep = inner.trim() === '' ? ' ' : ', ';
    return text.slice(0, braces.index + 1) + inner + sep + names.join(', ') + (braces[1].endsWith(' ') ? ' ' : '') + text.slice(braces.index + braces[0].length - 1);
  }
  const python = /^(\s*from\s+\S+\s+import\s+)(.*?)(\s*(?:#.*)?)$/.exec(text);
  if (python && !python[2].includes('(')) return `${python[1]}${python[2]}, ${names.join(', ')}${python[3]}`;
  return null;
}
