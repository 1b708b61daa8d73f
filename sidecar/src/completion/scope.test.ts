import { DEFAULT_SETTINGS, type RedlineSettings } from '@redline/shared-protocol';
import { describe, expect, it } from 'vitest';
import { completionModel, completionScope } from './scope.js';

const scopeOf = (patch: Partial<RedlineSettings> = {}, uri = 'file:///a.ts', languageId = 'typescript', template = 'qwen') =>
  completionScope(uri, languageId, { ...DEFAULT_SETTINGS, ...patch }, template);

describe('completionScope', () => {
  it('is the same for the same question', () => {
    expect(scopeOf()).toBe(scopeOf());
  });

  it('changes with the file, the language and the template', () => {
    expect(scopeOf({}, 'file:///b.ts')).not.toBe(scopeOf());
    expect(scopeOf({}, undefined, 'javascript')).not.toBe(scopeOf());
    expect(scopeOf({}, undefined, undefined, 'deepseek')).not.toBe(scopeOf());
  });

  it.each<Partial<RedlineSettings>>([
    { provider: 'openai' },
    { completionModel: 'other' },
    { endpoint: 'http://elsewhere' },
    { fimTemplate: 'deepseek' },
    { lspContextEnabled: false },
    { fileContextEnabled: false },
    { contextBudget: 100 },
    { multilineCompletionsEnabled: false },
    { maxLines: 5 },
    { numPredictFim: 64 },
    { temperature: 0.9 },
  ])('changes with %j', (patch) => {
    expect(scopeOf(patch)).not.toBe(scopeOf());
  });

  it('ignores settings that do not shape the reply', () => {
    expect(scopeOf({ debounceWait: 10, completionCacheEnabled: true, enableSubsequentCompletions: false })).toBe(scopeOf());
  });
});

describe('completionModel', () => {
  it('falls back to the chat model', () => {
    expect(completionModel({ ...DEFAULT_SETTINGS, completionModel: '' })).toBe(DEFAULT_SETTINGS.model);
    expect(completionModel({ ...DEFAULT_SETTINGS, completionModel: 'fim' })).toBe('fim');
  });
});
