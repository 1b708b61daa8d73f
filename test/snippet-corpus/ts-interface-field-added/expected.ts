export interface RetryOptions {
  attempts: number;
  delayMs: number;
  /** Multiply the delay by this after each failure (1 = constant delay). */
  backoff?: number;
}

export const DEFAULT_RETRY: RetryOptions = { attempts: 3, delayMs: 200 };

export async function withRetry<T>(fn: () => Promise<T>, options: RetryOptions = DEFAULT_RETRY): Promise<T> {
  let lastError: unknown;
  for (let i = 0; i < options.attempts; i++) {
    try {
      return await fn();
    } catch (err) {
      lastError = err;
      await new Promise((r) => setTimeout(r, options.delayMs));
    }
  }
  throw lastError;
}
