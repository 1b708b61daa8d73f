import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FrameDecoder, MAX_CONTENT_LENGTH, MAX_HEADER_BYTES, type FrameEvent } from './framing.js';

const frame = (body: string) => `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
const ping = { jsonrpc: '2.0', id: 9, method: 'ping', params: {} };
const PING = frame(JSON.stringify(ping));

function decode(...parts: Array<string | Uint8Array>): FrameEvent[] {
  const decoder = new FrameDecoder();
  return parts.flatMap((part) => decoder.push(typeof part === 'string' ? Buffer.from(part, 'latin1') : part));
}

const messages = (events: FrameEvent[]) => events.filter((e) => e.kind === 'message').map((e) => (e as { value: unknown }).value);
const reports = (events: FrameEvent[]) => events.filter((e) => e.kind === 'malformed');

describe('FrameDecoder reads well-formed frames', () => {
  it('reads frames however the bytes are split', () => {
    const values = [ping, { jsonrpc: '2.0', method: 'n', params: { text: 'é ✓ 😀 Content-Length: 5' } }, { a: [1, 2, 3] }];
    const bytes = Buffer.from(values.map((v) => frame(JSON.stringify(v))).join(''));
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: bytes.length - 1 }), { maxLength: 12 }), (cuts) => {
        const points = [0, ...cuts.sort((a, b) => a - b), bytes.length];
        const events = decode(...points.slice(1).map((end, i) => bytes.subarray(points[i], end)));
        expect(events).toEqual(values.map((value) => ({ kind: 'message', value })));
      }),
    );
  });

  it('takes other headers, any letter case and blanks around the length', () => {
    const body = JSON.stringify(ping);
    const events = decode(`Content-Type: application/vscode-jsonrpc; charset=utf-8\r\ncontent-length:  ${body.length} \r\n\r\n${body}`);
    expect(events).toEqual([{ kind: 'message', value: ping }]);
  });

  it('reads a 10 MB body arriving in 64 KB chunks', () => {
    const body = JSON.stringify({ jsonrpc: '2.0', method: 'open', params: { text: 'x = 1\n'.repeat(1_750_000) } });
    const bytes = Buffer.from(frame(body));
    const decoder = new FrameDecoder();
    const events: FrameEvent[] = [];
    for (let at = 0; at < bytes.length; at += 65_536) events.push(...decoder.push(bytes.subarray(at, at + 65_536)));
    expect(events).toHaveLength(1);
    expect((messages(events)[0] as { params: { text: string } }).params.text).toHaveLength(10_500_000);
  });
});

describe('FrameDecoder recovers from every malformed class, reporting each stretch once', () => {
  // [class, bytes, reason, messages read after resynchronising before the two frames that follow]
  const cases: Array<[string, string | Buffer, RegExp, unknown[]?]> = [
    ['no Content-Length', 'Content-Type: x\r\n\r\n{}', /without Content-Length/],
    ['a header line without a colon', 'Content-Length 5\r\n\r\n{bad}', /without a name and colon/],
    ['LF-only line ends', 'Content-Length: 2\n\n{}', /bare LF/],
    ['a stray CRLF', '\r\n', /empty line/],
    ['a Content-Length that is not a number', 'Content-Length: abc\r\n\r\n{}', /"abc" is not a number/],
    ['a negative Content-Length', 'Content-Length: -5\r\n\r\n{}', /"-5" is not a number/],
    ['a Content-Length over the limit', `Content-Length: ${MAX_CONTENT_LENGTH + 1}\r\n\r\n{}`, /over the/],
    ['two Content-Length lines', 'Content-Length: 2\r\nContent-Length: 2\r\n\r\n{}', /two Content-Length/, [{}]],
    ['a Content-Length too small', 'Content-Length: 3\r\n\r\n{"jsonrpc":"2.0","method":"x"}', /not UTF-8 JSON/],
    ['an empty body', 'Content-Length: 0\r\n\r\n', /not UTF-8 JSON/],
    ['a body that is not JSON', 'Content-Length: 5\r\n\r\n{bad}', /not UTF-8 JSON/],
    ['a body that is not UTF-8', Buffer.concat([Buffer.from('Content-Length: 4\r\n\r\n"'), Buffer.from([0xc3, 0x28]), Buffer.from('"')]), /not UTF-8 JSON/],
    ['a CR inside a header line', 'Content-Length: 2\rX\r\n\r\n{}', /CR inside/],
    ['random bytes', Buffer.from([1, 2, 3, 250, 13, 10, 13, 10, 0, 99, 0x7b]), /not a header/],
    ['a header longer than the limit', `X-Long: ${'a'.repeat(MAX_HEADER_BYTES)}`, /longer than/],
  ];
  for (const [name, bytes, reason, resynced = []] of cases) {
    it(`${name}: one report, then the next frame is read`, () => {
      const events = decode(typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : bytes, PING, PING);
      expect(reports(events)).toEqual([{ kind: 'malformed', reason: expect.stringMatching(reason) }]);
      expect(messages(events)).toEqual([...resynced, ping, ping]);
    });
  }

  it('a Content-Length too large (a truncated body): the next header cuts it, and its id is reported', () => {
    const events = decode('Content-Length: 300\r\n\r\n{"jsonrpc":"2.0","id":4,"method":"x"}', PING);
    expect(events).toEqual([
      { kind: 'malformed', reason: expect.stringMatching(/cut short by the next header after 37 of its 300 bytes/), id: 4 },
      { kind: 'message', value: ping },
    ]);
  });

  it('a truncated body whose next header arrives a byte at a time is still cut at that header', () => {
    const decoder = new FrameDecoder();
    const events = decoder.push(Buffer.from('Content-Length: 300\r\n\r\n{"id":'));
    for (const byte of Buffer.from(PING)) events.push(...decoder.push(Buffer.from([byte])));
    expect(reports(events)).toHaveLength(1);
    expect(messages(events)).toEqual([ping]);
  });

  it('a too-large Content-Length that ends inside the next header, arriving a byte at a time, still cuts at that header', () => {
    for (const declared of [20, 25, 30, 35, 40]) {
      const decoder = new FrameDecoder();
      const events = decoder.push(Buffer.from(`Content-Length: ${declared}\r\n\r\n{"jsonrpc":"2.0",`));
      for (const byte of Buffer.from(PING)) events.push(...decoder.push(Buffer.from([byte])));
      expect(messages(events), `declared ${declared}`).toEqual([ping]);
    }
  });

  it('a Content-Length line inside a JSON string is text, not a header', () => {
    const value = { jsonrpc: '2.0', method: 'n', params: { text: 'Content-Length: 12\\r\\n and Content-Length: 7\r\n' } };
    expect(decode(frame(JSON.stringify(value)), PING)).toEqual([
      { kind: 'message', value },
      { kind: 'message', value: ping },
    ]);
  });

  it('garbage that merely ends like a header does not swallow the next frame', () => {
    for (const tail of ['Content-Len', 'Content-Length: 1', 'Content-Length: 4\r\n', 'xyz\r\n', '\r', 'c']) {
      expect(messages(decode(`{}{}${tail}`, PING))).toEqual([ping]);
    }
  });

  it('a body that is not UTF-8: its id is reported when the rest reads as JSON, never one that held the bad bytes', () => {
    const body = (...parts: Array<string | number[]>) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : Buffer.from(p))));
    const framed = (bytes: Buffer) => Buffer.concat([Buffer.from(`Content-Length: ${bytes.length}\r\n\r\n`), bytes]);
    const cases: Array<[Buffer, string | number | undefined]> = [
      [body('{"jsonrpc":"2.0","id":12,"method":"x","params":{"t":"', [0xff, 0xc3], '"}}'), 12],
      [body('{"jsonrpc":"2.0","id":"a-1","method":"x","params":{"t":"', [0xed, 0xa0, 0x80], '"}}'), 'a-1'],
      [body('{"jsonrpc":"2.0","id":"a', [0xfe], '","method":"x"}'), undefined],
      [body('{"jsonrpc":"2.0","id":3,', [0x80], '}'), undefined],
    ];
    for (const [bytes, id] of cases) {
      const events = decode(framed(bytes), PING);
      expect(events).toEqual([id === undefined ? { kind: 'malformed', reason: expect.stringMatching(/not UTF-8 JSON/) } : { kind: 'malformed', reason: expect.stringMatching(/not UTF-8 JSON/), id }, { kind: 'message', value: ping }]);
    }
  });

  it('every frame with a readable header is reported on its own, even right after another bad one', () => {
    // Bytes after a bad body that are no header belong to its stretch: one report for both.
    const events = decode('junk\r\n', frame('{bad'), frame('{"id":5,'), 'Content-Length 1\r\n\r\n', frame('[1'), PING);
    expect(reports(events).map((e) => e.reason.slice(0, 20))).toEqual(['a header line withou', 'a body that is not U', 'a body that is not U', 'a body that is not U']);
    expect(messages(events)).toEqual([ping]);
  });

  it('frames with bad headers back to back: each is reported', () => {
    const bad = 'Content-Length: 2\r\nX-Extra: \xff\r\n\r\n{}';
    expect(reports(decode(bad, bad, bad, PING))).toHaveLength(3);
    // A second length line inside one bad block is not another frame, whatever its body.
    expect(reports(decode('Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}', PING))).toHaveLength(1);
  });

  it('reports again only after a frame was read in between', () => {
    const events = decode('junk', 'Content-Length 1\r\n\r\n', 'more junk\r\n', PING, '\n\n', PING);
    expect(reports(events)).toHaveLength(2);
    expect(messages(events)).toEqual([ping, ping]);
  });

  it('any bytes followed by a frame: never throws, memory stays bounded, and the frame is read', () => {
    const garbage = fc.uint8Array({ maxLength: 300 }).filter((bytes) => !Buffer.from(bytes).toString('latin1').toLowerCase().includes('content-length'));
    fc.assert(
      fc.property(garbage, fc.integer({ min: 1, max: 50 }), (bytes, chunk) => {
        const decoder = new FrameDecoder();
        const all = Buffer.concat([Buffer.from(bytes), Buffer.from(PING)]);
        const events: FrameEvent[] = [];
        for (let at = 0; at < all.length; at += chunk) events.push(...decoder.push(all.subarray(at, at + chunk)));
        expect(messages(events).at(-1)).toEqual(ping);
        expect(reports(events).length).toBeLessThanOrEqual(1);
      }),
    );
  });
});
