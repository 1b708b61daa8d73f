/**
 * Redline's settings, each declared once here: name, JSON type, default, description, and for a
 * choice its values. Everything else follows from `SETTINGS`: the RedlineSettings type, the
 * defaults and normalisation below (the sidecar's), protocol.json's `settings` section (which the
 * Kotlin client's JUnit test and editor configuration pages follow) and docs/configuration.md's settings table
 * (both written by `npm run gen:protocol`). Clients send a patch of them in `initialize` and
 * `workspace/didChangeConfiguration`.
 */

/** One setting, shaped like a JSON Schema property (and a VS Code configuration property). */
export type SettingSpec = (
  | { type: 'string'; default: string; enum?: readonly string[]; enumDescriptions?: readonly string[] }
  | { type: 'integer' | 'number'; default: number; minimum: number; maximum: number }
  | { type: 'boolean'; default: boolean }
) & {
  description: string;
  /** Clients keep it in a secret store (IDE password safe, VS Code SecretStorage), never in plain settings. */
  secret?: boolean;
  /** Clients fill it from the editor's own configuration (the IDE's proxy settings, VS Code's `http.proxy`), not from a setting of their own. */
  fromEditor?: boolean;
};

export const SETTINGS = {
  provider: {
    type: 'string',
    enum: ['ollama', 'openai'],
    enumDescriptions: ["Ollama's native API", 'Any OpenAI-compatible server: llama.cpp, vLLM, LM Studio, hosted APIs'],
    default: 'ollama',
    description: 'The model server API: `ollama` (native API) or `openai` (any OpenAI-compatible server: llama.cpp, vLLM, LM Studio, hosted APIs).',
  },
  endpoint: {
    type: 'string',
    default: 'http://127.0.0.1:11434',
    description: 'Model server base URL; for `openai`, `/v1` is added when the path has no version.',
  },
  model: {
    type: 'string',
    default: 'qwen2.5-coder:7b-instruct',
    description: "Chat model for inline edits (no temperature is sent: the server's default applies).",
  },
  completionModel: {
    type: 'string',
    default: '',
    description: 'Model for completions (empty: `model`); its name picks the FIM template.',
  },
  apiKey: {
    type: 'string',
    default: '',
    secret: true,
    description: "Bearer key for hosted APIs; kept in the client's secret store, never logged (masked in every log line).",
  },
  requestTimeoutMs: {
    type: 'integer',
    default: 30_000,
    minimum: 1,
    // The longest delay a Node timer can wait.
    maximum: 2_147_483_647,
    description: 'Milliseconds of silence from the model server after which a request fails.',
  },
  maxEditTokens: {
    type: 'integer',
    default: 8192,
    minimum: 1,
    maximum: 2_147_483_647,
    description:
      "Most tokens of an inline edit's reply: twice the selection's estimated tokens plus 1,024, up to this. A reply cut off by a token limit ends the session with an error, never as a proposal.",
  },
  maxContextTokens: {
    type: 'integer',
    default: 32768,
    // Below Ollama's default window no num_ctx is sent at all.
    minimum: 4096,
    maximum: 2_147_483_647,
    description:
      "Ollama: the largest context window (`num_ctx`) an inline edit asks for when its prompt plus reply limit needs more than Ollama's default 4,096 tokens; a prompt that does not fit is refused, not silently cut.",
  },
  editScope: {
    type: 'string',
    enum: ['selection', 'file'],
    enumDescriptions: ['Only the selected lines change', 'Any part of the same file the change needs (imports, fields, helpers); every hunk accepted or rejected on its own'],
    default: 'selection',
    description: 'What an inline edit may change: `selection` (the selected lines) or `file` (also imports, fields and helpers elsewhere in the same file). A request may override it.',
  },
  editFormat: {
    type: 'string',
    enum: ['auto', 'replacement', 'searchReplace', 'structured', 'wholeFile'],
    enumDescriptions: [
      'replacement for the selection scope; for the file scope, wholeFile up to 150 lines, searchReplace above',
      'The new text of the selection',
      'SEARCH/REPLACE blocks located by exact, then whitespace-insensitive text',
      'JSON edits under a JSON Schema the model server enforces (Ollama format, OpenAI-compatible response_format)',
      'The complete new file',
    ],
    default: 'auto',
    description:
      'How the model returns its change: `auto` (`replacement` for the selection scope; for the file scope `wholeFile` up to 150 lines, `searchReplace` above), `replacement`, `searchReplace`, `structured` (JSON Schema enforced by the server) or `wholeFile`. A request may override it.',
  },
  largeDeletionLines: {
    type: 'integer',
    default: 10,
    minimum: 0,
    maximum: 2_147_483_647,
    description: 'A hunk outside the selection that removes more than this many lines net is flagged as a large deletion.',
  },
  repairEnabled: {
    type: 'boolean',
    default: false,
    description:
      'When an inline edit\'s proposal has syntax errors the original did not have, or uses names nothing declares or imports (and no import from the workspace fixes them), ask the model once more with those problems; the proposal shown says a repair happened.',
  },
  formatProposals: {
    type: 'boolean',
    default: true,
    description:
      "Format the lines an inline edit's proposal changes with the editor's own formatter (the project's code style) before the proposal is shown; the user's own lines are never reformatted. Applies where the client has a formatter: VS Code's formatter for the language, IntelliJ's code style, the terminal client's `--format-command`.",
  },
  proposalDiagnostics: {
    type: 'boolean',
    default: true,
    description:
      "Show the problems the editor's own analysis finds on a proposal's added lines that the original did not have (compile errors, unresolved references), next to the proposal, with the editor's fix where it offers one. Applies where the client can analyse a copy of the file (VS Code, IntelliJ).",
  },
  editorChecksBudgetMs: {
    type: 'integer',
    default: 2500,
    minimum: 1,
    maximum: 600_000,
    description:
      "Milliseconds the editor's checks of a finished proposal (`formatProposals`, then `proposalDiagnostics`) may take together before the proposal is offered; a check still running then is cancelled and skipped, with one log line.",
  },
  fimTemplate: {
    type: 'string',
    default: 'auto',
    description:
      '`auto` (from the model name), a family (`codellama`, `deepseek`, `qwen`, `starcoder`, `codestral`, `codegemma`), `chat` (chat-FIM for chat-only models), or a custom template with `{prefix}` and `{suffix}`.',
  },
  maxLines: {
    type: 'integer',
    default: 40,
    minimum: 1,
    maximum: 2_147_483_647,
    description: 'Most lines a multiline completion may have.',
  },
  numPredictFim: {
    type: 'integer',
    default: 512,
    minimum: 1,
    maximum: 2_147_483_647,
    description: 'Token limit of a completion request.',
  },
  temperature: {
    type: 'number',
    default: 0.2,
    minimum: 0,
    maximum: 2,
    description: 'Completion sampling temperature.',
  },
  multilineCompletionsEnabled: {
    type: 'boolean',
    default: true,
    description: 'Allow multiline completions where the syntax tree says they fit.',
  },
  fileContextEnabled: {
    type: 'boolean',
    default: true,
    description:
      "Context from the editor's other open files: the user's recent edits (as small diffs) for edits and completions, and for completions the snippets of other open files most like the code at the cursor.",
  },
  lspContextEnabled: {
    type: 'boolean',
    default: true,
    description:
      'Context a language server would give: the signatures and doc comments of the symbols the code uses, found through its imports (open files, and files on disk inside the workspace folders); for edits also the declarations of the project related to the instruction (from the workspace index) and the diagnostics the client sends.',
  },
  contextBudget: {
    type: 'integer',
    default: 8000,
    minimum: 0,
    // A million characters is beyond any model's context window.
    maximum: 1_000_000,
    description:
      'Characters of context per request (about 4 per token): the code and the lines around it first, then definitions, project rules, diagnostics, recent edits, similar snippets. The sidecar logs what each request sent.',
  },
  debounceWait: {
    type: 'integer',
    default: 300,
    minimum: 0,
    // The longest delay a Node timer can wait.
    maximum: 2_147_483_647,
    description: 'Milliseconds to wait after a keystroke before asking the model (skipped on an explicit trigger).',
  },
  completionCacheEnabled: {
    type: 'boolean',
    default: false,
    description: '50-entry LRU of completions keyed on exact prefix + suffix + scope + document version.',
  },
  completionEnabled: {
    type: 'boolean',
    default: true,
    description:
      "Inline completion (ghost text) from Redline. Off: Redline answers no completion request, and an editor that asks several completion providers in turn (IntelliJ's Full Line completion, other plugins) gets its suggestions from the others.",
  },
  completionDisabledLanguages: {
    type: 'string',
    default: '',
    description: 'Languages without Redline completion: LSP language ids separated by commas or spaces (`markdown, plaintext`), matched without regard to case.',
  },
  enableSubsequentCompletions: {
    type: 'boolean',
    default: true,
    description: 'After accepting a suggestion, ask again at once; off: wait until the user types.',
  },
  nextEditEnabled: {
    type: 'boolean',
    default: false,
    description:
      "Next-edit suggestions: after an edit settles (`debounceWait`), a next-edit model predicts the change that follows (the other uses of a renamed name, the call sites); an insertion at the caret shows as ghost text, anything else as red/green lines, one hunk at a time (Tab accepts, Esc dismisses). Off: only the editor's own command asks.",
  },
  nextEditModel: {
    type: 'string',
    default: '',
    description:
      'Model for next-edit suggestions (empty: the completion model, else `model`); its name picks the prompt family. A completion (FIM) model that is no next-edit model rarely suggests well: pull one (docs/next-edit.md).',
  },
  nextEditTemplate: {
    type: 'string',
    enum: ['auto', 'sweep', 'sweep-v2', 'zeta', 'instinct', 'instruct'],
    enumDescriptions: [
      'From the model name: sweep (v2: sweep-v2), zeta or instinct in it; else a base Qwen coder model gets sweep, any other model instruct, which needs a chat model',
      "Sweep Next-Edit 0.5B/1.5B: the window's original, current and updated versions in <|file_sep|> blocks",
      "Sweep Next-Edit v2 (7B), as Sweep's own server prompts: the file, then ranged original, current (cursor marked) and updated blocks",
      "Zed's Zeta: the excerpt with editable-region and cursor markers, the edits as diffs",
      "Continue's Instinct: Qwen's chat template, the excerpt with editable-region and cursor markers",
      'Any chat model: asked for the rewritten lines in a code block',
    ],
    default: 'auto',
    description:
      'Prompt format of the next-edit model: `auto` (from the model name: a base Qwen coder model gets `sweep`, a model of no next-edit family `instruct`, which only a chat model follows), `sweep`, `sweep-v2`, `zeta`, `instinct`, or `instruct` (any chat model).',
  },
  proxy: {
    type: 'string',
    default: '',
    fromEditor: true,
    description:
      'Proxy for model requests: `http://host:port`, `https://…` or `socks5://…`, credentials as `user:password@` (masked in logs). Empty: `HTTPS_PROXY` / `HTTP_PROXY`. The IntelliJ plugin fills it from the IDE\'s proxy settings.',
  },
  noProxy: {
    type: 'string',
    default: '',
    fromEditor: true,
    description: 'Hosts reached without the proxy, comma-separated (`*` for all; a name also covers its subdomains; `host:port` for one port). Empty: `NO_PROXY`. Loopback (`localhost`, `127.0.0.1`, `[::1]`) never goes through a proxy.',
  },
  caFile: {
    type: 'string',
    default: '',
    description: "PEM file of extra trusted certificate authorities (a network's own), added to Node's and `NODE_EXTRA_CA_CERTS`; read when the setting changes.",
  },
} as const satisfies Record<string, SettingSpec>;

type Settings = typeof SETTINGS;
export type SettingName = keyof Settings;

type ValueOf<S> = S extends { enum: readonly (infer E)[] } ? E : S extends { type: 'boolean' } ? boolean : S extends { type: 'string' } ? string : number;

export type RedlineSettings = { -readonly [K in SettingName]: ValueOf<Settings[K]> };

/** What initialize and didChangeConfiguration carry: any subset of the settings. */
export type RedlineSettingsPatch = Partial<RedlineSettings>;

export type ProviderKind = RedlineSettings['provider'];

export const SETTING_NAMES = Object.keys(SETTINGS) as SettingName[];

export const DEFAULT_SETTINGS: Readonly<RedlineSettings> = Object.freeze(Object.fromEntries(SETTING_NAMES.map((name) => [name, SETTINGS[name].default])) as RedlineSettings);

/** Whether `value` may be the setting's value: its JSON type, a whole number for integers, within its bounds, one of its values for a choice. */
export function fitsSetting(name: SettingName, value: unknown): boolean {
  const spec: SettingSpec = SETTINGS[name];
  switch (spec.type) {
    case 'integer':
    case 'number':
      return typeof value === 'number' && (spec.type === 'number' ? Number.isFinite(value) : Number.isInteger(value)) && value >= spec.minimum && value <= spec.maximum;
    case 'boolean':
      return typeof value === 'boolean';
    case 'string':
      return typeof value === 'string' && (!spec.enum || spec.enum.includes(value));
  }
}

/** The language ids a list setting names (`completionDisabledLanguages`): separated by commas or spaces, lowercased. */
export function languageList(value: string): Set<string> {
  return new Set(value.split(/[\s,]+/).map((id) => id.toLowerCase()).filter((id) => id !== ''));
}

/** `current` with every setting of `patch` that fits; unknown names and values that do not fit are ignored. */
export function applySettingsPatch(current: RedlineSettings, patch: unknown): RedlineSettings {
  if (!patch || typeof patch !== 'object') return current;
  const next: Record<string, unknown> = { ...current };
  for (const name of SETTING_NAMES) {
    const value = (patch as Record<string, unknown>)[name];
    if (fitsSetting(name, value)) next[name] = value;
  }
  return next as RedlineSettings;
}
