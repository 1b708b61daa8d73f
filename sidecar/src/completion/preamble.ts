/**
 * Context for FIM models: the items go before the code, in the form each family was trained on.
 *
 * - `qwen` (Qwen2.5-Coder's repository format): one `<|file_sep|>path` section per item, then
 *   `<|file_sep|>` and the current file's path before `<|fim_prefix|>`.
 * - `starcoder` (StarCoder2's repository format): `<file_sep>path\n…` per item, then
 *   `<file_sep><fim_prefix>` with the current file's path as the prefix's first line.
 * - every other family and custom templates (CodeLlama, DeepSeek-Coder, Codestral, CodeGemma): a
 *   comment at the top of the prefix — `// Path: src/a.ts` followed by the item's lines commented
 *   out, then `// Path:` and the current file — the layout these models saw in repository-level
 *   training data.
 *
 * Recent edits are always a comment just above the prefix (a diff is not a file's content).
 * Without items the prompt is exactly the family's template, so nothing changes for a file alone.
 * Order: definitions, then similar snippets, then recent edits — the parts least likely to change
 * between keystrokes first, so a model server's prompt cache keeps most of the prompt.
 */
import type { ContextItem } from '../context/types.js';
import type { FimTemplate } from './templates.js';

export interface FimContext {
  items: readonly ContextItem[];
  /** The current file's path as the items show theirs. */
  path: string;
  languageId: string;
}

const HASH = new Set(['python', 'ruby', 'shellscript', 'yaml', 'toml', 'perl', 'r', 'dockerfile', 'makefile', 'elixir', 'powershell', 'coffeescript', 'julia', 'nim', 'cmake']);
const DASHES = new Set(['sql', 'lua', 'haskell', 'elm', 'ada']);
const MARKUP = new Set(['html', 'xml', 'markdown', 'vue', 'svelte']);

/** The language's line comment for one line of text. */
export function commentLine(languageId: string, line: string): string {
  if (MARKUP.has(languageId)) return `<!-- ${line} -->`;
  const marker = HASH.has(languageId) ? '#' : DASHES.has(languageId) ? '--' : '//';
  return line ? `${marker} ${line}` : marker;
}

const commented = (languageId: string, text: string) => text.split('\n').map((line) => commentLine(languageId, line)).join('\n');

/** Files first (definitions, then similar snippets), recent edits apart. */
function split(items: readonly ContextItem[]): { files: ContextItem[]; edits: ContextItem[] } {
  const order = ['definition', 'similar'];
  const files = items.filter((i) => order.includes(i.kind)).sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind));
  return { files, edits: items.filter((i) => i.kind === 'recentEdit') };
}

function editsComment(edits: readonly ContextItem[], languageId: string): string {
  if (edits.length === 0) return '';
  const lines = ['Recent edits:', ...edits.flatMap((e) => [`${e.path}`, ...e.text.split('\n')])];
  return `${commented(languageId, lines.join('\n'))}\n`;
}

export function buildFimPrompt(template: FimTemplate, prefix: string, suffix: string, context: FimContext | null): string {
  if (!context || context.items.length === 0) return template.build(prefix, suffix);
  const { files, edits } = split(context.items);
  const recent = editsComment(edits, context.languageId);
  switch (template.name) {
    case 'qwen': {
      const sections = files.map((f) => `<|file_sep|>${f.path}\n${f.text}\n`).join('');
      return `${sections}<|file_sep|>${context.path}\n${template.build(recent + prefix, suffix)}`;
    }
    case 'starcoder': {
      const sections = files.map((f) => `<file_sep>${f.path}\n${f.text}`).join('');
      return `${sections}<file_sep>${template.build(`${context.path}\n${recent}${prefix}`, suffix)}`;
    }
    default: {
      const blocks = files.map((f) => `${commentLine(context.languageId, `Path: ${f.path}`)}\n${commented(context.languageId, f.text)}\n`).join('');
      return template.build(`${blocks}${commentLine(context.languageId, `Path: ${context.path}`)}\n${recent}${prefix}`, suffix);
    }
  }
}
