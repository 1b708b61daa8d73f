/**
 * The sidecar's command line. It is started by an editor with no arguments and speaks JSON-RPC on
 * stdio; a person who runs it by hand gets told what it is instead of a process waiting silently.
 */

export const SERVER_VERSION = '0.1.0';

export const USAGE_LINE =
  'redline-sidecar: the Redline sidecar speaks JSON-RPC (LSP framing) on stdin/stdout and is started by an editor plugin or the terminal client, not by hand; --help for more.';

export const HELP = `redline-sidecar ${SERVER_VERSION}: the Redline sidecar (AI inline edit, inline completion and next edit).

Usage: redline-sidecar [--version | --help]

With no arguments it serves one client over stdio: JSON-RPC 2.0 with LSP framing
(Content-Length headers) on stdin and stdout, logs on stderr. The Redline IntelliJ plugin,
VS Code extension and terminal client start it; the protocol is described in protocol.json.

Options:
  --version  print the version and exit
  --help     print this text and exit
`;

/** What main does with its arguments: serve, or write `text` to `stream` and exit with `code`. */
export type CommandLine = { serve: true } | { serve: false; stream: 'stdout' | 'stderr'; text: string; code: number };

/** `args` are the arguments after the executable's name; `stdinIsTTY` whether a terminal is the input. */
export function readCommandLine(args: readonly string[], stdinIsTTY: boolean): CommandLine {
  if (args.length === 1 && args[0] === '--version') return { serve: false, stream: 'stdout', text: `${SERVER_VERSION}\n`, code: 0 };
  if (args.length === 1 && args[0] === '--help') return { serve: false, stream: 'stdout', text: HELP, code: 0 };
  if (args.length > 0) {
    const refused = args.find((arg) => arg !== '--version' && arg !== '--help') ?? args[1];
    return { serve: false, stream: 'stderr', text: `redline-sidecar: unknown argument ${JSON.stringify(refused)}; it takes --version or --help alone, or nothing to serve on stdio.\n`, code: 2 };
  }
  // A terminal is a person, not a client: no editor starts the sidecar with a TTY for its input.
  if (stdinIsTTY) return { serve: false, stream: 'stderr', text: `${USAGE_LINE}\n`, code: 2 };
  return { serve: true };
}
