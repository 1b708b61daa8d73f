package dev.redline.core

import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import java.util.Collections
import java.util.concurrent.CompletableFuture
import java.util.concurrent.ScheduledFuture
import java.util.concurrent.ScheduledThreadPoolExecutor
import java.util.concurrent.TimeUnit

/**
 * RedlineCore holding back a render that would start one undo group too many ([UndoPacing]): with the
 * clock stopped, the 17th render that follows another command waits, stays held when its time is checked
 * again, and goes at once when the user cancels the session (so Esc is never held back).
 */
class RenderPacingTest {
    private val uri = "file:///f.kt"
    private val host = FakeHost()

    /** Keeps what is scheduled instead of running it; the test runs it when it wants. */
    private val scheduled = Collections.synchronizedList(mutableListOf<Runnable>())
    private val scheduler = object : ScheduledThreadPoolExecutor(1) {
        override fun schedule(command: Runnable, delay: Long, unit: TimeUnit): ScheduledFuture<*> {
            scheduled += command
            return super.schedule({}, 1, TimeUnit.DAYS)
        }
    }
    private val core = RedlineCore(
        spawn = { throw IllegalStateException("no sidecar in this test") },
        host = host, scheduler = scheduler, log = {}, settings = { RedlineSettingsPatch() }, clientVersion = "test",
        network = { ProxyPatch(proxy = "", noProxy = "") }, clock = { 0L },
    )

    @AfterEach
    fun stop() {
        core.dispose()
        scheduler.shutdownNow()
    }

    private fun render(line: Int, open: Boolean = false): CompletableFuture<RenderResult> {
        val version = host.onUi { core.documents.version(uri)!! }
        val insert = TextEdit(Range(Position(line, 0), Position(line, 0)), "n$line\n")
        return core.applyRender(RenderParams("s1", uri, version, listOf(insert), undo = UndoMarker("g", open = open)))
    }

    @Test
    fun `a render held back for the undo history goes at once when the session is cancelled`() {
        val buffer = StringTextBuffer("a\n")
        host.buffers[uri] = buffer
        core.follow(uri, buffer)
        host.onUi { core.editorOpened(host.view(uri), "kotlin", buffer.text()) }
        assertTrue(render(1, open = true).get(5, TimeUnit.SECONDS).applied)
        for (line in 2..UndoPacing.FREE_GROUPS) {
            host.onUi { core.sessions.commandFinished(Any()) } // the user did something in between
            assertTrue(render(line).get(5, TimeUnit.SECONDS).applied)
        }
        host.onUi { core.sessions.commandFinished(Any()) }
        val held = render(UndoPacing.FREE_GROUPS + 1)
        host.onUi {} // the attempt has run on the UI thread
        assertFalse(held.isDone, "the ${UndoPacing.FREE_GROUPS + 1}th group waits")
        val firstCheck = scheduled.removeLast()
        firstCheck.run()
        host.onUi {}
        assertFalse(held.isDone, "still its turn later: the clock has not moved")

        core.cancel("s1")
        assertTrue(held.get(5, TimeUnit.SECONDS).applied)
        assertEquals(UndoPacing.FREE_GROUPS + 1, host.onUi { buffer.text().lines().count { it.startsWith("n") } })
    }
}
