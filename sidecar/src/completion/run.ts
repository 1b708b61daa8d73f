/**
 * One model call for a completion: builds the prompt, streams the reply into CompletionStream and
 * hangs up as soon as the stream has decided, so the server frees the GPU. After the reply
 * deadline what has arrived is kept and the wait stops.
 */
import type { streamChat } from '../providers/chat.js';
import type { streamGenerate } from '../providers/generate.js';
import type { ModelEndpoint, ReplyEnd } from '../providers/types.js';
import type { BracketContext } from './brackets.js';
import type { CompletionContext } from './context.js';
import type { HoleShape } from './multiline.js';
import { buildFimPrompt, type FimContext } from './preamble.js';
import { CompletionStream, type StreamResult } from './stream.js';
import { chatFimMessages, type PromptTemplate } from './templates.js';

export const REPLY_DEADLINE_MS = 30_000;

export interface ModelCalls {
  generate: typeof streamGenerate;
  chat: typeof streamChat;
}

export interface CompletionCall {
  endpoint: ModelEndpoint;
  template: PromptTemplate;
  context: CompletionContext;
  /** Context from beyond the window (definitions, similar snippets, recent edits), already budgeted. */
  extra?: FimContext;
  languageId: string;
  shape: HoleShape;
  brackets: BracketContext;
  maxLines: number;
  numPredict: number;
  temperature: number;
  deadlineMs?: number;
}

/** Resolves with the judged completion; rejects with the provider's error (also when aborted). */
export async function runCompletion(calls: ModelCalls, call: CompletionCall, signal: AbortSignal): Promise<StreamResult> {
  const { context, template } = call;
  const stream = new CompletionStream({
    ...call.shape,
    languageId: call.languageId,
    brackets: call.brackets,
    lineBefore: context.lineBefore,
    lineAfter: context.lineAfter,
    prefix: context.prefix,
    suffix: context.suffix,
    maxLines: call.maxLines,
    stops: template.stops,
    chat: template.kind === 'chat',
  });
  const hangUp = new AbortController();
  const deadline = AbortSignal.timeout(call.deadlineMs ?? REPLY_DEADLINE_MS);
  const stop = AbortSignal.any([signal, deadline, hangUp.signal]);
  try {
    const chunks =
      template.kind === 'chat'
        ? calls.chat(call.endpoint, chatFimMessages(context.prefix, context.suffix, call.languageId, call.extra?.items), stop, {
            numPredict: call.numPredict,
            temperature: call.temperature,
          })
        : calls.generate(
            call.endpoint,
            { prompt: buildFimPrompt(template, context.prefix, context.suffix, call.extra ?? null), raw: true, numPredict: call.numPredict, temperature: call.temperature, stop: template.stops },
            stop,
          );
    let end: ReplyEnd | undefined;
    // Delegating keeps the provider's return value (how the reply ended) and its clean-up on an early return.
    async function* recorded() {
      end = yield* chunks;
    }
    for await (const chunk of recorded()) {
      if (stream.push(chunk)) return stream.finish('end of reply');
    }
    return stream.finish(deadline.aborted ? 'timeout' : end?.reason === 'length' ? 'token limit' : 'end of reply');
  } catch (error) {
    if (deadline.aborted && !signal.aborted) return stream.finish('timeout');
    throw error;
  } finally {
    // Ending early (or failing) must close the HTTP request, whatever the iterator did.
    hangUp.abort();
  }
}
