import { describe, expect, it } from 'vitest';
import { syntaxErrorRows } from './syntaxErrors.js';

describe('syntaxErrorRows', () => {
  it('finds none in valid code, and the row of an error or a missing token', async () => {
    expect(await syntaxErrorRows('typescript', 'const a = 1;\nfunction f() {\n  return a;\n}\n')).toEqual([]);
    const broken = await syntaxErrorRows('typescript', 'const a = 1;\nfunction f() {\n  return a +;\n}\n');
    expect(broken?.length).toBeGreaterThan(0);
    expect(broken?.[0]).toBe(2);
    expect(await syntaxErrorRows('python', 'def f(:\n    pass\n')).not.toEqual([]);
  });

  it('says nothing for a language without a grammar', async () => {
    expect(await syntaxErrorRows('plaintext', 'anything {')).toBeNull();
  });
});
