package dev.redline.ide

import com.intellij.openapi.Disposable
import com.intellij.openapi.editor.Editor
import com.intellij.openapi.editor.EditorCustomElementRenderer
import com.intellij.openapi.editor.Inlay
import com.intellij.openapi.editor.colors.EditorFontType
import com.intellij.openapi.editor.colors.TextAttributesKey
import com.intellij.openapi.editor.event.EditorMouseEvent
import com.intellij.openapi.editor.event.EditorMouseListener
import com.intellij.openapi.editor.markup.HighlighterLayer
import com.intellij.openapi.editor.markup.HighlighterTargetArea
import com.intellij.openapi.editor.markup.RangeHighlighter
import com.intellij.openapi.editor.markup.TextAttributes
import com.intellij.openapi.keymap.KeymapUtil
import com.intellij.openapi.util.Disposer
import dev.redline.core.DiffLineKind
import dev.redline.core.HunkActions
import dev.redline.core.LineMark
import dev.redline.core.MarkPainter
import dev.redline.core.MarkSpec
import dev.redline.core.PaintedMark
import dev.redline.core.StreamingMark
import dev.redline.core.WhitespaceLabel
import dev.redline.core.WordMark
import java.awt.Graphics
import java.awt.Rectangle

/** Light and dark defaults come from the XML files in colorSchemes/ (plugin.xml: additionalTextAttributes). */
object RedlineColors {
    val ADDED_LINE = TextAttributesKey.createTextAttributesKey("REDLINE_ADDED_LINE")
    val REMOVED_LINE = TextAttributesKey.createTextAttributesKey("REDLINE_REMOVED_LINE")
    val ADDED_WORD = TextAttributesKey.createTextAttributesKey("REDLINE_ADDED_WORD")
    val REMOVED_WORD = TextAttributesKey.createTextAttributesKey("REDLINE_REMOVED_WORD")
    /** Original lines the stream has not reached yet: dimmed text, no background. */
    val UNREACHED_LINE = TextAttributesKey.createTextAttributesKey("REDLINE_UNREACHED_LINE")

    fun line(kind: String): TextAttributesKey = when (kind) {
        DiffLineKind.ADDED -> ADDED_LINE
        DiffLineKind.UNREACHED -> UNREACHED_LINE
        else -> REMOVED_LINE
    }
}

/**
 * Paints one session's marks into one editor. Every highlighter, inlay and the click listener is
 * registered with [owner] (a child of the editor's Disposable), so ending the session, releasing the
 * editor or unloading the plugin removes exactly these marks.
 */
class EditorMarks(private val editor: Editor, private val owner: Disposable, private val sessionId: String) : MarkPainter {
    init {
        editor.addEditorMouseListener(object : EditorMouseListener {
            override fun mouseClicked(event: EditorMouseEvent) {
                val inlay = event.inlay ?: return
                val renderer = inlay.renderer as? ActionBar ?: return
                if (renderer.sessionId != sessionId) return
                val bounds = inlay.bounds ?: return
                val accept = event.mouseEvent.x - bounds.x < renderer.acceptWidth
                // Where the hunk is now: typing above may have moved it since the bar was painted.
                RedlineActions.settle(sessionId, renderer.spec.settleLine?.let { editor.document.getLineNumber(inlay.offset) }, accept)
                event.consume()
            }
        }, owner)
    }

    override fun release() = Disposer.dispose(owner)

    override fun paint(spec: MarkSpec): PaintedMark {
        val document = editor.document
        if (spec.line >= document.lineCount) return Gone
        val lineStart = document.getLineStartOffset(spec.line)
        return when (spec) {
            is LineMark -> highlighter(spec, editor.markupModel.addLineHighlighter(RedlineColors.line(spec.kind), spec.line, HighlighterLayer.SELECTION - 2))
            is WordMark -> highlighter(spec, editor.markupModel.addRangeHighlighter(
                if (spec.kind == DiffLineKind.ADDED) RedlineColors.ADDED_WORD else RedlineColors.REMOVED_WORD,
                minOf(lineStart + spec.start, document.getLineEndOffset(spec.line)), minOf(lineStart + spec.end, document.getLineEndOffset(spec.line)),
                HighlighterLayer.SELECTION - 1, HighlighterTargetArea.EXACT_RANGE))
            is StreamingMark -> inlay(spec, editor.inlayModel.addAfterLineEndElement(document.getLineEndOffset(spec.line), true, Label("  Redline is writing… (Esc cancels)")))
            is WhitespaceLabel -> inlay(spec, editor.inlayModel.addAfterLineEndElement(document.getLineEndOffset(spec.line), false, Label("  ${spec.text}")))
            is HunkActions -> inlay(spec, editor.inlayModel.addBlockElement(lineStart, false, true, if (spec.settleLine == null) 1 else 0, ActionBar(sessionId, spec)))
        }
    }

    private fun highlighter(spec: MarkSpec, h: RangeHighlighter): PaintedMark =
        // A child per highlighter, so erasing one also drops it from the session's Disposable.
        tracked(Disposable { h.dispose() }, { h.isValid }) {
            val line = editor.document.getLineNumber(h.startOffset)
            val lineStart = editor.document.getLineStartOffset(line)
            when (spec) {
                is WordMark -> spec.copy(line = line, start = h.startOffset - lineStart, end = h.endOffset - lineStart)
                is LineMark -> spec.copy(line = line)
                else -> spec
            }
        }

    private fun inlay(spec: MarkSpec, inlay: Inlay<*>?): PaintedMark {
        inlay ?: return Gone
        return tracked(inlay, { inlay.isValid }) {
            val line = editor.document.getLineNumber(inlay.offset)
            when (spec) {
                is StreamingMark -> spec.copy(line = line)
                is WhitespaceLabel -> spec.copy(line = line)
                is HunkActions -> spec.copy(line = line, settleLine = spec.settleLine?.let { it + line - spec.line })
                else -> spec
            }
        }
    }

    /** Owns `mark` with [owner] and reports, while it is valid, where the text has moved it. */
    private fun tracked(mark: Disposable, isValid: () -> Boolean, moved: () -> MarkSpec): PaintedMark {
        Disposer.register(owner, mark)
        return object : PaintedMark {
            override fun currentSpec(): MarkSpec? = if (isValid()) moved() else null
            override fun erase() = Disposer.dispose(mark)
        }
    }

    /** An editor that cannot show a mark (the line is gone): the next render asks again. */
    private object Gone : PaintedMark {
        override fun currentSpec(): MarkSpec? = null
        override fun erase() = Unit
    }

    internal open class Label(val text: String) : EditorCustomElementRenderer {
        override fun calcWidthInPixels(inlay: Inlay<*>): Int =
            inlay.editor.contentComponent.getFontMetrics(inlay.editor.colorsScheme.getFont(EditorFontType.ITALIC)).stringWidth(text)

        override fun paint(inlay: Inlay<*>, g: Graphics, targetRegion: Rectangle, textAttributes: TextAttributes) {
            val editor = inlay.editor
            g.font = editor.colorsScheme.getFont(EditorFontType.ITALIC)
            g.color = editor.colorsScheme.defaultForeground.darker()
            g.drawString(text, targetRegion.x, targetRegion.y + editor.ascent)
        }
    }

    /** "Accept | Reject" above a hunk (or above all of them); a click left of the bar's middle accepts. */
    private class ActionBar(val sessionId: String, val spec: HunkActions) : Label(
        if (spec.settleLine == null) "Accept all ${shortcut("Redline.AcceptAll")}   |   Reject all ${shortcut("Redline.RejectAll")}"
        else "Accept ${shortcut("Redline.AcceptHunk")}   |   Reject ${shortcut("Redline.RejectHunk")}",
    ) {
        var acceptWidth = 0

        override fun calcWidthInPixels(inlay: Inlay<*>): Int {
            val metrics = inlay.editor.contentComponent.getFontMetrics(inlay.editor.colorsScheme.getFont(EditorFontType.ITALIC))
            acceptWidth = metrics.stringWidth(text.substringBefore("|"))
            return metrics.stringWidth(text)
        }
    }
}

/** The user's current binding, so the hint stays true after rebinding. */
private fun shortcut(actionId: String) = KeymapUtil.getFirstKeyboardShortcutText(actionId).let { if (it.isEmpty()) "" else "($it)" }
