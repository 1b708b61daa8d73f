/**
 * One logger for the sidecar: every line goes to stderr (the client drains it into its own log) and,
 * once connected, to window/logMessage. Secrets registered here are masked in every line (any
 * fragment of six or more characters), before the line is cut to LOG_LINE_LIMIT: the wire can
 * put text of any length into a message.
 */
import { maskThenTruncate } from './mask.js';

export type LogLevel = 'error' | 'warn' | 'info' | 'debug';

const LSP_TYPE: Record<LogLevel, 1 | 2 | 3 | 5> = { error: 1, warn: 2, info: 3, debug: 5 };

/** Longer lines are cut: a stack trace fits, a document quoted by accident does not. */
export const LOG_LINE_LIMIT = 4000;

export interface Logger {
  error(message: string): void;
  warn(message: string): void;
  info(message: string): void;
  debug(message: string): void;
}

export class SidecarLog implements Logger {
  private secrets: string[] = [];
  private sink: ((type: 1 | 2 | 3 | 5, message: string) => void) | null = null;

  /** Forwards lines to the client as window/logMessage. */
  connect(sink: (type: 1 | 2 | 3 | 5, message: string) => void): void {
    this.sink = sink;
  }

  setSecrets(secrets: string[]): void {
    this.secrets = secrets.filter((s) => s.length >= 4);
  }

  error = (message: string) => this.write('error', message);
  warn = (message: string) => this.write('warn', message);
  info = (message: string) => this.write('info', message);
  debug = (message: string) => this.write('debug', message);

  private write(level: LogLevel, message: string): void {
    const line = maskThenTruncate(message, this.secrets, LOG_LINE_LIMIT);
    process.stderr.write(`[redline ${level}] ${line}\n`);
    this.sink?.(LSP_TYPE[level], line);
  }
}
