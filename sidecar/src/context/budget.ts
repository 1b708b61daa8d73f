/**
 * Ranking and budgeting, pure: the same candidates always give the same items in the same order,
 * so a prompt only changes when what it shows changes (the completion cache, typing through and a
 * model server's prompt cache all rely on that). The code and its surroundings are paid for first
 * (`base`); items then claim what is left in kind order (definitions, rules, diagnostics, related
 * declarations, recent edits, similar snippets) and, within a kind, by the source's rank. An item is taken whole or not
 * at all — a cut definition would show the model an API that does not exist — and a smaller item
 * further down may still fit where a larger one did not.
 */
import { CONTEXT_KINDS, itemSize, type ContextItem, type PromptContext } from './types.js';

const KIND_ORDER = new Map(CONTEXT_KINDS.map((kind, index) => [kind, index]));

function compare(a: ContextItem, b: ContextItem): number {
  return (
    KIND_ORDER.get(a.kind)! - KIND_ORDER.get(b.kind)! ||
    a.rank - b.rank ||
    (a.path < b.path ? -1 : a.path > b.path ? 1 : 0) ||
    (a.label < b.label ? -1 : a.label > b.label ? 1 : 0) ||
    (a.text < b.text ? -1 : a.text > b.text ? 1 : 0)
  );
}

/** Candidates in budget order; exact duplicates (same kind, path and text) kept once. */
export function rankContext(candidates: readonly ContextItem[]): ContextItem[] {
  const seen = new Set<string>();
  return [...candidates].sort(compare).filter((item) => {
    const key = `${item.kind}\0${item.path}\0${item.text}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The ranked candidates that fit in `budget` once `base` characters are spent. */
export function fitToBudget(candidates: readonly ContextItem[], budget: number, base: number): PromptContext {
  let left = Math.max(0, budget - base);
  const items: ContextItem[] = [];
  const dropped: ContextItem[] = [];
  for (const item of rankContext(candidates)) {
    const size = itemSize(item);
    if (size <= left) {
      items.push(item);
      left -= size;
    } else dropped.push(item);
  }
  return { items, dropped, base, budget };
}

/**
 * The one log line of a request's context: what was sent, with sizes, and what did not fit, so a
 * user can see why the model knew (or did not know) an API.
 */
export function describeContext(request: string, context: PromptContext): string {
  const used = context.base + context.items.reduce((sum, item) => sum + itemSize(item), 0);
  const name = (item: ContextItem) => (item.label.startsWith(item.path) ? item.label : `${item.label} (${item.path})`);
  const sent = context.items.map((item) => `${item.kind} ${name(item)} ${itemSize(item)}${item.why ? ` [${item.why}]` : ''}`);
  const parts = [`context ${request}: ${used} of ${context.budget} chars`, `code and surroundings ${context.base}`, ...sent];
  let line = parts.join(', ');
  if (context.dropped.length > 0) line += `; over budget: ${context.dropped.map((item) => `${item.kind} ${item.label} ${itemSize(item)}`).join(', ')}`;
  return line;
}
