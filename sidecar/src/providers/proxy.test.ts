import { describe, expect, it } from 'vitest';
import { displayProxy, proxyConfig, proxyFor, proxyPassword } from './proxy.js';

const none = { proxy: '', noProxy: '' };

describe('proxyConfig and proxyFor', () => {
  it('reads the environment, lower case first, and uses the HTTP proxy for https without HTTPS_PROXY', () => {
    const config = proxyConfig(none, { HTTP_PROXY: 'http://upper:1', http_proxy: 'http://lower:2' });
    expect(proxyFor('http://models.example.com/v1', config)).toBe('http://lower:2');
    expect(proxyFor('https://models.example.com/v1', config)).toBe('http://lower:2');
    const split = proxyConfig(none, { HTTP_PROXY: 'http://plain:1', HTTPS_PROXY: 'http://secure:2' });
    expect(proxyFor('https://api.example.com', split)).toBe('http://secure:2');
    expect(proxyFor('http://api.example.com', split)).toBe('http://plain:1');
  });

  it('prefers the proxy setting to the environment, for both schemes', () => {
    const config = proxyConfig({ proxy: ' http://setting:3128 ', noProxy: '' }, { HTTPS_PROXY: 'http://env:1' });
    expect(proxyFor('https://api.example.com', config)).toBe('http://setting:3128');
    expect(proxyFor('http://api.example.com', config)).toBe('http://setting:3128');
  });

  it('goes direct for NO_PROXY hosts, their subdomains, a matching port, and *', () => {
    const config = proxyConfig(none, { HTTPS_PROXY: 'http://p:1', NO_PROXY: 'internal.example, .corp.example, gpu.example:8443' });
    expect(proxyFor('https://internal.example/v1', config)).toBeNull();
    expect(proxyFor('https://a.b.internal.example/v1', config)).toBeNull();
    expect(proxyFor('https://notinternal.example/v1', config)).toBe('http://p:1');
    expect(proxyFor('https://x.corp.example', config)).toBeNull();
    expect(proxyFor('https://gpu.example:8443', config)).toBeNull();
    expect(proxyFor('https://gpu.example', config)).toBe('http://p:1');
    expect(proxyFor('https://anything.example', proxyConfig(none, { HTTPS_PROXY: 'http://p:1', NO_PROXY: '*' }))).toBeNull();
  });

  it('the noProxy setting replaces NO_PROXY', () => {
    const config = proxyConfig({ proxy: '', noProxy: 'a.example' }, { HTTPS_PROXY: 'http://p:1', NO_PROXY: 'b.example' });
    expect(proxyFor('https://a.example', config)).toBeNull();
    expect(proxyFor('https://b.example', config)).toBe('http://p:1');
  });

  it('never sends loopback through a proxy', () => {
    const config = proxyConfig({ proxy: 'http://p:1', noProxy: '' }, {});
    for (const url of ['http://127.0.0.1:11434', 'http://localhost:8080/v1', 'http://[::1]:11434']) expect(proxyFor(url, config), url).toBeNull();
    expect(proxyFor('http://10.0.0.5:11434', config)).toBe('http://p:1');
  });

  it('without any proxy everything goes direct', () => {
    expect(proxyFor('https://api.example.com', proxyConfig(none, {}))).toBeNull();
  });
});

describe('proxy credentials', () => {
  it('are removed for display and found for masking', () => {
    expect(displayProxy('http://alice:s%40cret@proxy.corp:3128')).toBe('http://proxy.corp:3128');
    expect(proxyPassword('http://alice:s%40cret@proxy.corp:3128')).toBe('s@cret');
    expect(proxyPassword('http://proxy.corp:3128')).toBe('');
    expect(proxyPassword('not a url')).toBe('');
  });
});
