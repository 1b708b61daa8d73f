/** The vocabulary of the apply pipeline's stages. */
import type { EditWarningKind } from '@redline/shared-protocol';

/** An edit placed in the text the model saw: lines [start, end) become `lines`. */
export interface LocatedEdit {
  /** Its position in the reply. */
  index: number;
  start: number;
  end: number;
  lines: string[];
  /** The lines it replaces, as the model saw them: what relocation looks for when the text moved. */
  old: string[];
}

/** A finding of a stage: an edit refused (never applied), or a flag on an applied one. */
export interface Finding {
  kind: EditWarningKind;
  message: string;
  /** A line of the text the stage worked on, or null. */
  line: number | null;
}

export type Staged<T> = { ok: true; value: T; notes: Finding[] } | { ok: false; finding: Finding };

export const ok = <T>(value: T, notes: Finding[] = []): Staged<T> => ({ ok: true, value, notes });
export const refuse = <T>(kind: EditWarningKind, message: string, line: number | null): Staged<T> => ({ ok: false, finding: { kind, message, line } });

/** "block 2" for a SEARCH/REPLACE block, "edit 2" for a structured edit: how findings name an edit. */
export function editName(index: number, wholeLines: boolean): string {
  return `${wholeLines ? 'Block' : 'Edit'} ${index + 1}`;
}
