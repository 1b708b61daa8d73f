import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { commonIndent, extractEditedCode, finalizeProposal, matchIndentation, streamingProposal } from './extract.js';

const prefixes = (s: string) => Array.from({ length: s.length + 1 }, (_, i) => s.slice(0, i));
const code = 'const a = 1;\nconst b = 2;\n';

describe('extractEditedCode', () => {
  it.each([
    ['a bare reply, verbatim', code, code],
    ['a fenced reply', '```\n' + code + '```', code],
    ['a fenced reply with a language tag', '```typescript\n' + code + '```\n', code],
    ['chatter before and after the fence', 'Sure! Here is the code:\n\n```ts\n' + code + '```\n\nI renamed it.', code],
    ['a think block', '<think>\nmaybe ```x```\n</think>\n\n' + code, code],
    ['a think block before a fence', '<think>plan</think>\n```ts\n' + code + '```', code],
    ['an unclosed think block', code + '<think>still reasoning about `a`', code],
    ['a reply that is only the start of <think>', '<thi', ''],
    ['an unclosed fence', 'Here:\n```ts\nconst a = 1;\nconst', 'const a = 1;\nconst'],
    ['an opening fence line still arriving', 'Here:\n```typ', ''],
    ['a closing fence still arriving', '```\n' + code + '``', code],
    ['a fence still arriving after bare code', 'x\n``', 'x\n'],
    ['indented fences', '  ```ts\n  x\n  ```', '  x\n'],
    ['a CRLF reply: lines without their CR', 'Here:\r\n```ts\r\nconst a = 1;\r\nconst b = 2;\r\n```\r\n', code],
    ['a lone CR: a line break, as in the document', 'const a = 1;\rconst b = 2;\r', code],
  ])('%s', (_, reply, expected) => {
    expect(extractEditedCode(reply)).toBe(expected);
  });

  it('keeps code that merely contains backticks', () => {
    expect(extractEditedCode('const s = `a`;\n``\n')).toBe('const s = `a`;\n``\n');
    expect(extractEditedCode('```js\nconst s = `a`;\n```')).toBe('const s = `a`;\n');
  });

  it('never leaks reasoning or backticks while a reply arrives one character at a time', () => {
    const chatter = 'Here you go:\n';
    const replies = [
      '<think>\nLet me think about `x` and ```fences```.\n</think>\n\n' + chatter + '```typescript\n' + code + '```\nDone.',
      '```\n' + code + '```',
      '<think>short</think>' + code,
    ];
    for (const reply of replies) {
      for (const prefix of prefixes(reply)) {
        const shown = extractEditedCode(prefix);
        // Chatter shows until its fence arrives (a reply without a fence is taken verbatim); nothing else may.
        expect(code.startsWith(shown) || chatter.startsWith(shown)).toBe(true);
      }
      expect(extractEditedCode(reply)).toBe(code);
    }
  });

  it('grows monotonically over a fenced reply (property)', () => {
    const codeLine = fc.stringMatching(/^[a-z =;(){}.\t ]{0,20}$/);
    fc.assert(
      fc.property(fc.array(codeLine, { minLength: 1, maxLength: 6 }), fc.constantFrom('', 'ts', 'python'), (lines, tag) => {
        const body = lines.map((l) => `${l}\n`).join('');
        const reply = '```' + tag + '\n' + body + '```\nThat is all.';
        let previous = '';
        for (const prefix of prefixes(reply)) {
          const shown = extractEditedCode(prefix);
          expect(body.startsWith(shown)).toBe(true);
          expect(shown.startsWith(previous)).toBe(true);
          previous = shown;
        }
        expect(previous).toBe(body);
      }),
    );
  });
});

describe('matchIndentation', () => {
  it('computes the shared leading whitespace of non-blank lines', () => {
    expect(commonIndent('    a\n\n  \n      b')).toBe('    ');
    expect(commonIndent('\ta\n\t\tb')).toBe('\t');
    expect(commonIndent('\n  \n')).toBe('');
  });

  it('re-indents a flush-left reply to the original nesting, leaving blank lines alone', () => {
    expect(matchIndentation('    if (x) {\n      y();\n    }\n', 'if (x) {\n  z();\n\n}\n')).toBe('    if (x) {\n      z();\n\n    }\n');
  });

  it('removes a level the model added', () => {
    expect(matchIndentation('a\nb', '\t\ta\n\t\tb')).toBe('a\nb');
  });

  it('leaves a reply with the same indentation, or for an empty original, untouched', () => {
    expect(matchIndentation('  a', '  b\n    c')).toBe('  b\n    c');
    expect(matchIndentation('\n', '    method() {}\n')).toBe('    method() {}\n');
  });
});

describe('finalizeProposal', () => {
  it('restores the trailing newline exactly as in the original', () => {
    expect(finalizeProposal('a\n', 'b')).toEqual({ text: 'b\n', noChanges: false });
    expect(finalizeProposal('a', 'b\n\n')).toEqual({ text: 'b', noChanges: false });
    expect(finalizeProposal('a\n\n', '```\nb\n```')).toEqual({ text: 'b\n\n', noChanges: false });
  });

  it('reports a blank reply as no changes, keeping the original', () => {
    for (const reply of ['', '   \n', '<think>nothing to do</think>', '```ts\n```', 'Sure:\n```\n\n```']) {
      expect(finalizeProposal('  keep();\n', reply)).toEqual({ text: '  keep();\n', noChanges: true });
    }
  });

  it('reports a reply equal to the original as no changes', () => {
    expect(finalizeProposal('  keep();\n', '```js\nkeep();\n```')).toEqual({ text: '  keep();\n', noChanges: true });
  });

  it('combines every step', () => {
    const reply = '<think>\nrename\n</think>\nOK:\n```ts\nfunction g() {\n  return 1;\n}\n```\nDone.';
    expect(finalizeProposal('  function f() {\n    return 1;\n  }\n', reply).text).toBe('  function g() {\n    return 1;\n  }\n');
  });
});

describe('streamingProposal', () => {
  const original = '    if (x) {\n      y();\n    }\n';
  const reply = '<think>hm</think>\n```ts\nif (x) {\n  z();\n\n}\n```\nDone.';
  const final = finalizeProposal(original, reply).text;

  it('shows only a prefix of the final proposal at every chunk, so lines never jump', () => {
    for (const prefix of prefixes(reply)) expect(final.startsWith(streamingProposal(original, prefix))).toBe(true);
  });

  it('holds back an unfinished whitespace-only line until its code arrives', () => {
    expect(streamingProposal(original, 'if (x) {\n  ')).toBe('    if (x) {\n');
    expect(streamingProposal(original, 'if (x) {\n  z')).toBe('    if (x) {\n      z');
  });

  it('does not fix the trailing newline mid-stream', () => {
    expect(streamingProposal('a\n', 'b')).toBe('b');
  });
});

describe('fences as CommonMark has them', () => {
  it('closes a fence only with one at least as long, of the same character', () => {
    expect(extractEditedCode('````ts\n' + code + '````')).toBe(code);
    expect(extractEditedCode('````md\nSee:\n```sh\nnpm ci\n```\n````\nDone.')).toBe('See:\n```sh\nnpm ci\n```\n');
    expect(extractEditedCode('~~~\n' + code + '~~~~\n')).toBe(code);
    expect(extractEditedCode('~~~\nx\n```\ny\n~~~')).toBe('x\n```\ny\n');
  });

  it('never shows a longer closing fence while it arrives', () => {
    const reply = '````ts\n' + code + '````\n';
    for (const prefix of prefixes(reply)) expect(code.startsWith(extractEditedCode(prefix))).toBe(true);
  });

  const readme = '# Shop\n\nInstall:\n\n```sh\nnpm ci\n```\n\nRun it:\n\n```sh\nnpm start\n```\n';
  const rewritten = readme.replace('Install:', 'Install the dependencies:').replace('npm start', 'npm run start');

  it('keeps a Markdown document that has code blocks of its own whole', () => {
    expect(extractEditedCode(rewritten, readme)).toBe(rewritten);
  });

  it('unwraps a Markdown document from its wrapper: a markdown tag, a longer fence, or chatter before it', () => {
    expect(extractEditedCode('```markdown\n' + rewritten + '```\n', readme)).toBe(rewritten);
    expect(extractEditedCode('````\n' + rewritten + '````', readme)).toBe(rewritten);
    expect(extractEditedCode('Here is the README:\n\n```\n' + rewritten + '```\nAnything else?', readme)).toBe(rewritten);
  });

  it('takes a selected code block of a Markdown file as the code itself', () => {
    expect(extractEditedCode('```sh\nnpm ci --silent\n```\n', '```sh\nnpm ci\n```\n')).toBe('```sh\nnpm ci --silent\n```\n');
  });

  it('streams a Markdown document as a growing prefix of the final text', () => {
    const final = finalizeProposal(readme, rewritten).text;
    expect(final).toBe(rewritten);
    for (const prefix of prefixes(rewritten)) expect(final.startsWith(streamingProposal(readme, prefix))).toBe(true);
  });
});

describe('leading blank lines', () => {
  const original = '\n\n  function f() {\n    return 1;\n  }\n';

  it('restores the blank lines above the first code line that the reply dropped, or drops added ones', () => {
    expect(finalizeProposal(original, 'function f() {\n  return 2;\n}').text).toBe('\n\n  function f() {\n    return 2;\n  }\n');
    expect(finalizeProposal('  a();\n', '\n\n\na2();\n').text).toBe('  a2();\n');
  });

  it('leaves an all-blank original alone', () => {
    expect(finalizeProposal('\n', 'x();\n').text).toBe('x();\n');
  });

  it('streams a prefix of the final text at every chunk', () => {
    const reply = '```ts\nfunction f() {\n  return 2;\n}\n```';
    const final = finalizeProposal(original, reply).text;
    for (const prefix of prefixes(reply)) expect(final.startsWith(streamingProposal(original, prefix))).toBe(true);
  });
});
