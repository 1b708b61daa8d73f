/**
 * How context items read in a chat prompt (inline edits, chat-FIM completions): rules for the
 * system message, and sections for the user message, each titled so the model knows the items
 * are reference, not code to rewrite. Every prompt builder that speaks chat renders items here,
 * so they read the same whatever the edit format.
 */
import type { ContextItem, ContextKind } from './types.js';

/** A fenced block whose fence no backtick run at a line start inside it can close (CommonMark). */
export function fenced(info: string, text: string): string {
  let longest = 2;
  for (const line of text.split('\n')) longest = Math.max(longest, /^[ \t]*(`*)/.exec(line)![1].length);
  const fence = '`'.repeat(longest + 1);
  return `${fence}${info}\n${text}\n${fence}`;
}

const of = (items: readonly ContextItem[], kind: ContextKind) => items.filter((item) => item.kind === kind);

/** The project's rules, for the end of the system message; null when there are none. */
export function rulesSection(items: readonly ContextItem[]): string | null {
  const rules = of(items, 'rules');
  if (rules.length === 0) return null;
  const files = rules.map((rule) => `From ${rule.path}:\n${rule.text}`).join('\n\n');
  return `The project's own rules for code follow (nearest first); follow them unless the instruction says otherwise.\n\n${files}`;
}

/** The user-message sections for definitions, related declarations, similar code and recent edits (before the code), in that order. */
export function referenceSections(items: readonly ContextItem[]): string[] {
  const sections: string[] = [];
  const definitions = of(items, 'definition');
  if (definitions.length > 0) {
    const blocks = definitions.map((d) => `${d.path}:\n${fenced(d.languageId, d.text)}`);
    sections.push(`Definitions of names the code uses, from the project (for reference only; they are not part of your reply):\n\n${blocks.join('\n\n')}`);
  }
  const related = of(items, 'related');
  if (related.length > 0) {
    const blocks = related.map((d) => `${d.path}:\n${fenced(d.languageId, d.text)}`);
    sections.push(`Declarations elsewhere in the project that the instruction may need (found by searching the workspace; for reference only, and a name used from another file needs its import):\n\n${blocks.join('\n\n')}`);
  }
  const similar = of(items, 'similar');
  if (similar.length > 0) {
    const blocks = similar.map((s) => `${s.label}:\n${fenced(s.languageId, s.text)}`);
    sections.push(`Similar code in other open files (for reference only):\n\n${blocks.join('\n\n')}`);
  }
  const edits = of(items, 'recentEdit');
  if (edits.length > 0) {
    const diff = edits.map((e) => `--- ${e.path}\n+++ ${e.path}\n${e.text}`).join('\n');
    sections.push(`The user's latest edits, most recent first (for context):\n${fenced('diff', diff)}`);
  }
  return sections;
}

/** The diagnostics section (after the code it is about); null when there are none. */
export function diagnosticsSection(items: readonly ContextItem[]): string | null {
  const diagnostics = of(items, 'diagnostic');
  if (diagnostics.length === 0) return null;
  return `Problems the editor reports in the code to edit:\n${diagnostics.map((d) => `- ${d.text}`).join('\n')}`;
}
