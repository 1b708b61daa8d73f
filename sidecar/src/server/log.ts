/**
 * One logger for the sidecar: every line goes to stderr (the client drains it into its own log) and,
 * once connected, to window/logMessage. Secrets registered here are masked in every line.
 */
export type LogLevel = 'error' | 'warn' | 'info' | 'debug';

const LSP_TYPE: Record<LogLevel, 1 | 2 | 3 | 5> = { error: 1, warn: 2, info: 3, debug: 5 };

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
    let line = message;
    for (const secret of this.secrets) line = line.split(secret).join('***');
    process.stderr.write(`[redline ${level}] ${line}\n`);
    this.sink?.(LSP_TYPE[level], line);
  }
}
