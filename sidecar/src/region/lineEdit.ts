/**
 * Builds the TextEdit that turns a run of whole document lines into other lines, trimmed to the
 * characters that actually differ: a render delta for a growing partial line is a few inserted chars.
 */
import type { TextEdit } from '@redline/shared-protocol';
import type { TextBuffer } from '@redline/shared-protocol';

/**
 * Replaces document lines [from, to) with `lines`; null when nothing changes. Lines are texts
 * without breaks; they are written with the document's own line break, so a CRLF file stays CRLF.
 */
export function replaceLinesEdit(buffer: TextBuffer, from: number, to: number, lines: readonly string[]): TextEdit | null {
  const text = buffer.getText();
  const eol = buffer.eol;
  let startOffset: number;
  let endOffset: number;
  let newText: string;
  if (to < buffer.lineCount) {
    startOffset = buffer.offsetAt({ line: from, character: 0 });
    endOffset = buffer.offsetAt({ line: to, character: 0 });
    newText = lines.map((l) => l + eol).join('');
  } else if (from >= buffer.lineCount) {
    // Past the last line: the new lines need a line break to start on.
    startOffset = text.length;
    endOffset = text.length;
    newText = lines.length > 0 ? eol + lines.join(eol) : '';
  } else if (lines.length > 0 || from === 0) {
    // The run reaches the document's last line, which has no line break of its own.
    startOffset = buffer.offsetAt({ line: from, character: 0 });
    endOffset = text.length;
    newText = lines.join(eol);
  } else {
    // Deleting the last lines: take the line break before them instead, CR included.
    startOffset = buffer.offsetAt({ line: from - 1, character: Number.MAX_SAFE_INTEGER });
    endOffset = text.length;
    newText = '';
  }
  return trimmedEdit(buffer, startOffset, endOffset, newText);
}

/** The edit replacing [start, end) with newText, minus the common prefix and suffix. */
export function trimmedEdit(buffer: TextBuffer, start: number, end: number, newText: string): TextEdit | null {
  const text = buffer.getText();
  const oldLength = end - start;
  let prefix = 0;
  const maxPrefix = Math.min(oldLength, newText.length);
  while (prefix < maxPrefix && text.charCodeAt(start + prefix) === newText.charCodeAt(prefix)) prefix++;
  if (prefix > 0 && isHighSurrogate(newText.charCodeAt(prefix - 1))) prefix--;
  let suffix = 0;
  const maxSuffix = Math.min(oldLength, newText.length) - prefix;
  while (suffix < maxSuffix && text.charCodeAt(end - 1 - suffix) === newText.charCodeAt(newText.length - 1 - suffix)) suffix++;
  if (suffix > 0 && isLowSurrogate(newText.charCodeAt(newText.length - suffix))) suffix--;
  if (prefix === oldLength && prefix === newText.length) return null;
  return {
    range: { start: buffer.positionAt(start + prefix), end: buffer.positionAt(end - suffix) },
    newText: newText.slice(prefix, newText.length - suffix),
  };
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;
