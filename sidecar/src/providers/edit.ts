/**
 * The inline-edit request: the chat stream with a token limit from the selection's size, Ollama's
 * context window sized to fit, and a reply cut short (or a prompt the server cut) turned into an
 * error, so that it is never proposed as a complete rewrite.
 */
import { contextAdvice, cutShort, editBudget, type BudgetSettings } from '../edit/budget.js';
import type { ChatRequest } from '../edit/prompt.js';
import { streamChat } from './chat.js';
import { ModelError, type ModelEndpoint, type ReplyEnd } from './types.js';

export interface EditRequest extends ChatRequest {
  /** The text the reply may restate: its size sets the reply's token limit. */
  code: string;
}

/** Servers' words for a prompt longer than the context window (Ollama with truncate: false, llama.cpp). */
const CONTEXT_OVERFLOW = /exceeds? (the )?(maximum |available )?context (length|size)/i;

export async function* streamEdit(ep: ModelEndpoint, request: EditRequest, signal: AbortSignal, settings: BudgetSettings): AsyncGenerator<string, ReplyEnd> {
  const promptChars = request.messages.reduce((sum, m) => sum + m.content.length, 0);
  const budget = editBudget(promptChars, request.code.length, settings);
  let end;
  try {
    end = yield* streamChat(ep, request.messages, signal, { numPredict: budget.maxTokens, contextTokens: budget.contextTokens, strictContext: true }, request.schema);
  } catch (error) {
    if (error instanceof ModelError && error.kind !== 'aborted' && CONTEXT_OVERFLOW.test(error.message)) {
      throw new ModelError(error.kind, `${error.message} ${contextAdvice(ep.provider, budget)}`, error.status);
    }
    throw error;
  }
  const problem = cutShort(end, budget, ep.provider);
  if (problem) throw new ModelError('truncated', problem);
  return end;
}
