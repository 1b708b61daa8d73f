import { describe, expect, it } from 'vitest';
import protocol from '../protocol.json' with { type: 'json' };
import { applySettingsPatch, DEFAULT_SETTINGS, fitsSetting, SETTING_NAMES, SETTINGS } from './settings.js';

describe('the settings declaration', () => {
  it('gives every setting a default that fits it and a description', () => {
    for (const name of SETTING_NAMES) {
      expect(fitsSetting(name, SETTINGS[name].default), name).toBe(true);
      expect(SETTINGS[name].description.length, name).toBeGreaterThan(10);
    }
    expect(SETTINGS.provider.enumDescriptions).toHaveLength(SETTINGS.provider.enum.length);
  });

  it('is what protocol.json publishes, and the patch schema has exactly its names, JSON types, choices and bounds', () => {
    expect(protocol.settings).toEqual(JSON.parse(JSON.stringify(SETTINGS)));
    const patch = protocol.definitions.RedlineSettingsPatch.properties as Record<string, { type: string; enum?: string[]; minimum?: number; maximum?: number }>;
    expect(Object.keys(patch)).toEqual(SETTING_NAMES);
    for (const name of SETTING_NAMES) {
      const spec = SETTINGS[name];
      expect(patch[name].type, name).toBe(spec.type);
      expect(patch[name].enum, name).toEqual('enum' in spec ? spec.enum : undefined);
      expect([patch[name].minimum, patch[name].maximum], name).toEqual('minimum' in spec ? [spec.minimum, spec.maximum] : [undefined, undefined]);
    }
  });
});

describe('applySettingsPatch', () => {
  it('takes the values that fit, over the current settings', () => {
    const before = { ...DEFAULT_SETTINGS };
    const next = applySettingsPatch(DEFAULT_SETTINGS, { maxLines: 12, provider: 'openai', temperature: 0.5, fileContextEnabled: true });
    expect(next).toEqual({ ...before, maxLines: 12, provider: 'openai', temperature: 0.5, fileContextEnabled: true });
    expect(DEFAULT_SETTINGS).toEqual(before);
  });

  it.each([
    ['a string for a number', { maxLines: '9' }],
    ['a fraction for an integer', { debounceWait: 2.5 }],
    ['a number below its minimum', { requestTimeoutMs: 0 }],
    ['a negative count', { maxLines: -3 }],
    ['a delay longer than a timer can wait', { debounceWait: 2 ** 31 }],
    ['a temperature above its maximum', { temperature: 9 }],
    ['null', { debounceWait: null }],
    ['a value outside a choice', { provider: 'gpt' }],
    ['a number for a boolean', { completionCacheEnabled: 1 }],
    ['an unknown name', { surprise: 1 }],
    ['not an object', 'maxLines=3'],
  ])('ignores %s', (_, patch) => {
    expect(applySettingsPatch(DEFAULT_SETTINGS, patch)).toEqual(DEFAULT_SETTINGS);
  });
});

describe('the inline-edit settings and the request fields that override them', () => {
  it('offer the same choices', () => {
    const definitions = protocol.definitions as unknown as Record<string, { enum?: unknown[] }>;
    expect(SETTINGS.editFormat.enum).toEqual(definitions.EditFormatChoice.enum);
    expect(SETTINGS.editScope.enum).toEqual(definitions.EditScope.enum);
    expect(SETTINGS.editFormat.enumDescriptions).toHaveLength(SETTINGS.editFormat.enum.length);
  });
});
