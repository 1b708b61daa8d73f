package dev.redline.core

/**
 * What the IDE's own highlighting shows while a proposal's red and green lines are both in the file.
 * Both versions side by side are not valid code: the red lines' problems are the old code's, and the
 * green lines get problems only the red copy causes — a name declared twice, code after the old
 * `return` unreachable. Those would fill the file with errors for a one-word rename and offer quick
 * fixes that delete the proposal. The adapter registers a highlight-info filter (the platform's
 * `com.intellij.daemon.highlightInfoFilter`) that asks [shows] for each highlighting the daemon makes.
 *
 * Hidden: anything on removed lines; on added lines, a problem about a name that the same hunk's
 * removed lines also spell (the highlighted word, or one the message quotes), and an "unreachable"
 * problem in a hunk whose removed lines leave (`return`, `throw`, `raise`, `break`, `continue`).
 * Everything else stays, the new code's own problems included.
 */
object ProposalHighlights {
    /** One proposal's marked lines, grouped into hunks: each a run of adjacent removed and added lines. */
    data class ProposalHunk(val removed: Set<Int>, val added: Set<Int>)

    /** The document lines the daemon's highlighting is read against (under its read action). */
    interface Lines {
        fun lineOf(offset: Int): Int
        fun text(line: Int): String
        fun text(start: Int, end: Int): String
    }

    /** The hunks of a session's line marks (removed and added lines; unreached lines are the original's and count as neither). */
    fun hunks(marks: Map<Int, String>): List<ProposalHunk> {
        val hunks = ArrayList<ProposalHunk>()
        var removed = LinkedHashSet<Int>()
        var added = LinkedHashSet<Int>()
        var last = Int.MIN_VALUE
        for (line in marks.keys.sorted()) {
            val kind = marks.getValue(line)
            if (kind != DiffLineKind.REMOVED && kind != DiffLineKind.ADDED) continue
            if (line != last + 1 && (removed.isNotEmpty() || added.isNotEmpty())) {
                hunks += ProposalHunk(removed, added)
                removed = LinkedHashSet()
                added = LinkedHashSet()
            }
            if (kind == DiffLineKind.REMOVED) removed += line else added += line
            last = line
        }
        if (removed.isNotEmpty() || added.isNotEmpty()) hunks += ProposalHunk(removed, added)
        return hunks
    }

    /** Whether highlighting over [start, end) (document offsets) with [description] (null for plain colouring) stays visible. */
    fun shows(hunks: List<ProposalHunk>, start: Int, end: Int, description: String?, lines: Lines): Boolean {
        if (hunks.isEmpty()) return true
        val first = lines.lineOf(start)
        // An end at a line's start does not reach into that line.
        val last = maxOf(first, lines.lineOf(maxOf(start, end - 1)))
        val span = first..last
        if (span.all { line -> hunks.any { line in it.removed } }) return false
        if (description == null) return true
        val hunk = hunks.firstOrNull { h -> span.all { it in h.added } } ?: return true
        val removedText = hunk.removed.sorted().map(lines::text)
        val names = quotedNames(description) + listOfNotNull(lines.text(start, end).trim().takeIf { IDENTIFIER.matches(it) })
        if (names.any { name -> removedText.any { Regex("(?<![\\p{L}\\p{N}_$])${Regex.escape(name)}(?![\\p{L}\\p{N}_$])").containsMatchIn(it) } }) return false
        if (description.contains("unreachable", ignoreCase = true) && removedText.any { EXIT.containsMatchIn(it) }) return false
        return true
    }

    private val IDENTIFIER = Regex("[\\p{L}_$][\\p{L}\\p{N}_$]*")
    private val QUOTED = Regex("['\"`\u2018\u201C]([\\p{L}_$][\\p{L}\\p{N}_$]*)['\"`\u2019\u201D]")
    private val EXIT = Regex("^\\s*(return|throw|raise|break|continue)\\b")

    private fun quotedNames(description: String): List<String> = QUOTED.findAll(description).map { it.groupValues[1] }.toList()
}
