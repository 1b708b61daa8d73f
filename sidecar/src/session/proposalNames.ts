/**
 * What the edit session does with the names a final proposal uses that nothing gives it, pure:
 * the proposed document and its added rows (the check's input), the findings (with the import
 * as a fix the client can offer, or as a hunk the session adds itself in the file scope), and the
 * instruction of a repair round.
 */
import type { EditWarning, TextEdit } from '@redline/shared-protocol';
import type { Layout } from '../edit/layout.js';
import type { MissingName } from '../index/nameCheck.js';

/** The document as the proposal leaves it: `above` and `below` the region unchanged, the layout's non-red lines between. */
export function proposedDocument(above: readonly string[], layout: Layout, below: readonly string[]): { text: string; addedRows: Set<number> } {
  const middle: string[] = [];
  const addedRows = new Set<number>();
  for (const line of layout.lines) {
    if (line.kind === 'removed') continue;
    if (line.kind === 'added') addedRows.add(above.length + middle.length);
    middle.push(line.text);
  }
  // Array literals, not push(...below): a call's spread puts every line on the stack.
  return { text: [...above, ...middle, ...below].join('\n'), addedRows };
}

/** The document line of a proposed-document row, with the region's red lines in place (`kinds` from `regionStart`). */
export function documentLine(row: number, regionStart: number, kinds: readonly string[]): number {
  if (row < regionStart) return row;
  let proposed = regionStart;
  for (let i = 0; i < kinds.length; i++) {
    if (kinds[i] === 'removed') continue;
    if (proposed === row) return regionStart + i;
    proposed++;
  }
  return row + kinds.filter((k) => k === 'removed').length;
}

export interface NameFindings {
  /** One per missing name, in the order of `missing`. */
  warnings: EditWarning[];
  /** The import the session adds to the proposal itself (file scope, inside the region), or null. */
  added: MissingName['fix'];
  /** Missing names no import fixes: a repair round's reason. */
  unresolved: string[];
}

/**
 * Findings for the missing names. With `addImports` (the file scope, the region covering the
 * import's rows) the first fixable name's import is added as a hunk of the proposal, flagged; the
 * other fixable names, and all of them in the selection scope, get a finding that offers the
 * import as edits of the document above the region (`regionStart`), where it is the same before
 * and after a verdict.
 */
export function nameFindings(missing: readonly MissingName[], opts: { addImports: boolean; regionStart: number; line(row: number): number }): NameFindings {
  const warnings: EditWarning[] = [];
  const unresolved: string[] = [];
  const added = opts.addImports ? (missing.find((m) => m.fix)?.fix ?? null) : null;
  // Rows below an added import move down by the lines it adds.
  const line = (row: number) => opts.line(added && row >= added.row + added.replace ? row + added.lines.length - added.replace : row);
  for (const name of missing) {
    const fix = name.fix;
    // The name itself, where the proposal first uses it: what an editor underlines.
    const at = line(name.row);
    const range = { start: { line: at, character: name.column }, end: { line: at, character: name.column + name.name.length } };
    if (!fix) {
      unresolved.push(name.name);
      warnings.push({ kind: 'unknownName', message: `\`${name.name}\` is not defined or imported.`, line: at, range });
      continue;
    }
    if (fix === added) {
      warnings.push({ kind: 'addedImport', message: `Added \`${fix.statement}\` for \`${name.name}\` (declared in ${fix.from}).`, line: opts.line(fix.row) });
      continue;
    }
    const message = `\`${name.name}\` is not defined or imported; \`${fix.statement}\` would import it from ${fix.from}.`;
    const offer = fix.row + fix.replace <= opts.regionStart ? { title: `Add ${fix.statement}`, edits: [importTextEdit(fix)] } : undefined;
    warnings.push({ kind: 'unknownName', message, line: at, range, ...(offer ? { fix: offer } : {}) });
  }
  return { warnings, added, unresolved };
}

function importTextEdit(fix: NonNullable<MissingName['fix']>): TextEdit {
  return { range: { start: { line: fix.row, character: 0 }, end: { line: fix.row + fix.replace, character: 0 } }, newText: fix.lines.map((l) => `${l}\n`).join('') };
}

/** The instruction of a repair round: the original one, and what was wrong with the first reply. */
export function repairInstruction(original: string, problems: readonly string[]): string {
  return [
    `The code below is your previous reply to this instruction: ${original}`,
    'It has these problems:',
    ...problems.map((p) => `- ${p}`),
    'Fix them (declare or import what is missing, or use what the project has), and change nothing else.',
  ].join('\n');
}
