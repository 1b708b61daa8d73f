/**
 * The one owner of next-edit suggestions, per document. A request first supersedes the one before
 * it (a document never has two in flight), then tries every way of not calling the model (the
 * suggestion it holds, when the user's keystrokes went its way; the cache), waits out the debounce
 * for an automatic request, asks the model in its family's format, reads the reply into hunks
 * against the document as it is, and shows them: an insertion at the caret as ghost text, which the
 * completion path serves (`ghostAt`), anything else one hunk at a time as an inline-edit session,
 * nearest first. Every request ends in exactly one log line.
 *
 * The prompt follows the family's trained format (`formats/`): its window around the cursor
 * (`window.ts`; Zeta's from the syntax tree), the user's recent edits with the family's context
 * lines — an accepted hunk among them — and, for the families with a place for them, the
 * definitions of the names in the window, gathered while the debounce waits.
 *
 * Per document it holds: the request in flight (aborted by the user's next change), the suggestion
 * (the window and its rewrite, followed through every change), and what is shown of it. A change by
 * the user outside the shown hunk dismisses it, as does Esc (a reject); an accept keeps the rest,
 * which the next request shows without the model.
 */
import { ResponseError } from 'vscode-jsonrpc/node.js';
import { ErrorCodes, type NextEditParams, type NextEditResult, type NextEditSuggestion, type Position, type RedlineSettings, type SessionState } from '@redline/shared-protocol';
import { setTimeout as sleep } from 'node:timers/promises';
import type { CancellationToken } from 'vscode-jsonrpc/node.js';
import { LRUCache } from 'lru-cache';
import { fitToBudget } from '../context/budget.js';
import type { NextEditContextRequest } from '../context/service.js';
import type { ContextItem } from '../context/types.js';
import type { EditRecord } from '../context/recentEdits.js';
import type { streamChat } from '../providers/chat.js';
import type { streamGenerate } from '../providers/generate.js';
import { endpointFromSettings, ModelError, type ReplyEnd } from '../providers/types.js';
import { replaceLinesEdit } from '../region/lineEdit.js';
import type { ContentChange, DocumentStore, MirrorDocument } from '../server/documents.js';
import type { Logger } from '../server/log.js';
import type { SyntaxCache } from '../scope/parse.js';
import type { SettingsStore } from '../server/settings.js';
import type { EditSession } from '../session/editSession.js';
import type { EditSessions } from '../session/editSessions.js';
import type { RenderChannels } from '../session/renderChannel.js';
import { editableLines, nextEditModelOf, type NextEditFamily, type NextEditFormat, type NextEditInput, type NextEditRequest, type PromptSnippet } from './format.js';
import { FORMATS } from './formats/index.js';
import { promptInput, windowFor, type DocumentLines } from './input.js';
import { syntaxNodesAt } from './syntaxNodes.js';
import type { Window } from './window.js';
import { reachLine, renameOf } from './reach.js';
import { followWindow, onTheWay, type LineChange, type LineWindow } from './reuse.js';
import { caretAfterAccept, judge, lineHunks, type Judgement, type LineHunk } from './suggestion.js';

/** A reply that has not ended after this long is given up (the server's silence has its own timeout). */
export const NEXT_EDIT_DEADLINE_MS = 30_000;
export const NEXT_EDIT_CACHE_ENTRIES = 50;
/** Renders' changes remembered per document, for requests sent before them (a handful arrive within one round trip). */
const MAX_OWN_CHANGES = 16;

export interface NextEditDeps {
  documents: DocumentStore;
  settings: SettingsStore;
  log: Logger;
  channels: RenderChannels;
  sessions: EditSessions;
  /**
   * The user's recent edits, most recent first (an accepted hunk joins them), a document's path as
   * prompts show it, and the definitions of the names in a window.
   */
  context: {
    recentEdits(): EditRecord[];
    displayPath(uri: string): string;
    forNextEdit(request: NextEditContextRequest): Promise<ContextItem[]>;
    acceptedEdit(uri: string, start: number, before: readonly string[], after: readonly string[]): void;
  };
  syntax: SyntaxCache;
  generate: typeof streamGenerate;
  chat: typeof streamChat;
  /** Rows where `name` is used in the function around `at` (the syntax tree's identifiers); none without a tree. */
  uses(doc: MirrorDocument, at: Position, name: string): Promise<number[]>;
}

/** A suggestion held for a document: the window the model rewrote, as it was then and as rewritten. */
interface Held {
  window: LineWindow;
  old: string[];
  next: string[];
}

/**
 * A shown hunk's session; where its accept leaves the caret while the region starts at `start`; its lines as
 * they were and as proposed, recorded as the user's edit once accepted.
 */
type Shown =
  | { kind: 'ghost'; version: number; position: Position; text: string }
  | { kind: 'proposal'; session: EditSession; start: number; caret: Position; hunk: { before: string[]; after: string[] } };

interface DocState {
  /** The latest request's number: an older one's answer is dropped. */
  latest: number;
  controller: AbortController | null;
  /** The document version the request in flight is for: a change past it stops that request. */
  controllerVersion: number;
  /** The version of the user's last change. */
  userVersion: number;
  /** Renders' changes, latest last, for positions sent before them. */
  own: Array<{ version: number; change: LineChange }>;
  held: Held | null;
  shown: Shown | null;
  /** Where the hunk accepted last left the caret, until the user's next change: the next request looks there. */
  accepted: Position | null;
}

/** What a request came to, for its log line. */
interface Outcome {
  suggestion: NextEditSuggestion | null;
  reason: string;
  family?: NextEditFamily;
  promptChars?: number;
  /** The model server failed (not a cancel): the log line is a warning. */
  failed?: boolean;
  /** Where the request's time went: its steps' milliseconds since it arrived. */
  steps?: string;
}

/** The model and template a suggestion answers: a cached reply only serves the same question. */
function scopeOf(settings: Readonly<RedlineSettings>, model: string, family: NextEditFamily): string {
  return JSON.stringify([settings.provider, settings.endpoint, model, family]);
}

const BREAK = /\r\n|\r|\n/;

export class NextEdits {
  private readonly docs = new Map<string, DocState>();
  private readonly cache = new LRUCache<string, string[]>({ max: NEXT_EDIT_CACHE_ENTRIES });
  private counter = 0;

  constructor(private readonly deps: NextEditDeps) {
    deps.documents.onChange((change) => this.changed(change));
    deps.documents.onClose((uri) => {
      this.docs.get(uri)?.controller?.abort();
      this.docs.delete(uri);
    });
    deps.settings.onChange((settings) => {
      if (!settings.completionCacheEnabled) this.cache.clear();
    });
  }

  async request(params: NextEditParams, token: CancellationToken): Promise<NextEditResult> {
    const uri = params.textDocument.uri;
    const state = this.stateOf(uri);
    state.controller?.abort();
    const id = ++this.counter;
    state.latest = id;
    const controller = new AbortController();
    state.controller = controller;
    state.controllerVersion = params.textDocument.version;
    const onCancel = token.onCancellationRequested(() => controller.abort());
    const started = performance.now();
    try {
      const outcome = await this.answer(id, state, params, controller.signal);
      const detail = [outcome.family, outcome.promptChars !== undefined ? `prompt ${outcome.promptChars} chars` : undefined, `${Math.round(performance.now() - started)} ms`, outcome.steps].filter(Boolean).join(', ');
      const line = `next edit #${id} ${params.trigger}: ${outcome.reason} (${detail})`;
      // A failing model server says why in the log, where a suggestion that never comes sends the user.
      if (outcome.failed) this.deps.log.warn(line);
      else this.deps.log.info(line);
      return { suggestion: outcome.suggestion };
    } finally {
      onCancel.dispose();
      if (state.controller === controller) state.controller = null;
    }
  }

  /** The ghost text shown for this place, for the completion path to serve; null when there is none. */
  ghostAt(uri: string, position: Position, version: number): string | null {
    const shown = this.docs.get(uri)?.shown;
    if (shown?.kind !== 'ghost' || shown.version !== version) return null;
    return shown.position.line === position.line && shown.position.character === position.character ? shown.text : null;
  }

  private stateOf(uri: string): DocState {
    let state = this.docs.get(uri);
    if (!state) {
      state = { latest: 0, controller: null, controllerVersion: 0, userVersion: 0, own: [], held: null, shown: null, accepted: null };
      this.docs.set(uri, state);
    }
    return state;
  }

  private async answer(id: number, state: DocState, params: NextEditParams, signal: AbortSignal): Promise<Outcome> {
    const { documents, channels } = this.deps;
    const uri = params.textDocument.uri;
    const arrived = performance.now();
    const steps: string[] = [];
    const step = (what: string) => steps.push(`${what} +${Math.round(performance.now() - arrived)}`);
    await channels.idle(uri);
    step('renders idle');
    await channels.reached(uri, params.textDocument.version);
    step('version reached');
    const doc = documents.get(uri);
    if (!doc) {
      // A keystroke in a document the client does not mirror is nobody's error; a command is told.
      if (params.trigger === 'automatic') return { suggestion: null, reason: 'unknown document' };
      throw new ResponseError(ErrorCodes.UnknownDocument, `The document ${uri} is not open in the sidecar (send textDocument/didOpen first).`);
    }
    // Renders may have changed the document since the client sent the request: only the user's own change supersedes it.
    if (state.userVersion > params.textDocument.version || state.latest !== id) return { suggestion: null, reason: 'superseded' };
    const settings = this.deps.settings.get();
    if (params.trigger === 'automatic' && !settings.nextEditEnabled) return { suggestion: null, reason: 'turned off' };
    const sent = state.own.filter((o) => o.version > params.textDocument.version).reduce((p, o) => followPosition(p, o.change), params.position);
    const caret = await this.dismissShown(state, doc.buffer.clamp({ start: sent, end: sent }).start);
    if (state.latest !== id || signal.aborted) return { suggestion: null, reason: 'superseded' };
    // Right after an accept, the request is about the accepted hunk, wherever the client's caret is.
    const position = state.accepted ?? caret;
    state.accepted = null;

    const reused = this.reuse(state, doc, position);
    if (reused) {
      const suggestion = this.show(state, doc, position, reused.window, reused.old, reused.next, reused.judged);
      step('shown');
      return { suggestion, reason: `reused: ${describe(reused.judged)}`, steps: steps.join(', ') };
    }

    const version = doc.version;
    const stale = () => state.latest !== id || signal.aborted || documents.get(uri)?.version !== version;
    const { model, family } = nextEditModelOf(settings);
    const format = FORMATS[family];
    // A rename's far uses move the request there (reach.ts); the window is gathered while the debounce waits.
    const around = await this.reach(doc, position, this.deps.context.recentEdits(), (line) => windowFor(format, linesOf(doc), { line, character: 0 }, []).editable);
    const gathering = this.gather(format, doc, around, settings, signal);
    if (params.trigger === 'automatic') await sleep(settings.debounceWait, undefined, { signal }).catch(() => undefined);
    if (stale()) return { suggestion: null, reason: 'superseded' };
    step('settled');
    const { window, definitions } = await gathering;
    if (stale()) return { suggestion: null, reason: 'superseded' };

    const input = promptInput(format, {
      doc: linesOf(doc),
      text: () => doc.buffer.getText(),
      window,
      cursor: around,
      records: this.deps.context.recentEdits(),
      documentOf: (u) => {
        const other = documents.get(u);
        return other && linesOf(other);
      },
      pathOf: (u) => this.deps.context.displayPath(u),
      languageId: doc.languageId,
      definitions,
    });
    const request = format.build(input);
    const promptChars = request.kind === 'raw' ? request.prompt.length : request.messages.reduce((sum, m) => sum + m.content.length, 0);
    const key = JSON.stringify([scopeOf(settings, model, family), version, request]);
    let next = settings.completionCacheEnabled ? this.cache.get(key) : undefined;
    const cached = next !== undefined;
    if (!next) {
      let reply: { text: string; end: ReplyEnd | undefined };
      try {
        reply = await this.ask(settings, model, request, input, signal);
      } catch (error) {
        if (signal.aborted) return { suggestion: null, reason: 'cancelled', family, promptChars };
        return { suggestion: null, reason: `model error: ${error instanceof ModelError ? error.message : String(error)}`, family, promptChars, failed: true };
      }
      if (stale()) return { suggestion: null, reason: 'dropped stale', family, promptChars };
      step('model replied');
      if (reply.end?.reason === 'length') return { suggestion: null, reason: 'token limit', family, promptChars };
      next = format.read(reply.text, input) ?? undefined;
      if (!next) return { suggestion: null, reason: 'malformed reply', family, promptChars };
      if (settings.completionCacheEnabled) this.cache.set(key, next);
    }
    const old = editableLines(input);
    const judged = judge(old, next, input.editable.start, position);
    const reason = `${cached ? 'cache hit: ' : ''}${describe(judged)}${around === position ? '' : ` (asked around line ${around.line + 1}, a use of the renamed name)`}`;
    // A rewrite far larger than its window is a model or server that ran on: the log says so.
    const failed = judged.kind === 'none' && judged.reason === 'oversized';
    const suggestion = this.show(state, doc, position, input.editable, old, next, judged);
    step('shown');
    return { suggestion, reason, family, promptChars, failed, steps: steps.join(', ') };
  }

  /** The family's window around the cursor, and the definitions of the names in it for a family that shows them. */
  private async gather(format: NextEditFormat, doc: MirrorDocument, position: Position, settings: Readonly<RedlineSettings>, signal: AbortSignal): Promise<{ window: Window; definitions: PromptSnippet[] }> {
    const shape = format.window;
    const nodes = shape.kind === 'syntax' ? await syntaxNodesAt(this.deps.syntax, doc, position, shape.editableTokens * 3 + 2).catch(() => []) : [];
    const window = windowFor(format, linesOf(doc), position, nodes);
    if (!format.definitions || signal.aborted) return { window, definitions: [] };
    const items = await this.deps.context.forNextEdit({ doc, startLine: window.editable.start, endLine: window.editable.end, visibleStart: window.first, visibleEnd: window.end, settings, signal });
    const { items: fitted } = fitToBudget(items.filter((item) => item.kind === 'definition'), settings.contextBudget, 0);
    return { window, definitions: fitted.map((item) => ({ path: item.path, text: item.text })) };
  }

  /**
   * Where the request looks: around `position`, unless the user's latest edit in this document
   * renamed an identifier whose old name is used in its function only outside that window (reach.ts).
   */
  private async reach(doc: MirrorDocument, position: Position, edits: readonly EditRecord[], editable: (line: number) => { start: number; end: number }): Promise<Position> {
    const latest = edits.find((record) => record.uri === doc.uri);
    const rename = latest ? renameOf(latest) : null;
    if (!rename) return position;
    const uses = await this.deps.uses(doc, rename.at, rename.from).catch(() => []);
    const line = reachLine(position.line, uses, editable);
    return line === position.line ? position : { line, character: 0 };
  }

  /** The whole reply (a suggestion is shown whole, never as it streams). */
  private async ask(settings: Readonly<RedlineSettings>, model: string, request: NextEditRequest, input: NextEditInput, signal: AbortSignal): Promise<{ text: string; end: ReplyEnd | undefined }> {
    const endpoint = { ...endpointFromSettings(settings, 'completion'), model };
    // The reply restates the window: a limit in proportion to it (about 4 characters a token, twice over).
    const numPredict = Math.ceil(input.lines.join('\n').length / 2) + 128;
    const stop = AbortSignal.any([signal, AbortSignal.timeout(NEXT_EDIT_DEADLINE_MS)]);
    // Greedy: a suggestion should not change between two asks of the same question.
    const chunks =
      request.kind === 'raw'
        ? this.deps.generate(endpoint, { prompt: request.prompt, raw: true, numPredict, temperature: 0, stop: request.stops }, stop)
        : this.deps.chat(endpoint, request.messages, stop, { numPredict, temperature: 0 });
    let text = '';
    let end: ReplyEnd | undefined;
    async function* recorded() {
      end = yield* chunks;
    }
    for await (const chunk of recorded()) text += chunk;
    return { text, end };
  }

  /** The held suggestion, when the document went its way since: what is left of it, judged against the lines as they are. */
  private reuse(state: DocState, doc: MirrorDocument, position: Position): { window: LineWindow; old: string[]; next: string[]; judged: Judgement } | null {
    const held = state.held;
    if (!held) return null;
    const now = doc.buffer.lines(held.window.start, Math.min(held.window.end, doc.buffer.lineCount));
    if (!onTheWay(held.old, held.next, now)) {
      state.held = null;
      return null;
    }
    const judged = judge(now, held.next, held.window.start, position);
    if (judged.kind === 'none') {
      state.held = null;
      return null;
    }
    return { window: held.window, old: now, next: held.next, judged };
  }

  /** Holds the suggestion and shows it: ghost text for the completion path, or the nearest hunk as a session. */
  private show(state: DocState, doc: MirrorDocument, position: Position, window: LineWindow, old: string[], next: string[], judged: Judgement): NextEditSuggestion | null {
    if (judged.kind === 'none') {
      state.held = null;
      return null;
    }
    state.held = { window: { ...window }, old, next };
    const edits = (hunks: readonly LineHunk[]) => hunks.map((h) => replaceLinesEdit(doc.buffer, h.start, h.end, h.lines)).filter((e) => e !== null);
    if (judged.kind === 'ghost') {
      state.shown = { kind: 'ghost', version: doc.version, position, text: judged.text };
      return { version: doc.version, hunks: edits(lineHunks(old, next, window.start)), display: 'ghost', item: { insertText: judged.text, range: { start: position, end: position } } };
    }
    const suggestion = { version: doc.version, hunks: edits(judged.hunks), display: 'proposal' as const };
    const first = judged.hunks[0];
    const caret = caretAfterAccept(first, doc.buffer.lines(first.start, first.end));
    const session = this.deps.sessions.proposeLines(doc, first.start, first.end, first.lines, (ended) => this.ended(doc.uri, session, ended));
    state.shown = { kind: 'proposal', session, start: first.start, caret, hunk: { before: old.slice(first.start - window.start, first.end - window.start), after: first.lines } };
    return { ...suggestion, sessionId: session.id, caret };
  }

  /** A shown hunk's session ended: Esc (reject) and failures drop the suggestion; an accept or a dismissal keeps the rest for the next request. */
  private ended(uri: string, session: EditSession, ended: SessionState): void {
    const state = this.docs.get(uri);
    if (!state || state.shown?.kind !== 'proposal' || state.shown.session !== session) return;
    const { start, caret, hunk } = state.shown;
    state.shown = null;
    if (ended === 'accepted') {
      this.deps.context.acceptedEdit(uri, session.region.start, hunk.before, hunk.after);
      // The region followed the lines above it since the hunk was shown: so does the caret.
      state.accepted = { line: caret.line + session.region.start - start, character: caret.character };
    }
    if (ended !== 'accepted' && ended !== 'cancelled') state.held = null;
  }

  /**
   * A proposal still shown when a request arrives is dismissed first (its green lines taken out);
   * the position, sent before that, moves with the lines it took out above it.
   */
  private async dismissShown(state: DocState, position: Position): Promise<Position> {
    const shown = state.shown;
    state.shown = null;
    if (shown?.kind !== 'proposal' || !shown.session.live) return position;
    const { session } = shown;
    const end = session.region.end;
    await this.deps.sessions.cancel(session.id).catch(() => undefined);
    return position.line >= end ? { line: position.line + session.region.end - end, character: position.character } : position;
  }

  /** Every change moves the held window; the user's own change also stops the request in flight and dismisses a hunk it does not touch. */
  private changed(change: ContentChange): void {
    const state = this.docs.get(change.uri);
    if (!state) return;
    const lines = change.text.split(BREAK).length;
    const replaced = change.replaced;
    if (state.held) {
      // A change of unknown extent (the whole text) loses the window.
      const window = replaced ? followWindow(state.held.window, { fromLine: replaced.start.line, toLine: replaced.end.line, lines }) : null;
      if (window) state.held.window = window;
      else state.held = null;
    }
    if (change.origin !== undefined) {
      if (replaced) state.own = [...state.own.slice(-(MAX_OWN_CHANGES - 1)), { version: change.version, change: { fromLine: replaced.start.line, toLine: replaced.end.line, lines } }];
      return;
    }
    state.userVersion = change.version;
    state.accepted = null;
    // A request can overtake its own version's didChange: only a change past that version stops it.
    if (change.version > state.controllerVersion) state.controller?.abort();
    const shown = state.shown;
    if (shown?.kind === 'ghost') state.shown = null;
    if (shown?.kind === 'proposal' && shown.session.live && replaced) {
      // The region has already followed the change: compare the lines the change now covers.
      const from = replaced.start.line;
      const to = from + lines - 1;
      const { start, end } = shown.session.region;
      if (to < start || from >= Math.max(end, start + 1)) void this.deps.sessions.cancel(shown.session.id).catch(() => undefined);
    }
  }
}

function linesOf(doc: MirrorDocument): DocumentLines {
  return { uri: doc.uri, lineCount: doc.buffer.lineCount, lines: (from, to) => doc.buffer.lines(from, to) };
}

/** A position in the text before `change`, in the text after it: lines above it moved by the lines it added or took out. */
function followPosition(position: Position, change: LineChange): Position {
  if (change.toLine >= position.line) return position;
  return { line: position.line + change.lines - 1 - (change.toLine - change.fromLine), character: position.character };
}

function describe(judged: Judgement): string {
  if (judged.kind === 'none') return `no suggestion (${judged.reason})`;
  if (judged.kind === 'ghost') return `ghost text, ${judged.text.length} chars`;
  return `${judged.hunks.length} hunk${judged.hunks.length === 1 ? '' : 's'}`;
}
