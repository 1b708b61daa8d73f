import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createDecoder, firstChoice, ollamaEnd, type Frame, type FrameReader, type WireFormat, Utf8LineSplitter } from './stream.js';
import { ModelError } from './types.js';

const readOllama: FrameReader = (m) => ({ text: typeof m.response === 'string' ? m.response : '', done: m.done === true });
const readOpenAi: FrameReader = (m) => {
  const choice = (m.choices as Array<{ text?: string; finish_reason?: string | null }>)[0];
  return { text: choice.text ?? '', done: choice.finish_reason != null };
};
const bytes = (s: string) => new TextEncoder().encode(s);

/** Feeds `wire` split at the given byte offsets and returns every frame. */
function decodeSplit(format: WireFormat, wire: string, cuts: number[]): Frame[] {
  const decoder = createDecoder(format, 'http://127.0.0.1:1', format === 'ndjson' ? readOllama : readOpenAi);
  const all = bytes(wire);
  const points = [...new Set([0, ...cuts.map((c) => c % (all.length + 1)), all.length])].sort((a, b) => a - b);
  const frames: Frame[] = [];
  for (let i = 1; i < points.length; i++) frames.push(...decoder.push(all.subarray(points[i - 1], points[i])));
  frames.push(...decoder.end());
  return frames;
}

const ndjsonWire = (pieces: string[]) => pieces.map((p) => JSON.stringify({ response: p, done: false }) + '\n').join('') + '{"response":"","done":true}\n';
const sseWire = (pieces: string[]) =>
  ': keep-alive\n\n' + pieces.map((p) => `event: message\r\ndata: ${JSON.stringify({ choices: [{ text: p, finish_reason: null }] })}\r\n\r\n`).join('') + 'data: [DONE]\n\n';

describe('stream decoders', () => {
  const text = fc.string({ unit: 'grapheme', maxLength: 12 });

  it.each([
    ['ndjson', ndjsonWire],
    ['sse', sseWire],
  ] as const)('%s: reassembles text and the end marker whatever the chunk boundaries, multi-byte characters included (property)', (format, wire) => {
    fc.assert(
      fc.property(fc.array(text, { maxLength: 6 }), fc.array(fc.nat(), { maxLength: 12 }), (pieces, cuts) => {
        const frames = decodeSplit(format, wire(pieces), cuts);
        expect(frames.map((f) => f.text).join('')).toBe(pieces.join(''));
        expect(frames.at(-1)?.done).toBe(true);
        expect(frames.slice(0, -1).every((f) => !f.done)).toBe(true);
      }),
    );
  });

  it('decodes a character whose bytes arrive in separate chunks', () => {
    const wire = ndjsonWire(['ä€😀']);
    const all = bytes(wire);
    const start = all.indexOf(0xf0);
    const frames = decodeSplit('ndjson', wire, [start + 1, start + 2, start + 3]);
    expect(frames[0].text).toBe('ä€😀');
  });

  it('joins multi-line SSE data and takes a last event that lacks its blank line', () => {
    const frames = decodeSplit('sse', 'data: {"choices":\ndata: [{"text":"a"}]}\n\ndata: {"choices":[{"text":"b","finish_reason":"stop"}]}', []);
    expect(frames).toEqual([
      { text: 'a', done: false },
      { text: 'b', done: true },
    ]);
  });

  it('masks the key in a quoted bad line before cutting the quote', () => {
    const key = 'sk-quoted-0123456789';
    const decoder = createDecoder('ndjson', 'http://127.0.0.1:1', readOllama, key);
    const line = `${'q'.repeat(76)}${key} tail`;
    expect(() => [...decoder.push(new TextEncoder().encode(`${line}\n`))]).toThrow(`"${'q'.repeat(76)}*** …" is not JSON`);
  });

  it('rejects a line that is not JSON as malformed, quoting it', () => {
    for (const [format, wire] of [
      ['ndjson', '{"response":"a","done":false}\n{"response": oops\n'],
      ['sse', 'data: {"choices": [oops\n\n'],
      ['ndjson', '[1,2]\n'],
    ] as const) {
      const error = (() => {
        try {
          decodeSplit(format, wire, []);
        } catch (e) {
          return e;
        }
      })();
      expect(error).toBeInstanceOf(ModelError);
      expect((error as ModelError).kind).toBe('malformed');
      expect((error as ModelError).message).toMatch(/^Malformed stream from the model server at http:\/\/127\.0\.0\.1:1: .*(oops|\[1,2\])/);
    }
  });

  it("reports the server's own error sent mid-stream", () => {
    expect(() => decodeSplit('ndjson', '{"response":"a","done":false}\n{"error":"out of memory"}\n', [])).toThrow(/^out of memory \(the model server at .* gave up mid-reply\)\.$/);
    expect(() => decodeSplit('sse', 'data: {"error":{"message":"overloaded"}}\n\n', [])).toThrow(/^overloaded \(the model server at .* gave up mid-reply\)\.$/);
  });
});

describe('Utf8LineSplitter', () => {
  it('keeps an unfinished line until its newline arrives, dropping CR', () => {
    const lines = new Utf8LineSplitter();
    expect(lines.push(bytes('a\r\nb'))).toEqual(['a']);
    expect(lines.push(bytes('c\n\n'))).toEqual(['bc', '']);
    expect(lines.push(bytes('tail'))).toEqual([]);
    expect(lines.end()).toEqual(['tail']);
    expect(lines.end()).toEqual([]);
  });
});

describe('how a reply ended', () => {
  it("reads OpenAI-compatible finish_reason with usage, or llama.cpp's timings, and Ollama's done_reason with its counts", () => {
    expect(firstChoice({ choices: [{ delta: { content: 'a' }, finish_reason: null }] })).toMatchObject({ done: false });
    expect(firstChoice({ choices: [{ delta: {}, finish_reason: 'length' }], usage: { prompt_tokens: 120, completion_tokens: 64 } }).end).toEqual({ reason: 'length', promptTokens: 120, replyTokens: 64 });
    expect(firstChoice({ choices: [{ delta: {}, finish_reason: 'length' }], timings: { prompt_n: 3, predicted_n: 48 } }).end).toEqual({ reason: 'length', replyTokens: 48 });
    expect(firstChoice({ choices: [{ text: '', finish_reason: 'content_filter' }] }).end).toEqual({ reason: 'other' });
    expect(ollamaEnd({ done: true, done_reason: 'length', prompt_eval_count: 4096, eval_count: 12 })).toEqual({ reason: 'length', promptTokens: 4096, replyTokens: 12 });
    expect(ollamaEnd({ done: true })).toEqual({ reason: 'unknown' });
  });
});
