/**
 * What the context builder hands to every prompt builder: a ranked list of items, each a piece of
 * the project the model would otherwise have to guess — the definition of a symbol the code uses,
 * a rules file, a diagnostic, a recent edit, a similar snippet. Prompt builders (the inline-edit
 * formats, the FIM and chat-FIM templates) only render items; which items, in which order and
 * within which budget is decided here and in budget.ts.
 */

/**
 * The sources, in the order of their claim on the budget (after the code and its surroundings).
 * `related`: declarations the workspace index found for the instruction, which the code does not use yet.
 */
export const CONTEXT_KINDS = ['definition', 'rules', 'diagnostic', 'related', 'recentEdit', 'similar'] as const;

export type ContextKind = (typeof CONTEXT_KINDS)[number];

export interface ContextItem {
  kind: ContextKind;
  /** Where it comes from, relative to its workspace folder (or the document's path): shown to the model and logged. */
  path: string;
  /** A short name for the log line: the symbol, the rules file, the diagnostic's code. */
  label: string;
  /** The language of `text`, for fences and comment markers. */
  languageId: string;
  /** The item as the model reads it: code, rules text, a one-line diagnostic, a small diff. */
  text: string;
  /** The order within its kind, from the source: smaller first (first use, nearest file, most recent, best match). */
  rank: number;
  /** Why the source chose it (a retrieved declaration's words and signals), for the log line. */
  why?: string;
}

/** The items a prompt takes, in rank order, and what the budget left out (for the log line). */
export interface PromptContext {
  items: ContextItem[];
  dropped: ContextItem[];
  /** Characters the code and its surroundings took before any item. */
  base: number;
  budget: number;
}

export const NO_CONTEXT: PromptContext = { items: [], dropped: [], base: 0, budget: 0 };

/** The size an item claims of the budget: its text plus the path that heads it. */
export function itemSize(item: ContextItem): number {
  return item.text.length + item.path.length;
}
