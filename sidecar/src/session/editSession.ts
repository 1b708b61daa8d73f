/**
 * One inline-edit session: the single stateful owner of a region, its model stream and its renders.
 * Every change to the document goes through RenderChannels; the session only decides what the
 * region should look like next.
 *
 * States, and what each allows (`enter` is the only place the state changes; NEXT lists the moves):
 *
 * - **streaming**: a reply (or a snippet) is being laid out, rendered as it grows. A line the user
 *   types on (the unfinished one too) becomes the user's and is carried into every later layout;
 *   inserting or deleting lines inside the region breaks it. A new instruction restarts the stream
 *   against the baseline. Verdicts are refused.
 * - **pending**: the proposal is complete and painted. Hunks are accepted or rejected one at a time;
 *   a line the user types on becomes context; whole context lines may be inserted or deleted inside
 *   the region; a new instruction re-edits the proposed side (→ streaming).
 * - **closing**: the session is over and its last render is on its way: every hunk settled (the
 *   baseline restored after a cancel, an error, "no changes" or a break — a break keeps what the
 *   user's edit touched), the undo group closed, no marks. The region still follows the user's
 *   edits, so that render lands on the right lines; nothing else is accepted.
 * - **ended**: the terminal status has been sent and the registry has forgotten the session.
 *
 * streaming → pending when the complete reply is painted; streaming or pending → closing on cancel,
 * the last verdict, a model error, no changes, a broken region or renders refused too often;
 * closing → ended after its last render; streaming or pending → ended when the document closes.
 */
import { textChecksum, type CopyProblem, type EditFormat, type EditScope, type EditWarning, type SessionState, type StatusAction } from '@redline/shared-protocol';
import { describeContext } from '../context/budget.js';
import type { ContextItem } from '../context/types.js';
import type { ChatRequest, ContextInput, PlannedRequest } from '../edit/prompt.js';
import { finalizeProposal } from '../edit/extract.js';
import { StreamingReply } from '../edit/streamingReply.js';
import { layoutDiff, type Layout } from '../edit/layout.js';
import { StreamingLayout } from '../edit/streamingLayout.js';
import { FAMILY, type FilePromptInput } from '../edit/formats/format.js';
import { buildReplacementPrompt } from '../edit/formats/replacement.js';
import { EDIT_CONTEXT_LINES } from '../edit/prompt.js';
import { buildSearchReplacePrompt, SearchReplaceReader } from '../edit/formats/searchReplace.js';
import { buildStructuredPrompt, StructuredReader } from '../edit/formats/structured.js';
import { buildWholeFilePrompt, WholeFileReader } from '../edit/formats/wholeFile.js';
import { LocatedProposal } from '../edit/apply/pipeline.js';
import { proposedSide, regionLines, replaceProposedSide, spliceEdit, toLayout } from '../edit/apply/splice.js';
import type { Finding } from '../edit/apply/types.js';
import { validateProposal } from '../edit/apply/validate.js';
import { ModelError, type ReplyEnd } from '../providers/types.js';
import { applyOverrides, noOverrides, originsOfRegion, recordTyping, type LineOrigin, type LineOverrides } from '../region/overrides.js';
import { Region, repaintFrom, sameMarks, type LineSpan, type RegionPlan, type RegionState } from '../region/region.js';
import type { ChangeEffect } from '../region/track.js';
import type { ContentChange, MirrorDocument } from '../server/documents.js';
import type { MissingName } from '../index/nameCheck.js';
import { takeFormatted } from '../edit/formatted.js';
import { documentLine, nameFindings, proposedDocument, repairInstruction } from './proposalNames.js';
import { addedProblems, problemFindings, rowRanges } from './proposalProblems.js';
import type { ClientChecks } from './clientChecks.js';
import type { Logger } from '../server/log.js';
import type { RenderChannels, RenderOutcome } from './renderChannel.js';
import { formatEditOutcome, outcomeLevel } from './outcome.js';
import { RenderLoop } from './renderLoop.js';

export type Phase = 'streaming' | 'pending' | 'closing' | 'ended';

const NEXT: Record<Phase, readonly Phase[]> = {
  streaming: ['streaming', 'pending', 'closing', 'ended'],
  pending: ['streaming', 'closing', 'ended'],
  closing: ['ended'],
  ended: [],
};

/**
 * Stale answers in a row, with the document unchanged between them, after which the client is
 * taken to refuse renders (a user typing meanwhile changes the document, which resets the count).
 */
const MAX_STALE_RENDERS = 20;
/** Renders of a verdict or the close the client failed to answer, each followed by a resync and a pause, before giving up. */
const MAX_FAILED_RENDERS = 5;
const RETRY_PAUSE_MS = 100;

/** What an inline edit sends: the prompt, and the region's text, which the reply may restate (its size sets the reply's token limit). */
export type ModelRequest = ChatRequest & { code: string };

/**
 * Yields the model's reply as text deltas and returns how it ended (with the server's token counts,
 * when it gave them); aborting the signal must end the HTTP request. A reply that did not arrive
 * whole (a limit cut it) ends in a ModelError, never as a normal end.
 */
export type ModelStream = (request: ModelRequest, signal: AbortSignal) => AsyncGenerator<string, ReplyEnd | void>;

export interface SessionDeps {
  channels: RenderChannels;
  log: Logger;
  status(session: EditSession, state: SessionState, message?: string, actions?: StatusAction[]): void;
  onEnded(session: EditSession): void;
  /** Syntax error rows of a text (null: no grammar for the language). */
  syntaxErrors(languageId: string, text: string): Promise<number[] | null>;
  /** A hunk outside the selection removing more lines than this, net, is flagged. */
  largeDeletionLines(): number;
  /** The names the proposed document's added rows use that nothing gives them, with the import that would (none without a check for the language). */
  missingNames(input: { languageId: string; uri: string; before: string; after: string; addedRows: ReadonlySet<number> }): Promise<MissingName[]>;
  /** Ask the model once more when the final proposal has syntax errors or names no import gives. */
  repairEnabled(): boolean;
  /** The editor's own formatter and analysis, on in-memory copies (asked only where the client has them). */
  checks: Pick<ClientChecks, 'formats' | 'diagnoses' | 'deadline' | 'format' | 'diagnose'>;
}

/** How a session asks: the format its model replies in, and what the edit may change. */
export interface SessionShape {
  format: EditFormat;
  scope: EditScope;
}

/** What one instruction asks: the selection (document lines) it is about, and the file's name for the prompt. */
export interface Instruction {
  text: string;
  model: ModelStream;
  fileName: string;
  selection: { startLine: number; endLine: number };
  context: AskContext;
}

/** The context of one instruction: the budget, and the candidate items, built while the session already streams. */
export interface AskContext {
  budget: number;
  /** For the lines the instruction is about; `visible` rows are in the prompt anyway. An aborted ask no longer needs them. */
  items(lines: { startLine: number; endLine: number; visibleStart: number; visibleEnd: number }, signal: AbortSignal): Promise<ContextItem[]>;
}

/** The layout the next render brings the region to, and what to do once that render is applied. */
interface Target {
  layout: Layout;
  commit?(): void;
  /** Where the layout's lines came from (text formats): what typing on them overrides. */
  origins?: LineOrigin[];
}

/** One request to the model (or one snippet): what it rewrites, and what has come back so far. */
interface Ask {
  /** The original lines the model saw: every layout of this ask diffs against them. */
  readonly seen: string[];
  /** The code the model rewrites: the selection, or on a re-edit the proposed side. */
  readonly code: string;
  reply: string;
  /** The user's typing on region lines while the reply streams, as of the last layout rendered (`origins` index into them). */
  overrides: LineOverrides;
  /** Null for a snippet, which arrives complete, and for a located format. */
  readonly streamer: StreamingLayout | null;
  /** The proposal read from the reply chunk by chunk, beside `streamer`. */
  readonly reader: StreamingReply | null;
  /** The final layout once the reply is complete; the user's typing still applies to it. */
  settled: Layout | null;
  readonly abort: AbortController;
  /** A located format's pipeline; null for text formats. */
  readonly located: LocatedProposal | null;
  /** The selection, in baseline lines of the region: large deletions are counted outside it. */
  readonly selection: { start: number; end: number };
  /** A snippet already placed: its text is the proposal as it is. */
  verbatim: boolean;
  /** Whether the final layout is checked (syntax, large deletions) before it is shown. */
  validate: boolean;
  /** How many of the located pipeline's findings the session has taken. */
  noted: number;
  /** The baseline document's syntax errors, parsed while the model writes; used if the baseline is unchanged at the end. */
  syntaxBefore: { text: string; rows: Promise<number[] | null> } | null;
  /** The instruction asked (null for a snippet): a repair round asks it again. */
  instruction: Instruction | null;
  /** For a repair round, the problems of the first reply it was asked to fix; null otherwise. */
  repairing: string[] | null;
  /** A located ask's proposed side as planned (`from`) and as the editor's formatter left the proposal's lines (`to`). */
  formatted: { from: string[]; to: string[] } | null;
}

/** How the closing render leaves the region: every hunk accepted, or the baseline restored. */
type Closing = 'accept' | 'reject';

/** Why a session ends, for the status and the session's log line. */
interface Ending {
  /** The status message the user is shown. */
  message?: string;
  /** Why it ended, for the log (the message when absent). */
  why?: string;
  /** The model request failed: asking again may succeed. */
  retry?: boolean;
}

/** A render's plan: what to do once it is applied and, for a layout, where its lines came from. */
type SessionPlan = RegionPlan & { onCommit?(): void; origins?: LineOrigin[] };

export class EditSession {
  private state: Phase = 'streaming';
  /** The ask being laid out; set while streaming only. */
  private current: Ask | null = null;
  /** A render of this session was applied, so its undo group is open. */
  private opened = false;
  /** The region as the client last painted it. */
  private painted: RegionState | null = null;
  /** What the next render brings the region to, made when the render's turn comes. */
  private target: (() => Target) | null = null;
  /** Where each region line came from in the last layout painted: what typing on it overrides. */
  private origins: LineOrigin[] = [];
  /** The hunk a per-hunk verdict is settling, followed through the user's edits until it lands. */
  private settling: LineSpan | null = null;
  /** Findings about the current proposal, in document lines as noted; `reported` of them were sent. */
  private findings: EditWarning[] = [];
  private reported = 0;
  private readonly started = performance.now();
  /** The region's lines before the session, as a line count and a checksum: a break that restores them was an undo. */
  private readonly before: { count: number; checksum: number };
  /** Lines the accepted hunks added and removed. */
  private readonly kept = { added: 0, removed: 0 };
  /** Token counts over the session's model requests: null before the first request, a count null when the server gave none. */
  private tokens: { prompt: number | null; reply: number | null } | null = null;
  private readonly renders = new RenderLoop(
    () => this.renderPlan(() => this.nextPlan(), false),
    MAX_STALE_RENDERS,
    () => void this.end('error', 'reject', { message: 'The editor kept refusing renders as stale; the proposal was discarded.' }),
    () => this.doc.version,
  );

  constructor(
    readonly id: string,
    readonly doc: MirrorDocument,
    readonly region: Region,
    readonly shape: SessionShape,
    /** It shows a next-edit hunk: every render says so (the client may see its first render before the answer naming it). */
    readonly nextEdit: boolean,
    private readonly deps: SessionDeps,
  ) {
    this.before = linesSeal(doc.buffer.lines(region.start, region.end));
  }

  /** Every finding about the proposal so far, for the status. */
  get warnings(): EditWarning[] {
    return [...this.findings];
  }

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

  /**
   * Asks the model; a re-edit of a pending proposal sends the proposed side and diffs against the
   * baseline. Text formats stream the new text of the region; located formats stream edits, each
   * shown once it is complete and located.
   */
  ask(instruction: Instruction, repairing: string[] | null = null): void {
    const buffer = this.doc.buffer;
    const { start, end } = this.region;
    const baseline = this.region.baseline(buffer);
    const side = this.state === 'pending' ? this.region.proposed(buffer) : baseline;
    const code = joinLines(side, buffer, end);
    const clamp = (line: number) => Math.min(Math.max(line, start), start + side.length);
    const sel = { start: clamp(instruction.selection.startLine), end: Math.max(clamp(instruction.selection.endLine), clamp(instruction.selection.startLine) + 1) };
    const selection = { start: sel.start - start, end: sel.end - start };
    const { format } = this.shape;
    let request: (context: ContextInput) => PlannedRequest;
    let ask: Ask;
    // The selected rows, and the rows the prompt shows anyway: the region and the lines around it
    // for a replacement, the whole file otherwise.
    let rows: { startLine: number; endLine: number; visibleStart: number; visibleEnd: number };
    if (FAMILY[format] === 'text') {
      // Only the lines the prompt can show around the region, not a copy of every line of the document.
      const from = Math.max(0, start - EDIT_CONTEXT_LINES);
      const lines = buffer.lines(from, Math.min(buffer.lineCount, end + EDIT_CONTEXT_LINES));
      request = (context) =>
        buildReplacementPrompt({ fileName: instruction.fileName, languageId: this.doc.languageId, lines, start: start - from, end: end - from, code, instruction: instruction.text }, context);
      rows = { startLine: sel.start, endLine: sel.end, visibleStart: start - EDIT_CONTEXT_LINES, visibleEnd: end + EDIT_CONTEXT_LINES };
      ask = newAsk(baseline, code, { streamer: new StreamingLayout(baseline), selection });
    } else {
      // The document as the model sees it: the region's side it rewrites, the rest as it is.
      const seen = [...buffer.lines(0, start), ...side, ...buffer.lines(end, buffer.lineCount)];
      const file: FilePromptInput = { fileName: instruction.fileName, languageId: this.doc.languageId, lines: seen, start: sel.start, end: Math.min(sel.end, seen.length), instruction: instruction.text, scope: this.shape.scope };
      const readers = {
        searchReplace: () => ({ request: (c: ContextInput) => buildSearchReplacePrompt(file, c), reader: new SearchReplaceReader() }),
        structured: () => ({ request: (c: ContextInput) => buildStructuredPrompt(file, c), reader: new StructuredReader() }),
        wholeFile: () => ({ request: (c: ContextInput) => buildWholeFilePrompt(file, c), reader: new WholeFileReader(code, side) }),
      };
      const made = readers[format as keyof typeof readers]();
      request = made.request;
      rows = { startLine: file.start, endLine: file.end, visibleStart: 0, visibleEnd: seen.length };
      // A whole-file reply in the selection scope may change only the selection; edits that name
      // their text may change the region, which is the scope.
      const allowed = format === 'wholeFile' && this.shape.scope === 'selection' ? sel : { start, end: start + side.length };
      const located = new LocatedProposal({ reader: made.reader, uri: this.uri, seen, regionStart: start, regionEnd: start + side.length, allowed });
      ask = newAsk(baseline, code, { located, selection });
    }
    ask.instruction = instruction;
    ask.repairing = repairing;
    this.findings = [];
    this.reported = 0;
    this.tokens ??= { prompt: null, reply: null };
    this.enter('streaming', ask);
    this.deps.status(this, 'streaming', repairing ? `The proposal had problems (${repairing.join('; ')}): asking the model once more to fix them.` : undefined);
    const { signal } = ask.abort;
    void instruction.context
      .items(rows, signal)
      .catch(() => [])
      .then((items) => {
        if (signal.aborted) return;
        const planned = request({ items, budget: instruction.context.budget });
        this.deps.log.info(describeContext(this.id, planned.context));
        const sent: ModelRequest = { ...(planned.schema ? { messages: planned.messages, schema: planned.schema } : { messages: planned.messages }), code };
        return this.consume(instruction.model(sent, signal), ask);
      });
    // Parsed once the request is on its way, so validation at the end has one parse left to do.
    const before = this.document(baseline);
    setImmediate(() => {
      if (this.current === ask) ask.syntaxBefore = { text: before, rows: this.deps.syntaxErrors(this.doc.languageId, before) };
    });
  }

  /** The document with the region's lines replaced by `side`. */
  private document(side: readonly string[]): string {
    const buffer = this.doc.buffer;
    return [...buffer.lines(0, this.region.start), ...side, ...buffer.lines(this.region.end, buffer.lineCount)].join('\n');
  }

  /**
   * Shows a ready-made proposal (an applied snippet, a next-edit hunk) without a model; `validate`
   * false skips the checks of the whole document (two parses) where the first render must be quick.
   */
  propose(text: string, verbatim: boolean, validate = true): void {
    const seen = this.region.baseline(this.doc.buffer);
    const ask = newAsk(seen, joinLines(seen, this.doc.buffer, this.region.end), { selection: { start: 0, end: seen.length } });
    ask.reply = text;
    ask.verbatim = verbatim;
    ask.validate = validate;
    this.enter('streaming', ask);
    void this.finish(ask);
  }

  /** A change the session did not make. While closing the region still follows it, for the last render. */
  track(change: ContentChange): void {
    if (this.state === 'ended' || change.origin === this.id) return;
    const streaming = this.state === 'streaming';
    // A located format's edits are spliced into the lines as they are, so the stream does not own
    // the region's line layout: lines may come and go inside it while edits arrive.
    const ownsLines = streaming && !this.current?.located;
    const effect = this.region.track(change, ownsLines);
    if (this.settling) this.settling = followSpan(this.settling, effect);
    if (effect.kind === 'broken') {
      // The user's edit stays, and what it touched; the proposal's other green lines go, as on reject.
      this.region.remap(change);
      if (this.live) void this.end('broken', 'reject', { why: effect.reason });
      return;
    }
    if (!this.live || effect.kind === 'none') return;
    // Typing took every changed line of a pending proposal: nothing is left to decide, so it ends (a
    // verdict under way ends it itself once its hunk is settled).
    if (this.state === 'pending' && !this.settling && this.region.hunks().length === 0) {
      void this.end('accepted', 'accept', { why: 'no hunk left after typing', message: 'Your edits took every changed line of the proposal: nothing is left to accept or reject.' });
      return;
    }
    if (effect.kind === 'typed' && ownsLines) this.keepTyping(effect.index);
    else this.renders.request();
  }

  async settle(accept: boolean, line?: number): Promise<number> {
    this.checkPending();
    const all = (why: string): Promise<number> => this.end(accept ? 'accepted' : 'rejected', accept ? 'accept' : 'reject', { why }).then(() => 0);
    if (line === undefined) return all(accept ? 'accept all' : 'reject all');
    const span = await this.hunkAtArrival(line);
    try {
      this.checkPending();
      if (!span) throw new Error(`Line ${line} is not in a hunk of this proposal.`);
      if (this.region.hunks().length === 1) return await all(accept ? 'last hunk accepted' : 'last hunk rejected');
      const outcome = await this.renderUntilApplied(() => (this.settling ? this.verdictPlan(accept, this.settling) : null), false);
      if (outcome === 'refused') throw new Error('The editor did not apply the change to the hunk; try again.');
      // Ended before the hunk's render was made (a break meanwhile): the verdict did not happen.
      if (outcome === 'skipped' && !this.live) throw new Error('The proposal ended before the hunk was settled.');
      if (!this.live) return 0;
    } finally {
      this.settling = null;
    }
    const left = this.region.hunks().length;
    // Typing may have taken the other hunks' lines: with nothing left to decide, the session ends.
    if (left === 0) return all('no hunk left');
    return left;
  }

  /**
   * The hunk at `line` in the document as the client had it when it sent the request: resolved
   * once the mirror has every change sent before it (some may be held behind a render) and none
   * sent after, then followed through later changes (`settling`).
   */
  private hunkAtArrival(line: number): Promise<LineSpan | null> {
    const channels = this.deps.channels;
    return new Promise((resolve) =>
      channels.whenVersion(this.uri, channels.receivedVersion(this.uri), () => {
        this.settling = this.state === 'pending' ? this.region.hunkAt(line) : null;
        resolve(this.settling);
      }),
    );
  }

  cancel(): Promise<void> {
    return this.end('cancelled', 'reject', { why: 'cancelled by the client' });
  }

  /** The document closed: nothing can be edited any more. */
  dispose(): void {
    if (!this.live) return;
    this.enter('ended');
    this.deps.status(this, 'cancelled', 'The document was closed.');
    this.logOutcome('cancelled', 'document closed');
    this.deps.onEnded(this);
  }

  private checkPending(): void {
    if (this.state !== 'pending') throw new Error(this.state === 'streaming' ? 'The proposal is still streaming: wait for it or cancel it.' : 'The session has ended.');
  }

  /** The only place the state changes. Leaving an ask behind aborts its model request. */
  private enter(next: Phase, ask: Ask | null = null): void {
    if (!NEXT[this.state].includes(next)) throw new Error(`Session ${this.id} cannot go from ${this.state} to ${next}.`);
    if (this.current !== ask) this.current?.abort.abort();
    if (ask && ask !== this.current) {
      // A new ask lays out the region afresh: its lines are placed on the new ask's baseline side.
      this.origins = originsOfRegion(this.region.kinds, this.region.textOf(this.doc.buffer, () => true));
      this.target = null;
    }
    this.current = ask;
    this.state = next;
  }

  /** Typing on a line mid-stream: the line is the user's, carried into every later layout. */
  private keepTyping(index: number): void {
    const ask = this.current;
    if (!ask) return;
    const text = this.doc.buffer.lineAt(this.region.start + index);
    const origin = this.origins[index] ?? { raw: text };
    const above = this.origins.slice(0, index);
    this.origins[index] = recordTyping(ask.overrides, origin, text, {
      baselineAbove: above.filter((o) => o.baseline !== undefined).length,
      pinnedAbove: (pinned) => above.some((o) => o.pinned === pinned),
    });
    this.updateTarget();
  }

  /** What the render loop brings the region to: the latest layout while streaming, the current marks while pending. */
  private nextPlan(): SessionPlan | null {
    if (this.state === 'pending') return { edits: [], next: this.region.snapshot() };
    if (this.state !== 'streaming' || !this.target) return null;
    const target = this.target();
    return { ...this.region.planLayout(this.doc.buffer, target.layout), onCommit: target.commit, origins: target.origins };
  }

  private async consume(stream: AsyncGenerator<string, ReplyEnd | void>, ask: Ask): Promise<void> {
    const { signal } = ask.abort;
    try {
      for (;;) {
        const next = await stream.next();
        if (signal.aborted) {
          // Closing the generator ends its HTTP request.
          await stream.return(undefined);
          return;
        }
        if (next.done) {
          this.countTokens(next.value);
          break;
        }
        ask.reply += next.value;
        this.updateTarget(next.value);
      }
    } catch (err) {
      if (signal.aborted) return;
      const message = err instanceof ModelError ? err.message : `The model request failed: ${(err as Error).message}`;
      await this.end('error', 'reject', { message, retry: true });
      return;
    }
    if (!signal.aborted) await this.finish(ask);
  }

  /** Adds one reply's counts to the session's; a count the server did not give stays unknown. */
  private countTokens(end: ReplyEnd | void): void {
    const add = (sum: number | null, n: number | undefined) => (n === undefined ? sum : (sum ?? 0) + n);
    this.tokens = { prompt: add(this.tokens?.prompt ?? null, end?.promptTokens), reply: add(this.tokens?.reply ?? null, end?.replyTokens) };
  }

  /** The latest picture of the current ask, rendered next: a located ask's edits, or a text format's layout with the user's lines carried in. */
  /** `chunk`: what the reply has grown by since the last call ('' when only the user's typing changed). */
  private updateTarget(chunk = ''): void {
    const ask = this.current;
    if (ask?.located) {
      if (!ask.located.grow(ask.reply)) return;
      this.target = () => this.locatedTarget(ask);
      this.renders.request();
      this.noteFindings(ask);
      return;
    }
    if (!ask) return;
    const { streamer, settled } = ask;
    // Typing while the final layout is on its way keeps that layout, with the typing in it.
    if (settled) this.target = () => overridden(ask, settled);
    else if (streamer) {
      const change = chunk === '' ? null : ask.reader!.push(chunk);
      if (change?.kind === 'append') streamer.extend(change.text);
      else if (change) streamer.push(change.text);
      this.target = () => overridden(ask, streamer.layout());
    } else return;
    this.renders.request();
  }

  /**
   * A located ask's next picture: its edits not shown yet, spliced into the region's lines as they
   * are now; with `extra`, an import the session adds (at proposed rows of the document), once.
   */
  private locatedTarget(ask: Ask, extra?: { fix: NonNullable<MissingName['fix']>; done: { value: boolean } }): Target {
    const { kinds, words } = this.region.snapshot();
    const plan = ask.located!.plan(regionLines(kinds, words, this.region.textOf(this.doc.buffer, () => true)));
    let lines = plan.lines;
    // The formatter's text holds for the side it was given: a user's edit since then shows the proposal as it was.
    const formatted = ask.formatted;
    if (formatted && sameLines(proposedSide(lines), formatted.from)) lines = replaceProposedSide(lines, formatted.to);
    const at = extra && !extra.done.value ? extra.fix.row - this.region.start : -1;
    if (extra && at >= 0 && at + extra.fix.replace <= lines.filter((l) => l.kind !== 'removed').length) lines = spliceEdit(lines, at, at + extra.fix.replace, extra.fix.lines);
    return {
      layout: toLayout(lines),
      commit: () => {
        plan.commit();
        if (extra) extra.done.value = true;
        this.noteFindings(ask);
      },
    };
  }

  /** Takes a located ask's new findings (their lines index the region's side) and tells the client while streaming. */
  private noteFindings(ask: Ask): void {
    const fresh = ask.located!.findings.slice(ask.noted);
    ask.noted += fresh.length;
    this.addFindings(fresh, this.region.start);
  }

  private addFindings(found: readonly Finding[], lineBase: number): void {
    for (const f of found) this.findings.push({ kind: f.kind, message: f.message, line: f.line === null ? null : lineBase + f.line });
    if (this.current && this.state === 'streaming' && this.findings.length > this.reported) {
      this.reported = this.findings.length;
      this.deps.status(this, 'streaming');
    }
  }

  /**
   * The reply is complete: its final layout is validated in memory (syntax, large deletions) and
   * the findings told in a status before that layout is rendered, so a client has them when the
   * picture becomes final; then the proposal waits for verdicts (`done`).
   */
  private async finish(ask: Ask): Promise<void> {
    if (ask.located) {
      // A whole file's last hunks are computed against the ones painted so far: let those land.
      if (ask.located.whole) await this.renders.settled();
      if (this.current !== ask) return;
      const failure = ask.located.finish(ask.reply);
      if (failure) {
        await this.end('error', 'reject', { message: failure.error, retry: true });
        return;
      }
      this.noteFindings(ask);
      this.target = () => this.locatedTarget(ask);
    } else {
      const text = ask.verbatim ? ask.reply : finalizeProposal(ask.code, ask.reply).text;
      // After a stream, the final diff keeps what the stream showed wherever a shortest diff allows.
      const settled = ask.streamer ? ask.streamer.settle(text) : layoutDiff(ask.seen, text);
      if (!applyOverrides(settled, ask.overrides).layout.lines.some((l) => l.kind !== 'context')) {
        await this.end('noChanges', 'reject', { message: 'No changes suggested.' });
        return;
      }
      // From here on, typing carries the user's lines into this final layout (updateTarget).
      ask.settled = settled;
      this.target = () => overridden(ask, settled);
    }
    // A next-edit hunk is shown at once: the whole-file checks and the editor's are for proposals a person reviews.
    const deadline = this.deps.checks.deadline();
    if (ask.validate) await this.format(ask, deadline);
    if (this.current !== ask) return;
    const layout = this.target!().layout;
    const [checks, missing, copyProblems] = ask.validate ? await Promise.all([this.validate(ask, layout), this.checkNames(layout), this.diagnose(layout, deadline)]) : [[], [], []];
    if (this.current !== ask) return;
    this.addFindings(checks, 0);
    // An import the file scope lets the session add is a hunk of the proposal; otherwise a finding offers it.
    const kinds = layout.lines.map((l) => l.kind);
    const names = nameFindings(missing, {
      addImports: ask.located !== null && this.shape.scope === 'file',
      regionStart: this.region.start,
      line: (row) => documentLine(row, this.region.start, kinds),
    });
    if (names.added) {
      const extra = { fix: names.added, done: { value: false } };
      this.target = () => this.locatedTarget(ask, extra);
    }
    // Rows below an import the session adds move down by its lines, as the names' findings do.
    const added = names.added;
    const shift = (row: number) => (added && row >= added.row + added.replace ? row + added.lines.length - added.replace : row);
    const editor = problemFindings(copyProblems, {
      line: (row) => documentLine(shift(row), this.region.start, kinds),
      regionStart: this.region.start,
      unknownNames: missing.map((m) => ({ name: m.name, row: m.row, fixed: m.fix !== null })),
    });
    // One finding per missing name (nameFindings keeps their order): the editor's words replace those it repeats.
    this.findings.push(...names.warnings.filter((_, i) => !editor.replaces.has(i)), ...editor.warnings);
    if (ask.repairing) this.findings.push({ kind: 'repaired', message: `The first proposal had problems (${ask.repairing.join('; ')}); this is the model's second reply, asked to fix them.`, line: null });
    const problems = [...checks.filter((c) => c.kind === 'syntax').map((c) => c.message), ...names.unresolved.map((name) => `\`${name}\` is not defined or imported.`)];
    const repair = problems.length > 0 && !ask.repairing && ask.instruction && this.deps.repairEnabled() ? ask.instruction : null;
    this.renders.request();
    await this.renders.settled();
    // Meanwhile the session may have ended, or a new instruction replaced this ask.
    if (this.current !== ask) return;
    if (!this.region.kinds.some((k) => k !== 'context')) {
      await this.end('noChanges', 'reject', { message: this.findings.length > 0 ? 'No edit could be applied (see the warnings).' : 'No changes suggested.' });
      return;
    }
    this.enter('pending');
    if (repair) {
      // The first reply is painted: the repair re-edits it, and its result is diffed against the original.
      this.deps.log.info(`session ${this.id}: asking the model once more: ${problems.join(' ')}`);
      this.ask({ ...repair, text: repairInstruction(repair.text, problems) }, problems);
      return;
    }
    this.deps.status(this, 'done');
    // What the user did while the last render was on its way is painted from here on.
    this.renders.request();
  }

  /**
   * The editor's formatter over a copy of the document as the proposal leaves it; only the
   * proposal's lines take its text (edit/formatted.ts). A proposal the user typed on while it
   * streamed is shown as it is: the typed lines are theirs, and formatting could move them.
   */
  private async format(ask: Ask, deadline: number): Promise<void> {
    if (!this.deps.checks.formats || typedOn(ask)) return;
    const buffer = this.doc.buffer;
    const above = buffer.lines(0, this.region.start);
    const below = buffer.lines(this.region.end, buffer.lineCount);
    const layout = this.target!().layout;
    const copy = proposedDocument(above, layout, below);
    if (copy.addedRows.size === 0) return;
    const lines = copy.text.split('\n');
    const started = performance.now();
    const text = await this.deps.checks.format(this.id, { uri: this.uri, languageId: this.doc.languageId, text: copy.text, ranges: rowRanges(copy.addedRows, lines) }, deadline);
    if (text === null || this.current !== ask) return;
    const out = takeFormatted(lines, copy.addedRows, text.split(/\r?\n/));
    this.deps.log.debug(`session ${this.id}: the editor's formatter changed ${out.taken} of the proposal's lines in ${Math.round(performance.now() - started)} ms`);
    if (out.taken === 0) return;
    const side = out.lines.slice(above.length, out.lines.length - below.length);
    if (ask.located) {
      ask.formatted = { from: layout.lines.filter((l) => l.kind !== 'removed').map((l) => l.text), to: side };
      return;
    }
    // Typing during the request: the typed lines are the user's, as above.
    if (typedOn(ask)) return;
    const settled = ask.streamer ? ask.streamer.settle(side.map((l) => `${l}\n`).join('')) : layoutDiff(ask.seen, side.map((l) => `${l}\n`).join(''));
    ask.settled = settled;
    this.target = () => overridden(ask, settled);
  }

  /** The problems the editor finds on the proposal's lines of a copy that a copy of the original does not have. */
  private async diagnose(layout: Layout, deadline: number): Promise<CopyProblem[]> {
    if (!this.deps.checks.diagnoses || !layout.lines.some((l) => l.kind === 'added')) return [];
    const buffer = this.doc.buffer;
    const before = this.document(this.region.baseline(buffer));
    const after = proposedDocument(buffer.lines(0, this.region.start), layout, buffer.lines(this.region.end, buffer.lineCount));
    const started = performance.now();
    const found = await this.deps.checks.diagnose(this.id, { uri: this.uri, languageId: this.doc.languageId, before, after: after.text, ranges: rowRanges(after.addedRows, after.text.split('\n')) }, deadline);
    if (!found) return [];
    const added = addedProblems(found.before, found.after, after.addedRows);
    this.deps.log.debug(`session ${this.id}: the editor's analysis found ${added.length} new problems on the proposal's lines in ${Math.round(performance.now() - started)} ms`);
    return added;
  }

  /** The names the final layout's added lines use that nothing gives them (see index/nameCheck.ts). */
  private async checkNames(layout: Layout): Promise<MissingName[]> {
    if (!layout.lines.some((l) => l.kind === 'added')) return [];
    const buffer = this.doc.buffer;
    const before = this.document(this.region.baseline(buffer));
    const after = proposedDocument(buffer.lines(0, this.region.start), layout, buffer.lines(this.region.end, buffer.lineCount));
    return this.deps.missingNames({ languageId: this.doc.languageId, uri: this.uri, before, after: after.text, addedRows: after.addedRows }).catch((error) => {
      this.deps.log.warn(`session ${this.id}: the name check failed: ${(error as Error).message}`);
      return [];
    });
  }

  /** Syntax errors the original did not have and large deletions outside the selection, in the final layout before it is shown. */
  private async validate(ask: Ask, layout: Layout): Promise<Finding[]> {
    if (!layout.lines.some((l) => l.kind !== 'context')) return [];
    const buffer = this.doc.buffer;
    const before = this.document(this.region.baseline(buffer));
    const early = ask.syntaxBefore?.text === before ? ask.syntaxBefore.rows : null;
    const [syntaxBefore, syntaxAfter] = await Promise.all([
      early ?? this.deps.syntaxErrors(this.doc.languageId, before),
      this.deps.syntaxErrors(this.doc.languageId, this.document(layout.lines.filter((l) => l.kind !== 'removed').map((l) => l.text))),
    ]);
    return validateProposal({
      lines: layout.lines,
      regionStart: this.region.start,
      selection: ask.selection,
      largeDeletionLines: this.deps.largeDeletionLines(),
      syntaxBefore,
      syntaxAfter,
    });
  }

  /**
   * Queues a render whose plan is made when its turn comes, against the mirror as it is then; the
   * region takes the planned state only once the client has applied the render.
   */
  private renderPlan(make: () => SessionPlan | null, close: boolean): Promise<RenderOutcome> {
    return this.deps.channels.render(this.uri, this.id, () => {
      if (!close && !this.live) return null;
      const plan = make();
      if (!plan) return null;
      if (plan.edits.length === 0 && !close && this.painted && sameMarks(this.painted, plan.next)) {
        // Nothing to send: the document already shows this layout, so its origins hold now.
        if (plan.origins) this.origins = plan.origins;
        plan.onCommit?.();
        return null;
      }
      const preview = new Region(plan.next);
      const firstEditLine = Math.min(...plan.edits.map((e) => e.range.start.line));
      const from = close ? 0 : repaintFrom(this.painted, plan.next, firstEditLine);
      return {
        params: {
          edits: plan.edits,
          decorations: close ? { from, runs: [], words: [], whitespace: [], streamingLine: null } : preview.decorations(from),
          hunks: close ? [] : preview.hunks().filter((h) => h.start >= from),
          undo: { group: this.id, open: !this.opened, close },
          ...(this.nextEdit ? { nextEdit: true } : {}),
        },
        commit: () => {
          this.opened = true;
          this.region.commit(plan.next);
          this.painted = this.region.snapshot();
          if (plan.origins) this.origins = plan.origins;
          plan.onCommit?.();
        },
      };
    });
  }

  /**
   * Renders until the client applies (or nothing is left to do). A stale answer is planned again
   * against the mirror once the user's change has arrived (the channel waits for it, and fetches
   * the client's text when it does not come); a failed one after a resync and a pause. `refused`
   * when the client keeps refusing a document that does not change, or keeps failing.
   */
  private async renderUntilApplied(make: () => SessionPlan | null, close: boolean): Promise<'applied' | 'skipped' | 'refused'> {
    let stale = 0;
    let failed = 0;
    for (;;) {
      const version = this.doc.version;
      const outcome = await this.renderPlan(make, close);
      if (outcome === 'applied' || outcome === 'skipped') return outcome;
      if (outcome === 'stale') {
        stale = this.doc.version === version ? stale + 1 : 0;
        if (stale > MAX_STALE_RENDERS) return 'refused';
        continue;
      }
      if (++failed > MAX_FAILED_RENDERS) return 'refused';
      await this.deps.channels.resync(this.uri);
      await new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS * failed));
    }
  }

  /**
   * Ends the session through closing: its last render settles the region as `closing` says. That
   * render is retried until the client applies it; if the client never does, the session ends as
   * `error` saying so, rather than with a status that claims the document is settled.
   */
  private async end(state: SessionState, closing: Closing, ending: Ending): Promise<void> {
    if (!this.live) return;
    this.enter('closing');
    await this.renders.settled();
    // A render queued before this one may still open the undo group: decide when the plan is made.
    const closed = await this.renderUntilApplied(() => (this.opened ? this.verdictPlan(closing === 'accept') : null), true);
    this.enter('ended');
    let { message, why, retry } = ending;
    if (state === 'broken') message = this.brokenMessage(why!);
    if (closed === 'refused') {
      state = 'error';
      message = `The editor did not apply the last edit of this proposal, so its red and green lines may both still be in the document; Undo takes the whole proposal out.${message ? ` (${message})` : ''}`;
      why = undefined;
      retry = false;
    }
    const actions: StatusAction[] | undefined = state === 'error' ? (retry ? ['retry', 'showLog'] : ['showLog']) : undefined;
    this.deps.status(this, state, message, actions);
    this.logOutcome(state, why ?? message ?? state);
    this.deps.onEnded(this);
  }

  /**
   * What a break did, cause first. An undo of the session's edits breaks the region too; the region
   * then holds the lines it had before the session, and nothing was taken out.
   */
  private brokenMessage(reason: string): string {
    const now = linesSeal(this.region.textOf(this.doc.buffer, () => true));
    if (now.count === this.before.count && now.checksum === this.before.checksum) return 'Undo took the proposal back: the code is as it was before the edit.';
    return `The proposal was discarded because ${reason}: its added lines were taken out and your edit kept.`;
  }

  /** The verdict's plan; an accepted one counts the lines it keeps once it is applied. */
  private verdictPlan(accept: boolean, span?: LineSpan): SessionPlan {
    const plan = this.region.planVerdict(this.doc.buffer, accept, span);
    if (!accept) return plan;
    const count = (kinds: readonly string[], kind: string) => kinds.reduce((n, k) => n + (k === kind ? 1 : 0), 0);
    const added = count(this.region.kinds, 'added') - count(plan.next.kinds, 'added');
    const removed = count(this.region.kinds, 'removed') - count(plan.next.kinds, 'removed');
    return {
      ...plan,
      onCommit: () => {
        this.kept.added += added;
        this.kept.removed += removed;
      },
    };
  }

  private logOutcome(state: SessionState, why: string): void {
    const line = formatEditOutcome({ sessionId: this.id, state, durationMs: performance.now() - this.started, format: this.shape.format, scope: this.shape.scope, lines: this.kept, tokens: this.tokens, why });
    this.deps.log[outcomeLevel(state)](line);
  }
}

/** Lines as a count and a checksum: enough to tell whether the same lines are back. */
function linesSeal(lines: readonly string[]): { count: number; checksum: number } {
  return { count: lines.length, checksum: textChecksum(lines.join('\n')) };
}

/** A text format's layout with the user's typing carried in; rendering it makes its overrides the ask's. */
function overridden(ask: Ask, layout: Layout): Target {
  const result = applyOverrides(layout, ask.overrides);
  return { layout: result.layout, origins: result.origins, commit: () => (ask.overrides = result.overrides) };
}

function newAsk(seen: string[], code: string, parts: Partial<Pick<Ask, 'streamer' | 'located'>> & Pick<Ask, 'selection'>): Ask {
  return {
    seen,
    code,
    reply: '',
    overrides: noOverrides(),
    streamer: parts.streamer ?? null,
    reader: parts.streamer ? new StreamingReply(code) : null,
    settled: null,
    abort: new AbortController(),
    located: parts.located ?? null,
    selection: parts.selection,
    verbatim: false,
    validate: true,
    noted: 0,
    syntaxBefore: null,
    instruction: null,
    repairing: null,
    formatted: null,
  };
}

/** The user typed on the ask's lines while its reply streamed. */
function typedOn(ask: Ask): boolean {
  return ask.overrides.baseline.size > 0 || ask.overrides.proposal.size > 0 || ask.overrides.pinned.length > 0;
}

function sameLines(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((line, i) => line === b[i]);
}

/** A hunk's region lines after the user inserted or deleted context lines. */
function followSpan(span: LineSpan, effect: ChangeEffect): LineSpan {
  if (effect.kind === 'insert') {
    if (effect.at <= span.from) return { from: span.from + effect.count, to: span.to + effect.count };
    return effect.at < span.to ? { from: span.from, to: span.to + effect.count } : span;
  }
  if (effect.kind === 'delete') {
    const end = effect.at + effect.count;
    const before = (line: number) => Math.max(0, Math.min(end, line) - effect.at);
    return { from: span.from - before(span.from), to: span.to - before(span.to) };
  }
  return span;
}

/** The region's lines as one text, with a final line break unless it ends the document without one. */
function joinLines(lines: readonly string[], buffer: { lineCount: number }, regionEnd: number): string {
  const text = lines.join('\n');
  return regionEnd < buffer.lineCount && lines.length > 0 ? text + '\n' : text;
}
