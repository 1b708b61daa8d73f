package dev.redline.core

/**
 * The platform's highlighting, reduced to what decides whether a highlight-info filter hides a
 * highlighting. Read in JetBrains/intellij-community:
 *
 * - `HighlightInfoFilter` (platform/analysis-api/src/com/intellij/codeInsight/daemon/impl/HighlightInfoFilter.java):
 *   the extension point `com.intellij.daemon.highlightInfoFilter`, one method `accept(HighlightInfo, @Nullable PsiFile)`;
 *   "file might (and will be) null".
 * - `HighlightInfoB.create()` (platform/analysis-impl/…/daemon/impl/HighlightInfoB.java), what highlighting visitors and
 *   inspections build infos with: `isAcceptedByFilters(info, psiElement) ? info : null`, the file being
 *   `psiElement == null ? null : psiElement.getContainingFile()`, every extension asked in turn, the first `false` wins.
 * - `HighlightInfoHolder.add(info)` (platform/analysis-impl/…/daemon/impl/analysis/HighlightInfoHolder.java), where
 *   GeneralHighlightingPass collects: `if (info == null || !accepted(info)) return false`, `accepted` asking each filter
 *   of the holder (the pass gives it the extension list) with the holder's context file.
 * - `AnnotatorRunner.addConvertedToHostInfo(info, newInfos)` (platform/analysis-impl/…/daemon/impl/AnnotatorRunner.java),
 *   annotators' results: added only `if (HighlightInfoB.isAcceptedByFilters(info, myPsiFile))`.
 * - `ExternalToolPass.convertToHighlights` (same folder): external annotators' results, `HighlightInfo.fromAnnotation`
 *   for each, with no filter: those stay whatever a filter says.
 */
class FakeHighlightInfo(val startOffset: Int, val endOffset: Int, val description: String?)

/** A PsiFile as the filter reaches it: its VirtualFile's url and its Document. */
class FakePsiFile(val url: String, val document: StringTextBuffer)

/** A PSI element: only its containing file matters here. */
class FakePsiElement(val containingFile: FakePsiFile)

fun interface FakeHighlightInfoFilter {
    fun accept(info: FakeHighlightInfo, file: FakePsiFile?): Boolean
}

/** The registered extensions of `com.intellij.daemon.highlightInfoFilter`, and the platform's paths through them. */
class FakeDaemon(private val extensions: List<FakeHighlightInfoFilter>) {
    /** HighlightInfoB.isAcceptedByFilters. */
    private fun acceptedByFilters(info: FakeHighlightInfo, psiElement: FakePsiElement?): Boolean {
        val file = psiElement?.containingFile
        return extensions.all { it.accept(info, file) }
    }

    /** HighlightInfoB.create(): null means filtered out. */
    fun create(info: FakeHighlightInfo, psiElement: FakePsiElement?): FakeHighlightInfo? = if (acceptedByFilters(info, psiElement)) info else null

    /** HighlightInfoHolder, as GeneralHighlightingPass.createInfoHolder makes it: the extension list, the pass's file. */
    inner class Holder(private val contextFile: FakePsiFile) {
        val infos = ArrayList<FakeHighlightInfo>()
        fun add(info: FakeHighlightInfo?): Boolean {
            if (info == null || !extensions.all { it.accept(info, contextFile) }) return false
            return infos.add(info)
        }
    }

    /** AnnotatorRunner.addConvertedToHostInfo, for a host file (no injection). */
    fun addConvertedToHostInfo(info: FakeHighlightInfo, psiFile: FakePsiFile, newInfos: MutableList<FakeHighlightInfo>) {
        if (acceptedByFilters(info, FakePsiElement(psiFile))) newInfos += info
    }

    /** ExternalToolPass.convertToHighlights: no filter on this path. */
    fun convertToHighlights(annotations: List<FakeHighlightInfo>): List<FakeHighlightInfo> = annotations.toList()
}

/** A Document's lines, as the adapter reads them for the core (under the daemon's read action). */
class BufferLines(private val buffer: StringTextBuffer) : ProposalHighlights.Lines {
    override fun lineOf(offset: Int) = buffer.lineOf(offset)
    override fun text(line: Int): String {
        val end = if (line + 1 < buffer.lineCount) buffer.lineStart(line + 1) - 1 else buffer.length
        return buffer.text().substring(buffer.lineStart(line), end)
    }
    override fun text(start: Int, end: Int) = buffer.text().substring(start, end)
}

/** The adapter's filter (ide/ProposalHighlightFilter.kt) over the fakes: no file, or no document, keeps everything. */
fun redlineFilter(registry: SessionRegistry) = FakeHighlightInfoFilter { info, file ->
    if (file == null) true else registry.highlightShown(file.url, info.startOffset, info.endOffset, info.description, BufferLines(file.document))
}
