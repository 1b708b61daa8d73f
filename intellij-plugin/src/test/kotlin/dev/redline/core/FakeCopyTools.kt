package dev.redline.core

/**
 * [CopyTools] as the adapter's PsiCopyTools runs them, on text instead of PSI, branch for branch:
 *
 * - `format`: no FormattingModelBuilder for the file's language (LanguageFormatting.forContext → null): null.
 *   Otherwise CodeStyleManager.reformatText(copy, ranges): CodeStyleManagerImpl turns the ranges into
 *   FormatTextRanges and hands them to FormattingServiceUtil.formatRanges, whose formatter builds the language's
 *   formatting model and lets FormatProcessor adjust only the whitespace before blocks that start inside a range;
 *   the text outside the ranges, and every non-whitespace character, stays. Here the model is one block per line,
 *   indented by its brace nesting times the code style's indent size ([indentSize]).
 * - `problems`: the copy's PsiErrorElements, where the parser recovered (a `}` with nothing open: "Unexpected
 *   token"; a `{` still open at the end: "'}' expected"), and each reference whose resolve() gives nothing: here a
 *   call `name(` the copy declares no `name` for, reported with ProblemsHolder.unresolvedReferenceMessage
 *   ("Cannot resolve symbol 'name'", CodeInsightBundle's default).
 *
 * [delayMs] stands for a slow formatter or analysis; [fail] for one that throws.
 */
class FakeCopyTools(
    private val formatted: Set<String> = setOf("ts"),
    private val indentSize: Int = 2,
) : CopyTools {
    @Volatile var delayMs = 0L
    @Volatile var fail: String? = null
    /** What each call was given, in order. */
    val calls: MutableList<Pair<String, List<IntRange>>> = java.util.Collections.synchronizedList(mutableListOf())

    override fun format(uri: String, text: String, ranges: List<IntRange>): String? {
        work()
        calls += "format" to ranges
        if (uri.substringAfterLast('.') !in formatted) return null
        val out = StringBuilder()
        var depth = 0
        var start = 0
        for (line in text.split('\n')) {
            val code = line.trim()
            if (code.startsWith("}")) depth--
            val inRange = ranges.any { start in it }
            out.append(if (inRange && code.isNotEmpty()) " ".repeat(indentSize * maxOf(0, depth)) + code else line).append('\n')
            depth += code.count { it == '{' } - code.count { it == '}' } + (if (code.startsWith("}")) 1 else 0)
            start += line.length + 1
        }
        return out.dropLast(1).toString()
    }

    override fun problems(uri: String, text: String): List<CopyFinding>? {
        work()
        calls += "problems" to emptyList()
        val found = ArrayList<CopyFinding>()
        var open = 0
        text.forEachIndexed { i, c ->
            if (c == '{') open++
            if (c == '}' && --open < 0) {
                found += CopyFinding(i, i + 1, "Unexpected token", error = true)
                open = 0
            }
        }
        if (open > 0) found += CopyFinding(text.length, text.length, "'}' expected", error = true)
        val declared = Regex("""(?:function|const|let|var|class)\s+(\w+)|import \{([^}]*)\}""").findAll(text)
            .flatMap { m -> (m.groupValues[1] + "," + m.groupValues[2]).split(',').map { it.trim() } }.filter { it.isNotEmpty() }.toSet()
        for (m in Regex("""(?<![.\w])(\w+)\(""").findAll(text)) {
            val name = m.groupValues[1]
            val declaration = text.lastIndexOf("function ", m.range.first).let { it >= 0 && text.substring(it + 9, m.range.first) == name }
            if (name in declared || name in KEYWORDS || declaration) continue
            found += CopyFinding(m.range.first, m.range.first + name.length, "Cannot resolve symbol '$name'", error = true)
        }
        return found.sortedBy { it.start }
    }

    private fun work() {
        if (delayMs > 0) Thread.sleep(delayMs)
        fail?.let { throw IllegalStateException(it) }
    }

    private companion object {
        val KEYWORDS = setOf("if", "for", "while", "switch", "catch", "function", "return")
    }
}
