/**
 * The one owner of completion request lifecycles. Each request first cancels the one before it,
 * then tries every way of not calling the model (typing through, the cache, the gates), waits out
 * the debounce, and only then asks the model. Every request ends in exactly one log line.
 */
import type { InlineCompletionItem, InlineCompletionList, InlineCompletionParams, Position } from '@redline/shared-protocol';
import { setTimeout as sleep } from 'node:timers/promises';
import type { CancellationToken } from 'vscode-jsonrpc/node.js';
import { endpointFromSettings, ModelError } from '../providers/types.js';
import { describeContext, fitToBudget } from '../context/budget.js';
import type { ContextSource } from '../context/service.js';
import type { ContextItem } from '../context/types.js';
import type { SyntaxCache } from '../scope/parse.js';
import type { DocumentStore, MirrorDocument } from '../server/documents.js';
import type { Logger } from '../server/log.js';
import type { SettingsStore } from '../server/settings.js';
import { CompletionCache } from './cache.js';
import { bracketContext, lexiconFor } from './brackets.js';
import { CONTEXT_LINES, extractContext, withItem } from './context.js';
import { getSuggestionContinuation, type ShownSuggestion } from './continuation.js';
import { awaitingTyping, completionOff, isMidWord, isStale } from './gates.js';
import { awaitsBody } from './headers.js';
import { cursorSyntax, decideMultiline, type CursorSyntax } from './multiline.js';
import { formatOutcome, outcomeLevel, type EndReason } from './outcome.js';
import { runCompletion, type ModelCalls } from './run.js';
import { completionModel, completionScope } from './scope.js';
import { resolveTemplate } from './templates.js';

export interface CompletionDeps extends ModelCalls {
  documents: DocumentStore;
  settings: SettingsStore;
  log: Logger;
  syntax: SyntaxCache;
  context?: ContextSource;
  /** The insertion a next-edit suggestion shows at this place as ghost text, if any: served like a completion. */
  nextEditGhost?(uri: string, position: Position, version: number): string | null;
  /** Reply deadline override, for tests. */
  deadlineMs?: number;
}

interface Answer {
  /** The completion as judged; empty when nothing is shown. */
  text: string;
  reason: EndReason;
  detail?: string;
  item?: InlineCompletionItem;
}

interface InFlight {
  controller: AbortController;
  uri: string;
  position: Position;
}

export class CompletionRequests {
  private latestId = 0;
  private inFlight: InFlight | null = null;
  private shown: ShownSuggestion | null = null;
  private readonly cache = new CompletionCache();
  private readonly acceptedAt = new Map<string, number>();

  constructor(private readonly deps: CompletionDeps) {
    deps.settings.onChange((settings) => {
      if (!settings.completionCacheEnabled) this.cache.clear();
    });
    deps.documents.onClose((uri) => this.acceptedAt.delete(uri));
  }

  async complete(params: InlineCompletionParams, token: CancellationToken): Promise<InlineCompletionList> {
    this.cancel();
    const id = this.latestId;
    const controller = new AbortController();
    this.inFlight = { controller, uri: params.textDocument.uri, position: params.position };
    const started = performance.now();
    const onCancel = token.onCancellationRequested(() => controller.abort());
    try {
      const answer = await this.answer(id, params, token, controller.signal);
      const { text, reason, detail } = answer;
      this.deps.log[outcomeLevel(reason)](formatOutcome({ requestId: id, durationMs: performance.now() - started, text, reason, detail }));
      return { items: answer.item ? [answer.item] : [] };
    } finally {
      onCancel.dispose();
      if (this.inFlight?.controller === controller) this.inFlight = null;
    }
  }

  /** The caret moved: work for a position that no longer exists stops. */
  selectionChanged(uri: string, position: Position): void {
    const current = this.inFlight;
    if (current && current.uri === uri && current.position.line === position.line && current.position.character === position.character) return;
    this.cancel();
  }

  /** The whole suggestion was inserted: the next request starts fresh. */
  accepted(uri: string): void {
    this.shown = null;
    const doc = this.deps.documents.get(uri);
    if (doc) this.acceptedAt.set(uri, doc.version);
  }

  /** Supersedes whatever runs: its id is no longer the latest and its model request is aborted. */
  cancel(): void {
    this.latestId++;
    this.inFlight?.controller.abort();
    this.inFlight = null;
  }

  private async answer(id: number, params: InlineCompletionParams, token: CancellationToken, signal: AbortSignal): Promise<Answer> {
    const { documents, settings: settingsStore } = this.deps;
    const uri = params.textDocument.uri;
    const doc = documents.get(uri);
    if (!doc) return { text: '', reason: 'unknown document' };
    const settings = settingsStore.get();
    const { version, languageId } = doc;
    const automatic = params.context.triggerKind === 2;

    const text = doc.buffer.getText();
    const offset = doc.buffer.offsetAt(params.position);
    const selected = params.context.selectedCompletionInfo;
    const typed = selected ? withItem(text, doc.buffer.offsetAt(selected.range.start), doc.buffer.offsetAt(selected.range.end), selected.text) : { text, offset };
    const context = extractContext(typed.text, typed.offset);
    const template = resolveTemplate(settings.fimTemplate, completionModel(settings));
    const scope = completionScope(uri, languageId, settings, template.name);
    const place = { scope, ...context };
    const item = (completion: string): InlineCompletionItem =>
      selected
        ? { insertText: selected.text + completion, range: selected.range }
        : { insertText: completion, range: { start: params.position, end: params.position } };

    // A next edit's ghost text is served whatever the completion settings say: the next-edit setting asked for it.
    const ghost = selected ? null : (this.deps.nextEditGhost?.(uri, params.position, version) ?? null);
    if (ghost) {
      this.shown = { ...place, text: ghost };
      return { text: ghost, reason: 'next edit', item: item(ghost) };
    }
    if (completionOff(settings, languageId)) return { text: '', reason: 'completion off' };
    if (awaitingTyping({ automatic, enableSubsequentCompletions: settings.enableSubsequentCompletions, acceptedAtVersion: this.acceptedAt.get(uri), version })) {
      return { text: '', reason: 'awaiting typing' };
    }
    const rest = getSuggestionContinuation(this.shown, place);
    if (rest !== null) return { text: rest, reason: 'typed through', item: item(rest) };
    const cacheKey = { scope, version, prefix: context.prefix, suffix: context.suffix };
    const cached = settings.completionCacheEnabled ? this.cache.get(cacheKey) : undefined;
    if (cached !== undefined) {
      this.shown = { ...place, text: cached };
      return { text: cached, reason: 'cache hit', item: item(cached) };
    }
    const line = doc.buffer.lineAt(params.position.line);
    if (isMidWord(line.slice(0, params.position.character), line.slice(params.position.character))) return { text: '', reason: 'mid-word' };

    const stale = () => isStale({ id, latestId: this.latestId, cancelled: token.isCancellationRequested, version, currentVersion: documents.get(uri)?.version });
    // Gathered while the debounce waits: after it, a warm cache makes it a few milliseconds at most.
    const gathering = this.gatherContext(doc, params.position.line, settings, signal);
    if (automatic) await sleep(settings.debounceWait, undefined, { signal }).catch(() => undefined);
    if (stale() || signal.aborted) return { text: '', reason: 'cancelled' };
    const fitted = fitToBudget(await gathering, settings.contextBudget, context.prefix.length + context.suffix.length);
    if (stale() || signal.aborted) return { text: '', reason: 'cancelled' };
    if (fitted.items.length > 0 || fitted.dropped.length > 0) this.deps.log.info(describeContext(`completion #${id}`, fitted));

    const shape = decideMultiline({
      enabled: settings.multilineCompletionsEnabled,
      languageId,
      ...(await this.syntaxAt(doc, text, offset)),
      lineBefore: context.lineBefore,
      lineAfter: context.lineAfter,
      prefix: context.prefix,
    });
    const call = {
      endpoint: endpointFromSettings(settings, 'completion'),
      template,
      context,
      extra: { items: fitted.items, path: this.deps.context?.displayPath(uri) ?? uri, languageId },
      languageId,
      shape,
      // The whole document, not the prompt's window: a block's closer may lie beyond it.
      brackets: bracketContext(typed.text, typed.offset, lexiconFor(languageId)),
      maxLines: settings.maxLines,
      numPredict: settings.numPredictFim,
      temperature: settings.temperature,
      deadlineMs: this.deps.deadlineMs,
    };
    let result;
    try {
      result = await runCompletion(this.deps, call, signal);
    } catch (error) {
      if (signal.aborted) return { text: '', reason: 'cancelled' };
      return { text: '', reason: 'model error', detail: error instanceof ModelError ? error.message : String(error) };
    }
    if (stale()) return { text: '', reason: 'dropped stale', detail: `${result.text.length} chars ended by ${result.reason}` };
    if (result.text === '') return { text: '', reason: result.reason };
    this.shown = { ...place, text: result.text };
    if (settings.completionCacheEnabled) this.cache.set(cacheKey, result.text);
    return { text: result.text, reason: result.reason, item: item(result.text) };
  }

  /** The candidate context items for a completion at `line`; none without a context source. */
  private gatherContext(doc: MirrorDocument, line: number, settings: ReturnType<SettingsStore['get']>, signal: AbortSignal): Promise<ContextItem[]> {
    if (!this.deps.context || (!settings.lspContextEnabled && !settings.fileContextEnabled)) return Promise.resolve([]);
    return this.deps.context.forCompletion({ doc, cursorLine: line, visibleStart: line - CONTEXT_LINES, visibleEnd: line + CONTEXT_LINES + 1, settings, signal });
  }

  /** A parse failure only costs the multiline decision its syntax, so it is read as plain code. */
  private async syntaxAt(doc: MirrorDocument, text: string, offset: number): Promise<{ syntax: CursorSyntax; awaitsBody: boolean }> {
    try {
      const tree = await this.deps.syntax.tree(doc.uri, doc.languageId, doc.version, text);
      return tree ? { syntax: cursorSyntax(tree, offset), awaitsBody: awaitsBody(tree, text, offset, doc.languageId) } : { syntax: 'code', awaitsBody: false };
    } catch (error) {
      this.deps.log.debug(`completion: no syntax tree for ${doc.uri}: ${String(error)}`);
      return { syntax: 'code', awaitsBody: false };
    }
  }
}
