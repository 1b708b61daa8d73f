package dev.redline.core

/**
 * Mirrors open documents to the sidecar: didOpen, one didChange per document event, didClose.
 *
 * Own edits: the client ECHOES them. A render's edits are document events like any other, so the
 * listener sends their didChange (inside the render's transaction, hence before the render's answer)
 * and the sidecar counts every version up to the answered one as its own. Nothing is suppressed, so
 * the mirror never depends on the client guessing which events were the sidecar's.
 *
 * Versions keep counting across sidecar restarts: [reopenAll] sends the current text at the current version.
 */
class DocumentSync(private val server: () -> SidecarServer?) {
    private class Doc(val languageId: String, var version: Int)

    private val docs = LinkedHashMap<String, Doc>()

    @Synchronized
    fun version(uri: String): Int? = docs[uri]?.version

    @Synchronized
    fun open(uri: String, languageId: String, text: String) {
        if (uri in docs) return
        docs[uri] = Doc(languageId, 0)
        server()?.didOpen(DidOpenTextDocumentParams(TextDocumentItem(uri, languageId, 0, text)))
    }

    /**
     * One document event, after it happened: [start] is where it began (unchanged by the event),
     * [oldText] what it replaced. The old end follows from the two, so the listener needs no "before" hook.
     */
    @Synchronized
    fun changed(uri: String, start: Position, oldText: CharSequence, newText: String) {
        val doc = docs[uri] ?: return
        doc.version++
        val change = TextDocumentContentChangeEvent(Range(start, advance(start, oldText)), newText)
        server()?.didChange(DidChangeTextDocumentParams(VersionedTextDocumentIdentifier(uri, doc.version), listOf(change)))
    }

    @Synchronized
    fun close(uri: String) {
        docs.remove(uri) ?: return
        server()?.didClose(DidCloseTextDocumentParams(TextDocumentIdentifier(uri)))
    }

    /** After a (re)start: the new sidecar knows nothing, so every open document is sent whole. */
    @Synchronized
    fun reopenAll(server: SidecarServer, textOf: (String) -> String?) {
        for ((uri, doc) in docs) {
            val text = textOf(uri) ?: continue
            server.didOpen(DidOpenTextDocumentParams(TextDocumentItem(uri, doc.languageId, doc.version, text)))
        }
    }
}
