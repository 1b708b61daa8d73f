/**
 * LSP base-protocol framing that survives bad input: bytes in, JSON values out. vscode-jsonrpc's own
 * reader stops making sense of the stream after one bad frame (a header without a colon throws
 * after the header bytes are consumed, so every later header is read glued to the rest of the bad
 * frame), so the sidecar reads its input here.
 *
 * A frame is `Content-Length: N\r\n` (other header lines allowed), an empty line, then N bytes of
 * UTF-8 JSON. Anything else starts a malformed stretch: it is reported once, and reading resumes at
 * the next `Content-Length:` header, where the stretch ends. A frame whose header was read is
 * reported on its own, with its id when the body shows one, so every request is answered. A body can be cut short by the next frame (its Content-Length
 * too large): `Content-Length: <digits>\r\n` can never occur inside JSON text (a raw CR is not
 * allowed in a JSON string, and the words are not JSON outside one), so seeing it inside a pending
 * body ends that body at once instead of swallowing the frames that follow.
 *
 * Every scan looks at bytes only once (plus a few bytes of overlap), so the work is proportional
 * to the input and no number from the wire makes it loop or allocate.
 */

export type FrameEvent =
  | { kind: 'message'; value: unknown }
  /** The start of a malformed stretch; `id` when the bad frame's body was readable enough to show one. */
  | { kind: 'malformed'; reason: string; id?: string | number };

/** Header blocks are a few dozen bytes; a longer one is not a header. */
export const MAX_HEADER_BYTES = 4096;
/** Larger than any document an editor keeps open (IntelliJ stops loading content at 20 MB). */
export const MAX_CONTENT_LENGTH = 64 * 1024 * 1024;

const CR = 0x0d;
const LF = 0x0a;
const NAMES = [Buffer.from('Content-Length:'), Buffer.from('content-length:')];
const NAME_LENGTH = NAMES[0].length;
/** A Content-Length line: name, up to 8 blanks, up to 10 digits, up to 8 blanks, CRLF. */
const LENGTH_LINE_MAX = NAME_LENGTH + 8 + 10 + 8 + 2;

const utf8 = new TextDecoder('utf-8', { fatal: true });
const lenientUtf8 = new TextDecoder('utf-8');
/** Pending bytes live in one growable buffer, so every look at them is a view, never a copy. */
const MIN_CAPACITY = 64 * 1024;

export class FrameDecoder {
  private buffer = Buffer.alloc(MIN_CAPACITY);
  private start = 0;
  private end = 0;
  /** Content-Length of the frame whose body is awaited, or -1 while a header is expected. */
  private bodyLength = -1;
  /** Body bytes already searched for a following header (none starts before this offset). */
  private searched = 0;
  /** Inside a malformed stretch: already reported, silent until a frame is read again. */
  private reported = false;
  /** Reading resumed at a `Content-Length:` inside the header block that just failed. */
  private withinBadBlock = false;

  push(chunk: Uint8Array): FrameEvent[] {
    this.append(chunk);
    const events: FrameEvent[] = [];
    while (this.end > this.start && (this.bodyLength < 0 ? this.readHeader(events) : this.readBody(events)));
    return events;
  }

  /** Reads one header block; false when more bytes are needed. */
  private readHeader(events: FrameEvent[]): boolean {
    const head = this.pending().subarray(0, MAX_HEADER_BYTES);
    const end = head.indexOf('\r\n\r\n');
    // A bad line: the next `Content-Length:` may start a frame. Well-formed lines without a usable
    // length: one past this block's end is the next frame's, not another line of this one.
    const problem = headerProblem(end < 0 ? head : head.subarray(0, end + 2));
    if (problem) return this.malformed(events, problem, { nextFrameFrom: 0 });
    const bad = (reason: string) => this.malformed(events, reason, { nextFrameFrom: end < 0 ? Infinity : end + 4 });
    if (end < 0) return head.length < MAX_HEADER_BYTES ? false : bad(`a header block longer than ${MAX_HEADER_BYTES} bytes`);
    const lengths = head
      .toString('latin1', 0, end)
      .split('\r\n')
      .filter((line) => /^content-length:/i.test(line))
      .map((line) => line.slice(line.indexOf(':') + 1).trim());
    if (lengths.length !== 1) return bad(lengths.length === 0 ? 'a header without Content-Length' : 'a header with two Content-Length lines');
    if (!/^\d{1,10}$/.test(lengths[0])) return bad(`Content-Length ${quote(lengths[0])} is not a number`);
    const length = Number(lengths[0]);
    if (length > MAX_CONTENT_LENGTH) return bad(`Content-Length ${length} is over the ${MAX_CONTENT_LENGTH}-byte limit`);
    this.consume(end + 4);
    // A frame of its own, unless found among the lines of a bad header block: what is wrong with its
    // body is reported, and answered, whatever came before.
    if (!this.withinBadBlock) this.reported = false;
    this.withinBadBlock = false;
    this.bodyLength = length;
    this.searched = 0;
    return true;
  }

  /** Reads the awaited body; false when more bytes are needed. */
  private readBody(events: FrameEvent[]): boolean {
    const length = this.bodyLength;
    const pending = this.pending();
    const available = Math.min(pending.length, length);
    const cut = findLengthLine(pending, Math.max(0, this.searched - LENGTH_LINE_MAX), available);
    if (cut >= 0) {
      // Reading resumes at that header itself.
      this.report(events, `a body cut short by the next header after ${cut} of its ${length} bytes`, idIn(pending.subarray(0, cut)));
      this.consume(cut);
      this.bodyLength = -1;
      return true;
    }
    this.searched = available;
    if (pending.length < length) return false;
    // The body's last bytes may be the start of the next header, still arriving: wait for it.
    if (endsInLengthLine(pending, length)) return false;
    let value: unknown;
    let error: Error | null = null;
    const body = pending.subarray(0, length);
    try {
      value = JSON.parse(utf8.decode(body));
    } catch (err) {
      error = err as Error;
    }
    const id = error ? idIn(body) : undefined;
    this.consume(length);
    this.bodyLength = -1;
    // The body is gone; what follows may be the next frame's header already.
    if (error) return this.malformed(events, `a body that is not UTF-8 JSON (${error.message})`, { from: 0, id, nextFrameFrom: 0 });
    this.reported = false;
    events.push({ kind: 'message', value });
    return true;
  }

  /**
   * Reports the stretch (once) and skips to the next `Content-Length:` at or after `from` (1 when
   * the bytes at 0 are the header that failed), or keeps only the last bytes, which may be the start of one.
   * `id`: the bad frame's, when its body showed one. A header found at or after `nextFrameFrom` starts
   * another frame, which is reported (so answered) on its own if it fails too.
   */
  private malformed(events: FrameEvent[], reason: string, { from = 1, id, nextFrameFrom = Infinity }: { from?: number; id?: string | number; nextFrameFrom?: number } = {}): boolean {
    this.report(events, reason, id);
    const pending = this.pending();
    const next = firstName(pending, from);
    if (next >= 0) {
      this.consume(next);
      this.withinBadBlock = next < nextFrameFrom;
      if (!this.withinBadBlock) this.reported = false;
      return true;
    }
    this.consume(Math.max(0, pending.length - (NAME_LENGTH - 1)));
    return false;
  }

  private report(events: FrameEvent[], reason: string, id?: string | number): void {
    if (!this.reported) events.push(id === undefined ? { kind: 'malformed', reason } : { kind: 'malformed', reason, id });
    this.reported = true;
  }

  private pending(): Buffer {
    return this.buffer.subarray(this.start, this.end);
  }

  private append(chunk: Uint8Array): void {
    const size = this.end - this.start;
    if (this.end + chunk.length > this.buffer.length) {
      const grown = this.buffer.length >= size + chunk.length ? this.buffer : Buffer.alloc(Math.max(MIN_CAPACITY, 2 * (size + chunk.length)));
      this.buffer.copy(grown, 0, this.start, this.end);
      this.buffer = grown;
      this.start = 0;
      this.end = size;
    }
    this.buffer.set(chunk, this.end);
    this.end += chunk.length;
  }

  private consume(n: number): void {
    this.start += n;
    if (this.start < this.end) return;
    this.start = this.end = 0;
    // A large body is gone: give its memory back.
    if (this.buffer.length > 4 * MIN_CAPACITY) this.buffer = Buffer.alloc(MIN_CAPACITY);
  }
}

/** Offset of a complete Content-Length line that starts in [from, to) of `bytes`, or -1. */
function findLengthLine(bytes: Buffer, from: number, to: number): number {
  for (let at = firstName(bytes, from); at >= 0 && at < to; at = firstName(bytes, at + 1)) {
    if (/^[ \t]{0,8}\d{1,10}[ \t]{0,8}\r\n/.test(bytes.toString('latin1', at + NAME_LENGTH, at + LENGTH_LINE_MAX))) return at;
  }
  return -1;
}

/**
 * Whether a Content-Length line starts in the last bytes of the body [0, length) and is not complete
 * in what has arrived: a too-large Content-Length that ends inside the next frame's header. (No
 * JSON text ends so: it would have raw `Content-Length` outside a string.)
 */
function endsInLengthLine(bytes: Buffer, length: number): boolean {
  const name = 'content-length:';
  for (let at = Math.max(0, length - LENGTH_LINE_MAX); at < length; at++) {
    if ((bytes[at] | 0x20) !== 0x63) continue;
    const rest = bytes.toString('latin1', at, Math.min(bytes.length, at + LENGTH_LINE_MAX)).toLowerCase();
    if (rest.length <= name.length ? name.startsWith(rest) : rest.startsWith(name) && /^[ \t]{0,8}\d{0,10}[ \t]{0,8}\r?$/.test(rest.slice(name.length))) return true;
  }
  return false;
}

/**
 * What is wrong with the header lines seen so far (without the final empty line), or null. Each
 * line must be `Name: value` in printable ASCII ending in CRLF, so a bare LF, a blank line before
 * the first header or a line without a colon is caught before the block is complete.
 */
function headerProblem(block: Buffer): string | null {
  let lineStart = 0;
  for (let i = 0; i < block.length; i++) {
    const byte = block[i];
    if (byte === LF) return `a header line ending in a bare LF (${quote(block.toString('latin1', lineStart, i))})`;
    if (byte === CR) {
      if (i + 1 === block.length) return null;
      if (block[i + 1] !== LF) return 'a CR inside a header line';
      const line = block.toString('latin1', lineStart, i);
      if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+:/.test(line)) return line === '' ? 'an empty line where a header was expected' : `a header line without a name and colon (${quote(line)})`;
      lineStart = i + 2;
      i++;
      continue;
    }
    if (byte !== 0x09 && (byte < 0x20 || byte > 0x7e)) return `bytes that are not a header (${quote(block.toString('latin1', lineStart, Math.min(block.length, lineStart + 40)))})`;
  }
  // An unfinished line can already be wrong: a header name is a token followed by a colon.
  const partial = block.toString('latin1', lineStart);
  if (partial !== '' && !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+(?::|$)/.test(partial)) return `a header line without a name and colon (${quote(partial)})`;
  return null;
}

function firstName(buffer: Buffer, from: number): number {
  let best = -1;
  for (const name of NAMES) {
    const at = buffer.indexOf(name, from);
    if (at >= 0 && (best < 0 || at < best)) best = at;
  }
  return best;
}

/**
 * The id of a body that parses as JSON once bytes that are not UTF-8 are read as U+FFFD (a Content-Length
 * that was too large, a string with a stray byte), so its request can be answered by its id. An id
 * that held such bytes is not the client's: none is read then.
 */
function idIn(bytes: Buffer): string | number | undefined {
  let lossy = false;
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    text = lenientUtf8.decode(bytes);
    lossy = true;
  }
  try {
    const value: unknown = JSON.parse(text);
    const id = (value as { id?: unknown } | null)?.id;
    if (typeof id === 'number' || (typeof id === 'string' && !(lossy && id.includes('\uFFFD')))) return id;
    return undefined;
  } catch {
    return undefined;
  }
}

function quote(text: string): string {
  return JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);
}
