package dev.redline.core

/**
 * Mirrors open documents to the sidecar: didOpen, one didChange per document event, didClose.
 *
 * Own edits: the client ECHOES them. A render's edits are document events like any other, so the
 * listener sends their didChange (inside the render's transaction, hence before the render's answer)
 * and the sidecar counts every version up to the answered one as its own. Nothing is suppressed, so
 * the mirror never depends on the client guessing which events were the sidecar's.
 *
 * Every method holds this object's lock only while it counts and enqueues (sending never blocks: see
 * [OutgoingQueue]), so the UI thread, which reports every edit, never waits on the sidecar.
 * Versions keep counting across sidecar restarts: [attach] sends the current text at the current version.
 *
 * Self-check: a didChange carries the [Checksum] of the whole text after it when one is due (once a
 * second, less often for a large document), so the sidecar can tell its mirror has drifted and
 * fetch the text ([RedlineCore.documentText]). [now] is milliseconds, for tests to drive.
 */
class DocumentSync(private val now: () -> Long = { System.nanoTime() / 1_000_000 }, private val checksumIntervalMs: Long = Checksum.INTERVAL_MS) {
    private class Doc(val languageId: String, var version: Int) {
        var lastChecksumAt: Long? = null
    }

    private val docs = LinkedHashMap<String, Doc>()

    /** The sidecar that is told about changes; null while none is up (the next [attach] sends everything). */
    private var target: SidecarServer? = null

    @Synchronized
    fun version(uri: String): Int? = docs[uri]?.version

    @Synchronized
    fun isOpen(uri: String): Boolean = uri in docs

    /** The LSP language id the document was opened with; null when it is not mirrored. */
    fun languageOf(uri: String): String? = docs[uri]?.languageId

    /**
     * Runs [body] with the document's version while no change can be counted, so that what [body]
     * enqueues (a request naming that version) cannot be overtaken by a change that would make it stale.
     */
    @Synchronized
    fun <T> versioned(uri: String, body: (Int) -> T): T? = docs[uri]?.let { body(it.version) }

    @Synchronized
    fun open(uri: String, languageId: String, text: String) {
        if (uri in docs) return
        docs[uri] = Doc(languageId, 0)
        target?.didOpen(DidOpenTextDocumentParams(TextDocumentItem(uri, languageId, 0, text)))
    }

    /**
     * One document event, after it happened: [start] is where it began (unchanged by the event),
     * [oldText] what it replaced. The old end follows from the two, so the listener needs no "before" hook.
     * [text] is the whole text after the event, read only when a checksum is due.
     */
    @Synchronized
    fun changed(uri: String, start: Position, oldText: CharSequence, newText: String, text: () -> CharSequence) {
        val doc = docs[uri] ?: return
        doc.version++
        val change = TextDocumentContentChangeEvent(Range(start, advance(start, oldText)), newText)
        val server = target ?: return
        server.didChange(DidChangeTextDocumentParams(VersionedTextDocumentIdentifier(uri, doc.version), listOf(change), checksum(doc, text)))
    }

    private fun checksum(doc: Doc, text: () -> CharSequence): Long? {
        val at = now()
        val last = doc.lastChecksumAt
        val chars = text()
        if (last != null && !Checksum.due(at - last, chars.length, checksumIntervalMs)) return null
        doc.lastChecksumAt = at
        return Checksum.of(chars)
    }

    @Synchronized
    fun close(uri: String) {
        docs.remove(uri) ?: return
        target?.didClose(DidCloseTextDocumentParams(TextDocumentIdentifier(uri)))
    }

    /**
     * A sidecar finished its handshake: it gets every open document whole and, from now on, every change.
     * The caller holds a read action, so [textOf] and the versions counted here belong together: no edit
     * can happen until this returns, and every later edit is sent after these didOpens.
     */
    @Synchronized
    fun attach(server: SidecarServer, textOf: (String) -> String?) {
        target = server
        for ((uri, doc) in docs) {
            val text = textOf(uri) ?: continue
            server.didOpen(DidOpenTextDocumentParams(TextDocumentItem(uri, doc.languageId, doc.version, text)))
        }
    }

    /** That sidecar is gone; changes are only counted until the next [attach]. */
    @Synchronized
    fun detach(server: SidecarServer) {
        if (target === server) target = null
    }
}
