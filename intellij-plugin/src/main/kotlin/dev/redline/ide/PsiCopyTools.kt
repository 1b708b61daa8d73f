package dev.redline.ide

import com.intellij.codeInspection.ProblemsHolder
import com.intellij.lang.LanguageFormatting
import com.intellij.openapi.application.ApplicationManager
import com.intellij.openapi.project.ProjectLocator
import com.intellij.openapi.util.Computable
import com.intellij.openapi.util.TextRange
import com.intellij.openapi.vfs.VirtualFileManager
import com.intellij.psi.PsiElement
import com.intellij.psi.PsiErrorElement
import com.intellij.psi.PsiFile
import com.intellij.psi.PsiFileFactory
import com.intellij.psi.PsiManager
import com.intellij.psi.PsiPolyVariantReference
import com.intellij.psi.PsiRecursiveElementWalkingVisitor
import com.intellij.psi.PsiReference
import com.intellij.psi.codeStyle.CodeStyleManager
import dev.redline.core.FileUris
import dev.redline.core.CopyFinding
import dev.redline.core.CopyTools

/**
 * The IDE's formatter and analysis on in-memory copies of a document: each copy is a non-physical PSI file of the
 * document's own file (PsiFileFactory.createFileFromText(text, original): its name and language, marked as a
 * copy, the original remembered), so the project's code style applies and its references resolve as the IDE
 * resolves a copy. Nothing here touches the user's document or its PSI; a non-physical file changes without a
 * command (PomModelImpl.startTransaction asks for one only for a physical change).
 */
class PsiCopyTools : CopyTools {
    override fun format(uri: String, text: String, ranges: List<IntRange>): String? = read {
        val original = psiOf(uri) ?: return@read null
        // No FormattingModelBuilder for the language (or one that declines this file): CodeStyleManager would leave it as it is.
        if (LanguageFormatting.INSTANCE.forContext(original) == null) return@read null
        val copy = copyOf(original, text) ?: return@read null
        CodeStyleManager.getInstance(original.project).reformatText(copy, ranges.map { TextRange(it.first, it.last + 1) })
        copy.text
    }

    override fun problems(uri: String, text: String): List<CopyFinding>? = read {
        val original = psiOf(uri) ?: return@read null
        val copy = copyOf(original, text) ?: return@read null
        val found = ArrayList<CopyFinding>()
        copy.accept(object : PsiRecursiveElementWalkingVisitor() {
            override fun visitElement(element: PsiElement) {
                if (element is PsiErrorElement) {
                    val range = element.textRange
                    found += CopyFinding(range.startOffset, maxOf(range.endOffset, range.startOffset + 1), element.errorDescription, error = true)
                }
                for (reference in element.references) {
                    if (reference.isSoft || resolves(reference)) continue
                    val start = element.textRange.startOffset + reference.rangeInElement.startOffset
                    found += CopyFinding(start, start + reference.rangeInElement.length, ProblemsHolder.unresolvedReferenceMessage(reference), error = true)
                }
                super.visitElement(element)
            }
        })
        found
    }

    private fun resolves(reference: PsiReference): Boolean =
        if (reference is PsiPolyVariantReference) reference.multiResolve(false).isNotEmpty() else reference.resolve() != null

    private fun copyOf(original: PsiFile, text: String): PsiFile? = PsiFileFactory.getInstance(original.project).createFileFromText(text, original)

    /** The PSI file of a document's `file:` URI, in the project that holds it. */
    private fun psiOf(uri: String): PsiFile? {
        val file = VirtualFileManager.getInstance().findFileByUrl(FileUris.ideUrlOf(uri) ?: uri) ?: return null
        val project = ProjectLocator.getInstance().guessProjectForFile(file) ?: return null
        return PsiManager.getInstance(project).findFile(file)
    }

    private fun <T> read(body: () -> T): T = ApplicationManager.getApplication().runReadAction(Computable { body() })
}
