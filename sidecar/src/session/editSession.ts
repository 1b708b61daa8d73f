/**
 * One inline-edit session: the single stateful owner of a region, its model stream and its renders.
 * Every change to the document goes through RenderChannels; the session only decides what the
 * region should look like next.
 *
 * States, and what each allows (`enter` is the only place the state changes; NEXT lists the moves):
 *
 * - **streaming**: a reply (or a snippet) is being laid out, rendered as it grows. Typing within a
 *   region line is carried into every later layout; inserting or deleting lines inside the region
 *   breaks it. A new instruction restarts the stream against the baseline. Verdicts are refused.
 * - **pending**: the proposal is complete and painted. Hunks are accepted or rejected one at a time;
 *   whole context lines may be inserted or deleted inside the region; a new instruction re-edits
 *   the proposed side (→ streaming).
 * - **closing**: the session is over and its last render is on its way: every hunk settled (the
 *   baseline restored after a cancel, an error or "no changes") or, for a broken region, the text
 *   left as it is; the undo group closed, no marks. Nothing else is accepted, changes are not tracked.
 * - **ended**: the terminal status has been sent and the registry has forgotten the session.
 *
 * streaming → pending when the complete reply is painted; streaming or pending → closing on cancel,
 * the last verdict, a model error, no changes, a broken region or renders refused too often;
 * closing → ended after its last render; streaming or pending → ended when the document closes.
 */
import type { SessionState } from '@redline/shared-protocol';
import { buildEditPrompt, type ChatMessage } from '../edit/prompt.js';
import { finalizeProposal, streamingProposal } from '../edit/extract.js';
import { layoutDiff, type Layout } from '../edit/layout.js';
import { StreamingLayout } from '../edit/streamingLayout.js';
import { ModelError } from '../providers/types.js';
import { applyOverrides, noOverrides, sideIndices, type LineOverrides } from '../region/overrides.js';
import { Region, repaintFrom, sameMarks, type RegionPlan, type RegionState } from '../region/region.js';
import type { ContentChange, MirrorDocument } from '../server/documents.js';
import type { Logger } from '../server/log.js';
import type { RenderChannels, RenderOutcome } from './renderChannel.js';
import { RenderLoop } from './renderLoop.js';

export type Phase = 'streaming' | 'pending' | 'closing' | 'ended';

const NEXT: Record<Phase, readonly Phase[]> = {
  streaming: ['streaming', 'pending', 'closing', 'ended'],
  pending: ['streaming', 'closing', 'ended'],
  closing: ['ended'],
  ended: [],
};

/** Consecutive stale answers after which the client and the mirror are taken to disagree. */
const MAX_STALE_RENDERS = 20;
/** Tries of the closing render: a stale answer means the user typed meanwhile, so it is planned again. */
const CLOSE_ATTEMPTS = 5;

/** Yields the model's reply as text deltas; aborting the signal must end the HTTP request. */
export type ModelStream = (messages: ChatMessage[], signal: AbortSignal) => AsyncIterable<string>;

export interface SessionDeps {
  channels: RenderChannels;
  log: Logger;
  status(session: EditSession, state: SessionState, message?: string): void;
  onEnded(session: EditSession): void;
}

/** One request to the model (or one snippet): what it rewrites, and what has come back so far. */
interface Ask {
  /** The original lines the model saw: every layout of this ask diffs against them. */
  readonly seen: string[];
  /** The code the model rewrites: the selection, or on a re-edit the proposed side. */
  readonly code: string;
  reply: string;
  /** The user's typing on region lines while the reply streams. */
  readonly overrides: LineOverrides;
  /** Null for a snippet, which arrives complete. */
  readonly streamer: StreamingLayout | null;
  readonly abort: AbortController;
}

/** How the closing render leaves the region: the proposal kept, the baseline restored, or the text as it is. */
type Closing = 'accept' | 'reject' | 'keep';

export class EditSession {
  private state: Phase = 'streaming';
  /** The ask being laid out; set while streaming only. */
  private current: Ask | null = null;
  /** A render of this session was applied, so its undo group is open. */
  private opened = false;
  /** The region as the client last painted it. */
  private painted: RegionState | null = null;
  /** The layout the next render brings the region to, made when the render is planned (streams coalesce). */
  private target: (() => Layout) | null = null;
  private readonly renders = new RenderLoop(
    () => this.renderPlan(() => (this.target ? this.region.planLayout(this.doc.buffer, this.target()) : null), false),
    MAX_STALE_RENDERS,
    () => void this.end('error', 'The editor kept refusing renders as stale; the proposal was discarded.', 'reject'),
  );

  constructor(
    readonly id: string,
    readonly doc: MirrorDocument,
    readonly region: Region,
    private readonly deps: SessionDeps,
  ) {}

  get uri(): string {
    return this.doc.uri;
  }

  get phase(): Phase {
    return this.state;
  }

  /** Streaming or pending: the session takes instructions, verdicts and the user's changes. */
  get live(): boolean {
    return this.state === 'streaming' || this.state === 'pending';
  }

  overlaps(startLine: number, endLine: number): boolean {
    const end = Math.max(this.region.end, this.region.start + 1);
    return startLine < end && this.region.start < Math.max(endLine, startLine + 1);
  }

  /** Asks the model; a re-edit of a pending proposal sends the proposed side and diffs against the baseline. */
  ask(instruction: string, model: ModelStream, fileName: string): void {
    const buffer = this.doc.buffer;
    const baseline = this.region.baseline(buffer);
    const code = joinLines(this.state === 'pending' ? this.region.proposed(buffer) : baseline, buffer, this.region.end);
    const ask = newAsk(baseline, code, new StreamingLayout(baseline));
    this.enter('streaming', ask);
    this.deps.status(this, 'streaming');
    const messages = buildEditPrompt({
      fileName,
      languageId: this.doc.languageId,
      lines: buffer.lines(0, buffer.lineCount),
      start: this.region.start,
      end: this.region.end,
      code,
      instruction,
    });
    void this.consume(model(messages, ask.abort.signal), ask);
  }

  /** Shows a ready-made proposal (an applied snippet) without a model. */
  propose(text: string): void {
    const seen = this.region.baseline(this.doc.buffer);
    const ask = newAsk(seen, joinLines(seen, this.doc.buffer, this.region.end), null);
    ask.reply = text;
    this.enter('streaming', ask);
    void this.finish(ask);
  }

  /** A change the session did not make. */
  track(change: ContentChange): void {
    if (!this.live || change.origin === this.id) return;
    const streaming = this.state === 'streaming';
    const effect = this.region.track(change, streaming);
    if (effect.kind === 'broken') void this.end('broken', `The proposal was discarded because ${effect.reason}; Undo restores it.`, 'keep');
    else if (effect.kind === 'typed' && streaming) this.keepTyping(effect.index);
    else if (effect.kind !== 'none') this.refreshMarks();
  }

  async settle(accept: boolean, line?: number): Promise<number> {
    if (this.state !== 'pending') throw new Error(this.state === 'streaming' ? 'The proposal is still streaming: wait for it or cancel it.' : 'The session has ended.');
    const hunks = this.region.hunks();
    if (line !== undefined && !hunks.some((h) => line >= h.start && line < h.end)) throw new Error(`Line ${line} is not in a hunk of this proposal.`);
    if (line === undefined || hunks.length === 1) {
      await this.end(accept ? 'accepted' : 'rejected', undefined, accept ? 'accept' : 'reject');
      return 0;
    }
    const outcome = await this.renderPlan(() => this.region.planVerdict(this.doc.buffer, accept, line), false);
    if (outcome !== 'applied') throw new Error('The document changed while settling the hunk; try again.');
    return this.region.hunks().length;
  }

  cancel(): Promise<void> {
    return this.end('cancelled', undefined, 'reject');
  }

  /** The document closed: nothing can be edited any more. */
  dispose(): void {
    if (!this.live) return;
    this.enter('ended');
    this.deps.status(this, 'cancelled', 'The document was closed.');
    this.deps.onEnded(this);
  }

  /** The only place the state changes. Leaving an ask behind aborts its model request. */
  private enter(next: Phase, ask: Ask | null = null): void {
    if (!NEXT[this.state].includes(next)) throw new Error(`Session ${this.id} cannot go from ${this.state} to ${next}.`);
    if (this.current !== ask) this.current?.abort.abort();
    this.current = ask;
    this.state = next;
  }

  /** Typing on a line mid-stream: the user's text is carried into every later layout. */
  private keepTyping(index: number): void {
    if (!this.current) return;
    const { overrides } = this.current;
    const kinds = this.region.kinds;
    const side = sideIndices(kinds, index);
    const text = this.doc.buffer.lineAt(this.region.start + index);
    if (kinds[index] !== 'added') overrides.baseline.set(side.baseline, text);
    else if (this.region.streamingLine !== index) overrides.proposal.set(side.proposal, text);
    this.updateTarget();
  }

  /** Repaints after the user moved or retyped tracked lines, so no client keeps stale marks. */
  private refreshMarks(): void {
    if (this.state === 'streaming') this.renders.request();
    else void this.renderPlan(() => ({ edits: [], next: this.region.snapshot() }), false);
  }

  private async consume(stream: AsyncIterable<string>, ask: Ask): Promise<void> {
    const { signal } = ask.abort;
    try {
      for await (const delta of stream) {
        if (signal.aborted) return;
        ask.reply += delta;
        this.updateTarget();
      }
    } catch (err) {
      if (signal.aborted) return;
      const message = err instanceof ModelError ? err.message : `The model request failed: ${(err as Error).message}`;
      await this.end('error', message, 'reject');
      return;
    }
    if (!signal.aborted) await this.finish(ask);
  }

  private updateTarget(): void {
    const ask = this.current;
    const streamer = ask?.streamer;
    if (!streamer) return;
    streamer.push(streamingProposal(ask.code, ask.reply));
    this.target = () => applyOverrides(streamer.layout(), ask.overrides);
    this.renders.request();
  }

  /** The reply is complete: its final layout is rendered, then the proposal waits for verdicts. */
  private async finish(ask: Ask): Promise<void> {
    const final = finalizeProposal(ask.code, ask.reply);
    // After a stream, the final diff keeps what the stream showed wherever a shortest diff allows.
    const settled = ask.streamer ? ask.streamer.settle(final.text) : layoutDiff(ask.seen, final.text);
    const layout = applyOverrides(settled, ask.overrides);
    if (!layout.lines.some((l) => l.kind !== 'context')) {
      await this.end('noChanges', 'No changes suggested.', 'reject');
      return;
    }
    this.target = () => layout;
    this.renders.request();
    await this.renders.settled();
    // Meanwhile the session may have ended, or a new instruction replaced this ask.
    if (this.current !== ask) return;
    this.enter('pending');
    this.deps.status(this, 'done');
  }

  /**
   * Queues a render whose plan is made when its turn comes, against the mirror as it is then; the
   * region takes the planned state only once the client has applied the render.
   */
  private renderPlan(make: () => RegionPlan | null, close: boolean): Promise<RenderOutcome> {
    return this.deps.channels.render(this.uri, this.id, () => {
      if (!close && !this.live) return null;
      const plan = make();
      if (!plan) return null;
      if (plan.edits.length === 0 && !close && this.painted && sameMarks(this.painted, plan.next)) return null;
      const preview = new Region(plan.next);
      const firstEditLine = Math.min(...plan.edits.map((e) => e.range.start.line));
      const from = close ? 0 : repaintFrom(this.painted, plan.next, firstEditLine);
      return {
        params: {
          edits: plan.edits,
          decorations: close ? { from, runs: [], words: [], whitespace: [], streamingLine: null } : preview.decorations(from),
          hunks: close ? [] : preview.hunks().filter((h) => h.start >= from),
          undo: { group: this.id, open: !this.opened, close },
        },
        commit: () => {
          this.opened = true;
          this.region.commit(plan.next);
          this.painted = this.region.snapshot();
        },
      };
    });
  }

  /** Ends the session through closing: its last render settles the region as `closing` says. */
  private async end(state: SessionState, message: string | undefined, closing: Closing): Promise<void> {
    if (!this.live) return;
    this.enter('closing');
    await this.renders.settled();
    if (this.opened) {
      const plan = () => (closing === 'keep' ? { edits: [], next: this.region.snapshot() } : this.region.planVerdict(this.doc.buffer, closing === 'accept'));
      for (let attempt = 0; attempt < CLOSE_ATTEMPTS; attempt++) if ((await this.renderPlan(plan, true)) !== 'stale') break;
    }
    this.enter('ended');
    this.deps.status(this, state, message);
    if (state === 'error') this.deps.log.warn(`session ${this.id}: ${message}`);
    this.deps.onEnded(this);
  }
}

function newAsk(seen: string[], code: string, streamer: StreamingLayout | null): Ask {
  return { seen, code, reply: '', overrides: noOverrides(), streamer, abort: new AbortController() };
}

/** The region's lines as one text, with a final line break unless it ends the document without one. */
function joinLines(lines: readonly string[], buffer: { lineCount: number }, regionEnd: number): string {
  const text = lines.join('\n');
  return regionEnd < buffer.lineCount && lines.length > 0 ? text + '\n' : text;
}
