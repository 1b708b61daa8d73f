package dev.redline.core

import org.eclipse.lsp4j.jsonrpc.Launcher
import java.io.InputStream
import java.io.OutputStream
import java.util.concurrent.CompletableFuture
import java.util.concurrent.ConcurrentHashMap
import java.util.concurrent.ExecutorService
import java.util.concurrent.Executors

class SidecarUnavailableException(message: String) : RuntimeException(message)

/**
 * One JSON-RPC session over a sidecar's stdio (lsp4j does the Content-Length framing).
 * lsp4j never fails the futures of requests still pending when the stream dies, so every request goes
 * through [request], and [close] fails whatever is left: callers never wait on a dead process.
 */
class SidecarConnection(input: InputStream, output: OutputStream, client: SidecarClient) {
    private val executor: ExecutorService = Executors.newCachedThreadPool { r ->
        Thread(r, "redline-jsonrpc").apply { isDaemon = true }
    }
    private val launcher: Launcher<SidecarServer> = Launcher.Builder<SidecarServer>()
        .setLocalService(client)
        .setRemoteInterface(SidecarServer::class.java)
        .setInput(input)
        .setOutput(output)
        .setExecutorService(executor)
        .create()
    private val pending = ConcurrentHashMap.newKeySet<CompletableFuture<*>>()

    @Volatile
    private var closedReason: String? = null

    /** Completes when the input stream ends: the process closed its stdout or died. */
    val listening: CompletableFuture<Void> = CompletableFuture.runAsync({ launcher.startListening().get() }, executor)

    /** For notifications, which need no tracking. */
    val server: SidecarServer get() = launcher.remoteProxy

    /**
     * Returns lsp4j's own future, so cancelling it still sends `$/cancelRequest`;
     * a `-32800` answer that arrives afterwards is dropped by lsp4j, as the future is already done.
     */
    fun <T> request(call: (SidecarServer) -> CompletableFuture<T>): CompletableFuture<T> {
        closedReason?.let { return CompletableFuture.failedFuture(SidecarUnavailableException(it)) }
        val future = call(launcher.remoteProxy)
        pending.add(future)
        future.whenComplete { _, _ -> pending.remove(future) }
        closedReason?.let { future.completeExceptionally(SidecarUnavailableException(it)) }
        return future
    }

    fun close(reason: String) {
        closedReason = reason
        pending.toList().forEach { it.completeExceptionally(SidecarUnavailableException(reason)) }
        executor.shutdownNow()
    }
}
