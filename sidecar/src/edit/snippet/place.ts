/**
 * Where a chat code block goes in a file. The block is taken out of the chat answer it came in
 * (prose around a fence), then placed by what it declares (`merge.ts`) when the language has a
 * grammar (or is Markdown) and the block declares something the file has, or elides around new
 * declarations; otherwise by its lines (`lines.ts`): a few statements, a language without a grammar.
 * With a selection the block replaces the selection, its elisions standing for the selection's lines.
 */
import { extractEditedCode, fenceOf } from '../extract.js';
import { elisionRows, outlineFile, outlineSnippet, type Parse } from './outline.js';
import { indentWidth, usesTabs } from './indent.js';
import { placeByLines, type SnippetBounds, type SnippetPlacement } from './lines.js';
import { mergeSnippet } from './merge.js';

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
  const elides = elisionRows(lines).size > 0;
  // A selection replaced by a block that elides nothing takes the block as it is.
  if (bounds) return elides ? placeByLines(fileLines, code, bounds) : { kind: 'new' };
  const [fileItems, snippetItems] = await Promise.all([outlineFile(languageId, fileLines, parse), outlineSnippet(languageId, lines, parse)]);
  if (fileItems && snippetItems) {
    const merged = mergeSnippet({ lines: fileLines, items: fileItems }, { lines, items: snippetItems }, { tabs: usesTabs(fileLines), unit: indentUnit(fileLines) });
    if (merged.kind === 'refused') return { kind: 'unplaced', reason: merged.reason };
    if (merged.kind === 'merged') return changedLines(fileLines, merged.lines);
  }
  return placeByLines(fileLines, code);
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
