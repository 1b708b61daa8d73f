/**
 * Runs generated frames against the packaged sidecar and reports what a client would suffer:
 * crashes (the process died), hangs (a probe request unanswered within 10 s), requests never
 * answered, internal errors in its log, error answers by code, the slowest probe answer, and its
 * memory before and after.
 */
import { startModelDouble, type ModelDouble, type RecordedRequest, type Reply } from '@redline/model-double';
import { RawSidecar, type WireMessage } from '../harness/rawSidecar.js';
import { Random } from '../harness/random.js';
import { FrameGenerator, type FuzzState, type Step } from './generator.js';

/**
 * A wedged sidecar never answers; a busy machine answers late. The bound tells the two apart, and
 * how late the answers came is reported (`slowestProbe`), not failed on.
 */
const HANG_MS = 10_000;
/** A probe (a request answered from the sidecar's own state) after this many frames. */
const PROBE_EVERY = 25;
const CLOSE_ALL_EVERY = 2000;
const EXIT_MS = 15_000;
const HUGE_MS = 30_000;
/**
 * Unanswered requests are waited for this long before a process is ended or the run reported: a
 * client that keeps answering renders as stale with a version it never sent makes the sidecar wait
 * up to 2 s for that version each time, so some answers come late, yet they come.
 */
const DRAIN_MS = 30_000;

export interface FuzzFailure {
  kind: 'crash' | 'hang' | 'unanswered' | 'internal error';
  frame: number;
  detail: string;
  /** Labels of the frames just before it. */
  recent: string[];
}

export interface FuzzReport {
  seed: number;
  frames: number;
  crashes: number;
  hangs: number;
  unanswered: number;
  internalErrors: number;
  /** Processes ended on purpose by shutdown/exit frames (a new one was started each time). */
  lifecycleEnds: number;
  /** The longest time from an exit notification to the end of the process. */
  slowestExitMs: number;
  /** The longest wait for a probe's answer, and the frames before it (probes after a 10 MB document aside). */
  slowestProbe: { ms: number; after: string[] };
  errorsByCode: Record<string, number>;
  answered: number;
  /** Model replies sent far past their token limit, and how many of those the sidecar hung up on before their end. */
  overLimit: { sent: number; hungUp: number };
  /** RSS of the last process after warm-up and at the end, in bytes. */
  rssBefore: number;
  rssAfter: number;
  failures: FuzzFailure[];
  seconds: number;
}

export interface FuzzOptions {
  seed: number;
  frames: number;
  /** Shutdown and exit frames (each ends a process); off for a memory figure over one process. */
  lifecycleEnds: boolean;
  /** Frames after which the RSS baseline is taken. */
  warmUp?: number;
  hugeDocuments?: boolean;
  onProgress?: (done: number, report: FuzzReport) => void;
}

/**
 * What the model server answers: mostly short replies, now and then a failure, or a reply far past
 * the token limit it was asked for (a server that ignores `max_tokens`), ended as if the model had
 * stopped.
 */
function modelReplies(rng: Random, overLimit: (request: RecordedRequest) => void): (request: RecordedRequest) => Reply {
  return (request) => {
    const text = rng.pick(['def f(x):\n    return x * 2\n', 'const a = 2;\n', '```\nfun a() = 2\n```\n', '<think>hm</think>x = 1\n', '', 'same\n']);
    const kind = rng.weighted<string>({ ok: 77, http: 5, cut: 4, malformed: 4, slow: 7, overLimit: 3 });
    if (kind === 'overLimit') {
      overLimit(request);
      return { text: `${text}${'  x = x + 1\n'.repeat(Math.floor(rng.int(20_000, 200_000) / 12))}`, chunkSize: 4096, delayMs: 1, finishReason: 'stop' };
    }
    return kind === 'ok'
      ? { text, chunkSize: rng.int(1, 16) }
      : rng.pick<Reply>([
          { text: '', status: 500, errorBody: { error: 'boom' } },
          { text, cutAfterChunks: 1, chunkSize: 2 },
          { text, malformedAfterChunks: 1, chunkSize: 2 },
          { text, chunkSize: 3, delayMs: 5 },
        ]);
  };
}

export async function runFuzz(options: FuzzOptions): Promise<FuzzReport> {
  const started = performance.now();
  const rng = new Random(options.seed);
  // Answers to renders come at moments that depend on timing: they draw from their own sequence.
  const answers = new Random(options.seed ^ 0xa11ce);
  const model: ModelDouble = await startModelDouble();
  const overLimitRequests: RecordedRequest[] = [];
  model.onRequest(modelReplies(new Random(options.seed ^ 0x5eed), (request) => overLimitRequests.push(request)));
  const state: FuzzState = { docs: [], sessions: [], lastIds: [] };
  const generator = new FrameGenerator(rng, state, { lifecycleEnds: options.lifecycleEnds, hugeDocuments: options.hugeDocuments });
  const report: FuzzReport = { seed: options.seed, frames: 0, crashes: 0, hangs: 0, unanswered: 0, internalErrors: 0, lifecycleEnds: 0, slowestExitMs: 0, slowestProbe: { ms: 0, after: [] }, errorsByCode: {}, answered: 0, overLimit: { sent: 0, hungUp: 0 }, rssBefore: 0, rssAfter: 0, failures: [], seconds: 0 };
  const recent: string[] = [];
  /** The sidecar's last log lines, for the report of a crash or a hang. */
  const logTail: string[] = [];
  const outstanding = new Map<unknown, string>();
  const warmUp = options.warmUp ?? Math.min(1000, Math.floor(options.frames / 5));
  let sidecar = await spawn();

  function fail(kind: FuzzFailure['kind'], detail: string) {
    if (report.failures.length < 20) report.failures.push({ kind, frame: report.frames, detail, recent: [...recent] });
  }

  async function spawn(): Promise<RawSidecar> {
    const s = new RawSidecar();
    s.onRender = (params) => {
      const version = params.version as number;
      const doc = state.docs.find((d) => d.uri === params.uri);
      const answer = answers.weighted({ applied: 85, stale: 10, wrong: 5 });
      if (answer === 'applied') {
        if (doc) doc.version = Math.max(doc.version, version + 1);
        return { applied: true, version: version + 1 };
      }
      if (answer === 'wrong') return { applied: 'yes', version: -1 };
      // Stale at a version the client has (as the sidecar knows it), or at the client's own count.
      return { applied: false, version: answers.chance(0.7) ? version : (doc?.version ?? version) };
    };
    await s.initialize({ provider: answers.pick(['ollama', 'openai']), endpoint: model.url, model: 'fuzz', requestTimeoutMs: 1000, debounceWait: 10 });
    state.docs.length = 0;
    state.sessions.length = 0;
    return s;
  }

  /** Takes what the sidecar sent so far: answers, session ids, error codes, internal errors. */
  function collect(s: RawSidecar) {
    for (const message of s.received.splice(0) as WireMessage[]) {
      if (message.method !== undefined) continue;
      outstanding.delete(message.id);
      report.answered++;
      if (message.error) report.errorsByCode[message.error.code] = (report.errorsByCode[message.error.code] ?? 0) + 1;
      const sessionId = (message.result as { sessionId?: unknown } | undefined)?.sessionId;
      if (typeof sessionId === 'string') {
        state.sessions.push(sessionId);
        if (state.sessions.length > 20) state.sessions.shift();
      }
    }
    const lines = s.stderr.split('\n');
    s.stderr = lines.pop() ?? '';
    logTail.push(...lines);
    logTail.splice(0, Math.max(0, logTail.length - 12));
    for (const [i, line] of lines.entries()) {
      if (!/internal error/.test(line)) continue;
      report.internalErrors++;
      // The stack follows on lines of its own: keep its top, which says where.
      fail('internal error', [line.slice(0, 2000), ...lines.slice(i + 1, i + 12).filter((l) => /^\s+at /.test(l))].join('\n'));
    }
  }

  /** Waits for every tracked request to be answered; counts the rest. */
  async function drain(s: RawSidecar) {
    const deadline = Date.now() + DRAIN_MS;
    while (outstanding.size > 0 && Date.now() < deadline && s.alive) {
      await sleep(20);
      collect(s);
    }
    if (s.alive && outstanding.size > 0) {
      report.unanswered += outstanding.size;
      fail('unanswered', [...outstanding.values()].slice(0, 5).join(', '));
    }
    outstanding.clear();
  }

  async function replace(reason: 'crash' | 'hang' | 'end', detail = '') {
    collect(sidecar);
    const log = `\n  last log lines:\n    ${logTail.map((l) => l.slice(0, 300)).join('\n    ')}`;
    if (reason === 'crash') {
      report.crashes++;
      fail('crash', detail + log);
    } else if (reason === 'hang') {
      report.hangs++;
      fail('hang', detail + log);
    } else report.lifecycleEnds++;
    logTail.length = 0;
    outstanding.clear();
    await sidecar.kill();
    sidecar = await spawn();
  }

  /** After a 10 MB document the probe waits longer: reading one takes about a second here. */
  async function probe(afterHuge = false): Promise<boolean> {
    const sent = performance.now();
    const answer = await sidecar.request('redline/inlineEdit/cancel', { sessionId: 'probe' }, afterHuge ? HUGE_MS : HANG_MS);
    if (answer) {
      const ms = performance.now() - sent;
      if (!afterHuge && ms > report.slowestProbe.ms) report.slowestProbe = { ms, after: recent.slice(-4) };
      return true;
    }
    if (!sidecar.alive) await replace('crash', `exit ${JSON.stringify(await sidecar.exit)}`);
    else await replace('hang', `no answer to a probe within ${afterHuge ? HUGE_MS : HANG_MS} ms`);
    return false;
  }

  async function end(step: Step & { kind: 'shutdown' | 'exit' }) {
    await drain(sidecar);
    if (step.kind === 'shutdown') await sidecar.request('shutdown', {}, HANG_MS);
    const sent = performance.now();
    sidecar.notify('exit');
    // process.exit() returns at once, yet the process can take seconds to end after work with the
    // grammars (V8 finishing background compiles of their wasm, it seems): its time is reported.
    const exit = await Promise.race([sidecar.exit, sleep(EXIT_MS).then(() => null)]);
    report.slowestExitMs = Math.max(report.slowestExitMs, performance.now() - sent);
    const expected = step.kind === 'shutdown' ? 0 : 1;
    if (exit?.code === expected) await replace('end');
    else if (exit === null) await replace('hang', `${step.kind}: the process did not exit within ${EXIT_MS} ms`);
    else await replace('crash', `${step.kind}: exit ${JSON.stringify(exit)}, expected code ${expected}`);
  }

  for (let i = 0; i < options.frames; i++) {
    report.frames = i + 1;
    const step = generator.next();
    recent.push(step.kind === 'bytes' ? step.label : step.kind);
    if (recent.length > 12) recent.shift();
    if (step.kind !== 'bytes') {
      await end(step);
      continue;
    }
    if (step.requestId !== undefined) outstanding.set(step.requestId, `${step.label} #${i} (id ${JSON.stringify(step.requestId)})`);
    if (step.closes) state.docs = state.docs.filter((d) => d.uri !== step.closes);
    if (step.opens) state.docs = [...state.docs.filter((d) => d.uri !== step.opens!.uri), step.opens];
    const written = await sidecar.write(...step.chunks);
    if (!written || !sidecar.alive) {
      const exit = await Promise.race([sidecar.exit, sleep(HANG_MS).then(() => null)]);
      await replace(exit ? 'crash' : 'hang', exit ? `exit ${JSON.stringify(exit)}` : 'stdin stopped taking bytes');
      continue;
    }
    if ((i + 1) % PROBE_EVERY === 0 || step.label === 'deep' || step.label === 'huge') {
      if (await probe(step.label === 'huge')) collect(sidecar);
    }
    if (i + 1 === warmUp) {
      await drain(sidecar);
      await sleep(500);
      report.rssBefore = sidecar.alive ? sidecar.rss() : 0;
    }
    // Editors close documents: every so often all of them are, so what stays in memory is what leaks.
    if ((i + 1) % CLOSE_ALL_EVERY === 0) {
      for (const uri of generator.uris()) sidecar.notify('textDocument/didClose', { textDocument: { uri } });
      state.docs.length = 0;
      state.sessions.length = 0;
    }
    if ((i + 1) % 1000 === 0) {
      if (sidecar.alive) report.rssAfter = sidecar.rss();
      options.onProgress?.(i + 1, report);
    }
  }
  await probe();
  await drain(sidecar);
  await sleep(500);
  report.rssAfter = sidecar.alive ? sidecar.rss() : 0;
  collect(sidecar);
  await sidecar.kill();
  report.overLimit = { sent: overLimitRequests.length, hungUp: overLimitRequests.filter((r) => r.closedEarly).length };
  await model.close();
  report.seconds = (performance.now() - started) / 1000;
  return report;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
