/**
 * Runs one fault session end to end: a sidecar (in this process, or the packaged executable when
 * the plan kills it), the model double over real HTTP, and a client that edits like a user, answers
 * renders (sometimes stale) and gives verdicts. The outcome is judged by `World`, which knows only
 * what the harness did.
 */
import { createServer } from 'node:net';
import type { RenderedDocument, SidecarClient } from '@redline/client';
import { startModelDouble, type ModelDouble, type Reply } from '@redline/model-double';
import { TERMINAL_STATES, type SessionState, type SessionStatusParams } from '@redline/shared-protocol';
import { inProcessServer } from '../harness/inProcess.js';
import { packagedSidecar } from '../harness/packaged.js';
import { ERROR_FAULTS, atSharedIndent, proposalForReEdit, truncatedProposal, type FaultKind, type Round, type SessionPlan, type UserEdit } from './plan.js';
import { Random } from '../harness/random.js';
import { keyOf, World, type Outcome } from './world.js';

export interface SessionResult {
  seed: number;
  /** What happened, step by step: printed with the problems. */
  trace: string[];
  fault: FaultKind;
  /** The terminal state, `killed` when the sidecar was killed. */
  end: SessionState | 'killed' | 'hung';
  problems: string[];
  /** The mirror was compared with the client's text. */
  probed: boolean;
  userEdits: number;
  staleAnswers: number;
  /**
   * The user's typed tokens (markers): how many were typed, how many the final text holds more than
   * once or not at all, and how many lines holding them are there twice (a copy without a later token).
   */
  tokens: { typed: number; duplicated: number; lost: number; doubledLines: number };
  /** The client typed before two renders and answered both stale. */
  staleTyping: boolean;
  ms: number;
}

const SESSION_DEADLINE_MS = 20_000;
const URI_BASE = 'file:///fault/session';
const STRUCTURAL: ReadonlySet<UserEdit['kind']> = new Set(['insertInside', 'deleteInside', 'pasteInside', 'splitInside']);

export async function runSession(plan: SessionPlan): Promise<SessionResult> {
  const began = performance.now();
  const model = await startModelDouble();
  const endpoint = plan.fault === 'refused' ? await closedPortUrl() : model.url;
  // A short silence timeout only where the fault is a stall: on a loaded machine a normal reply may pause.
  const settings = { provider: plan.provider, endpoint, model: 'm', requestTimeoutMs: plan.fault === 'stall' ? 600 : 5000 } as const;
  const killable = plan.killAtMs !== null;
  const inProcess = killable ? null : await inProcessServer(settings);
  const client = inProcess ? inProcess.client : await packagedSidecar(settings);
  const driver = new Driver(plan, client, model);
  let end: SessionResult['end'] = 'hung';
  try {
    end = await withDeadline(driver.run(), SESSION_DEADLINE_MS);
  } catch (err) {
    driver.problems.push(`the session failed: ${(err as Error).message}`);
  }
  if (end === 'hung') driver.problems.push(`no terminal status within ${SESSION_DEADLINE_MS} ms`);
  let probed = false;
  if (end !== 'killed' && end !== 'hung') {
    // A request answered after every notification sent before it: the sidecar has seen all edits.
    await client.conn.sendRequest('redline/inlineEdit/cancel', { sessionId: 'barrier' }).catch(() => undefined);
    const mirror = inProcess?.mirror(driver.doc.uri);
    if (inProcess) {
      probed = true;
      if (mirror !== driver.doc.text) driver.problems.push(`the sidecar's mirror differs from the client's text:\n${JSON.stringify(mirror)}\n${JSON.stringify(driver.doc.text)}`);
    }
  }
  for (const log of client.logs) if (/checksum mismatch|did not arrive/.test(log.message)) driver.problems.push(`sidecar log: ${log.message}`);
  const tokens = end === 'hung' ? { typed: 0, duplicated: [], lost: [] } : driver.tokens();
  for (const m of tokens.duplicated) driver.problems.push(`the user's ${m} is in the final text more than once`);
  for (const m of tokens.lost) driver.problems.push(`the user's ${m} is not in the final text`);
  await client.close().catch(() => undefined);
  await model.close();
  return {
    seed: plan.seed,
    trace: driver.trace,
    fault: plan.fault,
    end,
    problems: driver.problems,
    probed,
    userEdits: driver.userEdits,
    staleAnswers: driver.doc?.staleAnswers ?? 0,
    tokens: { typed: tokens.typed, duplicated: tokens.duplicated.length, lost: tokens.lost.length, doubledLines: driver.problems.filter((p) => / is there twice /.test(p)).length },
    staleTyping: plan.answers.staleTyping,
    ms: Math.round(performance.now() - began),
  };
}

class Driver {
  readonly problems: string[] = [];
  readonly trace: string[] = [];
  doc!: RenderedDocument;
  userEdits = 0;
  private readonly world: World;
  private readonly rng: Random;
  private sessionId = '';
  private ended: SessionStatusParams | null = null;
  private killed = false;
  private structural = false;
  private cancelled = false;
  private answerEdits = 0;
  private answered = 0;
  /** The key of the streaming line the stale-render pattern typed on: it types on it again. */
  private lastTyped: string | null = null;

  constructor(
    private readonly plan: SessionPlan,
    private readonly client: SidecarClient,
    private readonly model: ModelDouble,
  ) {
    this.world = new World(plan.head, plan.baseline, plan.tail);
    this.rng = new Random(plan.seed ^ 0xa11ce);
  }

  async run(): Promise<SessionResult['end']> {
    const { plan, client } = this;
    const text = [...plan.head, ...plan.baseline, ...plan.tail].join(plan.eol) + (plan.finalNewline ? plan.eol : '');
    this.doc = await client.openDocument(`${URI_BASE}${plan.seed}.ts`, 'plaintext', text, { echoRenders: plan.answers.echo, checksumIntervalMs: 0 });
    client.conn.onRequest('redline/applyRender', (params) => this.answer(params));
    client.onStatus((s) => {
      if (s.sessionId === this.sessionId && TERMINAL_STATES.includes(s.state)) this.ended = s;
    });
    client.conn.raw.onClose(() => (this.killed = true));

    const first = plan.head.length;
    const last = first + plan.baseline.length - 1;
    const lastLength = plan.baseline[plan.baseline.length - 1].length;
    const atDocEnd = plan.tail.length === 0 && !plan.finalNewline;
    const range = {
      start: { line: first, character: Math.min(plan.selection.startCharacter, plan.baseline[0].length) },
      end: plan.selection.endAtNextLine && !atDocEnd ? { line: last + 1, character: 0 } : { line: last, character: lastLength },
    };
    let outcome: Outcome | 'mixed' = 'baseline';
    for (let r = 0; r < plan.rounds.length; r++) {
      const round = plan.rounds[r];
      const proposal = r === 0 ? this.firstProposal() : proposalForReEdit(plan.seed, this.shownBaseline());
      const reply: Reply = r === 0 ? this.withGarbageFrame(round.reply) : { ...round.reply, text: proposal.join('\n') + '\n' };
      this.model.script(reply);
      const since = client.statuses.length;
      const started = await this.start(() => (r === 0 ? range : this.lineOfRegion()));
      if (!started) break;
      if (r === 0) {
        this.sessionId = started.sessionId;
        const expectedRange = { start: { line: first, character: 0 }, end: { line: last + 1, character: 0 } };
        if (JSON.stringify(started.range) !== JSON.stringify(expectedRange)) this.problems.push(`scope ${JSON.stringify(started.range)}, selection lines ${first}–${last}`);
      } else if (started.sessionId !== this.sessionId || !started.reEdit) {
        // The proposal ended meanwhile (a break), so the instruction started a session of its own.
        await waitUntil(() => this.ended !== null, 5000);
        if (!this.ended) this.problems.push(`a re-edit started ${JSON.stringify(started)}`);
        for (const sessionId of [started.sessionId, this.sessionId]) {
          await this.client.conn.sendRequest('redline/inlineEdit/cancel', { sessionId }).catch(() => undefined);
          await this.client.waitForStatus(sessionId).catch(() => undefined);
        }
        break;
      }
      this.world.propose(r + 1, proposal);
      this.note(`round ${r + 1}: ${JSON.stringify(started)}, proposal ${JSON.stringify(proposal)}, reply ${JSON.stringify({ ...reply, garbage: undefined })}`);
      const status = await this.streamPhase(round, since, r === 0);
      if (this.killed) return this.afterKill();
      this.checkStreamEnd(status, r === 0 ? plan.fault : 'none', proposal, r === 0 ? plan.baseline : null);
      this.note(`stream ended ${status.state}`);
      if (status.state !== 'done') break;
      this.world.completed(r + 1);
      for (const edit of round.pendingEdits) {
        await pause(edit.delayMs);
        if (this.ended) break;
        this.perform(edit);
      }
      // A break's status may be on its way.
      if (this.structural) await waitUntil(() => this.ended !== null, 300);
      if (this.ended) break;
      if (round.verdict === 'reEdit') continue;
      outcome = await this.verdict(round);
      break;
    }
    const final = await this.client.waitForStatus(this.sessionId).catch(() => null);
    if (this.killed) return this.afterKill();
    if (!final) return 'hung';
    // What arrives after the terminal status (a last render of a broken race) must not change anything.
    await pause(20);
    const side: Outcome = outcome === 'proposal' && final.state === 'accepted' ? 'proposal' : 'baseline';
    if (outcome === 'proposal' && final.state === 'rejected') this.problems.push('accepted, but the session ended rejected');
    this.note(`ended ${final.state}${final.message ? ` (${final.message})` : ''}, judged against the ${side} side`);
    this.judge(side);
    return final.state;
  }

  /** Each token the user typed, counted in the final text by its spelling alone: never twice, and every verdict keeps those typed since the latest proposal. */
  tokens(): { typed: number; duplicated: string[]; lost: string[] } {
    const { all, kept } = this.world.typedMarkers();
    const count = (m: string) => this.doc.text.split(m).length - 1;
    return { typed: all.length, duplicated: all.filter((m) => count(m) > 1), lost: kept.filter((m) => count(m) === 0) };
  }

  /** The connection to the sidecar closes (it was killed) within a moment. */
  private async closedSoon(): Promise<boolean> {
    await waitUntil(() => this.killed, 500);
    return this.killed;
  }

  private note(what: string): void {
    this.trace.push(`${what}\n    ${JSON.stringify(this.doc.text)}\n    marks ${JSON.stringify(this.doc.marks.get(this.sessionId)?.decorations.runs ?? [])}`);
  }

  /** The client took the proposal out when the sidecar died: what is left is the baseline side. */
  private afterKill(): 'killed' {
    for (const problem of this.world.check(this.doc.text, 'baseline')) this.problems.push(`after the kill: ${problem}`);
    if (this.doc.marks.size > 0) this.problems.push('marks left after the kill');
    return 'killed';
  }

  /** Starts (or re-edits) at the range `where` gives for the document as it is at each try. */
  private async start(where: () => { start: { line: number; character: number }; end: { line: number; character: number } } | null) {
    for (let attempt = 0; attempt < 3; attempt++) {
      const range = where();
      if (!range) return null;
      try {
        return await this.client.conn.sendRequest('redline/inlineEdit/start', { textDocument: { uri: this.doc.uri, version: this.doc.version }, range, instruction: `rewrite ${this.plan.seed}` });
      } catch (err) {
        // The document moved between reading its version and the request: a user would try again.
        if ((err as { code?: number }).code !== -32801) {
          // A kill that overtook a status already on its way ends the session here.
          if (!this.killed && !(await this.closedSoon())) this.problems.push(`start refused: ${(err as Error).message}`);
          return null;
        }
      }
    }
    this.problems.push('start refused three times as stale');
    return null;
  }

  /** The stream: the user's edits at their times, a cancel or a kill, until the round is done or over. */
  private async streamPhase(round: Round, since: number, firstRound: boolean): Promise<SessionStatusParams> {
    const settled = this.client.waitForStatus(this.sessionId, ['done', ...TERMINAL_STATES], since);
    let over = false;
    void settled.finally(() => (over = true)).catch(() => undefined);
    const began = performance.now();
    const actions: Promise<void>[] = [
      (async () => {
        for (const edit of round.streamEdits) {
          await pause(edit.delayMs);
          if (over || this.killed) return;
          this.perform(edit);
        }
      })(),
    ];
    if (round.cancelAtMs !== null) {
      actions.push(
        (async () => {
          await pause(round.cancelAtMs!);
          if (over || this.killed) return;
          this.cancelled = true;
          await this.client.conn.sendRequest('redline/inlineEdit/cancel', { sessionId: this.sessionId }).catch(() => undefined);
        })(),
      );
    }
    if (firstRound && this.plan.killAtMs !== null) {
      actions.push(
        (async () => {
          await pause(Math.max(0, this.plan.killAtMs! - (performance.now() - began)));
          if (!over) this.client.child?.kill('SIGKILL');
        })(),
      );
    }
    try {
      return await settled;
    } catch {
      return { sessionId: this.sessionId, uri: this.doc.uri, state: 'cancelled', hunkCount: 0 };
    } finally {
      over = true;
      await Promise.all(actions);
      if (this.killed) await waitUntil(() => this.doc.marks.size === 0, 2000);
    }
  }

  /** The state a round's stream ended in must fit its fault and what the user did. */
  private checkStreamEnd(status: SessionStatusParams, fault: FaultKind, proposal: readonly string[], baseline: readonly string[] | null): void {
    const allowed = new Set<SessionState>();
    if (ERROR_FAULTS.includes(fault)) allowed.add('error');
    else if (fault === 'empty') allowed.add('noChanges');
    else allowed.add('done');
    const same = baseline !== null && proposal.length === baseline.length && proposal.every((l, i) => l === baseline[i]);
    if (same || this.userEdits > 0) allowed.add('noChanges');
    if (this.cancelled) allowed.add('cancelled');
    if (this.structural) allowed.add('broken');
    if (!allowed.has(status.state)) this.problems.push(`the stream ended ${status.state}${status.message ? ` (${status.message})` : ''}; expected ${[...allowed].join(' or ')}`);
  }

  private async verdict(round: Round): Promise<Outcome | 'mixed'> {
    const conn = this.client.conn;
    const during = () => {
      if (round.editDuringVerdict && !this.ended) this.perform(round.editDuringVerdict);
    };
    switch (round.verdict) {
      case 'accept':
      case 'reject': {
        const sent = conn.sendRequest(round.verdict === 'accept' ? 'redline/inlineEdit/accept' : 'redline/inlineEdit/reject', { sessionId: this.sessionId });
        during();
        await sent.catch((err: Error) => this.refused(`${round.verdict} refused: ${err.message}`));
        return round.verdict === 'accept' ? 'proposal' : 'baseline';
      }
      case 'cancel': {
        const sent = conn.sendRequest('redline/inlineEdit/cancel', { sessionId: this.sessionId });
        during();
        await sent.catch((err: Error) => this.refused(`cancel refused: ${err.message}`));
        return 'baseline';
      }
      default:
        break;
    }
    for (const [k, pick] of round.hunkPicks.entries()) {
      if (this.ended) break;
      const hunks = this.paintedHunks();
      if (hunks.length === 0) break;
      const hunk = hunks[pick.pick % hunks.length];
      const line = hunk[pick.line % hunk.length].line;
      const sent = conn.sendRequest(pick.accept ? 'redline/inlineEdit/accept' : 'redline/inlineEdit/reject', { sessionId: this.sessionId, line });
      if (k === 0) during();
      this.note(`per-hunk ${pick.accept ? 'accept' : 'reject'} at line ${line}`);
      try {
        await sent;
        const keys = (kind: string) => hunk.filter((l) => l.kind === kind).map((l) => l.key);
        this.world.settledHunk(keys('removed'), keys('added'), pick.accept);
      } catch (err) {
        await this.refused(`a per-hunk ${pick.accept ? 'accept' : 'reject'} at line ${line} was refused: ${(err as Error).message}`);
        break;
      }
    }
    if (!this.ended) await conn.sendRequest('redline/inlineEdit/reject', { sessionId: this.sessionId }).catch(() => undefined);
    return 'mixed';
  }

  /** A verdict refused is a problem unless the session has ended meanwhile (a break): its status follows. */
  private async refused(problem: string): Promise<void> {
    await waitUntil(() => this.ended !== null || this.killed, 2000);
    if (!this.ended && !this.killed) this.problems.push(problem);
  }

  private judge(side: Outcome): void {
    for (const problem of this.world.check(this.doc.text, side)) this.problems.push(problem);
    if (this.plan.eol === '\r\n' && /(^|[^\r])\n/.test(this.doc.text)) this.problems.push('a CRLF document ended with LF line breaks in it');
    if (this.doc.marks.size > 0) this.problems.push(`marks left: ${JSON.stringify([...this.doc.marks.values()].map((m) => m.decorations.runs))}`);
    const events = this.doc.undoLog.filter((e) => e.group === this.sessionId);
    if (events.length > 0) {
      if (!events[0].open) this.problems.push('the first render did not open the undo group');
      if (events.filter((e) => e.open).length !== 1) this.problems.push('the undo group was opened more than once');
      if (events.filter((e) => e.close).length !== 1 || !events[events.length - 1].close) this.problems.push('the undo group was not closed exactly once, by the last render');
    }
  }

  /** The client answers a render: sometimes the user types first (a real stale), sometimes it refuses. */
  private answer(params: Parameters<RenderedDocument['applyRender']>[0]) {
    const { staleRate, editBeforeAnswerRate, staleTyping } = this.plan.answers;
    this.answered++;
    if (staleTyping && !this.ended && (this.answered === 2 || this.answered === 3)) {
      // Typing on the line the stream writes, before the editor applies the render: it is stale.
      const kind = this.answered === 2 ? 'typeStreaming' : 'typeAgain';
      this.perform({ kind, delayMs: 0, anchor: kind === 'typeStreaming' && this.rng.chance(0.5) ? 'afterId' : 'end', pick: this.rng.int(0, 1000) });
      this.trace.push(`${kind}, then answered render ${this.answered} stale`);
      this.doc.staleAnswers++;
      return { applied: false, version: this.doc.version };
    }
    if (!this.ended && this.answerEdits < 3 && this.rng.chance(editBeforeAnswerRate)) {
      this.answerEdits++;
      this.perform({ kind: this.rng.pick(['typeInside', 'typeAbove', 'typeBelow', 'insertAbove'] as const), delayMs: 0, anchor: this.rng.chance(0.5) ? 'end' : 'afterId', pick: this.rng.int(0, 1000) });
    }
    if (this.rng.chance(staleRate)) {
      this.trace.push(`answered a render stale`);
      this.doc.staleAnswers++;
      return { applied: false, version: this.doc.version };
    }
    return this.doc.applyRender(params);
  }

  private firstProposal(): string[] {
    const { fault, rounds } = this.plan;
    if (fault === 'truncated') return truncatedProposal(rounds[0].reply.text);
    return rounds[0].proposal;
  }

  /** Raw garbage where a frame belongs; over SSE inside a data field, which is where a parser reads it. */
  private withGarbageFrame(reply: Reply): Reply {
    if (!reply.garbage) return reply;
    const bytes = Uint8Array.from([0xff, ...reply.garbage]);
    return { ...reply, garbage: this.plan.provider === 'openai' ? Uint8Array.from([...Buffer.from('data: '), ...bytes, 10]) : bytes };
  }

  // ---- the document as the user sees it --------------------------------------------------------

  private lines(): string[] {
    const lines = this.doc.text.split(/\r?\n/);
    if (this.doc.text.endsWith('\n')) lines.pop();
    return lines;
  }

  /** Indices of the region's lines: every line that is not outside it. */
  private regionLines(): number[] {
    return this.lines().flatMap((line, i) => {
      const key = this.world.keyOfLine(line);
      return key !== null && this.world.isOutside(key) ? [] : [i];
    });
  }

  /** The lines painted red or green (an unreached line is an original line at its place, as context is). */
  private painted(): Map<number, 'removed' | 'added'> {
    const kinds = new Map<number, 'removed' | 'added'>();
    for (const run of this.doc.marks.get(this.sessionId)?.decorations.runs ?? []) {
      const kind = run.kind;
      if (kind !== 'unreached') for (let i = 0; i < run.count; i++) kinds.set(run.start + i, kind);
    }
    return kinds;
  }

  private paintedHunks(): Array<Array<{ line: number; kind: string; key: string }>> {
    const kinds = this.painted();
    const lines = this.lines();
    const hunks: Array<Array<{ line: number; kind: string; key: string }>> = [];
    for (const line of [...kinds.keys()].sort((a, b) => a - b)) {
      const entry = { line, kind: kinds.get(line)!, key: this.world.keyOfLine(lines[line] ?? '') ?? '' };
      const last = hunks[hunks.length - 1];
      if (last && last[last.length - 1].line === line - 1) last.push(entry);
      else hunks.push([entry]);
    }
    return hunks;
  }

  /** The baseline side as the user sees it: the region's lines not painted green. */
  private shownBaseline(): string[] {
    const kinds = this.painted();
    const lines = this.lines();
    return this.regionLines().filter((i) => kinds.get(i) !== 'added' && keyOf(lines[i]) !== null && !this.world.keyOfLine(lines[i])!.startsWith('~')).map((i) => lines[i]);
  }

  private lineOfRegion() {
    const region = this.regionLines();
    if (region.length === 0) return null;
    const line = this.rng.pick(region);
    return { start: { line, character: 0 }, end: { line, character: 0 } };
  }

  // ---- the user's edits ------------------------------------------------------------------------

  /** Makes one edit, if there is a line for it; records it in the world first. */
  private perform(edit: UserEdit): void {
    const lines = this.lines();
    const region = this.regionLines();
    if (region.length === 0) return;
    const first = region[0];
    const last = region[region.length - 1];
    const keys = lines.map((line) => this.world.keyOfLine(line));
    const choose = (candidates: number[]) => (candidates.length === 0 ? null : candidates[edit.pick % candidates.length]);
    const fresh = (i: number) => keys[i] === null || !this.world.isUsers(keys[i]!);
    // A line is named by a whole id (a streaming line may show only part of one), or is the model's chatter.
    const named = (i: number) => keys[i] !== null && this.world.has(keys[i]!) && lines[i].startsWith(`${/^\s*/.exec(lines[i])![0]}${keys[i]} `);
    const chatter = (i: number) => keys[i] === null && /^\s*[A-Z]/.test(lines[i]);
    const painted = this.painted();
    const streamingLine = this.doc.marks.get(this.sessionId)?.decorations.streamingLine ?? null;
    // The proposal's green copy of a line that is also on the baseline side: another physical line.
    // A green line whose key is also the original's, or was until the user deleted the original.
    const copy = (i: number) => (painted.get(i) === 'added' || i === streamingLine) && keys[i] !== null && (this.world.onBaselineSide(keys[i]!) || this.world.wasDeleted(keys[i]!));
    // Only unpainted neighbours pin where an inserted line belongs: a painted one may be a copy.
    const neighbour = (i: number) => (i >= 0 && i < lines.length && !painted.has(i) ? (keys[i] ?? undefined) : undefined);
    const pos = (line: number, character: number) => ({ line, character });
    const at = (line: number, character: number, text: string) => this.doc.edit({ start: pos(line, character), end: pos(line, character) }, text).catch(() => undefined);
    const outsideAbove = lines.map((_, i) => i).filter((i) => i < first);
    const outsideBelow = lines.map((_, i) => i).filter((i) => i > last);
    let made = true;
    switch (edit.kind) {
      case 'typeAbove':
      case 'typeBelow':
      case 'typeInside':
      case 'typeStreaming': {
        const pool = edit.kind === 'typeAbove' ? outsideAbove : edit.kind === 'typeBelow' ? outsideBelow : edit.kind === 'typeStreaming' && streamingLine !== null ? [streamingLine] : region;
        const candidates = pool.filter((i) => fresh(i) && (named(i) || chatter(i)));
        const i = choose(candidates);
        if (i === null) {
          made = false;
          break;
        }
        const marker = this.world.newMarker();
        const key = keys[i];
        const anchor = key === null ? 'end' : edit.anchor;
        // Chatter is the user's line by its marker alone, so there the typing may go anywhere in it.
        const character = key === null ? columnOutsideMarkers(lines[i], edit.pick) : anchor === 'end' ? lines[i].length : /^\s*\S+/.exec(lines[i])![0].length;
        if (edit.kind === 'typeStreaming') this.lastTyped = key === null || copy(i) ? `~${marker}` : key;
        this.world.typed(key ?? '', marker, anchor, copy(i));
        void at(i, character, marker);
        break;
      }
      case 'typeAgain': {
        // The line typed on before, once more: at its end, or anywhere in a line known by its marker.
        // Not a green copy of that line: the copy is another physical line.
        const i = lines.findIndex((_, j) => keys[j] !== null && keys[j] === this.lastTyped && !copy(j));
        if (i < 0 || !this.world.retypable(keys[i]!)) {
          made = false;
          break;
        }
        const marker = this.world.newMarker();
        const character = this.world.text(keys[i]!) === null ? columnOutsideMarkers(lines[i], edit.pick) : lines[i].length;
        this.world.typed(keys[i]!, marker, 'end');
        void at(i, character, marker);
        break;
      }
      case 'insertAbove':
      case 'insertBelow':
      case 'insertInside':
      case 'pasteInside': {
        const inside = edit.kind === 'insertInside' || edit.kind === 'pasteInside';
        const before = inside ? choose(region.filter((i) => i > first)) : edit.kind === 'insertAbove' ? choose([...outsideAbove, first]) : choose([...outsideBelow, lines.length]);
        if (before === null) {
          made = false;
          break;
        }
        const count = edit.kind === 'pasteInside' ? 1 + (edit.pick % 3) : 1;
        const texts = Array.from({ length: count }, () => `  ${this.world.newUserId()} mine`);
        let above = neighbour(before - 1);
        for (const text of texts) {
          this.world.inserted(text, above, neighbour(before), !inside);
          above = keyOf(text)!;
        }
        const eol = this.plan.eol;
        if (before < lines.length) void at(before, 0, texts.map((t) => `${t}${eol}`).join(''));
        else if (this.doc.text.endsWith('\n') || this.doc.text === '') void at(lines.length, 0, texts.map((t) => `${t}${eol}`).join(''));
        else void at(lines.length - 1, lines[lines.length - 1].length, texts.map((t) => `${eol}${t}`).join(''));
        break;
      }
      case 'deleteAbove':
      case 'deleteBelow':
      case 'deleteInside': {
        const pool = edit.kind === 'deleteAbove' ? outsideAbove : edit.kind === 'deleteBelow' ? outsideBelow : region;
        // Whole lines with a line break after them; the region keeps a line at its shared indentation.
        const i = choose(pool.filter((j) => fresh(j) && named(j) && j !== streamingLine && j + 1 < this.doc.buffer.lineCount && !(edit.kind === 'deleteInside' && atSharedIndent(lines[j]))));
        if (i === null) {
          made = false;
          break;
        }
        // Deleting the proposal's copy of a baseline line leaves the original.
        if (!copy(i)) this.world.deleted(keys[i]!);
        void this.doc.edit({ start: pos(i, 0), end: pos(i + 1, 0) }, '').catch(() => undefined);
        break;
      }
      case 'splitInside': {
        const i = choose(region.filter((j) => fresh(j) && named(j) && j !== streamingLine));
        if (i === null) {
          made = false;
          break;
        }
        const [a, b] = [this.world.newMarker(), this.world.newMarker()];
        const middle = `  ${this.world.newUserId()} pasted`;
        this.world.split(keys[i]!, a, [middle], b, copy(i));
        void at(i, /^\s*\S+/.exec(lines[i])![0].length, `${a}${this.plan.eol}${middle}${this.plan.eol}${b}`);
        break;
      }
    }
    if (!made) return;
    this.note(`user ${edit.kind} ${edit.anchor} (pick ${edit.pick})`);
    this.userEdits++;
    if (STRUCTURAL.has(edit.kind)) this.structural = true;
  }
}

/** A column of `line` past its indentation and outside the user's markers, chosen by `pick`. */
function columnOutsideMarkers(line: string, pick: number): number {
  const indent = /^\s*/.exec(line)![0].length;
  const inside = new Set<number>();
  for (const m of line.matchAll(/\/\*m\d+\*\//g)) for (let c = m.index + 1; c < m.index + m[0].length; c++) inside.add(c);
  const columns = Array.from({ length: line.length - indent + 1 }, (_, k) => indent + k).filter((c) => !inside.has(c));
  return columns[pick % columns.length];
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function waitUntil(ready: () => boolean, ms: number): Promise<void> {
  const until = performance.now() + ms;
  while (!ready() && performance.now() < until) await pause(5);
}

async function withDeadline<T>(work: Promise<T>, ms: number): Promise<T | 'hung'> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'hung'>((resolve) => (timer = setTimeout(() => resolve('hung'), ms)));
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** A URL on 127.0.0.1 where nothing listens: connections are refused. */
async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
