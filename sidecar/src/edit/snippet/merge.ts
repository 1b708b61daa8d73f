/**
 * Placing a snippet by what it declares. The snippet's items are matched to the file's by family
 * and name at the same level (a method with the methods of its class; an overload by its
 * parameters; a test by its name, a section by its heading), or, for members shown without their
 * class, inside the one declaration that has them; among several, the one with a line of the
 * snippet the others lack (a docstring). Then, level by level:
 *
 * - a matched declaration replaces its counterpart whole, whatever share of its lines survive;
 *   elision markers inside it keep the lines they stand for (the line placement, within the
 *   counterpart); a matched class is merged member by member; a group of tests shown whole and
 *   mostly the file's is its new version; a section's text shown without its subsections keeps them;
 * - a new declaration goes where its neighbours in the snippet put it; a declaration the snippet
 *   shows elsewhere is moved there, not copied (into a new group that wraps it, too); one shown
 *   under a new name, its body mostly the same, replaces the one it renames;
 * - an elision marker keeps the file's items between the matched items around it, and those it
 *   names; a new declaration holding one is refused: it stands for code the file does not have;
 * - imports are a set: one the snippet does not show stays, one it shows with more names grows,
 *   one that merged several (or a wildcard that covers them) replaces them;
 * - an item the snippet does not show stays, next to its neighbours in the file (after what the
 *   snippet shows right after that neighbour), unless the answer's text says it removed it.
 *
 * Two equally good places for a declaration are refused. Pure: outlines in, lines out.
 */
import { isElisionLine } from './elision.js';
import { indentWidth, reindent } from './indent.js';
import { placeByLines } from './lines.js';
import { elidesWithin, type Body, type Item } from './outline.js';
import { coverage, likeness } from './similar.js';

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
  /** Names of declarations the answer's text says it removed: the block leaves them out on purpose. */
  removed?: ReadonlySet<string>;
  /** Markdown: lines keep their indentation as written (a tab in a code sample is content). */
  markdown?: boolean;
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
  /** `absorbed`: more imports from the same place, which `s` replaces together with `f`. */
  | { kind: 'matched'; s: Item; f: Item; absorbed?: Item[] }
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
  /** The last of the file's items an elision stands for. */
  elision?: boolean;
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
    const lines = merger.level(top, snippet.items, entries);
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
      if (s.family === 'import') {
        const same = this.importsReplaced(s, level.items, taken);
        if (same.length > 0) {
          for (const f of same) taken.add(f);
          return { kind: 'matched', s, f: same[0], absorbed: same.slice(1) };
        }
      }
      const f = this.counterpart(s, level.items, taken);
      if (f) {
        taken.add(f);
        return { kind: 'matched', s, f };
      }
      const deep = s.kind === 'declaration' && s.family !== 'import' && s.family !== 'package' ? this.deep(s, level.items) : null;
      if (deep) return { kind: 'patch', path: deep.slice(0, -1), items: [s] };
      return { kind: 'new', s };
    });
    this.regrouped(raw, level, taken);
    this.renamed(raw, level, taken);
    return this.runs(raw);
  }

  /**
   * A new group shown in full (a `describe` the snippet wraps around tests the file has at this
   * level): the tests it holds move into it, and it goes where the first of them was.
   */
  private regrouped(raw: Entry[], level: Level, taken: Set<Item>): void {
    raw.forEach((e, k) => {
      if (e.kind !== 'new' || !e.s.body || elidesWithin(e.s)) return;
      const members = new Map(e.s.body.items.filter((m) => m.kind === 'declaration').map((m) => [m.key, m]));
      const text = (lines: readonly string[], i: Item) => lines.slice(i.head, i.end).join('\n');
      // The file's own declarations, mostly as it has them: not new ones that share a name.
      const moved = level.items.filter((f) => {
        const m = f.kind === 'declaration' && !taken.has(f) ? members.get(f.key) : undefined;
        return m !== undefined && likeness(text(this.file.lines, f), text(this.snippet.lines, m)) >= RENAME_LIKENESS;
      });
      if (moved.length === 0) return;
      for (const f of moved) taken.add(f);
      raw[k] = { kind: 'matched', s: e.s, f: moved[0], absorbed: moved.slice(1) };
    });
  }

  /**
   * A declaration shown under a new name, its text mostly the same as one of the file's between
   * the same matched neighbours: the one it renames. Where the snippet elides something, only
   * sections are read so (a new function beside a marker may be a variant added next to its
   * original); new sections in a row that together repeat one of the file's split it.
   */
  private renamed(raw: Entry[], level: Level, taken: Set<Item>): void {
    const elides = raw.some((e) => e.kind === 'elision');
    const at = (e: Entry | undefined) => (e?.kind === 'matched' ? level.items.indexOf(e.f) : null);
    const isNew = (e: Entry | undefined): e is Extract<Entry, { kind: 'new' }> => e?.kind === 'new' && e.s.kind === 'declaration' && (e.s.family === 'value' || e.s.family === 'type' || e.s.family === 'section');
    const rename = (k: number, j: number) => {
      const family = (raw[k] as { s: Item }).s.family;
      const from = at([...raw.slice(0, k)].reverse().find((x) => x.kind === 'matched')) ?? -1;
      const to = at(raw.slice(j).find((x) => x.kind === 'matched')) ?? level.items.length;
      const text = raw.slice(k, j).map((e) => this.snippet.lines.slice((e as { s: Item }).s.head, (e as { s: Item }).s.end).join('\n')).join('\n');
      const scored = level.items
        .filter((f, i) => i > from && i < to && !taken.has(f) && f.kind === 'declaration' && f.family === family)
        .map((f) => ({ f, score: likeness(this.file.lines.slice(f.head, f.end).join('\n'), text) }))
        .filter((c) => c.score >= RENAME_LIKENESS)
        .sort((a, b) => b.score - a.score);
      if (scored.length === 0 || (scored.length > 1 && scored[1].score === scored[0].score)) return;
      taken.add(scored[0].f);
      raw[k] = { kind: 'matched', s: (raw[k] as { s: Item }).s, f: scored[0].f };
    };
    if (!elides) raw.forEach((e, k) => isNew(e) && rename(k, k + 1));
    for (let k = 0; k < raw.length; k++) {
      const e = raw[k];
      if (!isNew(e)) continue;
      let j = k + 1;
      for (let next = raw[j]; isNew(next) && next.s.family === e.s.family; next = raw[++j]);
      if (e.s.family === 'section' && (elides || j - k >= 2)) rename(k, j);
      k = j - 1;
    }
  }

  /**
   * The file's imports an import of the snippet replaces: those from the same place (all of them,
   * when the snippet merged several into one), or, for a wildcard (`java.util.*`), those of the
   * names it covers.
   */
  private importsReplaced(s: Item, candidates: readonly Item[], taken: Set<Item>): Item[] {
    const free = candidates.filter((c) => c.kind === 'declaration' && c.family === 'import' && !taken.has(c) && !c.body);
    const same = free.filter((c) => c.key === s.key);
    if (same.length > 0) return same;
    const wildcard = /^(.*)\.\*;?$/.exec(s.label)?.[1];
    return wildcard ? free.filter((c) => c.label.startsWith(`${wildcard}.`) && !c.label.slice(wildcard.length + 1).includes('.')) : [];
  }

  /** The item of `candidates` that `s` stands for; an ambiguous declaration is refused. */
  private counterpart(s: Item, candidates: readonly Item[], taken: Set<Item>): Item | null {
    const same = candidates.filter((c) => c.kind === s.kind && c.key === s.key && !taken.has(c));
    if (same.length <= 1 || s.kind !== 'declaration') return same[0] ?? null;
    return pick(s, same.map((f) => ({ f, where: [f] })), this.telling(s))[0];
  }

  /** Whether a candidate has a line of `s` that the other candidates lack (a docstring that names it). */
  private telling(s: Item): (f: Item, others: readonly Item[]) => boolean {
    const own = (f: Item) => new Set(this.file.lines.slice(f.head + 1, f.end).map((l) => l.trim()).filter((l) => /[\p{L}\p{N}]{3}/u.test(l)));
    const shown = this.snippet.lines.slice(s.head + 1, s.end).map((l) => l.trim());
    return (f, others) => {
      const lines = own(f);
      const elsewhere = others.filter((o) => o !== f).map(own);
      return shown.some((l) => lines.has(l) && elsewhere.every((o) => !o.has(l)));
    };
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
    return pick(s, found, this.telling(s))[1];
  }

  /**
   * Members matched inside the same declaration, with the new members and elisions among them (and
   * those next to them that the snippet indents as members), become one patch of that declaration.
   */
  private runs(raw: Entry[]): Entry[] {
    const out: Entry[] = [];
    // Markdown has no indentation to tell: the markers beside sections shown without their parent are in it.
    const memberLike = (e: Entry, path: readonly Item[]) =>
      e.kind !== 'patch' && e.kind !== 'matched' && (e.s.member || indentWidth(this.snippet.lines[e.s.head]) > this.topIndent(raw) || (e.kind === 'elision' && path[0].family === 'section'));
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
        while (out.length > 0 && memberLike(out[out.length - 1], e.path)) lead.unshift((out.pop() as { s: Item }).s);
        run.items.push(...lead);
        out.push(run);
      }
      run.items.push(...e.items);
      // New members and elisions just below it, indented as members, too.
      while (i + 1 < raw.length && memberLike(raw[i + 1], e.path)) run.items.push((raw[++i] as { s: Item }).s);
    }
    return out;
  }

  /** The indentation of the snippet's items matched at this level (0 when none is). */
  private topIndent(raw: readonly Entry[]): number {
    const matched = raw.find((e) => e.kind === 'matched');
    return matched && matched.kind === 'matched' ? indentWidth(this.snippet.lines[matched.s.head]) : 0;
  }

  /** The lines of a level after the merge: what the snippet does not show stays. */
  level(level: Level, items: readonly Item[], entries: Entry[]): string[] {
    const { file } = this;
    const position = new Map(level.items.map((item, i) => [item, i]));
    const used = new Set<Item>();
    for (const e of entries) {
      if (e.kind === 'matched') for (const f of [e.f, ...(e.absorbed ?? [])]) used.add(f);
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
        const span = spans.get(e) ?? [];
        span.forEach((u, i) => {
          emitted.add(u);
          // The last item it stands for is spaced from what the snippet shows after the marker as the snippet spaces them.
          out.push({ ...fromFile(u), ...(i === span.length - 1 ? { snippet: snippetIndex.get(e.s), elision: true } : {}) });
        });
      } else if (e.kind === 'matched') {
        // Comment lines the snippet attaches to it that the file has as a comment of its own just above.
        const above = level.items[position.get(e.f)! - 1];
        const own = above?.kind === 'comment' && sameLines(this.snippet.lines.slice(e.s.start, e.s.head), file.lines.slice(above.start, above.end));
        out.push({ ...fromFile(e.f), lines: this.matched(own ? { ...e.s, start: e.s.head } : e.s, e.f, entries[k + 1]?.kind === 'elision', e.absorbed ?? []), snippet: snippetIndex.get(e.s) });
      } else if (e.kind === 'new') {
        const marker = placeholderIn(e.s, this.snippet.lines);
        if (marker !== null) throw new Refusal(`${describe(e.s)} is new, and the placeholder in it ("${marker}") stands for code the file does not have; write that code out in the block, or delete the placeholder, and apply it again`);
        // New imports shown next to none of the file's go after the file's imports.
        let first = k;
        while (isImport(entries[first - 1])) first--;
        let last = k;
        while (isImport(entries[last + 1])) last++;
        const lone = isImport(e) && entries.slice(first, last + 1).every((x) => x.kind === 'new');
        out.push({ lines: this.moved(e.s, level.indent), snippet: snippetIndex.get(e.s), import: e.s.family === 'import', lone });
      } else out.push({ lines: this.patch(e.path, e.items), file: position.get(e.path[0]), snippet: snippetIndex.get(e.items[0]), import: false });
    });
    // What the snippet does not show stays where it is, unless the answer says it removed it.
    const removed = (u: Item) => u.kind === 'declaration' && u.family !== 'import' && (this.options.removed?.has(u.label) ?? false);
    const uncovered = level.items.filter((u) => !used.has(u) && !emitted.has(u) && !removed(u));
    const adjacent = (a: number, b: number) => b > a && items.slice(a + 1, b).every((x) => x.kind === 'elision');
    for (const u of uncovered) insertByNeighbour(out, fromFile(u), position.get(u)!, adjacent);
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
    const parts: (readonly string[])[] = [firstFile ? file.lines.slice(level.start, firstFile.start) : []];
    out.forEach((o, i) => {
      if (i > 0) parts.push(this.gap(level, items, out[i - 1], o));
      parts.push(o.lines);
    });
    if (lastFile) parts.push(file.lines.slice(lastFile.end, level.end));
    else if (out.length === 0) parts.push(file.lines.slice(level.start, level.end));
    return parts.flat();
  }

  /**
   * The blank lines between two output items: the file's where they were neighbours in the file,
   * the snippet's where they are neighbours in it, else the level's usual gap.
   */
  private gap(level: Level, items: readonly Item[], a: Out, b: Out): string[] {
    if (a.file !== undefined && b.file === a.file + 1) return this.file.lines.slice(level.items[a.file].end, level.items[b.file].start);
    const usual = usualGap(level, this.file.lines, a.import && b.import);
    // Two of the file's items the snippet moved next to each other keep the file's usual spacing;
    // after what a marker stands for, no less than that either.
    if (a.snippet !== undefined && b.snippet === a.snippet + 1 && (a.file === undefined || b.file === undefined)) {
      const between = this.snippet.lines.slice(items[a.snippet].end, items[b.snippet].start);
      if (between.every((l) => l.trim() === '')) return Array<string>(a.elision ? Math.max(between.length, usual) : between.length).fill('');
    }
    return Array<string>(usual).fill('');
  }

  /**
   * A matched item: the snippet's, or the two merged. `elided`: an elision follows it in the
   * snippet; `absorbed`: more imports the snippet's replaces.
   */
  private matched(s: Item, f: Item, elided: boolean, absorbed: readonly Item[]): string[] {
    const { file, snippet } = this;
    if (s.family === 'import' && s.names && f.names) return this.imports(s, [f, ...absorbed]);
    // A heading shown alone stands for its section, retitled as the snippet writes it (`USAGE` → `Usage`).
    if (s.family === 'section' && snippet.lines.slice(s.head + 1, s.end).every((l) => l.trim() === '')) return [...file.lines.slice(f.start, f.head), snippet.lines[s.head], ...file.lines.slice(f.head + 1, f.end)];
    const delta = indentWidth(file.lines[f.head]) - indentWidth(snippet.lines[s.head]);
    // Annotations on lines of their own that the snippet's version leaves out stay (`@Deprecated`).
    let head = f.head;
    while (head < f.end && ANNOTATION.test(file.lines[head]) && !ANNOTATION.test(snippet.lines[s.head])) head++;
    const attached = [...(s.start < s.head ? this.shift(snippet.lines.slice(s.start, s.head), delta) : file.lines.slice(f.start, f.head)), ...file.lines.slice(f.head, head)];
    const whole = () => [...attached, ...this.shift(snippet.lines.slice(s.head, s.end), delta)];
    if (s.body && f.body) {
      if (s.suite && this.rewritesSuite(s, f)) return whole();
      const body: Level = { items: f.body.items, start: f.body.start, end: f.body.end, indent: memberIndent(f, file.lines, this.options.unit), imports: f.body.imports };
      const members = this.level(body, s.body.items, this.entries(body, s.body.items));
      return [...attached, ...this.shift(snippet.lines.slice(s.head, s.body.start), delta), ...members, ...this.shift(snippet.lines.slice(s.body.end, s.end), delta)];
    }
    // Shown without the members its counterpart has: a section's own text, rewritten, keeps its
    // subsections; anything else is its new version. An elision after it stands for them too.
    const withoutMembers = !s.body && f.body !== null && f.body.items.some((m) => m.kind !== 'elision');
    if (s.family === 'section' && elided && !withoutMembers && !s.elides) {
      // A marker after a section's text: the rest of that text when the section shows its start, else what follows.
      const placed = placeByLines(file.lines, [...this.shift(snippet.lines.slice(s.head, s.end), delta), '...'].join('\n'), { start: f.head, end: f.end }, true);
      return placed.kind === 'placed' ? [...attached, ...file.lines.slice(f.head, placed.start), ...placed.lines, ...file.lines.slice(placed.end, f.end)] : whole();
    }
    if (withoutMembers && !s.elides && !s.cut && !elided) {
      if (s.family !== 'section') return whole();
      const first = f.body!.items.findIndex((m) => m.family === 'section');
      const from = first > 0 ? f.body!.items[first - 1].end : f.head + 1;
      return [...whole(), ...file.lines.slice(first < 0 ? f.end : from, f.end)];
    }
    if (s.elides || s.cut || withoutMembers) {
      // A declaration cut off before its end stands for the rest of its counterpart there.
      const shown = this.shift(snippet.lines.slice(s.head, s.end), delta);
      const text = (s.cut || (withoutMembers && elided) ? [...shown, '...'] : shown).join('\n');
      const placed = placeByLines(file.lines, text, { start: f.head, end: f.end }, s.family === 'section');
      if (placed.kind !== 'placed') throw new Refusal(`in ${describe(f)}, ${placed.kind === 'new' ? 'none of the lines around its placeholder are in the file, so what the placeholder keeps cannot be told; show that code in full, or select the lines to replace, and apply it again' : placed.reason}`);
      return [...attached, ...file.lines.slice(f.head, placed.start), ...placed.lines, ...file.lines.slice(placed.end, f.end)];
    }
    return whole();
  }

  /**
   * Imports the snippet shows as one: its own, or, when it leaves out names the file's import from
   * the same place has, its own with those names added.
   */
  private imports(s: Item, fs: readonly Item[]): string[] {
    const [f] = fs;
    const mine = this.shift(this.snippet.lines.slice(s.start, s.end), indentWidth(this.file.lines[f.head]) - indentWidth(this.snippet.lines[s.head]));
    const missing = [...new Set(fs.flatMap((x) => x.names ?? []))].filter((n) => !s.names!.includes(n) && !s.names!.includes('*'));
    if (missing.length === 0) return mine;
    if (fs.length === 1 && s.names!.every((n) => f.names!.includes(n))) return this.file.lines.slice(f.start, f.end);
    const grown = addNames(mine.join('\n'), missing);
    if (grown !== null) return grown.split('\n');
    // No list to grow: the file's imports with names it lacks stay beside it.
    const kept = fs.filter((x) => (x.names ?? []).some((n) => missing.includes(n)));
    return [...kept.flatMap((x) => this.file.lines.slice(x.start, x.end)), ...(kept.some((x) => sameLines(mine, this.file.lines.slice(x.start, x.end))) ? [] : mine)];
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
      members = this.level(level, items, this.entries(level, items));
    }
    return [...this.file.lines.slice(c.start, body.start), ...members, ...this.file.lines.slice(body.end, c.end)];
  }

  /**
   * Whether a group of tests shown whole (no marker) is its new version rather than tests to add to
   * it: mostly the file's group, it keeps one of its tests by name (or the file's group names none,
   * its tests made in a loop), and each test of the file's it leaves out it repeats most of (folded
   * into a table).
   */
  private rewritesSuite(s: Item, f: Item): boolean {
    if (elidesWithin(s)) return false;
    const text = (lines: readonly string[], i: Item) => lines.slice(i.head, i.end).join('\n');
    const shown = text(this.snippet.lines, s);
    if (likeness(text(this.file.lines, f), shown) < SUITE_REWRITE) return false;
    const tests = f.body!.items.filter((m) => m.kind === 'declaration' && m.suite);
    const names = new Set(s.body!.items.filter((m) => m.kind === 'declaration').map((m) => m.key));
    const left = tests.filter((t) => !names.has(t.key));
    if (tests.length > 0 && left.length === tests.length) return false;
    return left.every((t) => coverage(text(this.file.lines, t), shown) >= SUITE_REWRITE);
  }

  /** A new item: the snippet's lines, indented for where they go. */
  private moved(s: Item, indent: number): string[] {
    return this.shift(this.snippet.lines.slice(s.start, s.end), indent - indentWidth(this.snippet.lines[s.head]));
  }

  private shift(lines: readonly string[], delta: number): string[] {
    return this.options.markdown ? [...lines] : lines.map((l) => reindent(l, delta, this.options.tabs));
  }
}

/** How much of a declaration a renamed one repeats, at least. */
const RENAME_LIKENESS = 0.6;
/** How much of a group of tests (and of each test it leaves out) its rewrite shown whole repeats, at least. */
const SUITE_REWRITE = 0.5;
/** A line of annotations only (Java, Kotlin, TypeScript decorators; a Rust attribute). */
const ANNOTATION = /^\s*(?:(?:@[\w.]+(?:\([^)]*\))?\s*)+|#\[.*\])$/;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const sameLines = (a: readonly string[], b: readonly string[]) => a.length > 0 && a.length === b.length && a.every((l, i) => l.trim() === b[i].trim());

const samePath = (a: readonly Item[], b: readonly Item[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * The one candidate `s` stands for: the only one, the one with its parameters, the one with as
 * many, or the only one with a line of `s` the others lack; two or more left are refused.
 */
function pick(s: Item, found: Array<{ f: Item; where: Item[] }>, telling: (f: Item, others: readonly Item[]) => boolean): [Item, Item[]] {
  if (found.length === 1) return [found[0].f, found[0].where];
  const told = found.filter((c) => telling(c.f, found.map((o) => o.f)));
  for (const narrowed of [found.filter((c) => c.f.signature === s.signature), found.filter((c) => arity(c.f.signature) === arity(s.signature)), told]) {
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

/** The first placeholder line in an item of the snippet, or null when it has none. */
function placeholderIn(item: Item, lines: readonly string[]): string | null {
  if (item.elides) {
    for (let row = item.head; row < item.end; row++) if (isElisionLine(lines[row], undefined, item.family === 'section')) return lines[row].trim();
  }
  for (const m of item.body?.items ?? []) {
    const found = m.kind === 'elision' ? lines[m.start].trim() : placeholderIn(m, lines);
    if (found !== null) return found;
  }
  return null;
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

/**
 * Inserts a file item the snippet does not show after the output item of its file predecessor (or
 * before its successor's). What the snippet shows right after that predecessor stays right after
 * it: new items, and items of the file above this one that the snippet moved down there.
 */
function insertByNeighbour(out: Out[], item: Out, index: number, adjacent: (a: number, b: number) => boolean): void {
  let best = -1;
  let bestFile = -1;
  out.forEach((o, i) => {
    if (o.file !== undefined && o.file < index && o.file >= bestFile) {
      best = i;
      bestFile = o.file;
    }
  });
  if (best >= 0) {
    const follows = (o: Out, before: Out) => o.snippet !== undefined && before.snippet !== undefined && adjacent(before.snippet, o.snippet) && (o.file === undefined || o.file < index);
    while (best + 1 < out.length && follows(out[best + 1], out[best])) best++;
    out.splice(best + 1, 0, item);
    return;
  }
  let next = out.findIndex((o) => o.file !== undefined && o.file > index);
  if (next < 0) {
    // No neighbour of the file's: after the file's items, before what the snippet adds.
    const last = out.reduce((found, o, i) => (o.file !== undefined ? i : found), -1);
    out.splice(last >= 0 || out.length === 0 ? last + 1 : 0, 0, item);
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
