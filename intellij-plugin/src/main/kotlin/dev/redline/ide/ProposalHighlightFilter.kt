package dev.redline.ide

import com.intellij.codeInsight.daemon.impl.HighlightInfo
import com.intellij.codeInsight.daemon.impl.HighlightInfoFilter
import com.intellij.openapi.components.serviceIfCreated
import com.intellij.openapi.editor.Document
import com.intellij.openapi.fileEditor.FileDocumentManager
import com.intellij.openapi.util.TextRange
import com.intellij.psi.PsiFile
import dev.redline.core.FileUris
import dev.redline.core.ProposalHighlights

/**
 * Registered on `com.intellij.daemon.highlightInfoFilter`: the daemon asks it for each highlighting it makes
 * (HighlightInfoB.create, HighlightInfoHolder.add, AnnotatorRunner), on its own threads under a read action.
 * The core decides ([ProposalHighlights]); a file without a document open, or before the service exists, keeps
 * everything.
 */
class ProposalHighlightFilter : HighlightInfoFilter {
    override fun accept(highlightInfo: HighlightInfo, file: PsiFile?): Boolean {
        val core = serviceIfCreated<RedlineService>()?.core ?: return true
        val virtualFile = file?.virtualFile ?: return true
        val document = FileDocumentManager.getInstance().getCachedDocument(virtualFile) ?: return true
        return core.sessions.highlightShown(FileUris.uriOfIdeUrl(virtualFile.url), highlightInfo.startOffset, highlightInfo.endOffset, highlightInfo.description, DocumentLines(document))
    }
}

private class DocumentLines(private val document: Document) : ProposalHighlights.Lines {
    override fun lineOf(offset: Int) = document.getLineNumber(offset)
    override fun text(line: Int): String = document.getText(TextRange(document.getLineStartOffset(line), document.getLineEndOffset(line)))
    override fun text(start: Int, end: Int): String = document.getText(TextRange(start, end))
}
