import { chmodSync, lstatSync, mkdirSync, mkdtempSync, realpathSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeText, projectFolderOf, readTarget, RefusedFile, writeIfUnchanged } from './targetFile.js';

const dir = () => mkdtempSync(join(tmpdir(), 'redline-target-'));

describe('decodeText', () => {
  it('decodes UTF-8, keeping CRLF and remembering a byte-order mark', () => {
    expect(decodeText(Buffer.from('a\r\nü\r\n'), 'f')).toEqual({ text: 'a\r\nü\r\n', bom: false });
    expect(decodeText(Buffer.from('\ufeffx\n'), 'f')).toEqual({ text: 'x\n', bom: true });
  });

  it('refuses a file that is not UTF-8, pointing at the first bad byte and its line', () => {
    const latin1 = Buffer.from('ok\ncaf\xe9 au lait\n', 'latin1');
    expect(() => decodeText(latin1, 'menu.txt')).toThrow(RefusedFile);
    expect(() => decodeText(latin1, 'menu.txt')).toThrow(/^menu\.txt is not valid UTF-8 \(byte 0xE9 on line 2\)/);
    expect(() => decodeText(Buffer.from([0x61, 0xc3, 0xa9, 0x80]), 'f')).toThrow(/byte 0x80 on line 1/);
    expect(() => decodeText(Buffer.from([0x0a, 0x0a, 0x61, 0xe2, 0x82]), 'f')).toThrow(/byte 0xE2 on line 3/);
    expect(() => decodeText(Buffer.from([0xed, 0xa0, 0x80]), 'f')).toThrow(/not valid UTF-8 \(byte 0xED/);
  });

  it('refuses a binary file', () => {
    expect(() => decodeText(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00]), 'logo.png')).toThrow(/^logo\.png looks like a binary file \(a NUL byte at offset 8\)/);
  });
});

describe('writeIfUnchanged', () => {
  it('replaces the file atomically, keeping its mode, its BOM and no temporary file', () => {
    const d = dir();
    const path = join(d, 'run.sh');
    writeFileSync(path, '\ufeffecho 1\r\n');
    chmodSync(path, 0o751);
    const read = readTarget(path, 'run.sh');
    const inode = statSync(path).ino;
    writeIfUnchanged(read, 'echo 2\r\n', 'run.sh');
    expect(readFileSync(path)).toEqual(Buffer.from('\ufeffecho 2\r\n'));
    expect(statSync(path).mode & 0o7777).toBe(0o751);
    expect(statSync(path).ino).not.toBe(inode);
    expect(readdirSync(d)).toEqual(['run.sh']);
  });

  it('writes through a symbolic link to the real file, leaving the link', () => {
    const d = dir();
    writeFileSync(join(d, 'real.py'), 'x = 1\n');
    symlinkSync('real.py', join(d, 'link.py'));
    writeIfUnchanged(readTarget(join(d, 'link.py'), 'link.py'), 'x = 2\n', 'link.py');
    expect(lstatSync(join(d, 'link.py')).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(d, 'real.py'), 'utf8')).toBe('x = 2\n');
  });

  it('refuses when the file changed since it was read, leaving the new content', () => {
    const d = dir();
    const path = join(d, 'a.ts');
    writeFileSync(path, 'old\n');
    const read = readTarget(path, 'a.ts');
    writeFileSync(path, 'someone else\n');
    expect(() => writeIfUnchanged(read, 'mine\n', 'a.ts')).toThrow(/^a\.ts changed on disk while the proposal was open; nothing was written/);
    expect(readFileSync(path, 'utf8')).toBe('someone else\n');
    expect(readdirSync(d)).toEqual(['a.ts']);
  });

  it('says so when the file is missing or a directory', () => {
    const d = dir();
    expect(() => readTarget(join(d, 'nope'), 'nope')).toThrow('nope does not exist.');
    expect(() => readTarget(d, 'd')).toThrow('d is a directory.');
  });
});

describe('projectFolderOf', () => {
  it('is the nearest directory above the file with a .git, else the file’s directory', () => {
    const root = realpathSync(mkdtempSync(join(tmpdir(), 'redline-project-')));
    mkdirSync(join(root, 'repo/.git'), { recursive: true });
    mkdirSync(join(root, 'repo/src/deep'), { recursive: true });
    mkdirSync(join(root, 'loose'));
    expect(projectFolderOf(join(root, 'repo/src/deep/a.ts'))).toBe(join(root, 'repo'));
    expect(projectFolderOf(join(root, 'loose/b.py'))).toBe(join(root, 'loose'));
  });
});
