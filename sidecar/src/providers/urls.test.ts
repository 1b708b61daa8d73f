import { describe, expect, it } from 'vitest';
import { ModelError, type ModelEndpoint, endpointFromSettings } from './types.js';
import { apiUrl } from './urls.js';
import { DEFAULT_SETTINGS } from '@redline/shared-protocol';

const ep = (provider: 'ollama' | 'openai', endpoint: string): ModelEndpoint => ({ provider, endpoint, model: 'm', apiKey: '', timeoutMs: 1000 });

describe('apiUrl', () => {
  it.each([
    ['ollama', 'http://127.0.0.1:11434', 'chat', 'http://127.0.0.1:11434/api/chat'],
    ['ollama', 'http://127.0.0.1:11434/', 'generate', 'http://127.0.0.1:11434/api/generate'],
    ['ollama', 'http://127.0.0.1:11434/v1', 'chat', 'http://127.0.0.1:11434/api/chat'],
    ['openai', 'http://127.0.0.1:8080/v1', 'chat', 'http://127.0.0.1:8080/v1/chat/completions'],
    ['openai', 'http://127.0.0.1:8080', 'chat', 'http://127.0.0.1:8080/v1/chat/completions'],
    ['openai', 'http://127.0.0.1:8080/', 'generate', 'http://127.0.0.1:8080/v1/completions'],
    ['openai', 'https://api.example.com/openai/v1/', 'chat', 'https://api.example.com/openai/v1/chat/completions'],
    ['openai', 'https://api.example.com/v1beta/openai', 'chat', 'https://api.example.com/v1beta/openai/chat/completions'],
    ['openai', 'https://api.example.com/proxy', 'generate', 'https://api.example.com/proxy/v1/completions'],
  ] as const)('%s %s (%s) → %s', (provider, endpoint, api, expected) => {
    expect(apiUrl(ep(provider, endpoint), api)).toBe(expected);
  });

  it('rejects an endpoint that is not an http(s) URL as a connection error', () => {
    for (const endpoint of ['127.0.0.1:11434', 'ftp://127.0.0.1', '']) {
      expect(() => apiUrl(ep('ollama', endpoint), 'chat')).toThrow(ModelError);
    }
  });
});

describe('endpointFromSettings', () => {
  it('uses the completion model for completions, falling back to the chat model', () => {
    const settings = { ...DEFAULT_SETTINGS, model: 'chat', completionModel: '', apiKey: 'k', requestTimeoutMs: 5, proxy: 'http://p:3128', caFile: '/ca.pem' };
    expect(endpointFromSettings(settings, 'completion')).toEqual({
      provider: 'ollama',
      endpoint: DEFAULT_SETTINGS.endpoint,
      model: 'chat',
      apiKey: 'k',
      timeoutMs: 5,
      network: { proxy: 'http://p:3128', noProxy: '', caFile: '/ca.pem' },
    });
    expect(endpointFromSettings({ ...settings, completionModel: 'fim' }, 'completion').model).toBe('fim');
    expect(endpointFromSettings({ ...settings, completionModel: 'fim' }, 'edit').model).toBe('chat');
  });
});
