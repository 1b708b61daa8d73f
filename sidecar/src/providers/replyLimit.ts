/**
 * How long a reply may grow before the server is taken to have ignored the token limit it was
 * asked for (`max_tokens`, Ollama `num_predict`). Redline never sees the model's tokenizer, so the
 * limit becomes characters with a generous factor: code and prose average 3–5 characters a token
 * in the tokenizers in use, and only runs of spaces come near 16. A server that honours the limit
 * never reaches this length; one that ignores it is stopped here instead of streaming on.
 */
export const REPLY_CHARS_PER_TOKEN = 16;

/** The most characters a reply limited to `maxTokens` tokens can hold. */
export function replyCharLimit(maxTokens: number): number {
  return Math.ceil(Math.max(1, maxTokens) * REPLY_CHARS_PER_TOKEN);
}
