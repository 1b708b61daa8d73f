/**
 * The project's rules for the model: `.redline/rules.md` (Redline's own), `AGENTS.md`, Cursor's
 * `.cursor/rules/*.mdc` (those that always apply or whose globs match the file) and
 * `.cursorrules`, and `.github/copilot-instructions.md` — from the file's directory up to its
 * workspace folder, nearest first, so a package's rules come before the repository's. Each file is
 * capped; they go to the inline-edit system prompt.
 */
import { dirname, join, relative, sep } from 'node:path';
import picomatch from 'picomatch';
import { ancestors, type Project } from './definitions/language.js';
import type { ContextItem } from './types.js';

/** Most characters taken from one rules file; the rest is cut at a line. */
export const RULES_FILE_MAX_CHARS = 3000;

/** The rules files of one directory, in the order they are read. */
const FILES_IN_DIRECTORY = ['.redline/rules.md', 'AGENTS.md', '.cursorrules', '.github/copilot-instructions.md'];

export interface CursorRule {
  alwaysApply: boolean;
  globs: string[];
  body: string;
}

/**
 * A `.mdc` file: its front matter read line by line rather than as YAML, because Cursor writes
 * globs unquoted (`globs: *.ts`), which a YAML parser rejects.
 */
export function parseCursorRule(text: string): CursorRule {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(text);
  if (!match) return { alwaysApply: false, globs: [], body: text };
  let alwaysApply = false;
  const globs: string[] = [];
  let inGlobList = false;
  for (const line of match[1].split(/\r?\n/)) {
    const field = /^(\w+):\s*(.*)$/.exec(line);
    if (field) {
      inGlobList = false;
      const [, key, value] = field;
      if (key === 'alwaysApply') alwaysApply = value.trim() === 'true';
      if (key === 'globs') {
        if (value.trim() === '') inGlobList = true;
        else globs.push(...splitGlobs(value));
      }
    } else if (inGlobList && /^\s*-\s*/.test(line)) globs.push(...splitGlobs(line.replace(/^\s*-\s*/, '')));
  }
  return { alwaysApply, globs, body: text.slice(match[0].length) };
}

function splitGlobs(value: string): string[] {
  return value
    .replace(/^\s*\[|\]\s*$/g, '')
    .split(',')
    .map((g) => g.trim().replace(/^["']|["']$/g, ''))
    .filter(Boolean);
}

/** Whether a Cursor rule applies to `path` (relative to the directory that holds `.cursor/`). */
export function cursorRuleApplies(rule: CursorRule, path: string): boolean {
  if (rule.alwaysApply) return true;
  if (rule.globs.length === 0) return false; // applied on request or by hand in Cursor: not for every edit
  const globs = rule.globs.map((g) => (g.includes('/') ? g : `**/${g}`));
  return picomatch(globs, { dot: true })(path);
}

/** The text of a rules file, cut at a line to RULES_FILE_MAX_CHARS. */
export function capRules(text: string): string {
  const trimmed = text.trim();
  if (trimmed.length <= RULES_FILE_MAX_CHARS) return trimmed;
  const cut = trimmed.lastIndexOf('\n', RULES_FILE_MAX_CHARS);
  return `${trimmed.slice(0, cut > 0 ? cut : RULES_FILE_MAX_CHARS).trimEnd()}\n…`;
}

/** The rules that apply to `file`, nearest directory first. */
export async function projectRules(file: string, project: Project & { displayPath(path: string): string }): Promise<ContextItem[]> {
  const folder = project.folderOf(file);
  if (!folder) return [];
  const items: ContextItem[] = [];
  const add = (path: string, text: string) => {
    const body = capRules(text);
    if (!body) return;
    const shown = project.displayPath(path);
    items.push({ kind: 'rules', path: shown, label: shown, languageId: 'markdown', text: body, rank: items.length });
  };
  for (const dir of ancestors(dirname(file), folder)) {
    for (const name of FILES_IN_DIRECTORY.slice(0, 2)) {
      const text = await project.readText(join(dir, name));
      if (text !== null) add(join(dir, name), text);
    }
    const rulesDir = join(dir, '.cursor', 'rules');
    const relativePath = relative(dir, file).split(sep).join('/');
    for (const name of (await project.list(rulesDir)).filter((n) => n.endsWith('.mdc'))) {
      const text = await project.readText(join(rulesDir, name));
      const rule = text === null ? null : parseCursorRule(text);
      if (rule && cursorRuleApplies(rule, relativePath)) add(join(rulesDir, name), rule.body);
    }
    for (const name of FILES_IN_DIRECTORY.slice(2)) {
      const text = await project.readText(join(dir, name));
      if (text !== null) add(join(dir, name), text);
    }
  }
  return items;
}
