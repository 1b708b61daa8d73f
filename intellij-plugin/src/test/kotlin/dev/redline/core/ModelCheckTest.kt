package dev.redline.core

import org.jetbrains.kotlinx.lincheck.annotations.Operation
import org.jetbrains.kotlinx.lincheck.annotations.Validate
import org.jetbrains.kotlinx.lincheck.Options
import org.jetbrains.kotlinx.lincheck.check
import org.jetbrains.kotlinx.lincheck.strategy.managed.modelchecking.ModelCheckingOptions
import org.junit.jupiter.api.MethodOrderer
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestMethodOrder
import java.io.InputStream
import java.io.OutputStream
import java.util.concurrent.CompletableFuture

/**
 * lincheck's model checker runs the operations of the classes below from several threads, in the
 * interleavings it reaches, and checks that each run's results match some sequential order of the same
 * calls, that no run deadlocks, and (for the supervisor) that at most one sidecar process is ever alive.
 * The supervisor goes first: lincheck instruments classes as they load, and the queue reuses them.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation::class)
class ModelCheckTest {
    @Test
    @Order(1)
    fun `the supervisor never runs two sidecars, never deadlocks, and hands out only live connections`() =
        ModelCheckingOptions().threads(3).actorsPerThread(2).iterations(6).invocationsPerIteration(50).patient().check(SupervisorModel::class)

    @Test
    @Order(2)
    fun `the outgoing queue is a linearizable FIFO`() =
        ModelCheckingOptions().threads(2).actorsPerThread(3).iterations(5).invocationsPerIteration(50).patient().check(ChunkQueueModel::class)

    /**
     * lincheck calls a run hung after 10 s, and instrumenting the classes a run first touches can take
     * longer on a loaded two-core machine. The model checker finds real deadlocks without that timer (no
     * thread left that can run), so the timer only needs to be long. Its setter is internal to lincheck.
     */
    private fun <O : Options<*, *>> O.patient(): O = apply {
        Options::class.java.getMethod("invocationTimeout\$lincheck", Long::class.javaPrimitiveType).invoke(this, 300_000L)
    }
}

class ChunkQueueModel {
    private val queue = ChunkQueue()

    @Operation
    fun offer(value: Int) = queue.offer(byteArrayOf(value.toByte()))

    @Operation
    fun poll(): Int? = queue.poll()?.single()?.toInt()

    @Operation
    fun pendingBytes(): Long = queue.pendingBytes

    @Operation
    fun close() = queue.close()
}

/**
 * The supervisor with its threads made explicit: the start task and the scheduled restart run only when
 * an operation runs them, and a "process" exits when [crash] says so. The interleavings include a start
 * racing a crash, a dispose during a handshake, and a restart racing a new request.
 */
class SupervisorModel {
    private class LiteProcess(val id: Int) : SidecarProcess {
        override val stdin: OutputStream = OutputStream.nullOutputStream()
        override val stdout: InputStream = InputStream.nullInputStream()
        override val stderr: InputStream = InputStream.nullInputStream()
        override val exit = CompletableFuture<Int>()
        override fun destroyTree() { exit.complete(143) }
    }

    private class LiteConnection(val id: Int) : SidecarConnection {
        override val server: SidecarServer get() = throw UnsupportedOperationException()
        override fun <T> request(call: (SidecarServer) -> CompletableFuture<T>): CompletableFuture<T> = CompletableFuture()
        override fun close(reason: String) = Unit
    }

    private val tasks = ArrayDeque<Runnable>()
    private val restarts = ArrayDeque<Runnable>()
    private val processes = ArrayList<LiteProcess>()

    private val supervisor = SidecarSupervisor(
        spawn = { synchronized(processes) { LiteProcess(processes.size).also { processes += it } } },
        connect = { process, _ -> LiteConnection((process as LiteProcess).id) },
        schedule = { _, task -> synchronized(restarts) { restarts.addLast(task) } },
        log = {},
        handshake = {},
        onCrash = {},
        clock = { 0L },
        starter = { task -> synchronized(tasks) { tasks.addLast(task) } },
    )

    @Operation
    fun connect(): String {
        val future = supervisor.connection()
        if (!future.isDone) return "pending"
        return runCatching { "up ${(future.get() as LiteConnection).id}" }.getOrElse { "refused" }
    }

    @Operation
    fun current(): Int? = (supervisor.currentConnection() as LiteConnection?)?.id

    /** The start thread's turn (or the stderr reader's): no result, as whether one is queued yet depends on timing. */
    @Operation
    fun runStart() {
        synchronized(tasks) { tasks.removeFirstOrNull() }?.run()
    }

    @Operation
    fun runRestart() {
        synchronized(restarts) { restarts.removeFirstOrNull() }?.run()
    }

    /** No result: whether a process is there to crash at that instant is the interleaving's business. */
    @Operation
    fun crash() {
        synchronized(processes) { processes.lastOrNull { !it.exit.isDone } }?.exit?.complete(1)
    }

    @Operation
    fun dispose() = supervisor.dispose()

    @Validate
    fun atMostOneProcessAlive() {
        val alive = synchronized(processes) { processes.count { !it.exit.isDone } }
        check(alive <= 1) { "$alive sidecar processes alive" }
        val current = supervisor.currentConnection() as LiteConnection?
        if (current != null) check(!processes[current.id].exit.isDone) { "the current connection's process has exited" }
    }
}
