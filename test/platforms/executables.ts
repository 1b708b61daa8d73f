/**
 * Reading the cross-built executables without running them: the Node SEA blob inside (as Node 20
 * lays it out: magic, flags, code path, main script, optional code cache, assets), the flipped fuse,
 * and for Mach-O the segment holding the blob and an ad-hoc code signature whose page hashes are
 * recomputed here. Written from the formats' definitions, independent of the build script.
 */
import { createHash } from 'node:crypto';

export const SEA_FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';
const SEA_MAGIC = 0x0143da20;
const FLAG_CODE_CACHE = 1 << 2;
const FLAG_ASSETS = 1 << 3;

export interface SeaBlob {
  offset: number;
  flags: number;
  codePath: string;
  main: Buffer;
  codeCache: boolean;
  assets: Map<string, Buffer>;
}

function parseBlobAt(bytes: Buffer, offset: number): SeaBlob | null {
  let at = offset + 4;
  const u64 = () => {
    if (at + 8 > bytes.length) throw new RangeError('past the end');
    const value = Number(bytes.readBigUInt64LE(at));
    at += 8;
    return value;
  };
  const view = () => {
    const length = u64();
    if (length > bytes.length - at) throw new RangeError('length past the end');
    const value = bytes.subarray(at, at + length);
    at += length;
    return value;
  };
  try {
    const flags = bytes.readUInt32LE(at);
    at += 4;
    if (flags >= 16) return null;
    const codePath = view().toString('utf8');
    if (codePath.length === 0 || codePath.length > 1024 || !/^[\x20-\x7e]+$/.test(codePath)) return null;
    const main = view();
    if (flags & FLAG_CODE_CACHE) view();
    const assets = new Map<string, Buffer>();
    if (flags & FLAG_ASSETS) {
      const count = u64();
      if (count > 1000) return null;
      for (let i = 0; i < count; i++) assets.set(view().toString('utf8'), view());
    }
    return { offset, flags, codePath, main, codeCache: (flags & FLAG_CODE_CACHE) !== 0, assets };
  } catch {
    return null;
  }
}

/** The SEA blob: the magic number also occurs in Node's code, so the first place that parses whole wins. */
export function findSeaBlob(bytes: Buffer, from = 0): SeaBlob | null {
  const magic = Buffer.alloc(4);
  magic.writeUInt32LE(SEA_MAGIC);
  for (let at = bytes.indexOf(magic, from); at >= 0; at = bytes.indexOf(magic, at + 1)) {
    const blob = parseBlobAt(bytes, at);
    if (blob && blob.main.length > 0) return blob;
  }
  return null;
}

export function fuseFlipped(bytes: Buffer): boolean {
  return bytes.includes(`${SEA_FUSE}:1`) && !bytes.includes(`${SEA_FUSE}:0`);
}

interface MachoSection {
  segment: string;
  section: string;
  offset: number;
  size: number;
}

export interface Macho {
  cpu: 'x64' | 'arm64' | 'other';
  sections: MachoSection[];
  signature: { offset: number; size: number } | null;
}

const cstring = (bytes: Buffer, at: number, length: number) => bytes.subarray(at, at + length).toString('latin1').replace(/\0.*$/s, '');

/** A thin 64-bit little-endian Mach-O: its sections and LC_CODE_SIGNATURE. */
export function readMacho(bytes: Buffer): Macho {
  if (bytes.readUInt32LE(0) !== 0xfeedfacf) throw new Error('not a 64-bit Mach-O');
  const cpuType = bytes.readInt32LE(4);
  const cpu = cpuType === 0x01000007 ? 'x64' : cpuType === 0x0100000c ? 'arm64' : 'other';
  const commands = bytes.readUInt32LE(16);
  const sections: MachoSection[] = [];
  let signature: Macho['signature'] = null;
  for (let i = 0, at = 32; i < commands; i++) {
    const [command, size] = [bytes.readUInt32LE(at), bytes.readUInt32LE(at + 4)];
    if (command === 0x19) {
      const count = bytes.readUInt32LE(at + 64);
      for (let s = 0; s < count; s++) {
        const base = at + 72 + s * 80;
        sections.push({
          section: cstring(bytes, base, 16),
          segment: cstring(bytes, base + 16, 16),
          size: Number(bytes.readBigUInt64LE(base + 40)),
          offset: bytes.readUInt32LE(base + 48),
        });
      }
    } else if (command === 0x1d) {
      signature = { offset: bytes.readUInt32LE(at + 8), size: bytes.readUInt32LE(at + 12) };
    }
    at += size;
  }
  return { cpu, sections, signature };
}

export interface SignatureCheck {
  adhoc: boolean;
  identifier: string;
  pages: number;
  /** Code pages whose SHA-256 differs from the CodeDirectory's. */
  badPages: number;
}

/**
 * Checks the CodeDirectory of an embedded signature (big-endian blobs): flags, and the hash of every
 * code page up to codeLimit. Special slots (requirements, entitlements) are not checked.
 */
export function checkCodeSignature(bytes: Buffer, signature: { offset: number; size: number }): SignatureCheck {
  const blob = bytes.subarray(signature.offset, signature.offset + signature.size);
  if (blob.readUInt32BE(0) !== 0xfade0cc0) throw new Error('no embedded signature SuperBlob');
  const count = blob.readUInt32BE(8);
  for (let i = 0; i < count; i++) {
    const [type, offset] = [blob.readUInt32BE(12 + i * 8), blob.readUInt32BE(16 + i * 8)];
    if (type !== 0 || blob.readUInt32BE(offset) !== 0xfade0c02) continue;
    const cd = blob.subarray(offset);
    const flags = cd.readUInt32BE(12);
    const hashOffset = cd.readUInt32BE(16);
    const identifier = cstring(cd, cd.readUInt32BE(20), 256);
    const codeSlots = cd.readUInt32BE(28);
    const codeLimit = cd.readUInt32BE(32);
    const [hashSize, hashType, pageShift] = [cd[36], cd[37], cd[39]];
    if (hashType !== 2 || hashSize !== 32) throw new Error(`hash type ${hashType} is not SHA-256`);
    const pageSize = 2 ** pageShift;
    let badPages = 0;
    for (let page = 0; page < codeSlots; page++) {
      const start = page * pageSize;
      const digest = createHash('sha256').update(bytes.subarray(start, Math.min(start + pageSize, codeLimit))).digest();
      if (!digest.equals(cd.subarray(hashOffset + page * 32, hashOffset + page * 32 + 32))) badPages++;
    }
    return { adhoc: (flags & 0x2) !== 0, identifier, pages: codeSlots, badPages: badPages + (codeSlots === Math.ceil(codeLimit / pageSize) ? 0 : 1) };
  }
  throw new Error('no CodeDirectory in the signature');
}
