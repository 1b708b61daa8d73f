/**
 * The Authenticode signature of a PE file (a Windows executable). Node's Windows binary is signed;
 * injecting the SEA blob changes the file the signature covers, so it would ship a signature that no
 * longer matches ("The signature seems corrupted!" from postject). The build removes it first and
 * ships an unsigned executable: the certificate table's data-directory entry is cleared and its bytes,
 * the file's last, cut off, and the header checksum computed again.
 */

const CERTIFICATE_TABLE = 4;

/** Where a PE file's header fields are; throws when `bytes` is not a PE file. */
export function peLayout(bytes) {
  if (bytes.length < 0x40 || bytes.toString('latin1', 0, 2) !== 'MZ') throw new Error('not a PE file: no MZ header');
  const pe = bytes.readUInt32LE(0x3c);
  if (pe + 24 > bytes.length || bytes.toString('latin1', pe, pe + 4) !== 'PE\0\0') throw new Error('not a PE file: no PE signature');
  const optional = pe + 24;
  const magic = bytes.readUInt16LE(optional);
  if (magic !== 0x10b && magic !== 0x20b) throw new Error(`not a PE file: optional header magic 0x${magic.toString(16)}`);
  const plus = magic === 0x20b;
  const directoryCount = bytes.readUInt32LE(optional + (plus ? 108 : 92));
  const directories = optional + (plus ? 112 : 96);
  return { checksum: optional + 64, directories, directoryCount };
}

/** The certificate table (file offset and size), or null when the file is unsigned. */
export function certificateTable(bytes) {
  const { directories, directoryCount } = peLayout(bytes);
  if (directoryCount <= CERTIFICATE_TABLE) return null;
  const at = directories + CERTIFICATE_TABLE * 8;
  const offset = bytes.readUInt32LE(at);
  const size = bytes.readUInt32LE(at + 4);
  return offset === 0 && size === 0 ? null : { offset, size };
}

/**
 * The file without its Authenticode signature: a new buffer (the input is left as it is), or the same
 * bytes when there is none. Refuses a certificate table that is not at the end of the file, where
 * every signing tool puts it (cutting it out from the middle would move the sections after it).
 */
export function stripAuthenticode(bytes) {
  const table = certificateTable(bytes);
  if (!table) return bytes;
  const end = table.offset + table.size;
  // The table is padded to 8 bytes; nothing may follow it.
  if (table.offset > bytes.length || end > bytes.length || bytes.length - end >= 8) {
    throw new Error(`the certificate table (${table.size} bytes at ${table.offset}) is not at the end of the ${bytes.length}-byte file`);
  }
  const out = Buffer.from(bytes.subarray(0, table.offset));
  const { directories, checksum } = peLayout(out);
  out.writeUInt32LE(0, directories + CERTIFICATE_TABLE * 8);
  out.writeUInt32LE(0, directories + CERTIFICATE_TABLE * 8 + 4);
  out.writeUInt32LE(peChecksum(out), checksum);
  return out;
}

/** The PE header checksum (what Windows' CheckSumMappedFile computes): 16-bit one's-complement-style sum, its own field skipped, plus the length. */
export function peChecksum(bytes) {
  const { checksum } = peLayout(bytes);
  let sum = 0;
  const words = Math.floor(bytes.length / 2);
  for (let i = 0; i < words; i++) {
    const at = i * 2;
    if (at === checksum || at === checksum + 2) continue;
    sum += bytes.readUInt16LE(at);
    sum = (sum & 0xffff) + (sum >>> 16);
  }
  if (bytes.length % 2 === 1) {
    sum += bytes[bytes.length - 1];
    sum = (sum & 0xffff) + (sum >>> 16);
  }
  sum = (sum & 0xffff) + (sum >>> 16);
  return (sum + bytes.length) >>> 0;
}
