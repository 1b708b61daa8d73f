import { describe, expect, it } from 'vitest';
import { parseCorpus } from './corpus.js';

const SAMPLE = `# a comment
=== first
class: newline
note: anything
--- file
const a = 1;
const b = 2;█
--- reply

const c = 3;

--- expect

const c = 3;


=== second
class: body
language: typescriptreact
model: qwen3-coder:30b
--- file
é █x
--- reply
 {
--- expect
{
`;

describe('parseCorpus', () => {
  it('reads cases: cursor position in UTF-16, reply line breaks, expected text', () => {
    const [first, second] = parseCorpus('dir/typescript.txt', SAMPLE);
    expect(first).toEqual({
      id: 'typescript/first',
      class: 'newline',
      languageId: 'typescript',
      model: 'qwen2.5-coder:7b',
      text: 'const a = 1;\nconst b = 2;\n',
      line: 1,
      character: 12,
      reply: '\nconst c = 3;\n',
      expected: '\nconst c = 3;',
    });
    expect(second).toMatchObject({ languageId: 'typescriptreact', model: 'qwen3-coder:30b', text: 'é x\n', line: 0, character: 2, reply: ' {', expected: '{' });
  });

  it('rejects a case without a cursor, with two, or with an unknown class or section', () => {
    const file = (text: string, klass = 'body') => `=== x\nclass: ${klass}\n--- file\n${text}\n--- reply\na\n--- expect\na\n`;
    expect(() => parseCorpus('t.txt', file('no cursor'))).toThrow(/exactly one/);
    expect(() => parseCorpus('t.txt', file('█ █'))).toThrow(/exactly one/);
    expect(() => parseCorpus('t.txt', file('█', 'other'))).toThrow(/unknown class/);
    expect(() => parseCorpus('t.txt', '=== x\nclass: body\n--- file\n█\n--- answer\n')).toThrow(/unknown section/);
  });
});
