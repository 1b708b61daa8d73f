package dev.redline.core

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Test

class DocumentSyncTest {
    private val server = RecordingServer()
    private val sync = DocumentSync().apply { attach(server) { null } }
    private val uri = "file:///a.kt"

    private fun wire(buffer: StringTextBuffer) {
        buffer.listeners += { start, old, new -> sync.changed(uri, buffer.positionOf(start), old, new) }
    }

    @Test
    fun `each document event is one didChange with the next version and the pre-change range`() {
        val buffer = StringTextBuffer("ab\ncd\nef")
        sync.open(uri, "kotlin", buffer.text())
        wire(buffer)
        buffer.replace(1, 7, "X\nY") // "b\ncd\ne" → "X\nY": old end is line 2, character 1
        buffer.replace(0, 0, "\uD83D\uDE42") // a surrogate pair counts 2 UTF-16 units
        buffer.replace(2, 3, "")
        val changes = server.all<DidChangeTextDocumentParams>()
        assertEquals(listOf(1, 2, 3), changes.map { it.textDocument.version })
        assertEquals(TextDocumentContentChangeEvent(Range(Position(0, 1), Position(2, 1)), "X\nY"), changes[0].contentChanges.single())
        assertEquals(Range(Position(0, 2), Position(0, 3)), changes[2].contentChanges.single().range)
        assertEquals(3, sync.version(uri))
    }

    @Test
    fun `mirror replays to the same text`() {
        val buffer = StringTextBuffer("fun a() {\n  return 1\n}\n")
        sync.open(uri, "kotlin", buffer.text())
        wire(buffer)
        buffer.replace(12, 20, "val x = 2\n  return x")
        buffer.replace(0, 3, "private fun")
        buffer.replace(buffer.length - 1, buffer.length, "")
        val mirror = StringTextBuffer(server.all<DidOpenTextDocumentParams>().single().textDocument.text)
        for (change in server.all<DidChangeTextDocumentParams>().flatMap { it.contentChanges }) {
            mirror.replace(mirror.offsetOf(change.range!!.start), mirror.offsetOf(change.range!!.end), change.text)
        }
        assertEquals(buffer.text(), mirror.text())
    }

    @Test
    fun `nothing is sent while no sidecar is attached, and attaching sends every document at its current version`() {
        val sync = DocumentSync()
        sync.open(uri, "kotlin", "x")
        sync.changed(uri, Position(0, 1), "", "y")
        assertEquals(emptyList<Any>(), server.received)
        sync.attach(server) { "xy" }
        assertEquals(TextDocumentItem(uri, "kotlin", 1, "xy"), server.all<DidOpenTextDocumentParams>().single().textDocument)
        sync.changed(uri, Position(0, 2), "", "z")
        sync.detach(server)
        sync.changed(uri, Position(0, 3), "", "!")
        assertEquals(listOf(2), server.all<DidChangeTextDocumentParams>().map { it.textDocument.version })
    }

    @Test
    fun `closed documents have no version and send didClose once`() {
        sync.open(uri, "kotlin", "x")
        sync.close(uri)
        sync.close(uri)
        assertNull(sync.version(uri))
        assertEquals(1, server.all<DidCloseTextDocumentParams>().size)
    }
}
