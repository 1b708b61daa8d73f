/**
 * Command-line parsing for `redline edit` and `redline apply`: flags first, then environment, then
 * defaults. Pure: the file system is asked only through `exists` (to tell `FILE:LINE` from a file
 * whose name ends in a colon and digits).
 */
import { parseArgs } from 'node:util';
import { SETTINGS, type EditFormatChoice, type EditScope, type ProviderKind, type RedlineSettingsPatch } from '@redline/shared-protocol';

/** Which lines to work on, as the user gave them (1-based). */
export type Place =
  | { kind: 'lines'; first: number; last: number; flag: string }
  | { kind: 'line'; line: number; flag: string }
  | { kind: 'none' };

interface Common {
  file: string;
  place: Place;
  yes: boolean;
  sidecar: string | undefined;
  settings: RedlineSettingsPatch;
  /** The project's formatter: a shell command reading code on stdin, writing it formatted on stdout (`{file}`: the file's path). */
  formatCommand: string | undefined;
}

export interface EditCommand extends Common {
  kind: 'edit';
  instruction: string;
  /** Overrides of the editScope and editFormat settings for this request. */
  scope?: EditScope;
  editFormat?: EditFormatChoice;
}

export interface ApplyCommand extends Common {
  kind: 'apply';
  /** Where the code block is read from; undefined = standard input. */
  from: string | undefined;
}

export type Command = EditCommand | ApplyCommand | { kind: 'help' };

/** A mistake in the command line: reported with the usage hint, exit status 2. */
export class UsageError extends Error {}

export const USAGE = `usage: redline edit FILE[:LINE] [--lines A-B | --line N] -m "instruction" [options]
       redline apply FILE[:LINE] [--lines A-B | --line N] [--from CODE_FILE] [options]

  edit     the model rewrites part of FILE; you see the diff stream in, then settle it
  apply    a code block (from a chat, say) on standard input or in CODE_FILE is shown as a
           proposal for FILE and settled the same way; nothing is written until you accept

  --lines A-B        1-based inclusive lines to rewrite (A alone: that line)
  FILE:N, --line N   the function, class or statement around line N (from the syntax tree)
                     (no lines given: edit works on the whole file; apply finds where the
                     code belongs, or adds it at the end)
  -m, --message      the instruction (edit)
  --scope S          selection (default): only those lines change; file: also imports,
                     fields and helpers elsewhere in FILE (edit)
  --format F         auto (default), replacement, searchReplace, structured, wholeFile (edit)
  --from CODE_FILE   read the code block from CODE_FILE instead of standard input (apply)
  --yes              accept the whole proposal without asking
  --provider P       ollama (default) or openai            env REDLINE_PROVIDER
  --endpoint URL     model server base URL                 env REDLINE_ENDPOINT
                     (default http://127.0.0.1:11434)
  --model NAME       model name                            env REDLINE_MODEL
  --api-key KEY      bearer key for hosted OpenAI-compatible APIs  env REDLINE_API_KEY
  --sidecar PATH     the sidecar executable                env REDLINE_SIDECAR
  --format-command C the project's formatter, run on the proposal's lines:
                     reads code on stdin, writes it on stdout; {file} is the
                     file's path (gofmt, prettier --stdin-filepath {file})
                                                         env REDLINE_FORMAT_COMMAND
  -h, --help         this text

Answers: [a]ccept all, [r]eject all, [h]unk by hunk; per hunk y n q a d ? as in git add -p.
Ctrl-C cancels (nothing is written); a second Ctrl-C quits at once. NO_COLOR turns colours off;
piped output is a plain unified diff.`;

export const USAGE_HINT = "Try 'redline --help'.";

const OPTIONS = {
  lines: { type: 'string' },
  line: { type: 'string' },
  message: { type: 'string', short: 'm' },
  scope: { type: 'string' },
  format: { type: 'string' },
  from: { type: 'string' },
  yes: { type: 'boolean', default: false },
  provider: { type: 'string' },
  endpoint: { type: 'string' },
  model: { type: 'string' },
  'api-key': { type: 'string' },
  sidecar: { type: 'string' },
  'format-command': { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

export function parseCommand(argv: readonly string[], env: Record<string, string | undefined>, exists: (path: string) => boolean = () => false): Command {
  const { values, positionals } = parseFlags(argv);
  if (values.help) return { kind: 'help' };
  const [verb, target, ...extra] = positionals;
  if (verb === undefined) throw new UsageError('redline: say what to do: edit or apply');
  if (verb !== 'edit' && verb !== 'apply') throw new UsageError(`redline: unknown command '${verb}' (edit or apply)`);
  if (target === undefined) throw new UsageError(`redline: ${verb} needs a FILE`);
  if (extra.length > 0) throw new UsageError(`redline: unexpected argument '${extra[0]}' (quote the instruction: -m "...")`);
  const { file, place } = parseTarget(target, values.lines, values.line, exists);
  const formatCommand = (values['format-command'] ?? env.REDLINE_FORMAT_COMMAND)?.trim() || undefined;
  const common: Common = { file, place, yes: values.yes ?? false, sidecar: values.sidecar ?? env.REDLINE_SIDECAR, settings: settingsOf(values, env), formatCommand };
  if (verb === 'edit') {
    if (values.from !== undefined) throw new UsageError('redline: --from belongs to apply; edit takes an instruction (-m "...")');
    if (!values.message?.trim()) throw new UsageError('redline: an instruction is required (-m "...")');
    const scope = choice('scope', values.scope, SETTINGS.editScope.enum);
    const editFormat = choice('format', values.format, SETTINGS.editFormat.enum);
    return { kind: 'edit', ...common, instruction: values.message, ...(scope ? { scope } : {}), ...(editFormat ? { editFormat } : {}) };
  }
  if (values.scope !== undefined || values.format !== undefined) throw new UsageError('redline: --scope and --format belong to edit');
  if (values.message !== undefined) throw new UsageError('redline: apply takes no instruction; it shows the code block you give it');
  return { kind: 'apply', ...common, from: values.from };
}

function choice<T extends string>(flag: string, value: string | undefined, choices: readonly T[]): T | undefined {
  if (value === undefined) return undefined;
  if (!(choices as readonly string[]).includes(value)) throw new UsageError(`redline: --${flag} takes ${choices.join(', ')}`);
  return value as T;
}

function parseFlags(argv: readonly string[]) {
  try {
    return parseArgs({ args: [...argv], allowPositionals: true, strict: true, options: OPTIONS });
  } catch (err) {
    const e = err as Error & { code?: string };
    if (e.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') throw new UsageError(`redline: unknown option '${/'([^']+)'/.exec(e.message)?.[1] ?? e.message}'`);
    if (e.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') throw new UsageError(`redline: ${/^Option '([^' ]+)/.exec(e.message)?.[1] ?? 'an option'} needs a value`);
    throw new UsageError(`redline: ${e.message}`);
  }
}

function parseTarget(target: string, lines: string | undefined, line: string | undefined, exists: (path: string) => boolean): { file: string; place: Place } {
  const suffix = /^(.+):(\d+)$/.exec(target);
  const file = suffix && !exists(target) ? suffix[1] : target;
  const places: Array<Exclude<Place, { kind: 'none' }>> = [];
  if (suffix && file !== target) places.push({ kind: 'line', line: positiveLine(suffix[2], target), flag: target });
  if (line !== undefined) places.push({ kind: 'line', line: positiveLine(line, `--line ${line}`), flag: `--line ${line}` });
  if (lines !== undefined) {
    const match = /^(\d+)(?:-(\d+))?$/.exec(lines);
    if (!match) throw new UsageError('redline: --lines takes START-END, 1-based, e.g. --lines 10-20');
    const first = Number(match[1]);
    const last = Number(match[2] ?? match[1]);
    if (first < 1 || last < first) throw new UsageError(`redline: --lines ${lines} is not a range of lines`);
    places.push({ kind: 'lines', first, last, flag: `--lines ${lines}` });
  }
  if (places.length > 1) throw new UsageError(`redline: give one of FILE:LINE, --line or --lines, not ${places.map((p) => p.flag).join(' and ')}`);
  return { file, place: places[0] ?? { kind: 'none' } };
}

function positiveLine(text: string, flag: string): number {
  const n = Number(text);
  if (!/^\d+$/.test(text) || n < 1) throw new UsageError(`redline: ${flag}: lines count from 1`);
  return n;
}

function settingsOf(values: { provider?: string; endpoint?: string; model?: string; 'api-key'?: string }, env: Record<string, string | undefined>): RedlineSettingsPatch {
  const provider = values.provider ?? env.REDLINE_PROVIDER;
  if (provider !== undefined && provider !== 'ollama' && provider !== 'openai') throw new UsageError(`redline: unknown provider '${provider}' (ollama or openai)`);
  const settings: RedlineSettingsPatch = {};
  if (provider) settings.provider = provider as ProviderKind;
  const endpoint = values.endpoint ?? env.REDLINE_ENDPOINT;
  if (endpoint) settings.endpoint = endpoint;
  const model = values.model ?? env.REDLINE_MODEL;
  if (model) settings.model = model;
  const apiKey = values['api-key'] ?? env.REDLINE_API_KEY;
  if (apiKey) settings.apiKey = apiKey;
  return settings;
}

/** Lines of a text as a user counts them: a final line break ends the last line rather than starting one. */
export function countLines(text: string): number {
  if (text === '') return 0;
  let n = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n++;
  return text.endsWith('\n') ? n : n + 1;
}

/**
 * The LSP range to send for a place in a file of `lineCount` lines: a selection of whole lines, or
 * a caret (the sidecar then takes the syntax scope around it). Past the end is an error naming the
 * file's length. `none` is the whole file for an edit, the end of the file for an apply.
 */
export function rangeOf(place: Place, lineCount: number, fileName: string, kind: 'edit' | 'apply'): { start: { line: number; character: number }; end: { line: number; character: number } } {
  const caret = (line: number) => ({ start: { line, character: 0 }, end: { line, character: 0 } });
  const lines = `${lineCount} ${lineCount === 1 ? 'line' : 'lines'}`;
  switch (place.kind) {
    case 'none':
      return kind === 'edit' ? { start: { line: 0, character: 0 }, end: { line: lineCount, character: 0 } } : caret(lineCount);
    case 'line':
      if (place.line > Math.max(lineCount, 1)) throw new UsageError(`redline: ${place.flag} is past the end of ${fileName} (${lines})`);
      return caret(place.line - 1);
    case 'lines':
      if (place.last > Math.max(lineCount, 1)) throw new UsageError(`redline: ${place.flag} is past the end of ${fileName} (${lines})`);
      return { start: { line: place.first - 1, character: 0 }, end: { line: place.last, character: 0 } };
  }
}

const LANGUAGES: Record<string, string> = {
  ts: 'typescript', mts: 'typescript', cts: 'typescript', tsx: 'typescriptreact', js: 'javascript', mjs: 'javascript', cjs: 'javascript',
  jsx: 'javascriptreact', py: 'python', java: 'java', kt: 'kotlin', kts: 'kotlin', go: 'go', rs: 'rust',
  // As VS Code names it: a code block applied to a Markdown file is placed by its sections in both.
  md: 'markdown', markdown: 'markdown',
};

export function languageIdOf(file: string): string {
  const ext = file.slice(file.lastIndexOf('.') + 1).toLowerCase();
  return LANGUAGES[ext] ?? 'plaintext';
}
