package dev.redline.core

import com.google.gson.JsonPrimitive

/**
 * One highlighting info of the IDE's editor markup (an inspection's warning, a compiler error), as the
 * adapter reads it: document offsets, the platform's severity value, its description and tool.
 * [severity] is `HighlightSeverity.myVal`: ERROR 400, WARNING 300, WEAK_WARNING 200, SERVER PROBLEM 100,
 * INFORMATION 10; plain syntax colouring has no description.
 */
data class HighlightSpan(val startOffset: Int, val endOffset: Int, val severity: Int, val description: String?, val toolId: String?)

object Diagnostics {
    /** Diagnostics one inline edit carries, at most. */
    const val MAX = 50

    /**
     * The LSP diagnostics of the highlights that overlap [startOffset, endOffset): those with a
     * description, once each (the same problem is often reported by two passes), in document order.
     * [at] turns a document offset into an LSP position.
     */
    fun of(spans: List<HighlightSpan>, startOffset: Int, endOffset: Int, at: (Int) -> Position): List<Diagnostic> =
        spans.asSequence()
            .filter { !it.description.isNullOrBlank() && it.endOffset >= startOffset && it.startOffset <= endOffset }
            .distinctBy { Triple(it.startOffset, it.endOffset, it.description) }
            .sortedWith(compareBy({ it.startOffset }, { -it.severity }))
            .take(MAX)
            .map { Diagnostic(range = Range(at(it.startOffset), at(it.endOffset)), severity = severityOf(it.severity), code = it.toolId?.let(::JsonPrimitive), source = "intellij", message = it.description!!.trim()) }
            .toList()

    /** The platform's severity value as an LSP DiagnosticSeverity; a server problem (100) may be an error, so it counts as a warning. */
    fun severityOf(value: Int): Int = when {
        value >= 400 -> DiagnosticSeverity.ERROR
        value >= 300 || value == 100 -> DiagnosticSeverity.WARNING
        value >= 100 -> DiagnosticSeverity.INFORMATION
        else -> DiagnosticSeverity.HINT
    }
}
