package dev.redline.core

import java.io.InputStream
import java.util.concurrent.ScheduledExecutorService
import java.util.concurrent.TimeUnit

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
 * [onStarted] runs on the thread that asked for the connection, before the connection is handed out:
 * it does the initialize handshake and reopens documents, so no request can overtake it.
 * [onCrash] runs before the restart is scheduled, so sessions are cancelled before anything reconnects.
 */
class SidecarSupervisor(
    private val spawn: () -> SidecarProcess,
    private val client: SidecarClient,
    private val scheduler: ScheduledExecutorService,
    private val log: (String) -> Unit,
    private val onStarted: (SidecarConnection) -> Unit,
    private val onCrash: (String) -> Unit,
    private val backoff: Backoff = Backoff(),
    private val clock: () -> Long = System::currentTimeMillis,
) {
    private var process: SidecarProcess? = null
    private var connection: SidecarConnection? = null
    private var restartPending = false
    private var disposed = false

    /** The running connection, starting the sidecar if needed. Blocks for the handshake: not for the UI thread. */
    @Synchronized
    fun connection(): SidecarConnection {
        check(!disposed) { "Redline is shutting down" }
        connection?.let { return it }
        if (restartPending) throw SidecarUnavailableException("The Redline sidecar is restarting.")
        return start()
    }

    /** The connection if the sidecar is up; never starts it (document events must not spawn a process). */
    @Synchronized
    fun currentConnection(): SidecarConnection? = connection

    private fun start(): SidecarConnection {
        val proc = spawn()
        val startedAt = clock()
        drain(proc.stderr)
        val conn = SidecarConnection(proc.stdout, proc.stdin, client)
        process = proc
        connection = conn
        proc.exit.whenComplete { code, _ ->
            // Outside the lock: a crash during the handshake must fail the handshake's requests, which hold it.
            conn.close("The Redline sidecar exited (code $code).")
            exited(proc, code, clock() - startedAt)
        }
        try {
            onStarted(conn)
        } catch (e: Exception) {
            log("Redline sidecar handshake failed: ${e.message}")
            stopProcess(proc, conn, "handshake failed")
            throw e
        }
        return conn
    }

    private fun drain(stderr: InputStream) {
        Thread({
            stderr.bufferedReader().useLines { lines -> lines.forEach { log("[sidecar] $it") } }
        }, "redline-sidecar-stderr").apply { isDaemon = true }.start()
    }

    private fun exited(proc: SidecarProcess, code: Int?, ranForMs: Long) {
        val delay: Long
        synchronized(this) {
            if (disposed || process !== proc) return
            val message = "The Redline sidecar exited (code $code); restarting."
            log(message)
            connection = null
            process = null
            delay = backoff.nextDelayMs(ranForMs)
            restartPending = true
        }
        onCrash("The Redline sidecar stopped unexpectedly (exit code $code).")
        scheduler.schedule(::restart, delay, TimeUnit.MILLISECONDS)
    }

    @Synchronized
    private fun restart() {
        restartPending = false
        if (disposed || connection != null) return
        try {
            start()
        } catch (e: Exception) {
            log("Redline sidecar restart failed: ${e.message}")
        }
    }

    private fun stopProcess(proc: SidecarProcess, conn: SidecarConnection, reason: String) {
        process = null
        connection = null
        conn.close(reason)
        proc.destroyTree()
    }

    @Synchronized
    fun dispose() {
        disposed = true
        val proc = process ?: return
        val conn = connection ?: return
        // Best effort: the tree is killed right after, whatever the sidecar does with it.
        runCatching { conn.server.exit(EmptyParams()) }
        stopProcess(proc, conn, "Redline is shutting down")
    }
}
