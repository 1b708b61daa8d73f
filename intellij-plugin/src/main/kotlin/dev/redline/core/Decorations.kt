package dev.redline.core

/** One thing painted for a session, in document lines; equal specs are the same mark. */
sealed interface MarkSpec {
    val line: Int
}

/** A whole-line background: [kind] is DiffLineKind.ADDED or REMOVED, or UNREACHED (dimmed, while streaming). */
data class LineMark(override val line: Int, val kind: String) : MarkSpec

/** A changed word inside a line; [start] and [end] are UTF-16 offsets within the line. */
data class WordMark(override val line: Int, val start: Int, val end: Int, val kind: String) : MarkSpec

/** The unfinished line of a streaming reply: where the progress hint goes. */
data class StreamingMark(override val line: Int) : MarkSpec

/** "indentation only" / "whitespace only" after a green line whose pair differs from it only in whitespace. */
data class WhitespaceLabel(override val line: Int, val change: String) : MarkSpec {
    val text: String get() = if (change == WhitespaceOnly.INDENTATION) "indentation only" else "whitespace only"
}

/**
 * Accept/Reject buttons above [line]. [settleLine] is the SettleParams.line the buttons send:
 * null for "Accept all / Reject all".
 */
data class HunkActions(override val line: Int, val settleLine: Int?) : MarkSpec

object DecorationModel {
    /** The line, word, whitespace and streaming marks of a render: all on lines ≥ `decorations.from`. */
    fun lineMarks(decorations: RenderDecorations): Set<MarkSpec> {
        val marks = LinkedHashSet<MarkSpec>()
        for (run in decorations.runs) for (line in run.start until run.start + run.count) marks += LineMark(line, run.kind)
        for (word in decorations.words) marks += WordMark(word.line, word.start, word.end, word.kind)
        // The label goes on the green line of each pair; its red line is the same code as it was.
        for (w in decorations.whitespace) if (w.kind == DiffLineKind.ADDED) marks += WhitespaceLabel(w.line, w.change)
        decorations.streamingLine?.let { marks += StreamingMark(it) }
        return marks
    }

    /**
     * The buttons for all of a session's hunks. Only once the reply is complete (settling a streaming
     * session is the sidecar's to refuse, and buttons that jump around while text streams in are
     * unusable); per-hunk buttons only when there is more than one hunk.
     */
    fun actions(hunks: List<Hunk>, streaming: Boolean): Set<MarkSpec> {
        if (streaming || hunks.isEmpty()) return emptySet()
        val marks = LinkedHashSet<MarkSpec>()
        marks += HunkActions(hunks.minOf { it.start }, null)
        if (hunks.size > 1) for (hunk in hunks) marks += HunkActions(hunk.start, hunk.start)
        return marks
    }
}

/** A painted mark. [currentSpec] is where it is now, since the document may have moved it; null once invalid. */
interface PaintedMark {
    fun currentSpec(): MarkSpec?
    fun erase()
}

fun interface MarkPainter {
    fun paint(spec: MarkSpec): PaintedMark

    /** The session's marks are gone from this editor: let go of anything held for painting them. */
    fun release() = Unit
}

/**
 * The marks painted for one session in one editor, diffed on every render so only what changed is
 * repainted. Comparison is by where each mark is now, not where it was painted: a mark the document
 * moved onto a line the new render wants is kept; one left on a stale line is erased; one someone else
 * removed (no longer valid) is painted again.
 */
class PaintedMarks(private val painter: MarkPainter) {
    private var painted = listOf<PaintedMark>()

    data class Delta(val painted: Int, val erased: Int)

    fun update(wanted: Set<MarkSpec>): Delta {
        val kept = ArrayList<PaintedMark>()
        val have = HashSet<MarkSpec>()
        var erased = 0
        for (mark in painted) {
            val spec = mark.currentSpec()
            if (spec != null && spec in wanted && have.add(spec)) {
                kept += mark
            } else {
                mark.erase()
                erased++
            }
        }
        val missing = wanted.filter { it !in have }
        kept += missing.map(painter::paint)
        painted = kept
        return Delta(missing.size, erased)
    }

    fun current(): Set<MarkSpec> = painted.mapNotNullTo(LinkedHashSet()) { it.currentSpec() }

    fun clear() {
        painted.forEach { it.erase() }
        painted = emptyList()
        painter.release()
    }
}
