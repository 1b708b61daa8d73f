/**
 * The outline of a file or a snippet, for placing a snippet by structure: the sequence of its
 * items — declarations (with the members of those that have them), statements, free comments and
 * elision markers — each with the lines it stands on. Read off a syntax tree with the language's
 * rules (`languages.ts`), or off the headings of a Markdown text.
 */
import type { Node, Tree } from 'web-tree-sitter';
import { isElisionLine } from './elision.js';
import { outlineRules, type Family, type OutlineRules } from './languages.js';

export type ItemKind = 'declaration' | 'statement' | 'comment' | 'elision';

export interface Item {
  kind: ItemKind;
  /** What counterparts share: family and name for a declaration, the first line for a statement or a comment; '' for an elision. */
  key: string;
  family: Family | 'section' | null;
  /** The name, as the user would say it. */
  label: string;
  /** Names an import brings in. */
  names?: string[];
  signature?: string;
  /** Lines [start, end); `head` is the item's own first line, after the comments and decorators attached to it. */
  start: number;
  head: number;
  end: number;
  /** The members of a declaration that has them, and the lines they stand on. */
  body: Body | null;
  /** Elision markers inside a declaration without members. */
  elides: boolean;
  /** It does not parse (a block never closed): whatever it does not show may have been cut off. */
  cut?: boolean;
  /** Parsed as a member of a declaration the snippet does not show. */
  member: boolean;
  /** A test or a group of tests (see `Declared.suite`). */
  suite?: boolean;
}

export interface Body {
  start: number;
  end: number;
  items: Item[];
  /** The members are imports (a Go import block). */
  imports: boolean;
}

export type Parse = (languageId: string, text: string) => Promise<Tree | null>;

const indentOf = (line: string) => /^\s*/.exec(line)![0];

/** Whether an item holds an elision marker, at any depth. */
export function elidesWithin(item: Item): boolean {
  return item.elides || (item.body?.items.some((m) => m.kind === 'elision' || elidesWithin(m)) ?? false);
}

/**
 * Lines that stand for left-out code; `fileLines` (trimmed) are the file's own, not placeholders;
 * in Markdown a `#` line is a heading.
 */
export function elisionRows(lines: readonly string[], fileLines?: ReadonlySet<string>, markdown = false): Set<number> {
  const rows = new Set<number>();
  lines.forEach((line, i) => {
    if (isElisionLine(line, fileLines, markdown)) rows.add(i);
  });
  return rows;
}

/** The outline of a whole file, or null when the language has no grammar or the parse failed. */
export async function outlineFile(languageId: string, lines: readonly string[], parse: Parse): Promise<Item[] | null> {
  if (languageId === 'markdown') return markdownOutline(lines, new Set());
  const rules = outlineRules(languageId);
  if (!rules) return null;
  const tree = await parse(languageId, lines.join('\n'));
  if (!tree) return null;
  try {
    return new Builder(rules, lines, new Set(), 0, false).items(children(tree.rootNode));
  } finally {
    tree.delete();
  }
}

/**
 * The outline of a snippet. Elision markers are read as such wherever they stand (a placeholder the
 * grammar accepts is parsed in their place); a run of lines that does not parse at the top level is
 * parsed again as members of a declaration (a TypeScript method shown alone).
 */
export async function outlineSnippet(languageId: string, lines: readonly string[], parse: Parse, fileLines?: ReadonlySet<string>): Promise<Item[] | null> {
  const elided = elisionRows(lines, fileLines, languageId === 'markdown');
  if (languageId === 'markdown') return markdownOutline(lines, elided);
  const rules = outlineRules(languageId);
  if (!rules) return null;
  const parsed = lines.map((line, i) => (elided.has(i) ? rules.placeholder(indentOf(line)) : line));
  const tree = await parse(languageId, parsed.join('\n'));
  if (!tree) return null;
  try {
    const builder = new Builder(rules, lines, elided, 0, false);
    const top = children(tree.rootNode);
    const items: Item[] = [];
    /** Nodes that parse, read together so that a comment or an attribute reaches the declaration after it. */
    let clean: Node[] = [];
    for (const run of runs(top, rules, elided)) {
      if (!run.broken || !rules.memberWrapper) {
        clean.push(...run.nodes);
        continue;
      }
      // Comments right above the run belong to its first member (a method's doc comment).
      const lead: Node[] = [];
      while (clean.length > 0 && rules.comments.has(clean[clean.length - 1].type) && !elided.has(clean[clean.length - 1].startPosition.row)) lead.unshift(clean.pop()!);
      items.push(...builder.items(clean));
      clean = [];
      const first = (lead[0] ?? run.nodes[0]).startPosition.row;
      const last = lastRow(run.nodes[run.nodes.length - 1]);
      const members = await parseMembers(languageId, rules, lines, elided, parsed, first, last, parse);
      items.push(...(members ?? builder.items([...lead, ...run.nodes])));
    }
    items.push(...builder.items(clean));
    return items;
  } finally {
    tree.delete();
  }
}

/** Rows [first, last] parsed as the members of a declaration; null when that parses no better. */
async function parseMembers(
  languageId: string,
  rules: OutlineRules,
  lines: readonly string[],
  elided: Set<number>,
  parsed: readonly string[],
  first: number,
  last: number,
  parse: Parse,
): Promise<Item[] | null> {
  const wrapper = rules.memberWrapper!;
  const tree = await parse(languageId, [wrapper.open, ...parsed.slice(first, last + 1), wrapper.close].join('\n'));
  if (!tree) return null;
  try {
    // The wrapper, near the top (a parser recovering from a cut-off member may wrap it in a statement).
    let holder: Node | undefined;
    for (let level = children(tree.rootNode), depth = 0; !holder && level.length > 0 && depth < 3; level = level.flatMap(children), depth++) {
      holder = level.find((n) => rules.declaration(n)?.body);
    }
    const body = holder ? rules.declaration(holder)!.body : null;
    // A body with errors still counts when its members cover every line (a method cut off before its end).
    if (!body) return null;
    // The wrapper's first line is not the snippet's: rows move back by one, to the run's first row.
    const shifted = new Set([...elided].map((r) => r - first + 1));
    const items = new Builder(rules, ['', ...lines.slice(first, last + 1), ''], shifted, 0, true).items(children(body));
    // A member that took the wrapper's closing line for its own was cut off before its end.
    const close = last - first + 2;
    for (const item of items) {
      if (item.end <= close) continue;
      item.end = close;
      item.cut = true;
    }
    // Members that leave a line of the run out (`});` parsed as nothing) do not describe it.
    for (let row = 1; row <= last - first + 1; row++) {
      if (lines[first + row - 1].trim() !== '' && !items.some((i) => row >= i.start && row < i.end)) return null;
    }
    return items.map((item) => moveItem(item, first - 1));
  } finally {
    tree.delete();
  }
}

function moveItem(item: Item, by: number): Item {
  const body = item.body ? { ...item.body, start: item.body.start + by, end: item.body.end + by, items: item.body.items.map((i) => moveItem(i, by)) } : null;
  return { ...item, start: item.start + by, head: item.head + by, end: item.end + by, body };
}

interface Run {
  nodes: Node[];
  /** The run does not parse at this level. */
  broken: boolean;
}

/**
 * Top-level nodes in runs: a node that fails to parse starts a broken run, which goes on until a
 * declaration that parses, an elision or a comment; every other node is a run of its own.
 */
function runs(nodes: readonly Node[], rules: OutlineRules, elided: Set<number>): Run[] {
  const out: Run[] = [];
  let broken: Run | null = null;
  for (const node of nodes) {
    const clean = !node.hasError && node.type !== 'ERROR';
    const stops = (clean && rules.declaration(node) !== null) || rules.comments.has(node.type) || elided.has(node.startPosition.row);
    if (broken && !stops) {
      broken.nodes.push(node);
      continue;
    }
    broken = null;
    if (!clean) {
      broken = { nodes: [node], broken: true };
      out.push(broken);
    } else out.push({ nodes: [node], broken: false });
  }
  return out;
}

const children = (node: Node): Node[] => node.namedChildren.filter((c): c is Node => c !== null);

/** The last row a node has text on (a node ending at column 0 ends on the row before). */
function lastRow(node: Node): number {
  const { row, column } = node.endPosition;
  return column === 0 && row > node.startPosition.row ? row - 1 : row;
}

class Builder {
  constructor(
    private readonly rules: OutlineRules,
    private readonly lines: readonly string[],
    private readonly elided: Set<number>,
    private readonly offset: number,
    private readonly member: boolean,
  ) {}

  items(nodes: readonly Node[]): Item[] {
    const items: Item[] = [];
    /** Comments and decorators waiting for the declaration they may belong to. */
    let pending: Array<{ node: Node; attach: boolean }> = [];
    const flush = () => {
      for (const { node } of pending) items.push(this.plain(node, 'comment'));
      pending = [];
    };
    for (const node of nodes) {
      const first = node.startPosition.row;
      const last = lastRow(node);
      if (this.allElided(first, last)) {
        flush();
        items.push({ ...this.base(first, last), kind: 'elision', key: '', family: null, label: '…' });
        continue;
      }
      const previous = items[items.length - 1];
      // A second node on a line that an item already has (`a(); b();`) belongs to that item.
      if (previous && pending.length === 0 && first < previous.end && previous.kind !== 'elision') {
        previous.end = Math.max(previous.end, last + 1);
        continue;
      }
      if (this.rules.comments.has(node.type) || this.rules.attachments.has(node.type)) {
        const above = pending[pending.length - 1];
        if (above && lastRow(above.node) + 1 < first) flush();
        pending.push({ node, attach: this.rules.attachments.has(node.type) });
        continue;
      }
      const item = this.item(node);
      const above = pending[pending.length - 1];
      if (above && (lastRow(above.node) + 1 >= first || (item.kind === 'declaration' && this.docAbove(above.node, first)))) {
        item.start = pending[0].node.startPosition.row;
        pending = [];
      } else flush();
      items.push(item);
    }
    flush();
    return items;
  }

  /** A doc comment (`/** … *\/`) with only blank lines between it and the row a declaration starts on. */
  private docAbove(comment: Node, first: number): boolean {
    if (!/^\/\*\*/.test(comment.text)) return false;
    for (let row = lastRow(comment) + 1; row < first; row++) if (this.lines[row]?.trim() !== '') return false;
    return true;
  }

  private allElided(first: number, last: number): boolean {
    for (let row = first; row <= last; row++) if (!this.elided.has(row) && this.lines[row]?.trim() !== '') return false;
    return this.elided.has(first);
  }

  private base(first: number, last: number): Omit<Item, 'kind' | 'key' | 'family' | 'label'> {
    return { start: first + this.offset, head: first + this.offset, end: last + 1 + this.offset, body: null, elides: false, member: this.member };
  }

  /** A statement is known by its first line, a comment by all of its lines (a doc comment's first is only `/**`). */
  private plain(node: Node, kind: 'comment' | 'statement'): Item {
    const first = node.startPosition.row;
    const text = this.lines[first]?.trim() ?? '';
    const key = kind === 'comment' ? this.lines.slice(first, lastRow(node) + 1).map((l) => l.trim()).join(' ') : text;
    return { ...this.base(first, lastRow(node)), kind, key: `${kind} ${key}`, family: null, label: text };
  }

  private item(node: Node): Item {
    const declared = this.rules.declaration(node);
    if (!declared) return this.withElisions(this.plain(node, 'statement'));
    const first = node.startPosition.row;
    const last = lastRow(node);
    // A Python decorated definition's own line is its `def` or `class` line.
    const inner = node.type === 'decorated_definition' ? node.childForFieldName('definition') : null;
    const item: Item = {
      ...this.base(first, last),
      head: (inner ? inner.startPosition.row : first) + this.offset,
      kind: 'declaration',
      key: `${declared.family} ${declared.name}`,
      family: declared.family,
      label: declared.label ?? declared.name,
      ...(declared.suite ? { suite: true } : {}),
      ...(declared.names ? { names: declared.names } : {}),
      ...(declared.signature !== undefined ? { signature: declared.signature } : {}),
    };
    const body = declared.body ? this.body(declared.body, item.head - this.offset, declared.imports === true) : null;
    if (body) item.body = body;
    if (node.hasError) item.cut = true;
    return this.withElisions(item);
  }

  /** The member lines of a body: between its opening line and its closing line, or after a Python header. */
  private body(body: Node, head: number, imports: boolean): Body | null {
    const open = body.startPosition.row;
    const close = lastRow(body);
    const opener = this.lines[open]?.trimEnd() ?? '';
    const closer = this.lines[close]?.trim() ?? '';
    let start: number;
    let end: number;
    if (/[{(]$/.test(opener) && /^[})]/.test(closer) && close > open) {
      start = open + 1;
      end = close;
    } else if (open > head && !/^[{(]/.test(this.lines[open]?.trim() ?? '')) {
      // An indented block (Python): the lines after the header to the block's end.
      start = head + 1;
      end = close + 1;
    } else return null;
    // A Go block holds its statements in a list of their own, its comments beside it.
    const members = children(body)
      .flatMap((c) => (c.type === 'statement_list' ? children(c) : [c]))
      .sort((a, b) => a.startIndex - b.startIndex);
    return { start: start + this.offset, end: end + this.offset, items: this.items(members), imports };
  }

  private withElisions(item: Item): Item {
    if (item.body) return item;
    for (let row = item.head - this.offset; row < item.end - this.offset; row++) if (this.elided.has(row)) item.elides = true;
    return item;
  }
}

/** A line that belongs to the heading below it: an HTML anchor, a rule, an HTML comment. */
const DECORATION = /^\s*(?:<a\s[^>]*>\s*<\/a>|<a\s[^>]*\/>|-{3,}|\*{3,}|_{3,}|<!--.*-->)\s*$/;

/**
 * A Markdown text's sections: a heading (with the anchors and rules stacked right above it) and
 * what follows it up to the next heading of its level or a higher one, known by the heading's text
 * whatever its case; sections with subsections hold them as members. Elision markers after a
 * section's text stand beside it, not in it.
 */
export function markdownOutline(lines: readonly string[], elided: Set<number>): Item[] {
  const headings: Array<{ row: number; level: number; text: string }> = [];
  let fence: string | null = null;
  lines.forEach((line, row) => {
    const f = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (f && (fence === null || (f[0] === fence[0] && f.length >= fence.length))) fence = fence === null ? f : null;
    else if (fence === null) {
      const h = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
      if (h) headings.push({ row, level: h[1].length, text: h[2] });
    }
  });
  /**
   * Where the section under the heading at `row` starts: at the anchors and rules stacked right
   * above the heading (`<a name="push"></a>`, `---`), when a blank line (or `from`) is above them.
   */
  const startOf = (row: number, from: number): number => {
    let start = row;
    while (start > from && !elided.has(start - 1) && DECORATION.test(lines[start - 1])) start--;
    return start > from && lines[start - 1].trim() !== '' ? row : start;
  };
  /** How many levels of last subsections a section has (`## A` whose last subsection has one: 2). */
  const lastDepth = (row: number, level: number, end: number): number => {
    const subs = headings.filter((s) => s.row > row && s.row < end && s.level > level);
    if (subs.length === 0) return 0;
    const top = Math.min(...subs.map((s) => s.level));
    const last = subs.filter((s) => s.level === top).pop()!;
    return 1 + lastDepth(last.row, last.level, end);
  };
  const level = (from: number, to: number, depth: number): Item[] => {
    const items: Item[] = [];
    const inner = headings.filter((h) => h.row >= from && h.row < to);
    const top = inner.length === 0 ? 0 : Math.min(...inner.map((h) => h.level));
    const tops = inner.filter((h) => h.level === top);
    const firstRow = tops.length > 0 ? startOf(tops[0].row, from) : to;
    items.push(...paragraphs(lines, elided, from, firstRow));
    tops.forEach((h, i) => {
      const end = i + 1 < tops.length ? startOf(tops[i + 1].row, h.row + 1) : to;
      // A section ends at its last line of text: trailing blank lines and elisions stand beside it.
      // With subsections, trailing elisions stand beside the last subsection, then beside its
      // section, and so on outwards: as many stay inside as there are levels of last subsections.
      const hasSubsections = inner.some((s) => s.row > h.row && s.row < end && s.level > top);
      let cut = end;
      while (cut > h.row + 1 && (lines[cut - 1].trim() === '' || elided.has(cut - 1))) cut--;
      for (let keep = lastDepth(h.row, h.level, end), row = cut; keep > 0 && row < end; row++) {
        if (!elided.has(row)) continue;
        cut = row + 1;
        keep--;
      }
      const item: Item = {
        kind: 'declaration',
        key: `section ${'#'.repeat(h.level)} ${h.text.toLowerCase().replace(/\s+/g, ' ')}`,
        family: 'section',
        label: h.text,
        start: startOf(h.row, from),
        head: h.row,
        end: cut,
        body: hasSubsections && depth < 6 ? { start: h.row + 1, end: cut, items: level(h.row + 1, cut, depth + 1), imports: false } : null,
        elides: false,
        member: false,
      };
      if (!item.body) for (let row = h.row + 1; row < cut; row++) if (elided.has(row)) item.elides = true;
      items.push(item);
      if (cut < end) items.push(...paragraphs(lines, elided, cut, end));
    });
    return items;
  };
  return level(0, lines.length, 0);
}

/** Lines of text outside any section: elision markers, and blocks of text between blank lines. */
function paragraphs(lines: readonly string[], elided: Set<number>, from: number, to: number): Item[] {
  const items: Item[] = [];
  let row = from;
  while (row < to) {
    if (lines[row].trim() === '') {
      row++;
      continue;
    }
    if (elided.has(row)) {
      items.push({ kind: 'elision', key: '', family: null, label: '…', start: row, head: row, end: row + 1, body: null, elides: false, member: false });
      row++;
      continue;
    }
    const start = row;
    while (row < to && lines[row].trim() !== '' && !elided.has(row)) row++;
    const text = lines[start].trim();
    items.push({ kind: 'statement', key: `statement ${text}`, family: null, label: text, start, head: start, end: row, body: null, elides: false, member: false });
  }
  return items;
}
