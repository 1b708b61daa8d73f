/**
 * Two readings of a code block that come before the merge. A whole-file answer replaces the file:
 * one that elides nothing and covers every declaration of the file in whatever order or nesting
 * (and its imports, statements and docstring), or starts and ends as the file does with most of
 * its lines, or that the answer calls the whole file and that shows the file's imports. A block
 * that starts with an import section accounting for every import of the file's own section
 * replaces that section: imports it merged, regrouped or re-sorted are not left beside it. Pure:
 * outlines in, lines out.
 */
import type { Item } from './outline.js';

export interface Outlined {
  lines: readonly string[];
  items: Item[];
}

/** Most of the file's lines, for a block that starts and ends as the file does. */
const MOST_LINES = 0.8;

/**
 * The file's lines after a whole-file answer, or null when the block is not one. The block must
 * elide nothing (`elides`); a comment the file starts with (a licence header) that the block does
 * not show stays on top.
 */
export function wholeFile(file: Outlined, block: Outlined, elides: boolean, saysWhole: boolean): string[] | null {
  if (elides) return null;
  const declared = declarationsOf(file.items);
  const shown = new Set(declarationsOf(block.items).map(nameOf));
  const covered = declared.filter((d) => shown.has(nameOf(d))).length;
  const text = (lines: readonly string[]) => lines.map((l) => l.trim()).filter((l) => l !== '');
  const [fileText, blockText] = [text(file.lines), text(block.lines)];
  if (fileText.length === 0 || blockText.length === 0) return null;
  const sameEnds = fileText[0] === blockText[0] && fileText[fileText.length - 1] === blockText[blockText.length - 1];
  const inBlock = new Set(blockText);
  const kept = fileText.filter((l) => inBlock.has(l)).length / fileText.length;
  // Covering every declaration is not enough when it leaves out an import, a statement or a docstring.
  const blockImports = block.items.filter(isImport);
  const rest = file.items.filter((i) => i.kind !== 'comment' && i.kind !== 'elision' && !named(i));
  const importsShown = rest.filter(isImport).every(accounts(blockImports));
  const restShown = importsShown && rest.every((i) => isImport(i) || inBlock.has(file.lines[i.head].trim()));
  const whole = (declared.length > 0 && covered === declared.length && restShown) || (sameEnds && kept >= MOST_LINES) || (saysWhole && importsShown);
  // In the file's own order and nesting, the merge does the same and keeps the file's spacing.
  if (!whole || shape(file.items) === shape(block.items)) return null;
  const lines = [...block.lines];
  while (lines.length > 0 && lines[lines.length - 1].trim() === '') lines.pop();
  const header = file.items.findIndex((i) => i.kind !== 'comment');
  const licence = (header < 0 ? file.items : file.items.slice(0, header)).filter((c) => c.kind === 'comment' && !inBlock.has(file.lines[c.start].trim()));
  const top = licence.length > 0 ? [...file.lines.slice(licence[0].start, licence[licence.length - 1].end), ''] : [];
  const ending = file.lines.length > 0 && file.lines[file.lines.length - 1] === '' ? [''] : [];
  return [...top, ...lines, ...ending];
}

const named = (i: Item) => i.kind === 'declaration' && (i.family === 'value' || i.family === 'type' || i.family === 'section');

/** Declarations a whole file answer must show, at any depth: all but imports, package lines and docstrings. */
function declarationsOf(items: readonly Item[]): Item[] {
  return items.flatMap((i) => [...(named(i) ? [i] : []), ...declarationsOf(i.body?.items ?? [])]);
}

/** The declarations in order, each with its members: what a reorder or a new nesting changes. */
function shape(items: readonly Item[]): string {
  return items.filter((i) => named(i) || i.body).map((i) => `${named(i) ? nameOf(i) : ''}(${shape(i.body?.items ?? [])})`).join(',');
}

/** A declaration by family and name, whatever its nesting (a section whatever its level or case). */
const nameOf = (i: Item) => `${i.family} ${i.label.toLowerCase()}`;

const isImport = (i: Item) => i.kind === 'declaration' && i.family === 'import';

/** Single imports, a Go import block's taken apart. */
const leaves = (run: readonly Item[]) => run.flatMap((i) => (i.body?.imports ? i.body.items.filter(isImport) : [i]));

/** Whether `shown` imports account for an import: from the same place, with its names, or under a wildcard. */
function accounts(shown: readonly Item[]): (i: Item) => boolean {
  const sources = new Set(leaves(shown).map((i) => i.key));
  const names = new Set(leaves(shown).flatMap((i) => i.names ?? []));
  const wildcards = leaves(shown).flatMap((i) => /^(.*)\.\*;?$/.exec(i.label)?.[1] ?? []);
  return (i) => leaves([i]).every((l) => sources.has(l.key) || ((l.names?.length ?? 0) > 0 && l.names!.every((n) => names.has(n))) || wildcards.some((w) => l.label.startsWith(`${w}.`)));
}

/**
 * The file's import section replaced by the block's, when the block starts with imports (after a
 * package line, a docstring or comments) that account for every import of the file's first run of
 * imports: from the same place, with the same names, or under a wildcard. Null otherwise.
 */
export function importSection(file: Outlined, block: Outlined): { start: number; end: number; lines: string[] } | null {
  let k = 0;
  while (k < block.items.length && (block.items[k].kind === 'comment' || block.items[k].family === 'package' || block.items[k].family === 'docstring')) k++;
  const shown: Item[] = [];
  while (k < block.items.length && isImport(block.items[k])) shown.push(block.items[k++]);
  const first = file.items.findIndex(isImport);
  if (shown.length === 0 || first < 0) return null;
  const own: Item[] = [];
  for (let j = first; j < file.items.length && isImport(file.items[j]); j++) own.push(file.items[j]);
  if (!leaves(own).every(accounts(shown))) return null;
  const start = own[0].start;
  const end = own[own.length - 1].end;
  const lines = block.lines.slice(shown[0].start, shown[shown.length - 1].end);
  const same = lines.length === end - start && lines.every((l, i) => l === file.lines[start + i]);
  return same ? null : { start, end, lines };
}
