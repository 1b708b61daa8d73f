/**
 * Seeded generation of what a broken or hostile client may send: well-formed traffic with wrong
 * shapes, out-of-range and fractional positions, negative and huge versions, mid-surrogate
 * offsets, NULs, random session ids, lifecycle misuse, deep nesting, malformed framing and random
 * bytes, now and then a 10 MB document. Pure given the seed: the same seed gives the same frames
 * for the same answers.
 */
import { frame } from '../harness/rawSidecar.js';
import type { Random } from '../harness/random.js';

/** What the fuzzer knows of a document it opened. */
export interface FuzzDocument {
  uri: string;
  languageId: string;
  version: number;
  lines: number;
}

/** The fuzzer's view of the sidecar, updated by the driver from what it sent and received. */
export interface FuzzState {
  docs: FuzzDocument[];
  sessions: string[];
  /** Request ids sent so far, for cancels and fake responses. */
  lastIds: Array<string | number>;
}

export type Step =
  /** Bytes to write as they are (a frame, garbage, a frame split into pieces). */
  | { kind: 'bytes'; label: string; chunks: Buffer[]; requestId?: string | number; opens?: FuzzDocument; closes?: string }
  | { kind: 'shutdown' }
  | { kind: 'exit' };

const LANGUAGES = ['typescript', 'python', 'kotlin', 'go', 'rust', 'java', 'javascript', 'plaintext'];
const EXTENSIONS: Record<string, string> = { typescript: 'ts', python: 'py', kotlin: 'kt', go: 'go', rust: 'rs', java: 'java', javascript: 'js', plaintext: 'txt' };
const SNIPPETS = ['def f(x):\n    return x\n', 'fun a() = 1\n', 'const a = 1;\n', 'func main() {}\n', 'class A {\n  int b;\n}\n', '# comment\n', '\n', '\t\tindented\r\n', 'é😀 ✓\n', '\u0000\n', 'x = "unterminated\n', '/* open comment\n', '}}}\n'];
const GARBAGE: Array<string | Buffer> = [
  'Content-Type: x\r\n\r\n{}',
  'Content-Length: 3\r\n\r\n{"jsonrpc":"2.0","method":"initialized","params":{}}',
  'Content-Length: 400\r\n\r\n{"jsonrpc":"2.0","id":"lost","method":"shutdown"}',
  'Content-Length: 40\r\n\r\n{"jsonrpc":"2.0",',
  'Content-Length: x1\r\n\r\n{}',
  'Content-Length: 99999999999\r\n\r\n',
  'Content-Length 5\r\n\r\n{bad}',
  'Content-Length: 2\n\n{}',
  '\r\n',
  '\n',
  'Content-Length: 2\rX\r\n\r\n{}',
  'Content-Length: 5\r\n\r\n{bad}',
  'Content-Length: 0\r\n\r\n',
  Buffer.from([0x43, 0x6f, 0x6e, 0x74, 0x65, 0x6e, 0x74, 0xff, 0x00, 0x0d, 0x0a]),
];

const nested = (levels: number) => '{"a":['.repeat(levels) + '1' + ']}'.repeat(levels);

export interface GeneratorOptions {
  /** Shutdown and exit now and then (each ends the process; the driver starts a new one). */
  lifecycleEnds: boolean;
  /** Now and then a 10 MB document (default on). */
  hugeDocuments?: boolean;
}

export class FrameGenerator {
  private counter = 0;

  constructor(
    private readonly rng: Random,
    private readonly state: FuzzState,
    private readonly options: GeneratorOptions,
  ) {}

  /** Every uri the fuzzer opens documents at (not the 10 MB ones, which close at once). */
  uris(): string[] {
    return LANGUAGES.flatMap((languageId) => Array.from({ length: 8 }, (_, i) => `file:///fuzz/doc${i}.${EXTENSIONS[languageId]}`));
  }

  next(): Step {
    const r = this.rng;
    const kind = r.weighted({ valid: 46, shape: 18, position: 12, framing: 7, deep: 2, response: 5, lifecycle: 2, huge: this.options.hugeDocuments === false ? 0 : 0.05, split: 8 });
    switch (kind) {
      case 'valid':
        return this.send(this.validMessage());
      case 'shape':
        return this.send(this.mutate(this.validMessage()), 'shape');
      case 'position':
        return this.send(this.positionAbuse());
      case 'framing':
        return { kind: 'bytes', label: 'framing', chunks: [Buffer.from(r.pick(GARBAGE) as string)] };
      case 'deep':
        return this.deep();
      case 'response':
        return this.response();
      case 'lifecycle':
        return this.lifecycle();
      case 'huge':
        return this.huge();
      case 'split': {
        const step = this.send(this.validMessage());
        if (step.kind !== 'bytes') return step;
        const bytes = Buffer.concat(step.chunks);
        const cut = r.int(1, Math.max(1, bytes.length - 1));
        return { ...step, label: `split ${step.label}`, chunks: [bytes.subarray(0, cut), bytes.subarray(cut)] };
      }
    }
  }

  private id(): string | number {
    const id = this.rng.chance(0.5) ? ++this.counter : `f-${++this.counter}`;
    this.state.lastIds.push(id);
    if (this.state.lastIds.length > 50) this.state.lastIds.shift();
    return id;
  }

  private send(message: Record<string, unknown>, label = String(message.method ?? 'response')): Step {
    const opens = message.method === 'textDocument/didOpen' && label !== 'shape' ? this.openedBy(message) : undefined;
    const closes = message.method === 'textDocument/didClose' ? ((message.params as { textDocument?: { uri?: string } })?.textDocument?.uri ?? undefined) : undefined;
    // A request the sidecar can answer by its id: a string method and a string or number id.
    const id = message.id;
    const requestId = typeof message.method === 'string' && (typeof id === 'string' || typeof id === 'number') ? id : undefined;
    return { kind: 'bytes', label: label === 'shape' ? `shape ${String(message.method).slice(0, 40)}` : label, chunks: [frame(message)], requestId, opens, closes };
  }

  private openedBy(message: Record<string, unknown>): FuzzDocument {
    const item = (message.params as { textDocument: { uri: string; languageId: string; version: number; text: string } }).textDocument;
    return { uri: item.uri, languageId: item.languageId, version: item.version, lines: item.text.split('\n').length };
  }

  private doc(): FuzzDocument | undefined {
    return this.state.docs.length > 0 ? this.rng.pick(this.state.docs) : undefined;
  }

  private text(lines = this.rng.int(0, 30)): string {
    let out = '';
    for (let i = 0; i < lines; i++) out += this.rng.pick(SNIPPETS);
    return out;
  }

  private position(doc?: FuzzDocument): { line: number; character: number } {
    const r = this.rng;
    const lines = doc?.lines ?? 5;
    return { line: r.chance(0.9) ? r.int(0, lines + 1) : r.int(0, 200_000), character: r.chance(0.9) ? r.int(0, 12) : r.int(0, 1_000_000) };
  }

  private range(doc?: FuzzDocument) {
    return { start: this.position(doc), end: this.position(doc) };
  }

  private request(method: string, params: unknown): Record<string, unknown> {
    return { jsonrpc: '2.0', id: this.id(), method, params };
  }

  private notification(method: string, params: unknown): Record<string, unknown> {
    return { jsonrpc: '2.0', method, params };
  }

  private sessionId(): string {
    return this.state.sessions.length > 0 && this.rng.chance(0.8) ? this.rng.pick(this.state.sessions) : this.rng.pick(['edit-1', 'nope', '', `edit-${this.rng.int(0, 1e9)}`]);
  }

  private validMessage(): Record<string, unknown> {
    const r = this.rng;
    const doc = this.doc();
    const versioned = doc && { uri: doc.uri, version: r.chance(0.85) ? doc.version : r.int(0, doc.version + 2) };
    const choice = r.weighted({ open: doc && this.state.docs.length > 5 ? 1 : 6, change: 14, close: this.state.docs.length > 3 ? 3 : 0.5, start: 8, snippet: 5, settle: 8, cancel: 4, complete: 6, nextEdit: 4, events: 5, config: 2, cancelRequest: 2 });
    if (!doc || choice === 'open') {
      const languageId = r.pick(LANGUAGES);
      return this.notification('textDocument/didOpen', { textDocument: { uri: r.pick(this.uris().filter((u) => u.endsWith(`.${EXTENSIONS[languageId]}`))), languageId, version: r.int(0, 3), text: this.text() } });
    }
    switch (choice) {
      case 'change': {
        doc.version += 1;
        const changes = Array.from({ length: r.int(1, 3) }, () => (r.chance(0.05) ? { text: this.text() } : { range: this.range(doc), text: r.chance(0.5) ? '' : this.text(r.int(0, 3)) }));
        return this.notification('textDocument/didChange', { textDocument: { uri: doc.uri, version: doc.version }, contentChanges: changes });
      }
      case 'close':
        return this.notification('textDocument/didClose', { textDocument: { uri: doc.uri } });
      case 'start':
        return this.request('redline/inlineEdit/start', { textDocument: versioned, range: this.range(doc), instruction: r.pick(['rewrite', 'x', ' ', 'add types']) });
      case 'snippet':
        return this.request('redline/snippet/apply', { textDocument: versioned, snippet: this.text(r.int(0, 6)), selection: this.range(doc) });
      case 'settle':
        return this.request(r.chance(0.5) ? 'redline/inlineEdit/accept' : 'redline/inlineEdit/reject', { sessionId: this.sessionId(), ...(r.chance(0.5) ? { line: this.position(doc).line } : {}) });
      case 'cancel':
        return this.request('redline/inlineEdit/cancel', { sessionId: this.sessionId() });
      case 'complete':
        return this.request('textDocument/inlineCompletion', { textDocument: { uri: doc.uri }, position: this.position(doc), context: { triggerKind: r.pick([1, 2]) } });
      case 'nextEdit':
        return this.request('redline/nextEdit', { textDocument: versioned, position: this.position(doc), trigger: r.pick(['automatic', 'invoked']) });
      case 'events': {
        const at = { textDocument: { uri: doc.uri }, position: this.position(doc) };
        return r.pick([
          this.notification('redline/completion/selectionChanged', at),
          this.notification('redline/completion/shown', { ...at, item: { insertText: this.text(1) } }),
          this.notification('redline/completion/accepted', { textDocument: { uri: doc.uri } }),
          this.notification('redline/completion/partiallyAccepted', { textDocument: { uri: doc.uri }, acceptedLength: r.int(0, 1_000_000) }),
        ]);
      }
      case 'config':
        return this.notification('workspace/didChangeConfiguration', {
          settings: { redline: r.pick([{ maxLines: r.int(1, 100) }, { debounceWait: r.int(0, 50) }, { completionCacheEnabled: r.chance(0.5) }, { multilineCompletionsEnabled: r.chance(0.5) }, { fimTemplate: r.pick(['auto', 'qwen', 'chat', '{prefix}<X>{suffix}']) }, { nextEditEnabled: r.chance(0.5), nextEditTemplate: r.pick(['auto', 'sweep', 'zeta', 'instinct', 'instruct']) }]) },
        });
      default:
        return this.notification('$/cancelRequest', { id: this.state.lastIds.length > 0 ? r.pick(this.state.lastIds) : 0 });
    }
  }

  /** A valid message with one value somewhere in it replaced by anything, or removed. */
  private mutate(message: Record<string, unknown>): Record<string, unknown> {
    const r = this.rng;
    const copy = JSON.parse(JSON.stringify(message)) as Record<string, unknown>;
    const paths: Array<[Record<string, unknown> | unknown[], string | number]> = [];
    const walk = (value: unknown) => {
      if (typeof value !== 'object' || value === null) return;
      for (const [key, child] of Object.entries(value)) {
        paths.push([value as Record<string, unknown>, Array.isArray(value) ? Number(key) : key]);
        walk(child);
      }
    };
    walk(copy);
    const [holder, key] = r.pick(paths);
    if (r.chance(0.2) && !Array.isArray(holder)) delete (holder as Record<string, unknown>)[key as string];
    else (holder as Record<string | number, unknown>)[key] = this.anyJson(2);
    return copy;
  }

  /** Positions and versions as a fuzzer likes them: negative, fractional, huge, mid-surrogate. */
  private positionAbuse(): Record<string, unknown> {
    const r = this.rng;
    const doc = this.doc();
    const bad = () => r.pick([-1, -0.5, 0.5, 1.5, 2 ** 31, 2 ** 53, 1e300, -1e9, 1, 0]);
    const pos = () => (r.chance(0.5) ? { line: bad(), character: r.int(0, 3) } : { line: r.int(0, 3), character: bad() });
    const uri = doc?.uri ?? 'file:///fuzz/none.ts';
    return r.pick([
      this.notification('textDocument/didChange', { textDocument: { uri, version: bad() }, contentChanges: [{ range: { start: pos(), end: pos() }, text: 'z' }] }),
      // An offset inside a surrogate pair: legal numbers, an awkward place.
      this.notification('textDocument/didChange', { textDocument: { uri, version: (doc && ++doc.version) ?? 1 }, contentChanges: [{ range: { start: { line: 0, character: 1 }, end: { line: 0, character: 2 } }, text: '\ud83d' }] }),
      this.notification('textDocument/didOpen', { textDocument: { uri, languageId: 'typescript', version: bad(), text: 'a😀b\n' } }),
      this.request('redline/snippet/apply', { textDocument: { uri, version: doc?.version ?? 0 }, snippet: 'x\n', selection: { start: { line: r.int(0, 1e9), character: 0 }, end: { line: r.int(0, 2 ** 31 - 1), character: r.int(0, 2 ** 31 - 1) } } }),
      this.request('redline/inlineEdit/start', { textDocument: { uri, version: doc?.version ?? 0 }, range: { start: pos(), end: pos() }, instruction: 'x' }),
      this.request('redline/inlineEdit/accept', { sessionId: this.sessionId(), line: bad() }),
      this.request('textDocument/inlineCompletion', { textDocument: { uri }, position: pos(), context: { triggerKind: 2 } }),
      this.request('redline/nextEdit', { textDocument: { uri, version: doc?.version ?? 0 }, position: pos(), trigger: 'invoked' }),
    ]);
  }

  private deep(): Step {
    const id = `deep-${++this.counter}`;
    const bodies = [
      `{"jsonrpc":"2.0","id":"${id}","method":"redline/inlineEdit/cancel","params":{"sessionId":"x","d":${nested(5000)}}}`,
      `{"jsonrpc":"2.0","method":"textDocument/didClose","params":{"textDocument":{"uri":"u"},"d":${nested(5000)}}}`,
      `{"jsonrpc":"2.0","id":null,"error":{"code":-32603,"message":"m","data":${nested(5000)}}}`,
      '['.repeat(5000) + ']'.repeat(5000),
    ];
    const which = this.rng.int(0, bodies.length - 1);
    return { kind: 'bytes', label: 'deep', chunks: [frame(bodies[which])], requestId: which === 0 ? id : undefined };
  }

  /** Answers to requests nobody asked, and answers without an id. */
  private response(): Step {
    const r = this.rng;
    const id = r.pick<unknown>([null, 0, 1, 'x', r.int(0, 1e6), {}]);
    const message = r.pick<Record<string, unknown>>([{ jsonrpc: '2.0', id, result: this.anyJson(2) }, { jsonrpc: '2.0', id, error: { code: r.int(-33000, 0), message: 'client says no', data: this.anyJson(2) } }, { jsonrpc: '2.0', id }]);
    return { kind: 'bytes', label: 'response', chunks: [frame(message)] };
  }

  private lifecycle(): Step {
    const r = this.rng;
    const ends = this.options.lifecycleEnds ? 1 : 0;
    const pick = r.weighted({ initialize: 5, initialized: 3, shutdown: ends / 3, exit: ends / 3 });
    if (pick === 'shutdown') return { kind: 'shutdown' };
    if (pick === 'exit') return { kind: 'exit' };
    if (pick === 'initialize') return this.send(this.request('initialize', { processId: null, capabilities: {} }));
    return this.send(this.notification('initialized', {}));
  }

  /** A 10 MB document, an edit started on it, and it closed again. */
  private huge(): Step {
    let text = '';
    for (let i = 0; text.length < 10_000_000; i++) text += `def f_${i}(x):\n    return x + ${i}\n`;
    const uri = `file:///fuzz/huge${++this.counter}.py`;
    const lines = text.split('\n').length;
    const open = frame({ jsonrpc: '2.0', method: 'textDocument/didOpen', params: { textDocument: { uri, languageId: 'python', version: 1, text } } });
    const requestId = this.id();
    const start = frame({ jsonrpc: '2.0', id: requestId, method: 'redline/inlineEdit/start', params: { textDocument: { uri, version: 1 }, range: { start: { line: 1000, character: 0 }, end: { line: 1000, character: 0 } }, instruction: 'x' } });
    const close = frame({ jsonrpc: '2.0', method: 'textDocument/didClose', params: { textDocument: { uri } } });
    return { kind: 'bytes', label: 'huge', chunks: [Buffer.concat([open, start, close])], requestId, opens: { uri, languageId: 'python', version: 1, lines }, closes: uri };
  }

  private anyJson(depth: number): unknown {
    const r = this.rng;
    const kind = depth <= 0 ? r.int(0, 4) : r.int(0, 6);
    switch (kind) {
      case 0:
        return null;
      case 1:
        return r.chance(0.5);
      case 2:
        return r.pick([0, -1, 0.5, 1e308, -0, 2 ** 31, r.int(-1e6, 1e6)]);
      case 3:
        return r.pick(['', 'x', '\ud800', '😀', 'a'.repeat(r.int(0, 200)), 'file:///x', '\u0000']);
      case 4:
        return r.pick(['ollama', 'openai', 'edit-1']);
      case 5:
        return Array.from({ length: r.int(0, 3) }, () => this.anyJson(depth - 1));
      default:
        return Object.fromEntries(Array.from({ length: r.int(0, 3) }, (_, i) => [r.pick(['line', 'character', 'uri', 'version', 'text', 'range', `k${i}`]), this.anyJson(depth - 1)]));
    }
  }
}
