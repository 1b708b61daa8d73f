/**
 * Declarations a code block moves to another parent: a subsection shown under another section, a
 * method shown in another class. The file is changed first — the declaration cut from its old
 * parent and put at the end of the new one, indented as its members — so that the merge then finds
 * it where the block shows it, its elided body kept, and nowhere else. Pure: outlines in, lines out.
 */
import { indentWidth, reindent } from './indent.js';
import { elidesWithin, type Item } from './outline.js';
import { likeness } from './similar.js';
import type { Outlined } from './whole.js';

interface Placed {
  item: Item;
  /** Keys of the declarations it is nested in, outermost first. */
  parents: string[];
}

function declarations(items: readonly Item[], parents: string[] = []): Placed[] {
  return items.flatMap((item) => (item.kind !== 'declaration' ? [] : [{ item, parents }, ...(item.body && !item.body.imports ? declarations(item.body.items, [...parents, item.key]) : [])]));
}

const parentOf = (p: Placed) => p.parents[p.parents.length - 1];

/**
 * The first declaration the block shows under a parent other than its file parent, as the file's
 * lines with it moved to the end of that parent; null when the block moves none. A declaration
 * moves when its name is found once in the file and once in the block, under parents found once in
 * each, and it is the same declaration: its body elided, or mostly the file's.
 */
export function moveAcross(file: Outlined, block: Outlined, tabs: boolean): string[] | null {
  const inFile = declarations(file.items);
  const inBlock = declarations(block.items);
  const once = (list: readonly Placed[], key: string) => list.filter((p) => p.item.key === key);
  for (const b of inBlock) {
    const target = parentOf(b);
    if (target === undefined || b.item.family === 'import') continue;
    const [f, ...more] = once(inFile, b.item.key);
    if (!f || more.length > 0 || once(inBlock, b.item.key).length > 1 || parentOf(f) === target) continue;
    const [t, ...others] = once(inFile, target);
    if (!t || others.length > 0 || once(inBlock, target).length > 1 || t.item === f.item || f.parents.includes(target) || isWithin(t.item, f.item)) continue;
    // The same declaration: its body elided, a heading shown alone, or mostly the file's (not a new one that shares a name).
    const text = (lines: readonly string[], i: Item) => lines.slice(i.head, i.end).join('\n');
    const headingAlone = b.item.family === 'section' && block.lines.slice(b.item.head + 1, b.item.end).every((l) => l.trim() === '');
    if (!elidesWithin(b.item) && !headingAlone && likeness(text(file.lines, f.item), text(block.lines, b.item)) < SAME_DECLARATION) continue;
    return moved(file.lines, f.item, t.item, tabs);
  }
  return null;
}

const isWithin = (inner: Item, outer: Item) => inner.start >= outer.start && inner.end <= outer.end;

/** How much of a declaration the one the block moves repeats, at least, when it elides nothing. */
const SAME_DECLARATION = 0.5;


/** `lines` with `item` cut from its place and put, indented as a member, at the end of `target`. */
function moved(lines: readonly string[], item: Item, target: Item, tabs: boolean): string[] {
  const last = target.body?.items.filter((m) => m.kind !== 'elision').pop();
  const indent = last ? indentWidth(lines[last.head]) : indentWidth(lines[target.head]) + (target.family === 'section' ? 0 : 4);
  const text = lines.slice(item.start, item.end).map((l) => reindent(l, target.family === 'section' ? 0 : indent - indentWidth(lines[item.head]), tabs));
  // Where the target's members end: its body's end, or its last line of text.
  const at = target.body ? target.body.end : target.end;
  // The blank lines that separate it from what comes before it go with it (or after it, at the top).
  let cutStart = item.start;
  while (cutStart > 0 && lines[cutStart - 1].trim() === '') cutStart--;
  let cutEnd = item.end;
  if (cutStart === item.start) while (cutEnd < lines.length && lines[cutEnd].trim() === '') cutEnd++;
  const insert = ['', ...text];
  if (at <= cutStart) return [...lines.slice(0, at), ...insert, ...lines.slice(at, cutStart), ...lines.slice(cutEnd)];
  return [...lines.slice(0, cutStart), ...lines.slice(cutEnd, at), ...insert, ...lines.slice(at)];
}
