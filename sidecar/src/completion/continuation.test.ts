import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extractContext } from './context.js';
import { getSuggestionContinuation, prefixAnchors, type ShownSuggestion } from './continuation.js';

const head = Array.from({ length: 20 }, (_, i) => `const value${i} = compute(${i});`).join('\n') + '\n';
const suggestion = 'if (ready) {\n  start();\n}';

/** The suggestion as shown at `offset` of `text`, and the place after typing `typed` of it there. */
function scenario(text: string, offset: number, typed: string, lines?: number) {
  const before = extractContext(text, offset, lines);
  const last: ShownSuggestion = { scope: 's', ...before, text: suggestion };
  const after = extractContext(text.slice(0, offset) + typed + text.slice(offset), offset + typed.length, lines);
  return { last, now: { scope: 's', ...after } };
}

describe('getSuggestionContinuation', () => {
  const text = head + '\nfunction run() {}\n';
  const offset = head.length;

  it('serves the untyped rest when the prefix ends with the start of the suggestion', () => {
    for (let n = 1; n < suggestion.length; n++) {
      const { last, now } = scenario(text, offset, suggestion.slice(0, n));
      expect(getSuggestionContinuation(last, now)).toBe(suggestion.slice(n));
    }
  });

  it('serves nothing when nothing, or all of it, was typed', () => {
    expect(getSuggestionContinuation(...pair(scenario(text, offset, '')))).toBeNull();
    expect(getSuggestionContinuation(...pair(scenario(text, offset, suggestion)))).toBeNull();
  });

  it('serves nothing when the typed text differs from the suggestion', () => {
    expect(getSuggestionContinuation(...pair(scenario(text, offset, 'if (x')))).toBeNull();
  });

  it('serves nothing in another scope', () => {
    const { last, now } = scenario(text, offset, 'if');
    expect(getSuggestionContinuation(last, { ...now, scope: 'other' })).toBeNull();
  });

  it('serves nothing at another place with the same nearby text', () => {
    const { last } = scenario(text, offset, '');
    const elsewhere = extractContext('// other file\n' + 'x'.repeat(40) + '\nif', 57);
    expect(getSuggestionContinuation(last, { scope: 's', ...elsewhere })).toBeNull();
  });

  it('serves nothing when the suffix changed', () => {
    const { last, now } = scenario(text, offset, 'if');
    expect(getSuggestionContinuation(last, { ...now, suffix: ')' + now.suffix })).toBeNull();
  });

  it('still matches after a typed newline pushed the first line out of the prefix window', () => {
    const short = Array.from({ length: 20 }, (_, i) => `f${i}();`).join('\n') + '\n';
    const { last, now } = scenario(short + '\n', short.length, 'if (ready) {\n  st', 20);
    expect(last.prefix.length).toBeLessThan(500);
    expect(now.prefixAtFileStart).toBe(false);
    expect(getSuggestionContinuation(last, now)).toBe('art();\n}');
  });

  it('at the very start of a file, is reused only while the place is still the start', () => {
    const atStart = scenario('\n', 0, 'if (re');
    expect(getSuggestionContinuation(atStart.last, atStart.now)).toBe('ady) {\n  start();\n}');
    const moved = extractContext('x\nif (re\n', 7);
    expect(getSuggestionContinuation(atStart.last, { scope: 's', ...moved })).toBeNull();
  });

  it('never serves text that differs from what typing the rest would produce', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), fc.nat(suggestion.length), (noise, n) => {
        const { last, now } = scenario(noise + text, noise.length + offset, suggestion.slice(0, n));
        const rest = getSuggestionContinuation(last, now);
        if (rest !== null) expect(now.prefix.slice(-n) + rest).toBe(suggestion);
      }),
    );
  });
});

describe('prefixAnchors', () => {
  it('starts with the last 500 characters and trims a line at a time down to 30', () => {
    const prefix = 'a'.repeat(600) + '\n' + 'b'.repeat(100) + '\n' + 'c'.repeat(29);
    const anchors = prefixAnchors(prefix);
    expect(anchors[0]).toBe(prefix.slice(-500));
    expect(anchors[1]).toBe('b'.repeat(100) + '\n' + 'c'.repeat(29));
    expect(anchors).toHaveLength(2);
  });
});

function pair(s: ReturnType<typeof scenario>) {
  return [s.last, s.now] as const;
}
