package dev.redline.core

import java.io.IOException
import java.io.OutputStream

/**
 * The chunks waiting to be written to the sidecar, first in first out. Kept apart from the thread that
 * drains it so the model checker can drive both ends (OutgoingQueueLincheckTest).
 */
class ChunkQueue {
    private val chunks = ArrayDeque<ByteArray>()
    private var bytes = 0L
    private var closed = false

    /** False once closed: the chunk is dropped. */
    @Synchronized
    fun offer(chunk: ByteArray): Boolean {
        if (closed) return false
        chunks.addLast(chunk)
        bytes += chunk.size
        (this as Object).notifyAll()
        return true
    }

    /** The next chunk, waiting for one; null once closed and empty. */
    @Synchronized
    fun take(): ByteArray? {
        while (chunks.isEmpty() && !closed) (this as Object).wait()
        return poll()
    }

    @Synchronized
    fun poll(): ByteArray? {
        val chunk = chunks.removeFirstOrNull() ?: return null
        bytes -= chunk.size
        return chunk
    }

    @get:Synchronized
    val pendingBytes: Long get() = bytes

    @get:Synchronized
    val isEmpty: Boolean get() = chunks.isEmpty()

    /** Drops what is left; later offers are refused. */
    @Synchronized
    fun close() {
        closed = true
        chunks.clear()
        bytes = 0
        (this as Object).notifyAll()
    }
}

/**
 * The one way bytes reach the sidecar's stdin: writers (the UI thread among them) only enqueue, and one
 * background thread drains the queue into the pipe. A sidecar that stops reading fills its pipe and
 * stalls that thread, never the caller. Past [maxPendingBytes] the sidecar is taken to be hung: [onStall]
 * runs once (the supervisor kills it, and the crash path restarts it with every document reopened).
 */
class OutgoingQueue(
    private val sink: OutputStream,
    private val maxPendingBytes: Long = 64L shl 20,
    private val onStall: () -> Unit = {},
) : OutputStream() {
    private val queue = ChunkQueue()

    @Volatile
    private var stalled = false

    init {
        Thread(::drain, "redline-sidecar-writer").apply { isDaemon = true }.start()
    }

    val pendingBytes: Long get() = queue.pendingBytes

    override fun write(b: Int) = write(byteArrayOf(b.toByte()), 0, 1)

    override fun write(b: ByteArray, off: Int, len: Int) {
        if (len == 0 || !queue.offer(b.copyOfRange(off, off + len))) return
        if (!stalled && queue.pendingBytes > maxPendingBytes) {
            stalled = true
            onStall()
        }
    }

    /** The writer flushes the pipe whenever the queue runs dry; nobody waits for it. */
    override fun flush() = Unit

    /** Drops whatever is still queued: the process is gone or going. */
    override fun close() = queue.close()

    private fun drain() {
        try {
            while (true) {
                val chunk = queue.take() ?: break
                sink.write(chunk)
                if (queue.isEmpty) sink.flush()
            }
        } catch (_: IOException) {
            // The pipe closed: the process died; its exit is handled by the supervisor.
        } catch (_: InterruptedException) {
        } finally {
            queue.close()
            runCatching { sink.close() }
        }
    }
}
