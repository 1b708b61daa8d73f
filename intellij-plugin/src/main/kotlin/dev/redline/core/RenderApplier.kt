package dev.redline.core

/**
 * Applies one redline/applyRender to a buffer, or refuses it as stale.
 *
 * [transaction] wraps the edits: the adapter maps it to one command of the session's undo group.
 * Edits arrive in document order, every range against the document at `params.version`; applying them
 * last-first keeps the earlier ranges valid without recomputing offsets.
 * [version] is read after the edits: the buffer's listener has counted one version per edit by then.
 */
class RenderApplier(val version: (String) -> Int?) {
    fun apply(params: RenderParams, buffer: TextBuffer, transaction: (body: () -> Unit) -> Unit): RenderResult {
        val current = version(params.uri) ?: return RenderResult(false, -1)
        if (current != params.version) return RenderResult(false, current)
        if (params.edits.isNotEmpty()) {
            transaction {
                for (edit in params.edits.asReversed()) {
                    buffer.replace(buffer.offsetOf(edit.range.start), buffer.offsetOf(edit.range.end), edit.newText)
                }
            }
        }
        return RenderResult(true, version(params.uri) ?: current)
    }
}
