/**
 * When `npm run build -- --all` builds a platform again: an input newer than the build, no build yet,
 * --force, and a macOS build left unsigned once rcodesign has become available (before, such a build
 * stayed "up to date" and `npm run test:platforms` failed on its missing signature). The Mach-O files
 * here are written by hand from the format's layout: a header, one LC_SEGMENT_64 and, when signed, an
 * LC_CODE_SIGNATURE.
 */
import { mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { executableFor, machoSigned, rebuildReason, staleTargets } from '../../scripts/build-platforms.mjs';
import { readMacho } from '../platforms/executables.js';

function macho(signed: boolean): Buffer {
  const segment = Buffer.alloc(72);
  segment.writeUInt32LE(0x19, 0); // LC_SEGMENT_64, no sections
  segment.writeUInt32LE(72, 4);
  segment.write('__TEXT', 8, 'latin1');
  const signature = Buffer.alloc(16);
  signature.writeUInt32LE(0x1d, 0); // LC_CODE_SIGNATURE: dataoff, datasize
  signature.writeUInt32LE(16, 4);
  signature.writeUInt32LE(4096, 8);
  signature.writeUInt32LE(512, 12);
  const commands = signed ? [segment, signature] : [segment];
  const header = Buffer.alloc(32);
  header.writeUInt32LE(0xfeedfacf, 0);
  header.writeInt32LE(0x0100000c, 4); // arm64
  header.writeUInt32LE(2, 12); // MH_EXECUTE
  header.writeUInt32LE(commands.length, 16);
  header.writeUInt32LE(commands.reduce((sum, c) => sum + c.length, 0), 20);
  return Buffer.concat([header, ...commands, Buffer.alloc(4096)]);
}

/** A build directory with one target built at `builtAt` (ms), its executable `bytes`. */
function built(target: string, bytes: Buffer, builtAt: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'redline-platforms-'));
  const file = join(dir, executableFor(target));
  writeFileSync(file, bytes);
  writeFileSync(`${file}.xz`, 'xz');
  utimesSync(`${file}.xz`, builtAt / 1000, builtAt / 1000);
  return file;
}

const INPUTS = Date.UTC(2026, 0, 1);
const LATER = INPUTS + 60_000;

describe('machoSigned', () => {
  it('finds LC_CODE_SIGNATURE among the load commands, as the platform suite reads them', async () => {
    for (const signed of [true, false]) {
      const file = built('darwin-arm64', macho(signed), LATER);
      expect(await machoSigned(file)).toBe(signed);
      expect(readMacho(macho(signed)).signature !== null).toBe(signed);
    }
  });

  it('refuses a file that is not a 64-bit Mach-O', async () => {
    await expect(machoSigned(built('darwin-x64', Buffer.alloc(64), LATER))).rejects.toThrow('not a 64-bit Mach-O');
  });
});

describe('which targets a build redoes', () => {
  const darwin = { target: 'darwin-arm64' };
  const linux = { target: 'linux-x64' };
  const stale = async (platform: { target: string }, bytes: Buffer, options: { signer: boolean; builtAt?: number; force?: boolean }) => {
    const file = built(platform.target, bytes, options.builtAt ?? LATER);
    const dir = join(file, '..');
    return (await staleTargets([platform], { dir, inputsChangedAt: INPUTS, force: options.force ?? false, signer: options.signer })).map((s) => s.reason);
  };

  it('an unsigned macOS build newer than every input: up to date without rcodesign, stale once it exists', async () => {
    expect(await stale(darwin, macho(false), { signer: false })).toEqual([]);
    expect(await stale(darwin, macho(false), { signer: true })).toEqual(['built unsigned, and rcodesign is available now']);
  });

  it('a signed macOS build, or a build for another system, stays up to date when rcodesign exists', async () => {
    expect(await stale(darwin, macho(true), { signer: true })).toEqual([]);
    expect(await stale(linux, Buffer.from('\x7fELF'), { signer: true })).toEqual([]);
  });

  it('a build older than an input, a missing build, and --force', async () => {
    expect(await stale(darwin, macho(true), { signer: true, builtAt: INPUTS - 1 })).toEqual(['an input changed']);
    expect(await stale(linux, Buffer.from('\x7fELF'), { signer: false, force: true })).toEqual(['--force']);
    const dir = mkdtempSync(join(tmpdir(), 'redline-platforms-'));
    expect((await staleTargets([darwin], { dir, inputsChangedAt: INPUTS, signer: true })).map((s) => s.reason)).toEqual(['not built yet']);
  });

  it('rebuildReason: the order of the reasons', () => {
    expect(rebuildReason({ force: true, builtAt: null, inputsChangedAt: 0, unsigned: true, signer: true })).toBe('--force');
    expect(rebuildReason({ force: false, builtAt: null, inputsChangedAt: 0, unsigned: false, signer: false })).toBe('not built yet');
    expect(rebuildReason({ force: false, builtAt: 5, inputsChangedAt: 5, unsigned: true, signer: true })).toBe('an input changed');
    expect(rebuildReason({ force: false, builtAt: 6, inputsChangedAt: 5, unsigned: true, signer: false })).toBeNull();
  });
});
