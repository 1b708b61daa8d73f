package dev.redline.core

/**
 * A finding about a proposal as the IDE shows it: on a document line (0-based), with a
 * [DiagnosticSeverity] and the fix it offers; [index] is its place in the status's list.
 */
data class ShownWarning(val index: Int, val kind: String, val line: Int, val message: String, val severity: Int, val fix: WarningFix? = null)

/**
 * What the IDE shows of a status's `warnings`, as pure functions: the severity of each kind, the
 * line each goes on, the notification's text, and whether a fix may still be applied.
 */
object ProposalWarnings {
    /** Kinds that only tell what happened (the sidecar added an import, the model was asked again); every other kind is a problem. */
    private val INFORMATIONAL = setOf("addedImport", "repaired")

    fun severityOf(kind: String): Int = if (kind in INFORMATIONAL) DiagnosticSeverity.INFORMATION else DiagnosticSeverity.WARNING

    /** The first line of a proposal: its first added or streaming line, else its first hunk's start, else null. */
    fun firstLine(record: Collection<MarkSpec>, hunks: List<Hunk>): Int? =
        record.filter { (it is LineMark && it.kind == DiffLineKind.ADDED) || it is StreamingMark }.minOfOrNull { it.line }
            ?: hunks.minOfOrNull { it.start }

    /**
     * [warnings] as shown in a document of [lineCount] lines: each on its line, one without a line on the
     * proposal's [firstLine] (the document's first when there is none), clamped into the document.
     */
    fun shown(warnings: List<EditWarning>, firstLine: Int?, lineCount: Int): List<ShownWarning> {
        val last = maxOf(0, lineCount - 1)
        return warnings.mapIndexed { index, w ->
            val line = (w.line ?: firstLine ?: 0).coerceIn(0, last)
            ShownWarning(index, w.kind, line, w.message, severityOf(w.kind), w.fix?.takeIf { it.edits.isNotEmpty() })
        }
    }

    /** The notification's content (HTML, as the platform's notifications take): one finding a line, lines counted from 1 as the editor does. */
    fun notificationText(uri: String, warnings: List<ShownWarning>): String {
        val fileName = (runCatching { java.net.URI(uri).path }.getOrNull() ?: uri).substringAfterLast('/')
        val what = if (warnings.size == 1) "a finding" else "${warnings.size} findings"
        val lines = warnings.joinToString("<br>") { "line ${it.line + 1}: ${escape(it.message)}" }
        return "Redline: $what about the proposal in ${escape(fileName)}:<br>$lines"
    }

    /**
     * Why the fix of warning [index] may not be applied now, or null when it may: a fix's edits are offsets in the
     * document at its status's version, so any later change may have moved the text they name; they are refused
     * rather than applied at the wrong place.
     */
    fun fixRefusal(warnings: List<ShownWarning>?, statusVersion: Int?, index: Int, currentVersion: Int?): String? = when {
        warnings == null || statusVersion == null || currentVersion == null -> "the proposal this fix belongs to is no longer open; nothing was changed."
        warnings.none { it.index == index && it.fix != null } -> "that fix is no longer offered; nothing was changed."
        currentVersion != statusVersion -> "the document changed after this fix was proposed, so its edits may no longer fit; nothing was changed. Make the change by hand."
        else -> null
    }

    /** The findings still shown once warning [index]'s fix is applied: that one resolved, the others moved with the fix's lines. */
    fun afterFix(warnings: List<ShownWarning>, index: Int, edits: List<TextEdit>): List<ShownWarning> {
        val lastFirst = edits.sortedByDescending { it.range.start.line }
        return warnings.filter { it.index != index }.map { w ->
            w.copy(line = lastFirst.fold(w.line) { line, e -> shifted(line, e) })
        }
    }

    /** Where [line] is after [edit]: moved by the lines it added or removed above; a line it replaced goes to its start. */
    private fun shifted(line: Int, edit: TextEdit): Int {
        val start = edit.range.start.line
        val end = edit.range.end.line
        return when {
            line < start -> line
            line > end -> line + edit.newText.count { it == '\n' } - (end - start)
            else -> if (start == end && '\n' !in edit.newText) line else start
        }
    }

    private fun escape(text: String) = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
}
