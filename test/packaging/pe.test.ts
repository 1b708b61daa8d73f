/** Removing the Authenticode signature of Node's Windows binary before the blob is injected (scripts/lib/pe.mjs). */
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { certificateTable, peChecksum, peLayout, stripAuthenticode } from '../../scripts/lib/pe.mjs';

type Platform = { target: string; node: { package: string; version: string; binary: string } };
const platforms = JSON.parse(readFileSync(new URL('../../scripts/platforms.json', import.meta.url), 'utf8')) as { platforms: Platform[] };
const win = platforms.platforms.find((p) => p.target === 'win32-x64')!.node;
// Where the five-platform build keeps the Node binaries it fetched (scripts/build-platforms.mjs, `nodeBinary`).
const cache = process.env.REDLINE_CACHE || join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'redline');
const NODE_EXE = join(cache, 'node', `${win.package}-${win.version}`, 'package', win.binary);

/** A minimal PE32+ file: headers, `body` bytes, then a WIN_CERTIFICATE of `certificate` bytes registered in data directory 4. */
function syntheticPe(body: number, certificate: number, trailing = 0): Buffer {
  const pe = 0x80;
  const optional = pe + 24;
  const headers = optional + 112 + 16 * 8;
  const offset = headers + body;
  const bytes = Buffer.alloc(offset + certificate + trailing, 0x5a);
  bytes.fill(0, 0, headers);
  bytes.write('MZ', 0, 'latin1');
  bytes.writeUInt32LE(pe, 0x3c);
  bytes.write('PE\0\0', pe, 'latin1');
  bytes.writeUInt16LE(112 + 16 * 8, pe + 20);
  bytes.writeUInt16LE(0x20b, optional);
  bytes.writeUInt32LE(16, optional + 108);
  bytes.writeUInt32LE(offset, optional + 112 + 4 * 8);
  bytes.writeUInt32LE(certificate, optional + 112 + 4 * 8 + 4);
  bytes.writeUInt32LE(certificate, offset);
  bytes.writeUInt16LE(0x0200, offset + 4);
  bytes.writeUInt16LE(0x0002, offset + 6);
  return bytes;
}

describe('stripAuthenticode', () => {
  it('a synthetic PE: the table entry cleared, its bytes cut off, the checksum computed again; the input untouched', () => {
    const signed = syntheticPe(1001, 64);
    const copy = Buffer.from(signed);
    const stripped = stripAuthenticode(signed);
    expect(signed.equals(copy)).toBe(true);
    expect(stripped.length).toBe(signed.length - 64);
    expect(certificateTable(stripped)).toBeNull();
    const { checksum } = peLayout(stripped);
    expect(stripped.readUInt32LE(checksum)).toBe(peChecksum(stripped));
    // Nothing else changed: the header but the directory entry and the checksum, and every byte of the body.
    const differing = [...stripped.keys()].filter((i) => stripped[i] !== signed[i]);
    expect(differing.every((i) => (i >= checksum && i < checksum + 4) || (i >= peLayout(signed).directories + 32 && i < peLayout(signed).directories + 40))).toBe(true);
    expect(stripAuthenticode(stripped)).toBe(stripped);
  });

  it('refuses a certificate table that is not at the end, and a file that is not PE', () => {
    expect(() => stripAuthenticode(syntheticPe(100, 64, 16))).toThrow(/not at the end/);
    expect(stripAuthenticode(syntheticPe(100, 64, 4)).length).toBe(syntheticPe(100, 64, 4).length - 68);
    expect(() => stripAuthenticode(Buffer.from('\x7fELF'.padEnd(256, '\0'), 'latin1'))).toThrow(/not a PE file/);
  });

  it.skipIf(!existsSync(NODE_EXE))(`Node's own Windows binary (${win.version}): signed, with the checksum Windows computes; unsigned after, the rest the same`, () => {
    const signed = readFileSync(NODE_EXE);
    const table = certificateTable(signed)!;
    expect(table).not.toBeNull();
    // WIN_CERTIFICATE: its own length, revision 2.0, PKCS #7 signed data; the table ends the file.
    expect(signed.readUInt32LE(table.offset)).toBeLessThanOrEqual(table.size);
    expect([signed.readUInt16LE(table.offset + 4), signed.readUInt16LE(table.offset + 6)]).toEqual([0x0200, 0x0002]);
    expect(table.offset + table.size).toBe(signed.length);
    // The checksum the signer's tools wrote, computed here the same way.
    const { checksum } = peLayout(signed);
    expect(peChecksum(signed)).toBe(signed.readUInt32LE(checksum));
    const stripped = stripAuthenticode(signed);
    expect(stripped.length).toBe(table.offset);
    expect(certificateTable(stripped)).toBeNull();
    expect(stripped.readUInt32LE(checksum)).toBe(peChecksum(stripped));
    expect(stripped.subarray(0x1000).equals(signed.subarray(0x1000, table.offset))).toBe(true);
  });
});
