import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bracketContext, lexiconFor } from './brackets.js';
import { decideMultiline } from './multiline.js';
import { CompletionStream, WHITESPACE_LIMIT, type StreamOptions } from './stream.js';

const base: StreamOptions = {
  multiline: true,
  languageId: 'typescript',
  lineBefore: '    ',
  lineAfter: '',
  prefix: '',
  suffix: '\n  }\n',
  brackets: { inherited: 0, lacking: 0 },
  maxLines: 40,
  stops: ['<EOT>'],
  chat: false,
};

function chunk(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

/** Streams `reply` in 1-char, 3-char and whole chunks; all three must agree. */
function streamed(reply: string, options: Partial<StreamOptions> = {}, end: 'end of reply' | 'timeout' = 'end of reply') {
  // Unless a test says otherwise, the file lacks no closer and the cursor line's brackets are its own.
  const lineBefore = options.lineBefore ?? base.lineBefore;
  const brackets = options.brackets ?? { inherited: bracketContext(lineBefore, lineBefore.length, lexiconFor('typescript')).inherited, lacking: 0 };
  const results = [1, 3, Math.max(reply.length, 1)].map((size) => {
    const stream = new CompletionStream({ ...base, ...options, brackets });
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

/** The hole at `█` in `doc`, as the sidecar builds it from the document. */
function holeIn(doc: string, languageId = 'typescript'): Partial<StreamOptions> {
  const offset = doc.indexOf('█');
  const text = doc.slice(0, offset) + doc.slice(offset + 1);
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const lineEnd = text.indexOf('\n', offset);
  return {
    languageId,
    lineBefore: text.slice(lineStart, offset),
    lineAfter: text.slice(offset, lineEnd < 0 ? text.length : lineEnd),
    prefix: text.slice(0, offset),
    suffix: text.slice(offset),
    brackets: bracketContext(text, offset, lexiconFor(languageId)),
  };
}

describe('CompletionStream, refined rules', () => {
  it('drops leading whitespace when the cursor already follows whitespace', () => {
    expect(streamed(' this;', { ...holeIn('  return █\n'), multiline: false }).text).toBe('this;');
    expect(streamed('    return 1;\n    x();', holeIn('def f():\n    █\n', 'python')).text).toBe('return 1;\n    x();');
    expect(streamed(' a', { ...holeIn('f(█\n'), multiline: false }).text).toBe(' a');
  });

  it('one line: a reply that starts with a line break gives the next line', () => {
    const eof = { ...holeIn('function f() {\n  return 1;█'), multiline: false };
    expect(streamed('\n}\nmore', eof)).toEqual({ text: '\n}', reason: 'end of line', stoppedEarly: true });
    expect(streamed('\nversion: 2\nname: x', { ...holeIn('name: x█\n', 'yaml'), multiline: false }).text).toBe('\nversion: 2');
  });

  it('one line: nothing when that next line is blank, already there, a copy of the cursor line or a closer the suffix has', () => {
    const closed = { ...holeIn('function f() {\n  return 1;█\n}\n'), multiline: false };
    expect(streamed('\n\nfunction g() {}', closed)).toEqual({ text: '', reason: 'blank line', stoppedEarly: true });
    expect(streamed('\n}\n', closed)).toEqual({ text: '', reason: 'caught up with suffix', stoppedEarly: true });
    expect(streamed('\n  }\n', closed)).toEqual({ text: '', reason: 'outer bracket', stoppedEarly: true });
    expect(streamed("\nimport a from 'a';", { ...holeIn("import a from 'a';█\n"), multiline: false }).reason).toBe('repeated line');
  });

  it('one line: the rest of the line repeated at the end is trimmed; the completion’s own closer stays', () => {
    expect(streamed("'x', y);", { ...holeIn('console.error(█);\n'), multiline: false }).text).toBe("'x', y");
    expect(streamed('items.join(", ")', { ...holeIn('console.log(█);\n'), multiline: false }).text).toBe('items.join(", ")');
  });

  it('one line: a line that reproduces the next line is discarded', () => {
    const r = streamed("{ b } from './b';", { ...holeIn("import █\nimport { b } from './b';\n"), multiline: false });
    expect(r).toEqual({ text: '', reason: 'caught up with suffix', stoppedEarly: false });
  });

  it('keeps a closer at lower indentation that the file lacks, and ends once the file lacks no more', () => {
    const r = streamed('return x;\n  }\n\n  next() {}', holeIn('class A {\n  m() {\n    █\n}\n'));
    expect(r).toEqual({ text: 'return x;\n  }', reason: 'block closed', stoppedEarly: true });
    const both = streamed('total += 1;\n  }\n  return total;\n}\nexport {};', holeIn('function f() {\n  for (;;) {\n    █'));
    expect(both).toEqual({ text: 'total += 1;\n  }\n  return total;\n}', reason: 'block closed', stoppedEarly: true });
  });

  it('still ends at a dedented closer, or an outer bracket, that the suffix closes', () => {
    expect(streamed('return x;\n  }\n}', holeIn('class A {\n  m() {\n    █\n    done();\n  }\n}\n')).reason).toBe('dedent');
    expect(streamed('b,\n  c);\n', holeIn('f(\n  a,\n  █\n);\n'))).toEqual({ text: 'b,', reason: 'outer bracket', stoppedEarly: true });
    expect(streamed('b,\n  c);\n\nx();', holeIn('f(\n  a,\n  █'))).toEqual({ text: 'b,\n  c);', reason: 'block closed', stoppedEarly: true });
  });

  it('runs a doc comment across blank lines and brackets to the line that closes it', () => {
    const doc = { ...holeIn('  /**█\n  f() {}\n'), closer: '*/' };
    expect(streamed('\n   * Does (a thing.\n   *\n   */\n  f() {}', doc)).toEqual({ text: '\n   * Does (a thing.\n   *\n   */', reason: 'closing delimiter', stoppedEarly: true });
  });

  it('keeps the blank line after a Markdown heading, ends at the next heading of its level', () => {
    const heading = { ...holeIn('## Install█\n', 'markdown'), headingSection: true };
    expect(streamed('\n\nRun npm ci.\n\nMore.', heading).text).toBe('\n\nRun npm ci.');
    expect(streamed('\n\n## Usage\n\nText', heading)).toEqual({ text: '', reason: 'dedent', stoppedEarly: true });
    expect(streamed('\n\n### Linux\nRun it.\n', heading).text).toBe('\n\n### Linux\nRun it.');
  });

  it('ends an indentation-scoped block at a line back at its opener’s indentation, except its continuations', () => {
    const def = holeIn('def f(x):█\n', 'python');
    expect(streamed('\n    return x\ndef g():\n    pass', def)).toEqual({ text: '\n    return x', reason: 'dedent', stoppedEarly: true });
    expect(streamed('\n    a()\nexcept E:\n    b()\nc()', holeIn('try:█\n', 'python')).text).toBe('\n    a()\nexcept E:\n    b()');
    expect(streamed('\n  a: 1\n  b: 2\nnext:\n  c: 3', holeIn('deps:█\n', 'yaml')).text).toBe('\n  a: 1\n  b: 2');
    expect(streamed('\n- a\n- b\nnext: 1', holeIn('items:█\n', 'yaml')).text).toBe('\n- a\n- b');
    expect(streamed('\n  npm ci\n- run: x', holeIn('- run: |█\n', 'yaml')).text).toBe('\n  npm ci');
  });
});

/** The hole at `█` in `doc` with the shape the multiline decision gives it (the cursor in code). */
function shapedHole(doc: string, languageId = 'typescript'): Partial<StreamOptions> {
  const hole = holeIn(doc, languageId);
  const shape = decideMultiline({ enabled: true, languageId, syntax: 'code', awaitsBody: false, lineBefore: hole.lineBefore!, lineAfter: hole.lineAfter!, prefix: hole.prefix! });
  return { ...hole, ...shape };
}

describe('CompletionStream, one line that grows', () => {
  it('completes a block the completion opens on the cursor line, and ends with the line that closes it', () => {
    const method = shapedHole('class A {\n  total█\n}\n');
    expect(streamed('(): number {\n    return 1;\n  }\n  next() {}', method)).toEqual({ text: '(): number {\n    return 1;\n  }', reason: 'block closed', stoppedEarly: true });
    expect(streamed('(a, b);\n  more();', method)).toEqual({ text: '(a, b);', reason: 'end of line', stoppedEarly: true });
    const call = shapedHole('function f() {\n  const s = create█\n}\n');
    expect(streamed('({\n    port: 1,\n\n    host: "h",\n  });\n  s.listen();', call).text).toBe('({\n    port: 1,\n\n    host: "h",\n  });');
  });

  it('waits one line for an Allman brace after a header, and shows nothing of a line that is not one', () => {
    const header = shapedHole('class A\n{\n    public string Name█\n}\n', 'csharp');
    expect(streamed('()\n    {\n        return "";\n    }\n    x', header).text).toBe('()\n    {\n        return "";\n    }');
    expect(streamed('()\n    public int Id;\n', header)).toEqual({ text: '()', reason: 'end of line', stoppedEarly: true });
    expect(streamed('()', header)).toEqual({ text: '()', reason: 'end of reply', stoppedEarly: false });
    const foreach = shapedHole('void F()\n{\n    foreach (var x in xs)█\n}\n', 'csharp');
    expect(streamed('\n    {\n        Use(x);\n    }\n    Done();', foreach).text).toBe('\n    {\n        Use(x);\n    }');
  });

  it('completes a YAML key, a Markdown heading, an SCSS rule and an F# binding the completion writes', () => {
    expect(streamed(':\n  - a\n  - b\nnext: 1', shapedHole('name: x\ndeps█\n', 'yaml')).text).toBe(':\n  - a\n  - b');
    expect(streamed('Usage\n\nRun it.\n\nMore.', shapedHole('# Tool\n\n## █\n', 'markdown')).text).toBe('Usage\n\nRun it.');
    expect(streamed(' {\n    color: red;\n  }\n}', shapedHole('.a {\n  .b█\n}\n', 'scss')).text).toBe(' {\n    color: red;\n  }');
    expect(streamed(' x =\n    x + 1\nlet g y =', shapedHole('let f█\n', 'fsharp')).text).toBe(' x =\n    x + 1');
  });

  it('goes on with the siblings of a finished list item, up to the list’s end, and not after a statement', () => {
    const field = shapedHole('type S struct {\n\tA int█\n}\n', 'go');
    expect(streamed('\n\tB int\n\tC string\n}\n', field)).toEqual({ text: '\n\tB int\n\tC string', reason: 'caught up with suffix', stoppedEarly: true });
    expect(streamed('\n\tB int\n}\n', shapedHole('type S struct {\n\tA int█', 'go'))).toEqual({ text: '\n\tB int', reason: 'dedent', stoppedEarly: true });
    const lacking = shapedHole('const xs = [\n  1,█');
    expect(streamed('\n  2,\n  3,\n];', lacking).text).toBe('\n  2,\n  3,');
    const arm = shapedHole('match x with\n| A -> 1█\n', 'fsharp');
    expect(streamed('\n| B ->\n    2\n| C -> 3\n\nlet y = 1', arm).text).toBe('\n| B ->\n    2\n| C -> 3');
    expect(streamed('\n  b();\n  c();', shapedHole('function f() {\n  a();█\n}\n')).text).toBe('\n  b();');
    expect(streamed(' 1\n  b: 2', shapedHole('x:\n  a: █\n', 'yaml')).text).toBe('1');
  });

  it('runs a multi-line string open at the cursor to its closer, or to the line the suffix already has', () => {
    expect(streamed('\n        SELECT 1\n    \"\"\"\n    run(q)', shapedHole('def f():\n    q = \"\"\"█\n', 'python')).text).toBe('\n        SELECT 1\n    \"\"\"');
    const inside = shapedHole('def f():\n    \"\"\"Sums.\n\n    █\n    \"\"\"\n', 'python');
    expect(streamed('Raises on empty input.\n    Returns a float.\n    \"\"\"\n    return 1', inside)).toEqual({ text: 'Raises on empty input.\n    Returns a float.', reason: 'caught up with suffix', stoppedEarly: true });
    expect(streamed('\n  <p>${x}</p>\n  `;\n}', shapedHole('function f(x) {\n  return `█\n}\n')).text).toBe('\n  <p>${x}</p>\n  `;');
  });

  it('ends a completion on a blank line only when it leaves the cursor’s block, not at the indentation of a header it wrote', () => {
    const body = holeIn('class A:\n    def f(self):\n        █\n', 'python');
    expect(streamed('if x:\n            return 1\n        y = 2\n        return y\n    def g(self):\n', body)).toEqual({ text: 'if x:\n            return 1\n        y = 2\n        return y', reason: 'dedent', stoppedEarly: true });
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
