import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import fc from 'fast-check';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { isInside, MAX_FILE_BYTES, relativeInside, WorkspaceFiles, workspaceFoldersOf } from './workspace.js';

let root: string;
let project: string;
let outside: string;

beforeAll(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'redline-ws-')));
  project = join(root, 'project');
  outside = join(root, 'outside');
  mkdirSync(join(project, 'src'), { recursive: true });
  mkdirSync(outside);
  writeFileSync(join(project, 'src/a.ts'), '\ufeffexport const a = 1;\n');
  writeFileSync(join(outside, 'secret.ts'), 'export const secret = "do not read";\n');
  writeFileSync(join(project, 'src/big.ts'), 'x'.repeat(MAX_FILE_BYTES + 1));
  writeFileSync(join(project, 'src/binary.ts'), Buffer.from([0x61, 0x00, 0x62]));
  writeFileSync(join(project, 'src/latin1.ts'), Buffer.from([0x63, 0x61, 0x66, 0xe9]));
  symlinkSync(join(outside, 'secret.ts'), join(project, 'src/link.ts'));
  symlinkSync(outside, join(project, 'src/linkdir'));
  symlinkSync(join(project, 'src/a.ts'), join(project, 'src/inner-link.ts'));
});

describe('WorkspaceFiles', () => {
  it('reads a file inside a folder, without its byte-order mark', async () => {
    const files = new WorkspaceFiles([project]);
    const read = await files.read(join(project, 'src/a.ts'));
    expect(read?.text).toBe('export const a = 1;\n');
    expect(read?.stamp).toMatch(/^\d/);
  });

  it('never reads outside the folders: a ../ path, a symlink to a file or a directory outside, an absolute path elsewhere', async () => {
    const files = new WorkspaceFiles([project]);
    for (const path of [join(project, '../outside/secret.ts'), join(project, 'src/link.ts'), join(project, 'src/linkdir/secret.ts'), join(outside, 'secret.ts'), 'src/a.ts']) {
      expect(await files.read(path), path).toBeNull();
      expect(await files.isFile(path), path).toBe(false);
    }
    expect(await files.list(join(project, 'src/linkdir'))).toEqual([]);
    expect(await files.list(join(project, '..'))).toEqual([]);
  });

  it('follows a symlink that stays inside', async () => {
    const files = new WorkspaceFiles([project]);
    expect((await files.read(join(project, 'src/inner-link.ts')))?.text).toBe('export const a = 1;\n');
  });

  it('refuses files over the size cap, binary files and files that are not UTF-8', async () => {
    const files = new WorkspaceFiles([project]);
    for (const name of ['big.ts', 'binary.ts', 'latin1.ts']) expect(await files.read(join(project, 'src', name)), name).toBeNull();
  });

  it('reads nothing at all without folders', async () => {
    expect(await new WorkspaceFiles([]).read(join(project, 'src/a.ts'))).toBeNull();
  });

  it('lists a directory inside, sorted', async () => {
    const files = new WorkspaceFiles([project]);
    expect(await files.list(join(project, 'src'))).toEqual(['a.ts', 'big.ts', 'binary.ts', 'inner-link.ts', 'latin1.ts', 'link.ts', 'linkdir']);
  });

  it('shows paths relative to their folder', () => {
    const files = new WorkspaceFiles([project]);
    expect(files.displayPath(join(project, 'src/a.ts'))).toBe('src/a.ts');
    expect(files.displayPath('/elsewhere/b.ts')).toBe('/elsewhere/b.ts');
  });
});

describe('workspaceFoldersOf', () => {
  it('takes workspaceFolders, else rootUri, and only file: URIs', () => {
    const uri = pathToFileURL(project).href;
    expect(workspaceFoldersOf({ workspaceFolders: [{ uri, name: 'p' }, { uri: 'untitled:x', name: 'u' }], rootUri: 'file:///ignored' })).toEqual([project]);
    expect(workspaceFoldersOf({ workspaceFolders: null, rootUri: uri })).toEqual([project]);
    expect(workspaceFoldersOf({})).toEqual([]);
  });
});

describe('isInside', () => {
  it('is true for the folder and below, false for siblings that share a prefix', () => {
    expect(isInside('/a/b', '/a/b')).toBe(true);
    expect(isInside('/a/b', '/a/b/c')).toBe(true);
    expect(isInside('/a/b', '/a/bc')).toBe(false);
    expect(isInside('/a/b', '/a')).toBe(false);
    expect(isInside('/a/b', '/a/b/..c')).toBe(true);
  });
});

describe('relativeInside', () => {
  // The oracle: what resolve and relative say, as the sidecar computed it before the plain path's shortcut.
  const slow = (folder: string, path: string) => {
    const absolute = resolve(path);
    const rel = relative(folder, absolute);
    return rel === '' || (!isAbsolute(rel) && rel.split(sep)[0] !== '..') ? rel.split(sep).join('/') : null;
  };
  const segment = fc.constantFrom('a', 'b', 'ws', 'ws2', '.', '..', '', '.git', 'x.ts', '..a', 'b..');
  const pathOf = (parts: string[], absolute: boolean) => (absolute ? sep : '') + parts.join(sep);

  it('agrees with resolve and relative on any path, plain or not, inside or out', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', 'ws', 'b'), { maxLength: 3 }), fc.array(segment, { maxLength: 6 }), fc.boolean(), (folderParts, parts, absolute) => {
        const folder = resolve(sep, ...folderParts);
        for (const path of [pathOf(parts, absolute), pathOf([...folderParts, ...parts], true)]) expect(relativeInside(folder, path)).toBe(slow(folder, path));
      }),
      { numRuns: 2000 },
    );
  });

  it('cuts a plain path at its folder, and knows a sibling folder that shares the prefix is outside', () => {
    expect(relativeInside(join(sep, 'ws'), join(sep, 'ws', 'src', 'a.ts'))).toBe('src/a.ts');
    expect(relativeInside(join(sep, 'ws'), join(sep, 'ws2', 'a.ts'))).toBeNull();
    expect(relativeInside(join(sep, 'ws'), join(sep, 'ws'))).toBe('');
    expect(relativeInside(sep, join(sep, 'a.ts'))).toBe('a.ts');
  });
});
