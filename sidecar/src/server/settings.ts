/** Settings with their defaults; every client sends patches through initialize or didChangeConfiguration. */
import type { RedlineSettings, RedlineSettingsPatch } from '@redline/shared-protocol';

export const DEFAULT_SETTINGS: RedlineSettings = {
  provider: 'ollama',
  endpoint: 'http://127.0.0.1:11434',
  model: 'qwen2.5-coder:7b-instruct',
  completionModel: '',
  apiKey: '',
  requestTimeoutMs: 30_000,
  fimTemplate: 'auto',
  maxLines: 40,
  numPredictFim: 512,
  temperature: 0.2,
  multilineCompletionsEnabled: true,
  fileContextEnabled: false,
  lspContextEnabled: false,
  debounceWait: 300,
  completionCacheEnabled: false,
  enableSubsequentCompletions: true,
  proxy: '',
  noProxy: '',
  caFile: '',
};

export class SettingsStore {
  private current: RedlineSettings = { ...DEFAULT_SETTINGS };
  private readonly listeners: Array<(settings: RedlineSettings) => void> = [];

  get(): RedlineSettings {
    return this.current;
  }

  update(patch: RedlineSettingsPatch | undefined): void {
    if (!patch) return;
    const next = { ...this.current };
    for (const key of Object.keys(DEFAULT_SETTINGS) as Array<keyof RedlineSettings>) {
      const value = patch[key];
      if (value !== undefined && value !== null && typeof value === typeof DEFAULT_SETTINGS[key]) (next as Record<string, unknown>)[key] = value;
    }
    this.current = next;
    for (const listener of this.listeners) listener(next);
  }

  onChange(listener: (settings: RedlineSettings) => void): void {
    this.listeners.push(listener);
  }
}
