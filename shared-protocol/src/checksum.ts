/**
 * The document-sync self-check: a checksum of a document's full text that a client may send with
 * `textDocument/didChange` so the sidecar can compare it with its mirror.
 *
 * FNV-1a, 32 bits, over the text's UTF-16 code units (the units LSP positions, IntelliJ documents,
 * JavaScript and Java strings already use, so no client has to encode the text first): start from
 * 2166136261; for each code unit u (0–65535, a surrogate pair is two units), h = (h XOR u) × 16777619
 * modulo 2^32. The result is the unsigned 32-bit integer h. For ASCII text it equals the usual
 * byte-wise FNV-1a ("a" → 0xe40c292c).
 *
 * It costs one pass over the text (about 10 ms per million code units on a slow core), so a client
 * sends it at most once per CHECKSUM_INTERVAL_MS and, for a large document, at most once per
 * millisecond per thousand code units (`checksumDue`).
 */
const OFFSET_BASIS = 0x811c9dc5;
const PRIME = 0x01000193;

export function textChecksum(text: string): number {
  let h = OFFSET_BASIS;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), PRIME);
  return h >>> 0;
}

/** The shortest gap between two checksums of one document. */
export const CHECKSUM_INTERVAL_MS = 1000;

/**
 * Whether a client should attach a checksum now, `sinceLastMs` after the last one, for a text of
 * `length` code units. An interval of 0 means every change (tests).
 */
export function checksumDue(sinceLastMs: number, length: number, intervalMs = CHECKSUM_INTERVAL_MS): boolean {
  return intervalMs <= 0 || sinceLastMs >= Math.max(intervalMs, length / 1000);
}
