/**
 * One inline-edit session: the single stateful owner of a region, its model stream and its renders.
 *
 * Lifecycle: streaming → pending ('done') → ended (accepted, rejected, cancelled, error, broken,
 * noChanges). Every change to the document goes through RenderChannels; the session only decides
 * what the region should look like next.
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

export type Phase = 'streaming' | 'pending' | 'ended';

/** Consecutive stale answers after which the client and the mirror are taken to disagree. */
const MAX_STALE_RENDERS = 20;

/** Yields the model's reply as text deltas; aborting the signal must end the HTTP request. */
export type ModelStream = (messages: ChatMessage[], signal: AbortSignal) => AsyncIterable<string>;

export interface SessionDeps {
  channels: RenderChannels;
  log: Logger;
  status(session: EditSession, state: SessionState, message?: string): void;
  onEnded(session: EditSession): void;
}

export class EditSession {
  phase: Phase = 'streaming';
  private opened = false;
  /** The region as the client last painted it. */
  private painted: RegionState | null = null;
  private abort: AbortController | null = null;
  private target: Layout | null = null;
  private renderLoop: Promise<void> | null = null;
  private dirty = false;
  private streamer: StreamingLayout | null = null;
  /** The original lines the model saw: every layout of this ask diffs against them. */
  private seen: string[] = [];
  private overrides: LineOverrides = noOverrides();
  /** The code the model rewrites: the selection, or on a re-edit the proposed side. */
  private code = '';
  private reply = '';

  constructor(
    readonly id: string,
    readonly doc: MirrorDocument,
    readonly region: Region,
    private readonly deps: SessionDeps,
  ) {}

  get uri(): string {
    return this.doc.uri;
  }

  overlaps(startLine: number, endLine: number): boolean {
    const end = Math.max(this.region.end, this.region.start + 1);
    return startLine < end && this.region.start < Math.max(endLine, startLine + 1);
  }

  /** Asks the model; a re-edit of a pending proposal sends the proposed side and diffs against the baseline. */
  ask(instruction: string, model: ModelStream, fileName: string): void {
    const buffer = this.doc.buffer;
    const baseline = this.region.baseline(buffer);
    const code = this.phase === 'pending' ? this.region.proposed(buffer) : baseline;
    this.abort?.abort();
    this.phase = 'streaming';
    this.code = joinLines(code, buffer, this.region.end);
    this.reply = '';
    this.seen = baseline;
    this.overrides = noOverrides();
    this.streamer = new StreamingLayout(baseline);
    const messages = buildEditPrompt({
      fileName,
      languageId: this.doc.languageId,
      lines: buffer.lines(0, buffer.lineCount),
      start: this.region.start,
      end: this.region.end,
      code: this.code,
      instruction,
    });
    const abort = new AbortController();
    this.abort = abort;
    this.deps.status(this, 'streaming');
    void this.consume(model(messages, abort.signal), abort);
  }

  /** Shows a ready-made proposal (an applied snippet) without a model. */
  propose(text: string): void {
    this.seen = this.region.baseline(this.doc.buffer);
    this.code = joinLines(this.seen, this.doc.buffer, this.region.end);
    this.reply = text;
    void this.finish();
  }

  /** A change the session did not make. */
  track(change: ContentChange): void {
    if (this.phase === 'ended' || change.origin === this.id) return;
    const effect = this.region.track(change, this.phase === 'streaming');
    if (effect.kind === 'broken') {
      void this.end('broken', `The proposal was discarded because ${effect.reason}; Undo restores it.`, false);
    } else if (effect.kind === 'typed' && this.phase === 'streaming') {
      this.keepTyping(effect.index);
    } else if (effect.kind !== 'none') {
      this.refreshMarks();
    }
  }

  /** Typing on a line mid-stream: the user's text is carried into every later layout. */
  private keepTyping(index: number): void {
    const kinds = this.region.kinds;
    const side = sideIndices(kinds, index);
    const text = this.doc.buffer.lineAt(this.region.start + index);
    if (kinds[index] !== 'added') this.overrides.baseline.set(side.baseline, text);
    else if (this.region.streamingLine !== index) this.overrides.proposal.set(side.proposal, text);
    this.updateTarget();
  }

  /** Repaints after the user moved or retyped tracked lines, so no client keeps stale marks. */
  private refreshMarks(): void {
    if (this.phase === 'streaming') {
      this.scheduleRender();
      return;
    }
    void this.renderPlan(() => ({ edits: [], next: this.region.snapshot() }), false);
  }

  async settle(accept: boolean, line?: number): Promise<number> {
    if (this.phase !== 'pending') throw new Error(this.phase === 'streaming' ? 'The proposal is still streaming: wait for it or cancel it.' : 'The session has ended.');
    const hunks = this.region.hunks();
    if (line !== undefined && !hunks.some((h) => line >= h.start && line < h.end)) throw new Error(`Line ${line} is not in a hunk of this proposal.`);
    if (line === undefined || hunks.length === 1) {
      await this.end(accept ? 'accepted' : 'rejected', undefined, true, accept);
      return 0;
    }
    const outcome = await this.renderPlan(() => this.region.planVerdict(this.doc.buffer, accept, line), false);
    if (outcome !== 'applied') throw new Error('The document changed while settling the hunk; try again.');
    return this.region.hunks().length;
  }

  cancel(): Promise<void> {
    return this.end('cancelled', undefined, true);
  }

  /** The document closed: nothing can be edited any more. */
  dispose(): void {
    this.abort?.abort();
    this.phase = 'ended';
    this.deps.status(this, 'cancelled', 'The document was closed.');
    this.deps.onEnded(this);
  }

  private async consume(stream: AsyncIterable<string>, abort: AbortController): Promise<void> {
    try {
      for await (const delta of stream) {
        if (abort.signal.aborted) return;
        this.reply += delta;
        this.updateTarget();
      }
    } catch (err) {
      if (abort.signal.aborted) return;
      const message = err instanceof ModelError ? err.message : `The model request failed: ${(err as Error).message}`;
      await this.end('error', message, true);
      return;
    }
    if (!abort.signal.aborted) await this.finish();
  }

  private updateTarget(): void {
    if (!this.streamer) return;
    this.target = applyOverrides(this.streamer.update(streamingProposal(this.code, this.reply)), this.overrides);
    this.scheduleRender();
  }

  private async finish(): Promise<void> {
    this.abort = null;
    const final = finalizeProposal(this.code, this.reply);
    const layout = applyOverrides(layoutDiff(this.seen, final.text, { streaming: false }), this.overrides);
    if (!layout.lines.some((l) => l.kind !== 'context')) {
      await this.end('noChanges', 'No changes suggested.', true);
      return;
    }
    this.target = layout;
    this.scheduleRender();
    await this.renderLoop;
    if (this.phase === 'ended') return;
    this.phase = 'pending';
    this.deps.status(this, 'done');
  }

  /** Renders the latest target; chunks arriving meanwhile coalesce into the next render. */
  private scheduleRender(): void {
    this.dirty = true;
    if (this.renderLoop) return;
    this.renderLoop = (async () => {
      let stale = 0;
      while (this.dirty && this.phase !== 'ended') {
        this.dirty = false;
        const outcome = await this.renderPlan(() => (this.target ? this.region.planLayout(this.doc.buffer, this.target) : null), false);
        stale = outcome === 'stale' ? stale + 1 : 0;
        if (stale > MAX_STALE_RENDERS) {
          this.renderLoop = null;
          void this.end('error', 'The editor kept refusing renders as stale; the proposal was discarded.', true);
          return;
        }
        if (outcome === 'stale') this.dirty = true;
      }
      this.renderLoop = null;
    })();
  }

  private renderPlan(make: () => RegionPlan | null, close: boolean): Promise<RenderOutcome> {
    return this.deps.channels.render(this.uri, this.id, () => {
      if (this.phase === 'ended' && !close) return null;
      const plan = make();
      if (!plan) return null;
      if (plan.edits.length === 0 && !close && this.painted && sameMarks(this.painted, plan.next)) return null;
      const preview = new Region(plan.next);
      const firstEditLine = Math.min(...plan.edits.map((e) => e.range.start.line));
      const from = close ? 0 : repaintFrom(this.painted, plan.next, firstEditLine);
      return {
        params: {
          edits: plan.edits,
          decorations: close ? { from, runs: [], words: [], streamingLine: null } : preview.decorations(from),
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

  /**
   * Ends the session. With `settle`, every hunk is settled first — rejected unless `accept` — so a
   * cancelled or failed session leaves the document exactly as before it; without (a broken
   * region), the document is left as it is and only the marks go.
   */
  private async end(state: SessionState, message: string | undefined, settle: boolean, accept = false): Promise<void> {
    if (this.phase === 'ended') return;
    this.phase = 'ended';
    this.abort?.abort();
    await this.renderLoop;
    if (this.opened) {
      for (let attempt = 0; attempt < 5; attempt++) {
        const outcome = await this.renderPlan(() => (settle ? this.region.planVerdict(this.doc.buffer, accept) : { edits: [], next: this.region.snapshot() }), true);
        if (outcome !== 'stale') break;
      }
    }
    this.deps.status(this, state, message);
    if (state === 'error') this.deps.log.warn(`session ${this.id}: ${message}`);
    this.deps.onEnded(this);
  }
}

/** The region's lines as one text, with a final line break unless it ends the document without one. */
function joinLines(lines: readonly string[], buffer: { lineCount: number }, regionEnd: number): string {
  const text = lines.join('\n');
  return regionEnd < buffer.lineCount && lines.length > 0 ? text + '\n' : text;
}
