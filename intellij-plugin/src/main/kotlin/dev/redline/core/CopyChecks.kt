package dev.redline.core

import java.util.concurrent.CompletableFuture
import java.util.concurrent.ExecutorService
import java.util.concurrent.Executors
import java.util.concurrent.TimeUnit
import java.util.concurrent.TimeoutException

/**
 * What the IDE does on in-memory copies of a document for the sidecar's checks of a proposal. The adapter
 * works on non-physical PSI files made from the document's own file (ide/PsiCopyTools.kt); the tests use a fake
 * that follows the same platform code path. Called on a thread of [CopyChecks]; an implementation takes its own
 * read action.
 */
interface CopyTools {
    /**
     * [text], a would-be copy of the document [uri], with the code in [ranges] (offsets into [text], end exclusive)
     * reformatted by the IDE's code style; null when nothing formats the file's language.
     */
    fun format(uri: String, text: String, ranges: List<IntRange>): String?

    /** The problems the IDE finds in a copy of [uri] holding [text] (syntax errors, unresolved references); null when it cannot read the file's language. */
    fun problems(uri: String, text: String): List<CopyFinding>?
}

/** A problem in a copy, at offsets [start] until [end] of its text. */
data class CopyFinding(val start: Int, val end: Int, val message: String, val error: Boolean)

/**
 * Answers redline/formatText and redline/diagnoseText with [tools], off the UI thread, each within the budget the
 * sidecar gives: an answer that would come later is replaced by one that says why there is none, as is a failure.
 */
class CopyChecks(private val tools: CopyTools) {
    private val executor: ExecutorService = Executors.newSingleThreadExecutor { r -> Thread(r, "redline-copy-checks").apply { isDaemon = true } }

    fun format(params: FormatTextParams): CompletableFuture<FormatTextResult> =
        within(params.budgetMs, "formatter", { FormatTextResult(reason = it) }) {
            val lines = LineStarts(params.text)
            val formatted = tools.format(params.uri, params.text, params.ranges.map { lines.offset(it.start) until lines.offset(it.end) })
            if (formatted == null) FormatTextResult(reason = "the IDE has no formatter for ${params.languageId}") else FormatTextResult(text = formatted)
        }

    fun diagnose(params: DiagnoseTextParams): CompletableFuture<DiagnoseTextResult> =
        within(params.budgetMs, "analysis", { DiagnoseTextResult(reason = it) }) {
            val before = tools.problems(params.uri, params.before)
            val after = tools.problems(params.uri, params.after)
            if (before == null || after == null) {
                DiagnoseTextResult(reason = "the IDE cannot analyse ${params.languageId}")
            } else {
                val beforeLines = LineStarts(params.before)
                val afterLines = LineStarts(params.after)
                val problems = CopyProblems(
                    before.map { diagnostic(it, beforeLines) },
                    after.map { diagnostic(it, afterLines).let { d -> CopyProblem(d.range, d.severity, source = d.source, message = d.message) } },
                )
                DiagnoseTextResult(problems)
            }
        }

    fun dispose() {
        executor.shutdownNow()
    }

    private fun <T> within(budgetMs: Int, what: String, none: (String) -> T, work: () -> T): CompletableFuture<T> =
        CompletableFuture.supplyAsync(work, executor)
            .orTimeout(maxOf(1L, budgetMs.toLong() - ANSWER_MARGIN_MS), TimeUnit.MILLISECONDS)
            .exceptionally { error ->
                val cause = generateSequence(error) { it.cause }.last()
                none(if (cause is TimeoutException) "the IDE's $what took longer than $budgetMs ms" else "the IDE's $what failed: ${cause.message ?: cause.javaClass.simpleName}")
            }

    private fun diagnostic(finding: CopyFinding, lines: LineStarts) = Diagnostic(
        range = Range(lines.position(finding.start), lines.position(finding.end)),
        severity = if (finding.error) DiagnosticSeverity.ERROR else DiagnosticSeverity.WARNING,
        source = SOURCE,
        message = finding.message,
    )

    private companion object {
        /** Kept back from the sidecar's budget for the answer to reach it. */
        const val ANSWER_MARGIN_MS = 100L
        const val SOURCE = "IntelliJ"
    }
}

/** Line starts of a text, for LSP positions (UTF-16 offsets, as Kotlin strings index them). */
private class LineStarts(private val text: String) {
    private val starts: IntArray = buildList {
        add(0)
        text.forEachIndexed { i, c -> if (c == '\n') add(i + 1) }
    }.toIntArray()

    fun position(offset: Int): Position {
        val at = offset.coerceIn(0, text.length)
        val line = starts.indexOfLast { it <= at }
        return Position(line, at - starts[line])
    }

    /** Past a line's end clamps to it, past the last line to the text's end, as LSP says. */
    fun offset(position: Position): Int {
        if (position.line >= starts.size) return text.length
        val end = if (position.line + 1 < starts.size) starts[position.line + 1] - 1 else text.length
        return minOf(starts[position.line] + position.character, end)
    }
}
