/** Indentation as a width (a tab to the next multiple of four), and lines moved by a width. */

const TAB_WIDTH = 4;

export function indentWidth(line: string): number {
  let width = 0;
  for (const ch of line) {
    if (ch === ' ') width++;
    else if (ch === '\t') width += TAB_WIDTH - (width % TAB_WIDTH);
    else break;
  }
  return width;
}

/** Whether more of a text's indented lines start with a tab than with a space. */
export function usesTabs(lines: readonly string[]): boolean {
  return lines.filter((l) => l.startsWith('\t')).length > lines.filter((l) => l.startsWith(' ')).length;
}

/** A line moved by `delta` columns, indented with tabs or spaces; a blank line stays empty. */
export function reindent(line: string, delta: number, tabs: boolean): string {
  if (line.trim() === '') return '';
  const width = indentWidth(line);
  if (delta === 0 && !(tabs && line.startsWith(' ')) && !(!tabs && line.startsWith('\t'))) return line;
  const target = Math.max(0, width + delta);
  const indent = tabs ? '\t'.repeat(Math.floor(target / TAB_WIDTH)) + ' '.repeat(target % TAB_WIDTH) : ' '.repeat(target);
  return indent + line.trimStart();
}
