import { describe, expect, it } from 'vitest';
import { dispatcherFor } from './network.js';
import { ModelError } from './types.js';

describe('dispatcherFor', () => {
  it('reuses the dispatcher while the settings stay the same, and builds a new one when they change', () => {
    const a = dispatcherFor({ proxy: '', noProxy: '', caFile: '' });
    expect(dispatcherFor({ proxy: '', noProxy: '', caFile: '' })).toBe(a);
    const b = dispatcherFor({ proxy: 'http://127.0.0.1:3128', noProxy: '', caFile: '' });
    expect(b.dispatcher).not.toBe(a.dispatcher);
    expect(b.config.httpsProxy).toBe('http://127.0.0.1:3128');
  });

  it('a proxy that is not a URL, or an unreadable caFile, is a clear error without the credentials', () => {
    expect(() => dispatcherFor({ proxy: 'alice:secret@proxy corp:80', noProxy: '', caFile: '' })).toThrow(
      new ModelError('connection', "The proxy 'proxy corp:80' (the `proxy` setting or HTTPS_PROXY / HTTP_PROXY) is not a proxy URL; expected http://host:port, https://… or socks5://…."),
    );
    expect(() => dispatcherFor({ proxy: '', noProxy: '', caFile: '/nonexistent/ca.pem' })).toThrow("Cannot read the `caFile` setting's file /nonexistent/ca.pem (ENOENT).");
  });
});
