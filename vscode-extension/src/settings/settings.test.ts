import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SETTINGS, SETTING_NAMES } from '@redline/shared-protocol';
import { API_KEY_SECRET, CONFIGURED_SETTINGS, configurationContribution, settingsPatch } from './settings';

const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));

describe('contributes.configuration', () => {
  it('in package.json is the one generated from SETTINGS (npm run gen:protocol rewrites it)', () => {
    expect(manifest.contributes.configuration).toEqual(configurationContribution());
  });

  it('has every setting but the secret API key, with its type, default and choices, and the client\'s message trace', () => {
    const properties = manifest.contributes.configuration.properties;
    expect(Object.keys(properties)).toEqual([...SETTING_NAMES.filter((n) => n !== 'apiKey').map((n) => `redline.${n}`), 'redline.trace.server']);
    expect(properties['redline.apiKey']).toBeUndefined();
    expect(properties['redline.provider']).toMatchObject({ type: 'string', default: 'ollama', enum: ['ollama', 'openai'] });
    expect(properties['redline.requestTimeoutMs']).toMatchObject({ type: 'integer', default: 30000, minimum: 1 });
    expect(properties['redline.temperature']).toMatchObject({ type: 'number', minimum: 0, maximum: 2 });
    expect(API_KEY_SECRET).toBe('redline.apiKey');
  });
});

describe('settingsPatch', () => {
  it('sends each configured value that fits, the API key from the secret store', () => {
    const values: Record<string, unknown> = { provider: 'openai', endpoint: 'http://127.0.0.1:9/v1', maxLines: 12, temperature: 0.5, debounceWait: 0 };
    const patch = settingsPatch((name) => values[name] ?? SETTINGS[name].default, 'sk-secret');
    expect(patch).toMatchObject({ provider: 'openai', endpoint: 'http://127.0.0.1:9/v1', maxLines: 12, temperature: 0.5, debounceWait: 0, apiKey: 'sk-secret' });
    expect(Object.keys(patch).sort()).toEqual([...CONFIGURED_SETTINGS, 'apiKey'].sort());
  });

  it('leaves out values a hand-edited settings.json got wrong, and clears the key when none is stored', () => {
    const values: Record<string, unknown> = { provider: 'mistral', maxLines: 2.5, temperature: 3, multilineCompletionsEnabled: 'yes', model: 'm' };
    const patch = settingsPatch((name) => values[name], undefined);
    expect(patch).toEqual({ model: 'm', apiKey: '' });
  });
});
