package dev.redline.core

import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertInstanceOf
import org.junit.jupiter.api.Assertions.assertNotSame
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertThrows
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import java.util.Collections
import java.util.concurrent.CompletableFuture
import java.util.concurrent.ExecutionException
import java.util.concurrent.Executors
import java.util.concurrent.TimeUnit

class SidecarSupervisorTest {
    private val processes = Collections.synchronizedList(mutableListOf<FakeProcess>())
    private val logs = Collections.synchronizedList(mutableListOf<String>())
    private val crashes = Collections.synchronizedList(mutableListOf<String>())
    private val scheduler = Executors.newSingleThreadScheduledExecutor()
    private val client = object : SidecarClient {
        override fun applyRender(params: RenderParams) = CompletableFuture.completedFuture(RenderResult(true, 0))
        override fun documentText(params: DocumentTextParams) = CompletableFuture<DocumentTextResult>()
        override fun formatText(params: FormatTextParams) = CompletableFuture<FormatTextResult>()
        override fun diagnoseText(params: DiagnoseTextParams) = CompletableFuture<DiagnoseTextResult>()
        override fun logMessage(params: LogMessageParams) {}
        override fun sessionStatus(params: SessionStatusParams) {}
    }
    private val supervisor = SidecarSupervisor(
        spawn = { FakeProcess(stderrText = "booting\n").also { processes += it } },
        connect = { process, onStall -> JsonRpcConnection(process.stdout, process.stdin, client, onStall) },
        schedule = { delay, task -> scheduler.schedule(task, delay, TimeUnit.MILLISECONDS) },
        log = { logs += it },
        handshake = { it.request { s -> s.initialize(InitializeParams(1)) }.get(5, TimeUnit.SECONDS) },
        onCrash = { crashes += it },
        backoff = Backoff(initialMs = 20),
    )

    @AfterEach
    fun stop() {
        supervisor.dispose()
        scheduler.shutdownNow()
    }

    @Test
    fun `starts lazily, once, with the handshake done and stderr drained to the log`() {
        assertNull(supervisor.currentConnection())
        assertEquals(0, processes.size)
        val connection = supervisor.connection().get(5, TimeUnit.SECONDS)
        assertEquals(connection, supervisor.connection().get(5, TimeUnit.SECONDS))
        assertEquals(connection, supervisor.currentConnection())
        assertEquals(1, processes.size)
        assertEquals(1, processes[0].server.initializeCount)
        eventually { "[sidecar] booting" in logs }
    }

    @Test
    fun `a crash fails pending requests, reports once, and restarts after the backoff`() {
        val first = supervisor.connection().get(5, TimeUnit.SECONDS)
        val pending = first.request { it.inlineCompletion(InlineCompletionParams()) }
        processes[0].crash()
        val error = assertThrows(ExecutionException::class.java) { pending.get(5, TimeUnit.SECONDS) }
        assertInstanceOf(SidecarUnavailableException::class.java, error.cause)
        eventually { processes.size == 2 && supervisor.currentConnection() != null }
        assertEquals(1, crashes.size)
        assertNotSame(first, supervisor.connection().get(5, TimeUnit.SECONDS))
        assertEquals(1, processes[1].server.initializeCount)
    }

    @Test
    fun `dispose kills the process tree and does not restart it`() {
        supervisor.connection().get(5, TimeUnit.SECONDS)
        supervisor.dispose()
        assertTrue(processes[0].destroyed)
        Thread.sleep(100)
        assertEquals(1, processes.size)
        assertEquals(emptyList<String>(), crashes)
        val refused = assertThrows(ExecutionException::class.java) { supervisor.connection().get(5, TimeUnit.SECONDS) }
        assertInstanceOf(IllegalStateException::class.java, refused.cause)
    }

    @Test
    fun `backoff doubles up to its cap and resets after a stable run`() {
        val backoff = Backoff(initialMs = 100, maxMs = 500, stableMs = 1_000)
        assertEquals(listOf(100L, 200L, 400L, 500L, 500L), List(5) { backoff.nextDelayMs(ranForMs = 10) })
        assertEquals(100L, backoff.nextDelayMs(ranForMs = 5_000))
    }
}
