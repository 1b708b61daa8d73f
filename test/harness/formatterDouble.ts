/**
 * A formatter for client doubles: every line re-indented by the braces before it, two spaces a
 * level, nothing else changed (a stand-in for a project's formatter in the checks' tests and bench).
 */
export function braceFormatter(text: string): string {
  let depth = 0;
  return text
    .split('\n')
    .map((line) => {
      const code = line.trim();
      if (code.startsWith('}')) depth--;
      const out = code === '' ? '' : '  '.repeat(Math.max(0, depth)) + code;
      if (code.endsWith('{')) depth++;
      return out;
    })
    .join('\n');
}
