/**
 * `file:` URIs from any client, to local paths. LSP clients send RFC 3986 URIs (`file:///home/u/C%23/a.ts`,
 * `file:///c%3A/x`), Java's `File.toURI()` gives `file:/home/u/a.ts`, and an older IntelliJ plugin sent
 * `VirtualFile.url` (`file://` and the path unencoded). Node's `fileURLToPath` reads a raw `#` as the
 * start of a fragment and throws on a `%` that starts no escape, so for such a project the
 * context, the index and the paths in prompts went wrong. Here a file URI's `#` and `?` are part of
 * its path (a document has no fragment or query), and a `%` that starts no UTF-8 escape is itself.
 */

/** The decoded path of a `file:` URI as written ('/'-separated, a drive letter after a leading '/'), and its host; null for another scheme. */
export function fileUriParts(uri: string): { host: string; path: string } | null {
  if (!/^file:/i.test(uri)) return null;
  const rest = uri.slice(5);
  let host = '';
  let path = rest;
  if (rest.startsWith('//')) {
    const slash = rest.indexOf('/', 2);
    host = slash < 0 ? rest.slice(2) : rest.slice(2, slash);
    path = slash < 0 ? '/' : rest.slice(slash);
  }
  if (host.toLowerCase() === 'localhost') host = '';
  return { host: decodePercents(host), path: decodePercents(path) };
}

/**
 * The local path of a `file:` URI on this platform (`windows`: drive letters, UNC paths, backslashes),
 * or null when it names none: another scheme, a relative path, a host on POSIX, an encoded separator or NUL.
 */
export function pathOfFileUri(uri: string, windows = process.platform === 'win32'): string | null {
  const parts = fileUriParts(uri);
  if (!parts || parts.path.includes('\0')) return null;
  const { host, path } = parts;
  if (!windows) {
    // `%2F` decodes to a separator the path did not have: refused as Node refuses it.
    if (host !== '' || !path.startsWith('/') || /%2f/i.test(uri)) return null;
    return path;
  }
  if (/%(2f|5c)/i.test(uri)) return null;
  const local = path.replace(/\//g, '\\');
  if (host !== '') return `\\\\${host}${local}`;
  const drive = /^\\([a-zA-Z])[:|](\\|$)/.exec(local);
  if (!drive) return null;
  return `${drive[1].toUpperCase()}:\\${local.slice(drive[0].length)}`;
}

/** Decodes every run of `%XX` escapes that is valid UTF-8; any other `%` stays as it is. */
function decodePercents(text: string): string {
  return text.replace(/(?:%[0-9a-fA-F]{2})+/g, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      // A run that is not valid UTF-8 as a whole: each escape that is (ASCII) decoded on its own.
      return run.replace(/%([0-7][0-9a-fA-F])/g, (_escape, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    }
  });
}
