import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fileUriParts, pathOfFileUri } from './fileUri.js';

// The oracle: the path itself. Every form a client may send for it must give it back.
const POSIX = ['/home/u/C#/a.ts', '/home/u/100%/b.ts', '/home/u/my project/c d.ts', '/home/ü/naïve/日本.ts', '/home/u/a?b/c.ts', '/home/u/%41/x.ts', '/'];

/** What an LSP client sends: RFC 3986, every reserved character and non-ASCII percent-encoded (VS Code's form). */
const rfc3986 = (path: string) => `file://${path.split('/').map((s) => encodeURIComponent(s)).join('/')}`;

describe('pathOfFileUri on POSIX', () => {
  it('reads the RFC 3986 forms (file:///…, file:/… as Java writes it, Node’s own) and the unencoded form an older plugin sent', () => {
    for (const path of POSIX) {
      const encoded = rfc3986(path);
      expect(pathOfFileUri(encoded, false), encoded).toBe(path);
      expect(pathOfFileUri(`file:${encoded.slice('file://'.length)}`, false), 'file:/ form').toBe(path);
      expect(pathOfFileUri(pathToFileURL(path).href, false), pathToFileURL(path).href).toBe(path);
      expect(pathOfFileUri(`file://localhost${encoded.slice(7)}`, false)).toBe(path);
    }
    // Unencoded: `#`, `?` and spaces are the path's; `%` starting no escape is itself.
    expect(pathOfFileUri('file:///home/u/C#/a.ts', false)).toBe('/home/u/C#/a.ts');
    expect(pathOfFileUri('file:///home/u/100%/b.ts', false)).toBe('/home/u/100%/b.ts');
    expect(pathOfFileUri('file:///home/u/my project/é.ts', false)).toBe('/home/u/my project/é.ts');
  });

  it('names no path for another scheme, a host, a relative path, an encoded separator or NUL', () => {
    for (const uri of ['untitled:Untitled-1', 'https://x/a.ts', 'file://server/share/a.ts', 'file:a.ts', 'file:///a%2Fb', 'file:///a%00b']) expect(pathOfFileUri(uri, false), uri).toBeNull();
  });
});

describe('pathOfFileUri on Windows', () => {
  it('drive letters in every form, with backslashes', () => {
    for (const uri of ['file:///C:/Users/u/C%23/a.ts', 'file:///c%3A/Users/u/C%23/a.ts', 'file:/C:/Users/u/C%23/a.ts', 'file:///C:/Users/u/C#/a.ts', 'file:///C|/Users/u/C#/a.ts']) {
      expect(pathOfFileUri(uri, true), uri).toBe('C:\\Users\\u\\C#\\a.ts');
    }
    expect(pathOfFileUri('file:///D:/my%20project/na%C3%AFve%20100%25.ts', true)).toBe('D:\\my project\\naïve 100%.ts');
    expect(pathOfFileUri('file:///C:', true)).toBe('C:\\');
  });

  it('UNC paths: the host is the server', () => {
    expect(pathOfFileUri('file://server/share/dir%20x/a%23.ts', true)).toBe('\\\\server\\share\\dir x\\a#.ts');
    expect(pathOfFileUri('file://server/share/a.ts', true)).toBe('\\\\server\\share\\a.ts');
  });

  it('names no path without a drive or host, or with an encoded separator', () => {
    for (const uri of ['file:///Users/u/a.ts', 'file:///C:/a%5Cb', 'file:///C:/a%2Fb']) expect(pathOfFileUri(uri, true), uri).toBeNull();
  });
});

describe('the URIs the IntelliJ plugin writes (FileUris.uriOf)', () => {
  it('give back the path on each platform', () => {
    expect(pathOfFileUri('file:///home/u/C%23/a.ts', false)).toBe('/home/u/C#/a.ts');
    expect(pathOfFileUri('file:///home/u/100%25/my%20project/na%C3%AFve.ts', false)).toBe('/home/u/100%/my project/naïve.ts');
    expect(pathOfFileUri('file:///C:/Users/u/C%23/a%20b.ts', true)).toBe('C:\\Users\\u\\C#\\a b.ts');
    expect(pathOfFileUri('file://server/share/dir%20x/a%23.ts', true)).toBe('\\\\server\\share\\dir x\\a#.ts');
  });
});

describe('fileUriParts', () => {
  it('keeps the path as written with escapes decoded, and the host apart', () => {
    expect(fileUriParts('file://srv/a%20b/c#d')).toEqual({ host: 'srv', path: '/a b/c#d' });
    expect(fileUriParts('FILE:///x')).toEqual({ host: '', path: '/x' });
    expect(fileUriParts('untitled:1')).toBeNull();
  });
});
