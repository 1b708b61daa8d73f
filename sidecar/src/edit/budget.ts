/**
 * The token budget of one inline edit, and the verdict on how its reply ended: a reply cut short by
 * a limit is never a proposal. Pure: the provider sends the budget and reports the end.
 *
 * Tokens are estimated from characters, since the user's model's tokenizer is not at hand. Code
 * runs at about 2.5–4 characters per token in current tokenizers (the older SentencePiece vocabularies at
 * the low end): sizing counts 2.5, so the window errs large; truncation detection counts 6, so only a
 * prompt the server clearly cut is called truncated.
 */
import type { ReplyEnd } from '../providers/types.js';

const SIZING_CHARS_PER_TOKEN = 2.5;
const DETECTION_CHARS_PER_TOKEN = 6;
/** Room beyond twice the selection: added code, a short preamble, some of a reasoning model's thinking. */
export const REPLY_HEADROOM_TOKENS = 1024;
/** The smallest context window Ollama runs a model with by default: needs within it send no `num_ctx`. */
export const OLLAMA_DEFAULT_CONTEXT_TOKENS = 4096;

export interface BudgetSettings {
  maxEditTokens: number;
  maxContextTokens: number;
}

export interface EditBudget {
  /** The reply's token limit. */
  maxTokens: number;
  /** Whether the setting (rather than the selection's size) set the limit. */
  limitedBySetting: boolean;
  /** The prompt's size, as sent. */
  promptChars: number;
  /** Ollama `num_ctx`, when the prompt plus the reply may not fit the server's default window. */
  contextTokens?: number;
  /** `maxContextTokens` set the window (it would have been larger). */
  contextCapped: boolean;
}

export function estimateTokens(chars: number): number {
  return Math.ceil(chars / SIZING_CHARS_PER_TOKEN);
}

/**
 * The limit allows twice the selection plus headroom, capped by `maxEditTokens`. The context window
 * is sized only past Ollama's default (changing `num_ctx` makes Ollama reload the model), to the
 * next power of two (few distinct sizes, few reloads), capped by `maxContextTokens`.
 */
export function editBudget(promptChars: number, codeChars: number, settings: BudgetSettings): EditBudget {
  const wanted = 2 * estimateTokens(codeChars) + REPLY_HEADROOM_TOKENS;
  const maxTokens = Math.max(1, Math.min(wanted, settings.maxEditTokens));
  const budget: EditBudget = { maxTokens, limitedBySetting: wanted > settings.maxEditTokens, promptChars, contextCapped: false };
  const needed = estimateTokens(promptChars) + maxTokens;
  if (needed <= OLLAMA_DEFAULT_CONTEXT_TOKENS) return budget;
  const window = 2 ** Math.ceil(Math.log2(needed));
  const cap = Math.max(settings.maxContextTokens, OLLAMA_DEFAULT_CONTEXT_TOKENS);
  return { ...budget, contextTokens: Math.min(window, cap), contextCapped: window > cap };
}

/** Why the reply cannot be proposed, as a message saying what happened and what to change; null when it is whole. */
export function cutShort(end: ReplyEnd, budget: EditBudget, provider: 'ollama' | 'openai'): string | null {
  const prompt = end.promptTokens;
  const estimate = Math.ceil(budget.promptChars / DETECTION_CHARS_PER_TOKEN);
  // Ollama keeps a prompt longer than the window by dropping its middle: the count it evaluated is
  // then the window itself, far below what the prompt holds.
  if (prompt !== undefined && (prompt < estimate || (budget.contextTokens !== undefined && prompt >= budget.contextTokens))) {
    return (
      `The model server cut the prompt to ${count(prompt)} tokens to fit the model's context window (it holds about ${count(estimate)} or more), ` +
      `so the model did not see all of the code; nothing was changed. Select fewer lines, or ${largerWindow(provider, budget)}.`
    );
  }
  if (end.reason !== 'length') return null;
  const reply = end.replyTokens;
  if (reply !== undefined && reply < budget.maxTokens) {
    return (
      `The model's reply was cut off after ${count(reply)} tokens because the model's context window was full, before the reply was complete; ` +
      `nothing was changed. Select fewer lines, or ${largerWindow(provider, budget)}.`
    );
  }
  const limit = `${count(budget.maxTokens)} tokens`;
  return budget.limitedBySetting
    ? `The model's reply was cut off at the maxEditTokens limit (${limit}) before it was complete; nothing was changed. Select fewer lines, or raise maxEditTokens.`
    : `The model's reply was cut off at ${limit}, the limit for a selection this size (twice its length and ${count(REPLY_HEADROOM_TOKENS)} tokens more), ` +
        'before it was complete; nothing was changed. The model wrote far more than the selection (a reasoning model counts its thinking too): ask for a smaller change, or split it into steps.';
}

/** Advice for a server that refused a prompt too long for its context window. */
export function contextAdvice(provider: 'ollama' | 'openai', budget: EditBudget): string {
  return `The prompt does not fit the model's context window: select fewer lines, or ${largerWindow(provider, budget)}.`;
}

function largerWindow(provider: 'ollama' | 'openai', budget: EditBudget): string {
  if (provider === 'openai') return "give the model server a larger context (llama.cpp's --ctx-size)";
  // Below Ollama's default window Redline leaves num_ctx to the model; a window under the cap was
  // sized from an estimate the prompt exceeded, which the setting would not change.
  if (budget.contextTokens === undefined) return "raise the model's own num_ctx (its Modelfile, or OLLAMA_CONTEXT_LENGTH)";
  return budget.contextCapped ? `raise maxContextTokens (${count(budget.contextTokens)} tokens now)` : 'split the change into smaller selections';
}

function count(n: number): string {
  return n.toLocaleString('en-US');
}
