/**
 * Where a chat code block goes in a file. The block is taken out of the chat answer it came in
 * (prose around a fence), then placed by what it declares when the language has a grammar (or is
 * Markdown): a whole-file answer replaces the file (`whole.ts`); otherwise the block's import
 * section replaces the file's when it accounts for it, declarations it shows under another parent
 * are moved there (`moves.ts`), and the rest is merged (`merge.ts`), with what the answer's text
 * says it removed left out. A block that declares nothing the file has, or a language without a
 * grammar, is placed by its lines (`lines.ts`). With a selection the block replaces the
 * selection, its elisions standing for the selection's lines. Whatever the way, a placement that
 * would write one of the block's placeholders into the file is refused.
 */
import { extractEditedCode, fenceOf } from '../extract.js';
import { answerProse, removedNames, saysWholeFile } from './answer.js';
import { trimmedLines } from './elision.js';
import { elisionRows, outlineFile, outlineSnippet, type Parse } from './outline.js';
import { indentWidth, usesTabs } from './indent.js';
import { placeByLines, type SnippetBounds, type SnippetPlacement } from './lines.js';
import { mergeSnippet } from './merge.js';
import { moveAcross } from './moves.js';
import { importSection, wholeFile } from './whole.js';

export type { SnippetBounds, SnippetPlacement };

export interface SnippetRequest {
  languageId: string;
  /** The document's lines (a final empty line when it ends with a line break). */
  fileLines: readonly string[];
  /** The code block, or the whole chat answer around it. */
  snippet: string;
  /** A selection the block replaces. */
  bounds?: SnippetBounds;
}

export async function placeSnippet(request: SnippetRequest, parse: Parse): Promise<SnippetPlacement> {
  const { languageId, fileLines, bounds } = request;
  const code = snippetCode(request.snippet, fileLines.join('\n'), languageId);
  const lines = code.replace(/\r\n?/g, '\n').split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  const own = trimmedLines(fileLines);
  const markdown = languageId === 'markdown';
  const elided = elisionRows(lines, own, markdown);
  // A selection replaced by a block that elides nothing takes the block as it is.
  if (bounds) return elided.size > 0 ? unwritten(placeByLines(fileLines, code, bounds, markdown), lines, elided, own) : { kind: 'new' };
  const prose = answerProse(request.snippet, code);
  const [fileItems, snippetItems] = await Promise.all([outlineFile(languageId, fileLines, parse), outlineSnippet(languageId, lines, parse, own)]);
  if (fileItems && snippetItems) {
    const block = { lines, items: snippetItems };
    const whole = wholeFile({ lines: fileLines, items: fileItems }, block, elided.size > 0, saysWholeFile(prose));
    if (whole) return changedLines(fileLines, whole);
    // The block's import section in place of the file's, and declarations it shows under another
    // parent moved there; then the rest merged into that file.
    const imports = importSection({ lines: fileLines, items: fileItems }, block);
    let base = imports ? [...fileLines.slice(0, imports.start), ...imports.lines, ...fileLines.slice(imports.end)] : fileLines;
    let baseItems = imports ? await outlineFile(languageId, base, parse) : fileItems;
    for (let moves = 0; baseItems && moves < MAX_MOVES; moves++) {
      const next = moveAcross({ lines: base, items: baseItems }, block, usesTabs(fileLines));
      if (!next) break;
      base = next;
      baseItems = await outlineFile(languageId, base, parse);
    }
    if (baseItems) {
      const options = { tabs: usesTabs(fileLines), unit: indentUnit(fileLines), removed: removedNames(prose), markdown };
      const merged = mergeSnippet({ lines: base, items: baseItems }, block, options);
      if (merged.kind === 'refused') return { kind: 'unplaced', reason: merged.reason };
      if (merged.kind === 'merged') return unwritten(changedLines(fileLines, merged.lines), lines, elided, own);
    }
  }
  return unwritten(placeByLines(fileLines, code, undefined, markdown), lines, elided, own);
}

/** Declarations moved to another parent before the merge, at most (each move parses the file again). */
const MAX_MOVES = 20;

/**
 * A placement refused when it would write one of the block's placeholders into the file: a
 * placeholder never reaches the file (one the file itself has may stay).
 */
function unwritten(placement: SnippetPlacement, lines: readonly string[], elided: ReadonlySet<number>, own: ReadonlySet<string>): SnippetPlacement {
  if (placement.kind === 'unplaced' || elided.size === 0) return placement;
  const markers = new Set([...elided].map((row) => lines[row].trim()).filter((m) => !own.has(m)));
  const written = placement.kind === 'placed' ? placement.lines.find((l) => markers.has(l.trim())) : [...elided].map((row) => lines[row]).find((l) => markers.has(l.trim()));
  if (written === undefined) return placement;
  return { kind: 'unplaced', reason: `it would write the placeholder "${written.trim()}" into the file, since what it stands for cannot be told; show that code in full, or select the lines to replace, and apply it again` };
}

/**
 * The code of a chat answer: its fenced block, or the text itself when it has no fence. For a
 * Markdown document a fence is a wrapper only when it says so (a Markdown info string, or longer
 * than every other fence): otherwise it is one of the section's own code blocks.
 */
export function snippetCode(answer: string, fileText: string, languageId: string): string {
  const fences = answer.split(/\r?\n/).flatMap((line) => fenceOf(line) ?? []);
  if (fences.length === 0) return answer;
  if (languageId === 'markdown') {
    const [first, ...rest] = fences;
    const wraps = /^(?:markdown|md|mdx)\b/i.test(first.info) || rest.every((f) => f.length < first.length);
    if (!wraps) return answer;
  }
  return extractEditedCode(answer, fileText);
}

/** The stretch of lines that differs between the file and the merged file. */
function changedLines(before: readonly string[], after: readonly string[]): SnippetPlacement {
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start++;
  let tail = 0;
  while (tail < before.length - start && tail < after.length - start && before[before.length - 1 - tail] === after[after.length - 1 - tail]) tail++;
  return { kind: 'placed', start, end: before.length - tail, lines: after.slice(start, after.length - tail) };
}

/** The file's step of indentation: the smallest positive indentation of a line (4 when none is indented). */
function indentUnit(lines: readonly string[]): number {
  let unit = Infinity;
  for (const line of lines) {
    const width = indentWidth(line);
    if (width > 0 && line.trim() !== '') unit = Math.min(unit, width);
  }
  return unit === Infinity ? 4 : unit;
}
