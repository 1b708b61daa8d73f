import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { streamingProposal, type ReadOptions } from './extract.js';
import { StreamingReply } from './streamingReply.js';

/** Pieces replies are made of: code at several indentations, blank lines, fences, reasoning, chatter, CRs. */
const PIECES = [
  'int a = 1;', '  b();', '    c(d);', '\tx++;', '}', '', '   ', '\u00a0', 'Here is the code:', '```', '```java', '````', '```md',
  '~~~', '`x`', '``', '<think>', '</think>', 'hmm', '  ```', '# Title', '\r', 'return c;',
];

const replyArb = fc
  .array(fc.tuple(fc.constantFrom(...PIECES), fc.constantFrom('\n', '\n', '\n', '', ' ', '\r\n')), { maxLength: 24 })
  .map((parts) => parts.map(([piece, end]) => piece + end).join(''));

const ORIGINALS = ['    int a = 1;\n    return a;\n', '', '\n\n  x();\n', 'text\n```js\ncode\n```\n', '\tif (a) {\n\t\tb();\n\t}\n', '   \n'];

/** Cuts `text` at the given fractions: the chunks a stream would deliver. */
function chunks(text: string, cuts: number[]): string[] {
  const at = [...new Set(cuts.map((c) => Math.floor(c * text.length)))].sort((a, b) => a - b);
  const out: string[] = [];
  let from = 0;
  for (const cut of [...at, text.length]) {
    if (cut <= from) continue;
    out.push(text.slice(from, cut));
    from = cut;
  }
  return out;
}

function followsWholeReading(original: string, reply: string, cuts: number[], opts: ReadOptions): void {
  const reader = new StreamingReply(original, opts);
  let shown = '';
  let sofar = '';
  for (const chunk of chunks(reply, cuts)) {
    sofar += chunk;
    const change = reader.push(chunk);
    shown = change.kind === 'append' ? shown + change.text : change.text;
    expect(shown, JSON.stringify({ original, sofar })).toBe(streamingProposal(original, sofar, opts));
  }
}

describe('StreamingReply', () => {
  it('gives the whole-reply reading after every chunk, on random replies and chunkings', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ORIGINALS), replyArb, fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 40 }), fc.boolean(), (original, reply, cuts, reindent) =>
        followsWholeReading(original, reply, cuts, { reindent }),
      ),
      { numRuns: 3000 },
    );
  });

  it('appends, rather than resets, while a fenced reply streams line by line', () => {
    const reader = new StreamingReply('    a();\n    b();\n');
    const reply = 'Sure:\n```java\n' + Array.from({ length: 50 }, (_, i) => `a${i}();\n`).join('') + '```\n';
    const kinds = [...reply].map((c) => reader.push(c).kind);
    // Resets: the chatter line shown then dropped when the fence wraps; nothing after the fence.
    expect(kinds.lastIndexOf('reset')).toBeLessThan('Sure:\n```java\n'.length + 1);
  });
});
