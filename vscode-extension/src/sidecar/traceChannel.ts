/**
 * The channel vscode-languageclient writes its message trace to (when the Redline output is set to
 * the Trace log level; with `redline.trace.server: verbose` the trace carries every message's
 * params). initialize and workspace/didChangeConfiguration carry the API key, which must never
 * reach a log: this channel is the output channel with every secret masked in what is written.
 */
import type { LogOutputChannel } from 'vscode';

const MASK = '***';

/** `text` with each secret, as it is and as it appears inside a JSON string, replaced by ***. */
export function maskSecrets(text: string, secrets: readonly string[]): string {
  let masked = text;
  for (const secret of secrets) {
    if (secret.length === 0) continue;
    for (const form of new Set([secret, JSON.stringify(secret).slice(1, -1)])) masked = masked.split(form).join(MASK);
  }
  return masked;
}

const WRITERS = new Set<PropertyKey>(['trace', 'debug', 'info', 'warn', 'error', 'append', 'appendLine', 'replace']);

export function maskedChannel(channel: LogOutputChannel, secrets: () => readonly string[]): LogOutputChannel {
  return new Proxy(channel, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      if (!WRITERS.has(property)) return value.bind(target);
      return (message: unknown, ...rest: unknown[]) => value.call(target, typeof message === 'string' ? maskSecrets(message, secrets()) : message, ...rest);
    },
  });
}
