/** Command-line parsing for `redline edit`: flags first, then environment, then defaults. */
import { parseArgs } from 'node:util';
import type { ProviderKind, RedlineSettingsPatch } from '@redline/shared-protocol';

export interface EditCommand {
  file: string;
  /** Zero-based, end exclusive. */
  startLine: number;
  endLine: number;
  instruction: string;
  yes: boolean;
  sidecar: string | undefined;
  settings: RedlineSettingsPatch;
}

export const USAGE = `usage: redline edit FILE --lines START-END -m "instruction" [options]

  --lines A-B        1-based inclusive line range to rewrite (A alone: that line)
  -m, --message      the instruction
  --yes              accept the whole proposal without asking
  --provider P       ollama (default) or openai            env REDLINE_PROVIDER
  --endpoint URL     model server base URL                 env REDLINE_ENDPOINT
                     (default http://127.0.0.1:11434)
  --model NAME       model name                            env REDLINE_MODEL
  --api-key KEY      bearer key for hosted OpenAI-compatible APIs  env REDLINE_API_KEY
  --sidecar PATH     the sidecar executable                env REDLINE_SIDECAR`;

export function parseEditCommand(argv: readonly string[], env: Record<string, string | undefined>): EditCommand {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      lines: { type: 'string' },
      message: { type: 'string', short: 'm' },
      yes: { type: 'boolean', default: false },
      provider: { type: 'string' },
      endpoint: { type: 'string' },
      model: { type: 'string' },
      'api-key': { type: 'string' },
      sidecar: { type: 'string' },
    },
  });
  if (positionals[0] !== 'edit' || positionals.length !== 2) throw new Error(USAGE);
  if (!values.message?.trim()) throw new Error('redline: an instruction is required (-m "...")');
  const match = /^(\d+)(?:-(\d+))?$/.exec(values.lines ?? '');
  if (!match) throw new Error('redline: --lines takes START-END, 1-based, e.g. --lines 10-20');
  const first = Number(match[1]);
  const last = Number(match[2] ?? match[1]);
  if (first < 1 || last < first) throw new Error(`redline: --lines ${values.lines} is not a range of lines`);
  const provider = values.provider ?? env.REDLINE_PROVIDER;
  if (provider !== undefined && provider !== 'ollama' && provider !== 'openai') throw new Error(`redline: unknown provider '${provider}' (ollama or openai)`);
  const settings: RedlineSettingsPatch = {};
  if (provider) settings.provider = provider as ProviderKind;
  const endpoint = values.endpoint ?? env.REDLINE_ENDPOINT;
  if (endpoint) settings.endpoint = endpoint;
  const model = values.model ?? env.REDLINE_MODEL;
  if (model) settings.model = model;
  const apiKey = values['api-key'] ?? env.REDLINE_API_KEY;
  if (apiKey) settings.apiKey = apiKey;
  return {
    file: positionals[1],
    startLine: first - 1,
    endLine: last,
    instruction: values.message,
    yes: values.yes ?? false,
    sidecar: values.sidecar ?? env.REDLINE_SIDECAR,
    settings,
  };
}

const LANGUAGES: Record<string, string> = {
  ts: 'typescript', mts: 'typescript', cts: 'typescript', tsx: 'typescriptreact', js: 'javascript', mjs: 'javascript', cjs: 'javascript',
  jsx: 'javascriptreact', py: 'python', java: 'java', kt: 'kotlin', kts: 'kotlin', go: 'go', rs: 'rust',
};

export function languageIdOf(file: string): string {
  const ext = file.slice(file.lastIndexOf('.') + 1).toLowerCase();
  return LANGUAGES[ext] ?? 'plaintext';
}
