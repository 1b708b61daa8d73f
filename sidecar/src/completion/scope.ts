/**
 * The question a suggestion answers: the file, the language, who generates, with which template,
 * and every setting that shapes the prompt or the reply. A suggestion (kept for typing through,
 * or cached) only answers a request with the same scope.
 */
import type { RedlineSettings } from '@redline/shared-protocol';

/** The model completions use: the dedicated completion model, else the chat model. */
export function completionModel(settings: RedlineSettings): string {
  return settings.completionModel || settings.model;
}

export function completionScope(uri: string, languageId: string, settings: RedlineSettings, templateName: string): string {
  return JSON.stringify([
    uri,
    languageId,
    settings.provider,
    completionModel(settings),
    settings.endpoint,
    templateName,
    settings.fimTemplate,
    settings.lspContextEnabled,
    settings.fileContextEnabled,
    settings.contextBudget,
    settings.multilineCompletionsEnabled,
    settings.maxLines,
    settings.numPredictFim,
    settings.temperature,
  ]);
}
