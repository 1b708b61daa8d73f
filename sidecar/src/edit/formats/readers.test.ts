import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { lineDiff } from '../diff.js';
import { resolveFormat, WHOLE_FILE_MAX_LINES } from './format.js';
import { buildSearchReplacePrompt, SearchReplaceReader } from './searchReplace.js';
import { buildStructuredPrompt, EDIT_RESPONSE_SCHEMA, StructuredReader } from './structured.js';
import type { EditReader, ProposedEdit } from './format.js';
import { CLOSING_CONTEXT, reachedLines, WholeFileReader } from './wholeFile.js';

const prefixes = (s: string) => Array.from({ length: s.length + 1 }, (_, i) => s.slice(0, i));

/** Every edit a reader gives while the reply arrives a character at a time, then at the end. */
function readStreaming(reader: EditReader, reply: string): { streamed: ProposedEdit[]; all: ProposedEdit[]; firstAt: number[] } {
  const streamed: ProposedEdit[] = [];
  const firstAt: number[] = [];
  for (const prefix of prefixes(reply)) {
    for (const e of reader.read(prefix).edits) {
      streamed.push(e);
      firstAt.push(prefix.length);
    }
  }
  const end = reader.finish(reply);
  if ('error' in end) throw new Error(end.error);
  return { streamed, all: [...streamed, ...end.edits], firstAt };
}

describe('resolveFormat', () => {
  it('auto: replacement for the selection, whole file for a small file, SEARCH/REPLACE for a large one', () => {
    expect(resolveFormat('auto', 'selection', 5000)).toEqual({ format: 'replacement', scope: 'selection' });
    expect(resolveFormat('auto', 'file', WHOLE_FILE_MAX_LINES)).toEqual({ format: 'wholeFile', scope: 'file' });
    expect(resolveFormat('auto', 'file', WHOLE_FILE_MAX_LINES + 1)).toEqual({ format: 'searchReplace', scope: 'file' });
  });

  it('keeps an explicit format; replacement narrows the file scope to the selection', () => {
    expect(resolveFormat('structured', 'selection', 10)).toEqual({ format: 'structured', scope: 'selection' });
    expect(resolveFormat('replacement', 'file', 10)).toEqual({ format: 'replacement', scope: 'selection' });
  });
});

describe('SEARCH/REPLACE reader', () => {
  const reply = [
    'Sure, two changes:',
    '',
    '```typescript',
    'src/app.ts',
    '<<<<<<< SEARCH',
    'import a from "a";',
    '=======',
    'import a from "a";',
    'import b from "b";',
    '>>>>>>> REPLACE',
    '```',
    '**src/app.ts**',
    '<<<<<<< SEARCH',
    '  old();',
    '',
    '=======',
    '>>>>>>> REPLACE',
    'That is all.',
  ].join('\n');

  it('gives each block once, as soon as its REPLACE line is complete, with its path', () => {
    const { streamed, all, firstAt } = readStreaming(new SearchReplaceReader(), reply);
    expect(all).toEqual([
      { index: 0, path: 'src/app.ts', oldText: 'import a from "a";\n', newText: 'import a from "a";\nimport b from "b";\n', wholeLines: true },
      { index: 1, path: 'src/app.ts', oldText: '  old();\n\n', newText: '', wholeLines: true },
    ]);
    expect(streamed).toHaveLength(2);
    const endOfFirst = reply.indexOf('>>>>>>> REPLACE') + '>>>>>>> REPLACE\n'.length;
    expect(firstAt[0]).toBe(endOfFirst);
  });

  it('ignores reasoning, and reports a block the reply ended inside', () => {
    const reader = new SearchReplaceReader();
    const cut = '<think>\n<<<<<<< SEARCH\nnot this\n</think>\nf.ts\n<<<<<<< SEARCH\na\n=======\nb\n';
    expect(reader.read(cut).edits).toEqual([]);
    const end = reader.finish(cut);
    expect(end).toEqual({ edits: [], problems: [{ message: expect.stringMatching(/Block 1 has no >>>>>>> REPLACE line/) }] });
  });

  it('prompts with the whole file, the selection, the scope and the format', () => {
    const { messages, schema } = buildSearchReplacePrompt({ fileName: 'a.ts', languageId: 'typescript', lines: ['x', 'y', 'z'], start: 1, end: 2, instruction: 'do it', scope: 'file' });
    expect(schema).toBeUndefined();
    expect(messages[0].content).toMatch(/<<<<<<< SEARCH[\s\S]*=======[\s\S]*>>>>>>> REPLACE/);
    expect(messages[1].content).toMatch(/x\ny\nz[\s\S]*Selected code \(lines 2–2\):\n```typescript\ny\n```[\s\S]*may change any other part of this file[\s\S]*Instruction: do it$/);
  });
});

describe('SEARCH/REPLACE reader, chunk by chunk', () => {
  const PIECES = ['<<<<<<< SEARCH', '=======', '>>>>>>> REPLACE', 'src/a.ts', 'old line', 'new line', '', '```ts', '```', '<think>', '</think>', 'hmm', '  indented'];
  /** Everything a reader gives for a reply read in the chunks `cuts` makes, then at the end. */
  const readCut = (reply: string, cuts: number[]) => {
    const reader = new SearchReplaceReader();
    const out: unknown[] = [];
    for (const at of [...new Set(cuts.map((c) => Math.floor(c * reply.length)))].sort((a, b) => a - b)) out.push(reader.read(reply.slice(0, at)));
    out.push(reader.finish(reply));
    return { edits: out.flatMap((r) => ('edits' in (r as object) ? (r as { edits: unknown[] }).edits : [])), problems: out.flatMap((r) => ('problems' in (r as object) ? (r as { problems: unknown[] }).problems : [])) };
  };

  it('gives the same edits and problems however the reply is cut into chunks', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PIECES), { maxLength: 30 }), fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 30 }), (pieces, cuts) => {
        const reply = pieces.join('\n') + '\n';
        // The oracle: the whole reply in one read.
        expect(readCut(reply, cuts)).toEqual(readCut(reply, []));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('structured reader', () => {
  const reply = JSON.stringify({
    files: [
      {
        path: 'src/app.ts',
        edits: [
          { oldText: 'a', newText: 'b' },
          { oldText: 'c\n', newText: 'd\n', startLine: 4, endLine: 4 },
        ],
      },
    ],
  });

  it('gives each edit once its object closes, while the JSON streams', () => {
    const { streamed, all, firstAt } = readStreaming(new StructuredReader(), reply);
    expect(all).toEqual([
      { index: 0, path: 'src/app.ts', oldText: 'a', newText: 'b', wholeLines: false },
      { index: 1, path: 'src/app.ts', oldText: 'c\n', newText: 'd\n', wholeLines: false, lineRange: { start: 4, end: 4 } },
    ]);
    expect(streamed).toHaveLength(2);
    expect(firstAt[0]).toBe(reply.indexOf('}') + 1);
  });

  it('waits for a path that comes after the edits', () => {
    const late = '{"files":[{"edits":[{"oldText":"a","newText":"b"}],"path":"x.ts"}]}';
    const { all, firstAt } = readStreaming(new StructuredReader(), late);
    expect(all).toEqual([{ index: 0, path: 'x.ts', oldText: 'a', newText: 'b', wholeLines: false }]);
    expect(firstAt[0]).toBeGreaterThan(late.indexOf('"path"'));
  });

  it('skips chatter or a fence a server that does not enforce the schema let through', () => {
    const { all } = readStreaming(new StructuredReader(), 'Here:\n```json\n' + reply + '\n```');
    expect(all).toHaveLength(2);
  });

  it.each([
    ['an unknown field', '{"files":[{"path":"a","edits":[{"oldText":"a","newText":"b","why":"x"}]}]}', /additional properties \(why\)/],
    ['a missing newText', '{"files":[{"path":"a","edits":[{"oldText":"a"}]}]}', /must have required property 'newText'/],
    ['an empty oldText', '{"files":[{"path":"a","edits":[{"oldText":"","newText":"b"}]}]}', /must NOT have fewer than 1 characters/],
    ['no files', '{"edits":[]}', /must have required property 'files'/],
    ['not JSON', '{"files": [', /not JSON/],
  ])('refuses a reply with %s as a whole, never showing the bad edit', (_, text, message) => {
    const reader = new StructuredReader();
    const streamed = prefixes(text).flatMap((p) => reader.read(p).edits);
    const end = reader.finish(text);
    expect(end).toEqual({ error: expect.stringMatching(message) });
    expect(streamed.filter((e) => e.oldText === '' || e.path === null)).toEqual([]);
  });

  it('asks for the edit schema: files → edits → oldText/newText, no unknown fields', () => {
    const request = buildStructuredPrompt({ fileName: 'a.ts', languageId: 'typescript', lines: ['x'], start: 0, end: 1, instruction: 'i', scope: 'selection' });
    expect(request.schema).toBe(EDIT_RESPONSE_SCHEMA);
    const schema = EDIT_RESPONSE_SCHEMA.schema as { additionalProperties: boolean; required: string[] };
    expect(schema.additionalProperties).toBe(false);
    expect(schema.required).toEqual(['files']);
    expect(request.messages[1].content).toMatch(/Change only the selected code \(line 1\)/);
  });
});

describe('whole-file reader', () => {
  const seen = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
  const code = seen.join('\n') + '\n';

  it('gives a hunk once the reply has written CLOSING_CONTEXT unchanged lines past it', () => {
    const reader = new WholeFileReader(code, seen);
    const reply = ['a', 'B', 'c', 'd', 'e', 'f', 'G', 'h', ''].join('\n');
    const seenAt: Array<[number, string[]]> = [];
    for (const prefix of prefixes(reply)) for (const h of reader.read(prefix)) seenAt.push([prefix.length, h.lines]);
    expect(seenAt).toEqual([[reply.indexOf('e\n') + 2, ['B']]]);
    expect(CLOSING_CONTEXT).toBe(3);
    // The rest, against the original with the first hunk applied.
    const base = ['a', 'B', 'c', 'd', 'e', 'f', 'g', 'h'];
    expect(reader.rest(base, reader.final(reply))).toEqual([expect.objectContaining({ start: 6, end: 7, lines: ['G'], old: ['g'] })]);
  });

  it('reads the final file out of fences, keeping its indentation', () => {
    const reader = new WholeFileReader('  x\n', ['  x']);
    expect(reader.final('```\n    y\n```')).toEqual(['    y']);
  });
});

describe('reachedLines', () => {
  /** Lines changed by a shortest edit script from a to b (the line diff outside early mode is one). */
  const changed = (a: string[], b: string[]) => lineDiff(a, b).reduce((n, h) => n + h.aEnd - h.aStart + h.bEnd - h.bStart, 0);

  it('is the original prefix a partial rewrite comes from with the fewest changed lines, the longest on a tie', () => {
    const text = fc.array(fc.constantFrom('a', 'b', 'c', ''), { maxLength: 12 });
    fc.assert(
      fc.property(text, text, (a, b) => {
        const costs = Array.from({ length: a.length + 1 }, (_, k) => changed(a.slice(0, k), b));
        expect(reachedLines(a, b)).toBe(costs.lastIndexOf(Math.min(...costs)));
      }),
      { numRuns: 500 },
    );
  });

  it('does not reach past original lines the reply has not written yet', () => {
    // The reply has as many lines in common with the first six original lines as with all nine
    // (four), so it has reached six: the last three are not written yet rather than deleted.
    const original = ['a', 'a', 'a', 'b', 'd', '', 'b', 'd', 'a'];
    expect(reachedLines(original, ['x', 'a', '', 'b', 'd', ''])).toBe(6);
  });
});
