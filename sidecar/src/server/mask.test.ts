import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MIN_FRAGMENT, maskSecrets, maskThenTruncate } from './mask.js';

const KEY = 'sk-live-4f9a2c7e1b8d6035';

/** Every fragment of `secret` of MIN_FRAGMENT characters that occurs in `text` (the independent oracle). */
const leaks = (text: string, secret: string) => {
  const found: string[] = [];
  for (let i = 0; i + MIN_FRAGMENT <= secret.length; i++) if (text.includes(secret.slice(i, i + MIN_FRAGMENT))) found.push(secret.slice(i, i + MIN_FRAGMENT));
  return found;
};

describe('maskSecrets', () => {
  it('masks the whole key, a prefix, a suffix and a middle part of six characters or more', () => {
    expect(maskSecrets(`key ${KEY} twice ${KEY}.`, [KEY])).toBe('key *** twice ***.');
    expect(maskSecrets(`cut: ${KEY.slice(0, 14)}`, [KEY])).toBe('cut: ***');
    expect(maskSecrets(`end …${KEY.slice(-6)}"`, [KEY])).toBe('end …***"');
    expect(maskSecrets(`mid ${KEY.slice(5, 16)} mid`, [KEY])).toBe('mid *** mid');
  });

  it('leaves fragments under six characters and unrelated text alone', () => {
    expect(maskSecrets(`short ${KEY.slice(0, 5)} and sk-other`, [KEY])).toBe(`short ${KEY.slice(0, 5)} and sk-other`);
    expect(maskSecrets('nothing here', [KEY, ''])).toBe('nothing here');
  });

  it('masks a short secret whole', () => {
    expect(maskSecrets('pw=abcd; abc', ['abcd'])).toBe('pw=***; abc');
  });

  it('leaves no fragment of six characters in any text', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string(), fc.integer({ min: 0, max: KEY.length }).chain((a) => fc.integer({ min: a, max: KEY.length }).map((b) => KEY.slice(a, b))))), (parts) => {
        expect(leaks(maskSecrets(parts.join(''), [KEY]), KEY)).toEqual([]);
      }),
    );
  });
});

describe('maskThenTruncate', () => {
  it('masks before it cuts: a key straddling the cut leaves nothing of six characters', () => {
    const text = `${'x'.repeat(290)}${KEY} and more`;
    const cut = maskThenTruncate(text, [KEY], 300);
    expect(cut).toBe(`${'x'.repeat(290)}*** and mo…`);
    expect(leaks(cut, KEY)).toEqual([]);
  });

  it('bounds the work on a huge text and still masks what is kept', () => {
    const huge = `${KEY.slice(3)} ${'y'.repeat(10_000_000)}`;
    expect(maskThenTruncate(huge, [KEY], 20)).toBe(`*** ${'y'.repeat(16)}…`);
  });
});
