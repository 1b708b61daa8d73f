package dev.redline.core

/**
 * The part of an editor document the core needs. Offsets are UTF-16 code units, as in LSP and in
 * IntelliJ's Document, so a Position's character is an offset within its line with no conversion.
 */
interface TextBuffer {
    val length: Int
    val lineCount: Int
    fun text(): String
    fun lineOf(offset: Int): Int
    fun lineStart(line: Int): Int
    fun replace(start: Int, end: Int, text: String)
}

fun TextBuffer.positionOf(offset: Int): Position {
    val line = lineOf(offset)
    return Position(line, offset - lineStart(line))
}

/** Positions past the end of a line or of the document clamp to it, as LSP specifies. */
fun TextBuffer.offsetOf(position: Position): Int {
    if (position.line >= lineCount) return length
    val lineEnd = if (position.line + 1 < lineCount) lineStart(position.line + 1) - 1 else length
    return minOf(lineStart(position.line) + position.character, lineEnd)
}

/** The position just after [text] when it is inserted at [start]. */
fun advance(start: Position, text: CharSequence): Position {
    val lastBreak = text.lastIndexOf('\n')
    if (lastBreak < 0) return Position(start.line, start.character + text.length)
    return Position(start.line + text.count { it == '\n' }, text.length - lastBreak - 1)
}
