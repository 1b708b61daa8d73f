package dev.redline.core

import java.io.InputStream
import java.util.concurrent.CompletableFuture
import java.util.concurrent.Executor

/** Restart delays: doubling from [initialMs] up to [maxMs]; a process that ran [stableMs] resets it. */
class Backoff(private val initialMs: Long = 250, private val maxMs: Long = 30_000, private val stableMs: Long = 60_000) {
    private var failures = 0

    fun nextDelayMs(ranForMs: Long): Long {
        failures = if (ranForMs >= stableMs) 1 else failures + 1
        return minOf(maxMs, initialMs shl minOf(failures - 1, 20))
    }
}

/**
 * Owns the one sidecar process of the IDE: started on first use, restarted after a crash, killed with
 * its process tree on [dispose].
 *
 * No caller ever waits here: [connection] hands out a future, [currentConnection] reads a volatile.
 * The start and the [handshake] run on [starter], and the lock is held only to move between states,
 * never across a spawn, a handshake or anything that waits for another thread. [handshake] runs before
 * the connection is handed out, so no request overtakes it; [onClosed] runs for every connection that
 * ends (crash, failed handshake, dispose); [onCrash] runs before the restart is scheduled.
 */
class SidecarSupervisor(
    private val spawn: () -> SidecarProcess,
    /** The session over a new process's stdio; its second argument runs if the sidecar stops reading. */
    private val connect: (SidecarProcess, () -> Unit) -> SidecarConnection,
    /** Runs the task after the delay (ms), on some other thread. */
    private val schedule: (Long, Runnable) -> Unit,
    private val log: (String) -> Unit,
    private val handshake: (SidecarConnection) -> Unit,
    private val onCrash: (String) -> Unit,
    private val onClosed: (SidecarConnection) -> Unit = {},
    private val backoff: Backoff = Backoff(),
    private val clock: () -> Long = System::currentTimeMillis,
    /** Runs the start (spawn and handshake) and the stderr reader, each on a thread of its own. */
    private val starter: Executor = Executor { Thread(it, "redline-sidecar").apply { isDaemon = true }.start() },
) {
    private sealed interface State {
        object Idle : State
        class Starting(val future: CompletableFuture<SidecarConnection>) : State {
            var process: SidecarProcess? = null
        }
        class Running(val process: SidecarProcess, val connection: SidecarConnection) : State
        object Restarting : State
        object Disposed : State
    }

    private val lock = Any()
    private var state: State = State.Idle

    @Volatile
    private var running: SidecarConnection? = null

    /** The running connection, starting the sidecar if needed; completes once the handshake is done. */
    fun connection(): CompletableFuture<SidecarConnection> {
        val starting = synchronized(lock) {
            when (val s = state) {
                is State.Running -> return CompletableFuture.completedFuture(s.connection)
                is State.Starting -> return s.future
                State.Restarting -> return CompletableFuture.failedFuture(SidecarUnavailableException("The Redline sidecar is restarting."))
                State.Disposed -> return CompletableFuture.failedFuture(IllegalStateException("Redline is shutting down"))
                State.Idle -> State.Starting(CompletableFuture()).also { state = it }
            }
        }
        starter.execute { start(starting) }
        return starting.future
    }

    /** The connection if the sidecar is up and past its handshake; never starts it, never waits. */
    fun currentConnection(): SidecarConnection? = running

    private fun start(starting: State.Starting) {
        if (synchronized(lock) { state !== starting }) return // disposed before the start began
        val proc = try {
            spawn()
        } catch (e: Exception) {
            log("Redline sidecar failed to start: ${e.message}")
            synchronized(lock) { if (state === starting) state = State.Idle }
            starting.future.completeExceptionally(e)
            return
        }
        val startedAt = clock()
        drain(proc.stderr)
        val conn = connect(proc) {
            log("The Redline sidecar stopped reading its input; stopping it.")
            starter.execute { proc.destroyTree() } // the stalled write may be on the UI thread
        }
        val current = synchronized(lock) { (state === starting).also { if (it) starting.process = proc } }
        if (!current) { // disposed meanwhile
            stop(proc, conn, "Redline is shutting down")
            starting.future.completeExceptionally(IllegalStateException("Redline is shutting down"))
            return
        }
        proc.exit.whenComplete { code, _ ->
            conn.close("The Redline sidecar exited (code $code).")
            exited(proc, conn, code, clock() - startedAt)
        }
        try {
            handshake(conn)
        } catch (e: Exception) {
            log("Redline sidecar handshake failed: ${e.message}")
            synchronized(lock) { if (state === starting) state = State.Idle }
            stop(proc, conn, "handshake failed")
            starting.future.completeExceptionally(e)
            return
        }
        val up = synchronized(lock) {
            (state === starting).also { if (it) { state = State.Running(proc, conn); running = conn } }
        }
        if (up) starting.future.complete(conn) else {
            stop(proc, conn, "Redline is shutting down")
            starting.future.completeExceptionally(IllegalStateException("Redline is shutting down"))
        }
    }

    private fun drain(stderr: InputStream) = starter.execute {
        stderr.bufferedReader().useLines { lines -> lines.forEach { log("[sidecar] $it") } }
    }

    private fun exited(proc: SidecarProcess, conn: SidecarConnection, code: Int?, ranForMs: Long) {
        val delay = synchronized(lock) {
            val s = state
            val ours = (s is State.Running && s.process === proc) || (s is State.Starting && s.process === proc)
            if (!ours) null else {
                if (s is State.Starting) s.future.completeExceptionally(SidecarUnavailableException("The Redline sidecar exited (code $code)."))
                state = State.Restarting
                running = null
                backoff.nextDelayMs(ranForMs)
            }
        }
        onClosed(conn)
        delay ?: return
        log("The Redline sidecar exited (code $code); restarting.")
        onCrash("The Redline sidecar stopped unexpectedly (exit code $code).")
        schedule(delay, Runnable(::restart))
    }

    private fun restart() {
        val again = synchronized(lock) { (state === State.Restarting).also { if (it) state = State.Idle } }
        if (again) connection().exceptionally { e -> log("Redline sidecar restart failed: ${e.message}"); null }
    }

    /** Closes [conn] and kills [proc]; the exit that follows is not ours any more, so nothing restarts. */
    private fun stop(proc: SidecarProcess, conn: SidecarConnection, reason: String) {
        conn.close(reason)
        proc.destroyTree()
    }

    fun dispose() {
        val (proc, conn) = synchronized(lock) {
            val s = state
            state = State.Disposed
            running = null
            when (s) {
                is State.Running -> s.process to s.connection
                is State.Starting -> {
                    s.future.completeExceptionally(IllegalStateException("Redline is shutting down"))
                    s.process?.let { starter.execute { it.destroyTree() } } // ends its handshake at once
                    return
                }
                else -> return
            }
        }
        // Best effort: the tree is killed right after, whatever the sidecar does with it.
        runCatching { conn.server.exit(EmptyParams()) }
        stop(proc, conn, "Redline is shutting down")
    }
}
