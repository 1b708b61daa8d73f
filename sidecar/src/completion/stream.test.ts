import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CompletionStream, WHITESPACE_LIMIT, type StreamOptions } from './stream.js';

const base: StreamOptions = { multiline: true, lineBefore: '    ', lineAfter: '', suffix: '\n  }\n', maxLines: 40, stops: ['<EOT>'], chat: false };

function chunk(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

/** Streams `reply` in 1-char, 3-char and whole chunks; all three must agree. */
function streamed(reply: string, options: Partial<StreamOptions> = {}, end: 'end of reply' | 'timeout' = 'end of reply') {
  const results = [1, 3, Math.max(reply.length, 1)].map((size) => {
    const stream = new CompletionStream({ ...base, ...options });
    let stoppedEarly = false;
    for (const part of chunk(reply, size)) if (stream.push(part)) { stoppedEarly = true; break; }
    return { ...stream.finish(end), stoppedEarly };
  });
  expect(results[1]).toEqual(results[0]);
  expect(results[2]).toEqual(results[0]);
  return results[0];
}

describe('CompletionStream, multiline stop rules', () => {
  it('ends at a stop token, keeping the text before it, even when the token is split across chunks', () => {
    expect(streamed('a();\n    b();<EOT>junk\n    c();')).toEqual({ text: 'a();\n    b();', reason: 'stop token', stoppedEarly: true });
  });

  it('ends after 250 characters of nothing but whitespace', () => {
    const r = streamed('call(\n' + ' '.repeat(WHITESPACE_LIMIT) + 'x');
    expect(r).toEqual({ text: 'call(', reason: 'whitespace', stoppedEarly: true });
  });

  it('does not count whitespace broken by text', () => {
    const r = streamed('call(\n' + ' '.repeat(200) + 'x\n' + ' '.repeat(100) + ')');
    expect(r.reason).toBe('end of reply');
  });

  it('discards a reply opening with a blank line while code follows the cursor', () => {
    expect(streamed('\n    foo();\n', { lineBefore: '    x = ', lineAfter: ' + 1;' })).toEqual({ text: '', reason: 'misread hole', stoppedEarly: true });
  });

  it('ends at a blank line outside its own brackets', () => {
    expect(streamed('a();\n    b();\n\n    c();')).toEqual({ text: 'a();\n    b();', reason: 'blank line', stoppedEarly: true });
  });

  it('keeps a blank line inside a bracket it opened itself', () => {
    expect(streamed('call(\n    x,\n\n    y)\n\n    z')).toEqual({ text: 'call(\n    x,\n\n    y)', reason: 'blank line', stoppedEarly: true });
  });

  it('ends when it reproduces the first non-blank line of the suffix', () => {
    const r = streamed('a();\n    return x;\n  }', { suffix: '\n\n    return x;\n  }\n' });
    expect(r).toEqual({ text: 'a();', reason: 'caught up with suffix', stoppedEarly: true });
  });

  it('does not take its own closing bracket for the suffix line at another indentation', () => {
    const r = streamed('if (x) {\n      y();\n    }\n    return z;', { suffix: '\n  }\n' });
    expect(r).toEqual({ text: 'if (x) {\n      y();\n    }\n    return z;', reason: 'end of reply', stoppedEarly: false });
  });

  it('catches up with the suffix on the cursor line itself', () => {
    expect(streamed('}\n', { lineBefore: '  ', suffix: '\n  }\n' })).toEqual({ text: '', reason: 'caught up with suffix', stoppedEarly: true });
  });

  it('ends when it dedents out of the cursor block', () => {
    expect(streamed('a();\n    b();\n  c();\nd', { suffix: '' })).toEqual({ text: 'a();\n    b();', reason: 'dedent', stoppedEarly: true });
  });

  it('keeps a line at the opener line indentation after a block opener on the cursor line', () => {
    const r = streamed('\n  return 1;\n}\n', { lineBefore: 'function f() {', suffix: '' });
    expect(r).toEqual({ text: '\n  return 1;\n}', reason: 'end of reply', stoppedEarly: false });
  });

  it('ends when it closes a bracket opened before the cursor line', () => {
    expect(streamed('a();\n    b(); }\n', { suffix: '' })).toEqual({ text: 'a();', reason: 'outer bracket', stoppedEarly: true });
  });

  it('may close a bracket opened on the cursor line, but not one before it', () => {
    const r = streamed('\n  a,\n)\n}\n', { lineBefore: 'foo(', suffix: '' });
    expect(r).toEqual({ text: '\n  a,\n)', reason: 'outer bracket', stoppedEarly: true });
  });

  it('ignores brackets in strings and comments when counting', () => {
    const r = streamed('a("}");\n    b(); // }\n    c();', { suffix: '' });
    expect(r).toEqual({ text: 'a("}");\n    b(); // }\n    c();', reason: 'end of reply', stoppedEarly: false });
  });

  it('ends at maxLines', () => {
    expect(streamed('a\n    b\n    c\n    d\n', { maxLines: 3, suffix: '' })).toEqual({ text: 'a\n    b\n    c', reason: 'max lines', stoppedEarly: true });
  });
});

describe('CompletionStream, single line and endings', () => {
  it('ends at the first newline in single-line mode', () => {
    expect(streamed('foo();\nbar();', { multiline: false })).toEqual({ text: 'foo();', reason: 'end of line', stoppedEarly: true });
  });

  it('keeps the last line when the model finishes', () => {
    expect(streamed('foo()', { multiline: false })).toEqual({ text: 'foo()', reason: 'end of reply', stoppedEarly: false });
  });

  it('keeps only complete lines on timeout', () => {
    expect(streamed('a();\n    b(', {}, 'timeout')).toEqual({ text: 'a();', reason: 'timeout', stoppedEarly: false });
  });

  it('strips carriage returns', () => {
    expect(streamed('a();\r\n    b();\r\n', { suffix: '' }).text).toBe('a();\n    b();');
  });
});

describe('CompletionStream, chat-FIM replies', () => {
  const chat = { chat: true, stops: [] as string[] };

  it('drops the opening fence and ends at the closing fence', () => {
    const r = streamed('```ts\nfoo();\n    bar();\n```\nThis code calls foo.', { ...chat, suffix: '' });
    expect(r).toEqual({ text: 'foo();\n    bar();', reason: 'closing fence', stoppedEarly: true });
  });

  it('strips the repeated start of the cursor line', () => {
    const r = streamed('```ts\n  const res = await fetch(url);\n```', { ...chat, multiline: false, lineBefore: '  const res = aw' });
    expect(r).toEqual({ text: 'ait fetch(url);', reason: 'end of line', stoppedEarly: true });
  });

  it('discards a reply that ignored the word fragment', () => {
    const r = streamed('```ts\nfetch(url);\n```', { ...chat, multiline: false, lineBefore: '  const res = aw' });
    expect(r).toEqual({ text: '', reason: 'ignored fragment', stoppedEarly: true });
  });
});

describe('CompletionStream, chunking', () => {
  it('gives the same result however the reply is split', () => {
    const pieces = fc.constantFrom('a', ' ', '\n', '(', ')', '}', '"', '<EOT>', '    ', 'x();', '\n\n', '```');
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 40 }), fc.array(fc.nat(20), { maxLength: 10 }), fc.boolean(), (parts, cuts, chat) => {
        const reply = parts.join('');
        const whole = new CompletionStream({ ...base, chat });
        whole.push(reply);
        const split = new CompletionStream({ ...base, chat });
        let rest = reply;
        for (const cut of cuts) {
          split.push(rest.slice(0, cut));
          rest = rest.slice(cut);
        }
        split.push(rest);
        expect(split.finish('end of reply')).toEqual(whole.finish('end of reply'));
      }),
    );
  });
});
