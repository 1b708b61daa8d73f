package dev.redline.core

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Test

class RenderApplierTest {
    private val uri = "file:///a.kt"
    private val server = RecordingServer()
    private val sync = DocumentSync().apply { attach(server) { null } }
    private val buffer = StringTextBuffer("one\ntwo\nthree\n").also { b ->
        sync.open(uri, "kotlin", b.text())
        b.listeners += { start, old, new -> sync.changed(uri, b.positionOf(start), old, new) }
    }
    private val applier = RenderApplier(sync::version)
    private var transactions = 0
    private val transaction: (() -> Unit) -> Unit = { body -> transactions++; body() }

    private fun edit(sl: Int, sc: Int, el: Int, ec: Int, text: String) = TextEdit(Range(Position(sl, sc), Position(el, ec)), text)

    @Test
    fun `edits in document order against one version all land, in one transaction, answering the new version`() {
        val params = RenderParams("s", uri, 0, listOf(edit(0, 0, 0, 3, "ONE"), edit(1, 0, 2, 0, ""), edit(2, 5, 2, 5, "!")))
        assertEquals(RenderResult(true, 3), applier.apply(params, buffer, transaction))
        assertEquals("ONE\nthree!\n", buffer.text())
        assertEquals(1, transactions)
        assertEquals(3, server.all<DidChangeTextDocumentParams>().size) // echoed before the answer
    }

    @Test
    fun `a render computed against another version is refused with the client's version`() {
        buffer.replace(0, 0, "x")
        val result = applier.apply(RenderParams("s", uri, 0, listOf(edit(0, 0, 0, 0, "y"))), buffer, transaction)
        assertEquals(RenderResult(false, 1), result)
        assertEquals("xone\ntwo\nthree\n", buffer.text())
        assertEquals(0, transactions)
    }

    @Test
    fun `a decorations-only render needs no transaction`() {
        assertEquals(RenderResult(true, 0), applier.apply(RenderParams("s", uri, 0), buffer, transaction))
        assertEquals(0, transactions)
    }

    @Test
    fun `positions past a line's end clamp to it`() {
        applier.apply(RenderParams("s", uri, 0, listOf(edit(0, 99, 0, 99, "+"))), buffer, transaction)
        assertEquals("one+\ntwo\nthree\n", buffer.text())
    }
}
