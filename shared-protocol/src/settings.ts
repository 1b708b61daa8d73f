/** Redline's settings: initialize and didChangeConfiguration carry them as a patch. */

export type ProviderKind = 'ollama' | 'openai';

export interface RedlineSettings {
  /** Model server flavour: Ollama's native API or any OpenAI-compatible server. */
  provider: ProviderKind;
  /** Base URL, e.g. http://127.0.0.1:11434 (Ollama) or http://127.0.0.1:8080/v1 (OpenAI-compatible). */
  endpoint: string;
  /** Chat/instruct model used for inline edits. */
  model: string;
  /** Model used for completions (FIM); defaults to `model` when empty. */
  completionModel: string;
  /** Bearer key for hosted OpenAI-compatible APIs. Never logged. */
  apiKey: string;
  /** Milliseconds without a byte from the model before a request fails. */
  requestTimeoutMs: number;
  /** FIM template: 'auto' (from the model name), a family name, or a custom template with {prefix} and {suffix}. */
  fimTemplate: string;
  maxLines: number;
  numPredictFim: number;
  temperature: number;
  multilineCompletionsEnabled: boolean;
  fileContextEnabled: boolean;
  lspContextEnabled: boolean;
  debounceWait: number;
  completionCacheEnabled: boolean;
  enableSubsequentCompletions: boolean;
}

export type RedlineSettingsPatch = Partial<RedlineSettings>;
