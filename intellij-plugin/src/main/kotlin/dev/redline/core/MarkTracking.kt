package dev.redline.core

/** One document change as the listener reports it: at [start], [oldText] was replaced by [newText]. */
data class TextChange(val start: Position, val oldText: String, val newText: String)

/**
 * Where a session's own record of a mark is after a document change: the line moves as the editor's
 * range markers move it (text inserted at the very start of a line pushes the line down; anywhere else
 * in it, it stays), and a mark whose line the change replaced is gone (null). The sidecar sends fresh
 * marks with its next render; until then this keeps new editors and the crash revert on the right lines,
 * whatever happened to the marks painted in editors.
 */
object MarkTracking {
    fun moved(spec: MarkSpec, change: TextChange): MarkSpec? {
        val first = change.start.line
        val oldBreaks = change.oldText.count { it == '\n' }
        val newBreaks = change.newText.count { it == '\n' }
        val last = first + oldBreaks
        val delta = newBreaks - oldBreaks
        val line = spec.line
        val endsAtLineStart = oldBreaks > 0 && change.oldText.endsWith('\n')
        return when {
            line < first -> spec
            line > last || (line == last && endsAtLineStart) -> at(spec, line + delta)
            oldBreaks == 0 && newBreaks == 0 -> withinLine(spec, change)
            oldBreaks == 0 && change.oldText.isEmpty() -> if (change.start.character == 0) at(spec, line + newBreaks) else spec
            else -> null
        }
    }

    fun movedAll(specs: Set<MarkSpec>, change: TextChange): Set<MarkSpec> = specs.mapNotNullTo(LinkedHashSet()) { moved(it, change) }

    /** Typing inside one line: the line stays; a word tint after the edit shifts with it, one it touched is gone. */
    private fun withinLine(spec: MarkSpec, change: TextChange): MarkSpec? {
        if (spec !is WordMark) return spec
        val from = change.start.character
        val to = from + change.oldText.length
        val shift = change.newText.length - change.oldText.length
        return when {
            to <= spec.start -> spec.copy(start = spec.start + shift, end = spec.end + shift)
            from >= spec.end -> spec
            else -> null
        }
    }

    private fun at(spec: MarkSpec, line: Int): MarkSpec = when (spec) {
        is LineMark -> spec.copy(line = line)
        is WordMark -> spec.copy(line = line)
        is StreamingMark -> spec.copy(line = line)
        is WhitespaceLabel -> spec.copy(line = line)
        is HunkActions -> spec.copy(line = line, settleLine = spec.settleLine?.let { it + line - spec.line })
    }
}
