/**
 * The README and docs/ keep working as the code moves: every command they show still exists (npm
 * scripts, their flags, the terminal client's command lines as its own parser reads them, the files
 * they run), every file they link is there, every setting and shortcut the README names is declared.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SETTING_NAMES } from '@redline/shared-protocol';
import { parseCommand } from '../../terminal-client/src/args.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DOCS = ['README.md', ...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');
const packageJson = (dir: string): { scripts?: Record<string, string> } => JSON.parse(read(join(dir, 'package.json')));

/** The lines of a document's shell code blocks, continuation lines joined, comments dropped. */
export function shellCommands(markdown: string): string[] {
  const blocks = [...markdown.matchAll(/^```(?:sh|bash|shell)\n([\s\S]*?)^```/gm)].map((m) => m[1]);
  return blocks
    .flatMap((block) => block.replace(/\\\n/g, ' ').split('\n'))
    .map((line) => withoutComment(line).trim())
    .filter((line) => line !== '')
    .flatMap((line) => line.split(/\s+&&\s+/));
}

/** A shell line up to its comment: a `#` after whitespace, outside quotes. */
function withoutComment(line: string): string {
  let quote: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote) quote = c === quote ? null : quote;
    else if (c === '"' || c === "'") quote = c;
    else if (c === '#' && (i === 0 || /\s/.test(line[i - 1]))) return line.slice(0, i);
  }
  return line;
}

/** Shell words: quotes grouped, redirections (`< file`) dropped. */
export function shellWords(command: string): string[] {
  const words = [...command.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3]);
  return words.filter((word, i) => word !== '<' && words[i - 1] !== '<');
}

/** Markdown links to files (not URLs), with their anchor. */
function links(markdown: string): Array<{ path: string; anchor: string | undefined }> {
  return [...markdown.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1])
    .filter((target) => !/^[a-z]+:/.test(target))
    .map((target) => {
      const [path, anchor] = target.split('#');
      return { path, anchor };
    });
}

/** GitHub's anchor for a heading. */
const slug = (heading: string) => heading.toLowerCase().replace(/[^\p{L}\p{N}\s-]/gu, '').trim().replace(/\s/g, '-');

/** The file an npm script runs (`node FILE …`, `tsx FILE …`, `bash FILE …`), relative to the repository. */
function scriptFile(workspace: string, command: string): string | undefined {
  const file = /^(?:node|tsx|bash)\s+(\S+)/.exec(command)?.[1];
  return file === undefined ? undefined : join(workspace, file);
}

interface Problem {
  doc: string;
  command: string;
  problem: string;
}

/** What is wrong with one command a document shows, or null (commands of other tools are not checked). */
function checkCommand(command: string): string | null {
  const words = shellWords(command);
  if (words[0] === 'npm' && words[1] === 'test') return packageJson('.').scripts?.test ? null : 'no test script';
  if (words[0] === 'npm' && words[1] === 'run') {
    const dashes = words.indexOf('--');
    const before = dashes < 0 ? words.slice(2) : words.slice(2, dashes);
    const args = dashes < 0 ? [] : words.slice(dashes + 1);
    const workspaceAt = before.indexOf('-w');
    const workspace = workspaceAt < 0 ? '.' : before[workspaceAt + 1];
    const name = before.find((word, i) => !word.startsWith('-') && before[i - 1] !== '-w');
    if (!existsSync(join(ROOT, workspace, 'package.json'))) return `no workspace ${workspace}`;
    const script = name === undefined ? undefined : packageJson(workspace).scripts?.[name];
    if (script === undefined) return `no npm script "${name}" in ${workspace}/package.json`;
    if (name === 'redline') {
      try {
        parseCommand(args, {}, () => false);
        return null;
      } catch (error) {
        return `the terminal client refuses it: ${(error as Error).message}`;
      }
    }
    return flagsIn(scriptFile(workspace, script), args);
  }
  if (words[0] === 'npx' && words[1] === 'tsx') return flagsIn(words[2], words.slice(3));
  if (words[0] === 'bash') return existsSync(join(ROOT, words[1])) ? null : `no file ${words[1]}`;
  return null;
}

/** Every `--flag` of `args` appears in the source of `file`. */
function flagsIn(file: string | undefined, args: string[]): string | null {
  const flags = args.filter((arg) => arg.startsWith('--'));
  if (flags.length === 0) return null;
  if (file === undefined || !existsSync(join(ROOT, file))) return `cannot find the file that reads ${flags.join(' ')}`;
  const source = read(file);
  const unknown = flags.filter((flag) => !source.includes(flag) && !source.includes(`'${flag.slice(2)}'`));
  return unknown.length === 0 ? null : `${file} knows no ${unknown.join(', ')}`;
}

describe('the shell-word reading of commands', () => {
  it('groups quotes, joins continued lines, drops comments and redirections, splits on &&', () => {
    const block = '```sh\nnpm ci && npm run build   # builds\nnpm run redline -- edit a.py \\\n  -m "add # types" < in.md\n```\n';
    expect(shellCommands(block)).toEqual(['npm ci', 'npm run build', 'npm run redline -- edit a.py    -m "add # types" < in.md']);
    expect(shellWords('npm run redline -- edit a.py -m "add # types" < in.md')).toEqual(['npm', 'run', 'redline', '--', 'edit', 'a.py', '-m', 'add # types']);
  });

  it('finds a missing script, an unknown flag and a command line the terminal client refuses', () => {
    expect(checkCommand('npm run no-such-script')).toContain('no npm script');
    expect(checkCommand('npm run build -- --no-such-flag')).toContain('knows no --no-such-flag');
    expect(checkCommand('npm run redline -- edit a.py --lines 3-9')).toContain('instruction is required');
    expect(checkCommand('npm run redline -- edit a.py --lines 3-9 -m "x"')).toBeNull();
  });
});

describe.each(DOCS)('%s', (doc) => {
  const text = read(doc);

  it('shows only commands that exist', () => {
    const problems: Problem[] = shellCommands(text).flatMap((command) => {
      const problem = checkCommand(command);
      return problem ? [{ doc, command, problem }] : [];
    });
    expect(problems).toEqual([]);
  });

  it('links only files that exist, and headings that exist', () => {
    const broken = links(text).filter(({ path, anchor }) => {
      const target = path === '' ? join(ROOT, doc) : resolve(dirname(join(ROOT, doc)), path);
      if (!existsSync(target)) return true;
      if (anchor === undefined || !target.endsWith('.md')) return false;
      const headings = [...readFileSync(target, 'utf8').matchAll(/^#+\s+(.*)$/gm)].map((m) => slug(m[1]));
      return !headings.includes(anchor);
    });
    expect(broken).toEqual([]);
  });
});

describe('README.md', () => {
  const readme = read('README.md');
  const section = (title: string) => readme.slice(readme.indexOf(`## ${title}`), readme.indexOf('\n## ', readme.indexOf(`## ${title}`) + 1));

  it('has at most 200 lines', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(200);
  });

  it('names only declared settings', () => {
    const named = [...section('Configuration').matchAll(/^\| ((?:`\w+`(?:, )?)+) \|/gm)].flatMap((m) => [...m[1].matchAll(/`(\w+)`/g)].map((n) => n[1]));
    expect(named.length).toBeGreaterThan(5);
    expect(named.filter((name) => !(SETTING_NAMES as readonly string[]).includes(name))).toEqual([]);
  });

  it("gives the VS Code extension's own shortcuts", () => {
    const manifest = JSON.parse(read('vscode-extension/package.json')) as { contributes: { keybindings: Array<{ key: string; mac?: string }> } };
    const normal = (keys: string) => keys.toLowerCase().split('+').sort().join('+');
    const bound = new Set(manifest.contributes.keybindings.flatMap((k) => [k.key, k.mac ?? k.key].map(normal)));
    const shown = [...section('VS Code').matchAll(/\*\*((?:Ctrl|Cmd)\+[^*]+)\*\*/g)].map((m) => normal(m[1]));
    expect(shown.length).toBeGreaterThan(4);
    expect(shown.filter((keys) => !bound.has(keys))).toEqual([]);
  });

  it("gives the IntelliJ plugin's own shortcuts", () => {
    const pluginXml = read('intellij-plugin/src/main/resources/META-INF/plugin.xml');
    const name = (key: string) => ({ control: 'ctrl', meta: 'cmd', back_slash: '\\' })[key.toLowerCase()] ?? key.toLowerCase();
    const normal = (keys: string[]) => keys.map(name).sort().join('+');
    const bound = new Set([...pluginXml.matchAll(/first-keystroke="([^"]+)"/g)].map((m) => normal(m[1].split(' '))));
    // Table cells such as "Ctrl+Alt+Shift+Y / X": the second shortcut replaces the last key.
    const cells = [...section('IntelliJ IDEA, PyCharm, WebStorm and the other JetBrains IDEs').matchAll(/(?<=\| )((?:Ctrl|Cmd)\+[^|]+?)(?= \|)/g)].map((m) => m[1]);
    const shown = cells.flatMap((cell) => {
      const [first, ...others] = cell.split(' / ');
      const keys = first.replace(/\\\\/g, '\\').split('+');
      return [keys, ...others.map((last) => [...keys.slice(0, -1), last])].map(normal);
    });
    expect(shown.length).toBeGreaterThan(8);
    expect(shown.filter((keys) => !bound.has(keys))).toEqual([]);
  });
});
