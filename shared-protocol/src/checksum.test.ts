import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import vectors from '../checksum-vectors.json' with { type: 'json' };
import { checksumDue, textChecksum } from './checksum.js';

/** The specification, word for word, in BigInt arithmetic: an independent implementation. */
function reference(text: string): number {
  let h = 2166136261n;
  for (let i = 0; i < text.length; i++) h = ((h ^ BigInt(text.charCodeAt(i))) * 16777619n) % 2n ** 32n;
  return Number(h);
}

describe('textChecksum', () => {
  it('is byte-wise FNV-1a on ASCII (published vectors)', () => {
    expect(textChecksum('')).toBe(0x811c9dc5);
    expect(textChecksum('a')).toBe(0xe40c292c);
    expect(textChecksum('foobar')).toBe(0xbf9cf968);
  });

  it('folds in whole UTF-16 code units, a surrogate pair as two', () => {
    expect(textChecksum('😀')).toBe(reference('\ud83d\ude00'));
    expect(textChecksum('é\r\n')).toBe(reference('é\r\n'));
  });

  it('matches the shared test vectors every client is checked against', () => {
    for (const { text, checksum } of vectors.vectors) {
      expect(reference(text)).toBe(checksum);
      expect(textChecksum(text)).toBe(checksum);
    }
  });

  it('matches the specification on any text', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (text) => textChecksum(text) === reference(text)));
  });
});

describe('checksumDue', () => {
  it('waits the interval, and longer for a large document', () => {
    expect(checksumDue(999, 10)).toBe(false);
    expect(checksumDue(1000, 10)).toBe(true);
    expect(checksumDue(5000, 10_000_000)).toBe(false);
    expect(checksumDue(10_000, 10_000_000)).toBe(true);
    expect(checksumDue(0, 10, 0)).toBe(true);
  });
});
