package dev.redline.core

import org.eclipse.lsp4j.jsonrpc.Launcher
import java.io.InputStream
import java.io.OutputStream
import java.util.concurrent.CompletableFuture
import java.util.concurrent.ConcurrentHashMap
import java.util.concurrent.ExecutorService
import java.util.concurrent.Executors

class SidecarUnavailableException(message: String) : RuntimeException(message)

/** One session with a running sidecar, as the supervisor and the core use it. */
interface SidecarConnection {
    /** For notifications, which need no tracking. */
    val server: SidecarServer

    /** Every request goes through here, so [close] can fail whatever is still pending. */
    fun <T> request(call: (SidecarServer) -> CompletableFuture<T>): CompletableFuture<T>

    fun close(reason: String)
}

/**
 * One JSON-RPC session over a sidecar's stdio (lsp4j does the Content-Length framing).
 * lsp4j never fails the futures of requests still pending when the stream dies, so every request goes
 * through [request], and [close] fails whatever is left: callers never wait on a dead process.
 * Everything lsp4j writes (requests, notifications, answers to the sidecar's requests) goes through one
 * [OutgoingQueue]: sending never blocks the sender, whatever state the sidecar's stdin is in.
 */
class JsonRpcConnection(input: InputStream, output: OutputStream, client: SidecarClient, onStall: () -> Unit = {}) : SidecarConnection {
    private val outgoing = OutgoingQueue(output, onStall = onStall)
    private val executor: ExecutorService = Executors.newCachedThreadPool { r ->
        Thread(r, "redline-jsonrpc").apply { isDaemon = true }
    }
    private val launcher: Launcher<SidecarServer> = Launcher.Builder<SidecarServer>()
        .setLocalService(client)
        .setRemoteInterface(SidecarServer::class.java)
        .setInput(input)
        .setOutput(outgoing)
        .setExecutorService(executor)
        .create()
    private val pending = ConcurrentHashMap.newKeySet<CompletableFuture<*>>()

    @Volatile
    private var closedReason: String? = null

    /** Completes when the input stream ends: the process closed its stdout or died. */
    val listening: CompletableFuture<Void> = CompletableFuture.runAsync({ launcher.startListening().get() }, executor)

    override val server: SidecarServer get() = launcher.remoteProxy

    /**
     * Returns lsp4j's own future, so cancelling it still sends `$/cancelRequest`;
     * a `-32800` answer that arrives afterwards is dropped by lsp4j, as the future is already done.
     */
    override fun <T> request(call: (SidecarServer) -> CompletableFuture<T>): CompletableFuture<T> {
        closedReason?.let { return CompletableFuture.failedFuture(SidecarUnavailableException(it)) }
        val future = call(launcher.remoteProxy)
        pending.add(future)
        future.whenComplete { _, _ -> pending.remove(future) }
        closedReason?.let { future.completeExceptionally(SidecarUnavailableException(it)) }
        return future
    }

    /** Bytes sent but not yet taken by the sidecar's stdin. */
    val pendingBytes: Long get() = outgoing.pendingBytes

    override fun close(reason: String) {
        closedReason = reason
        outgoing.close()
        pending.toList().forEach { it.completeExceptionally(SidecarUnavailableException(reason)) }
        executor.shutdownNow()
    }
}
