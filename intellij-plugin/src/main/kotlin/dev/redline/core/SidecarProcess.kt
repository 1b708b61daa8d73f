package dev.redline.core

import java.io.File
import java.io.InputStream
import java.io.OutputStream
import java.util.concurrent.CompletableFuture
import java.util.concurrent.TimeUnit

/** A running sidecar as the supervisor sees it; tests substitute a fake that can crash on demand. */
interface SidecarProcess {
    val stdin: OutputStream
    val stdout: InputStream
    val stderr: InputStream

    /** Completes with the exit code. */
    val exit: CompletableFuture<Int>

    /** Kills the process and everything it spawned. */
    fun destroyTree()
}

class OsSidecarProcess(private val process: Process) : SidecarProcess {
    override val stdin: OutputStream get() = process.outputStream
    override val stdout: InputStream get() = process.inputStream
    override val stderr: InputStream get() = process.errorStream
    override val exit: CompletableFuture<Int> = process.onExit().thenApply { it.exitValue() }

    override fun destroyTree() {
        // Children first: once the parent is gone they are re-parented and no longer its descendants.
        val tree = process.descendants().toList() + process.toHandle()
        tree.forEach { it.destroy() }
        if (!process.waitFor(2, TimeUnit.SECONDS)) tree.forEach { it.destroyForcibly() }
    }

    companion object {
        fun start(executable: File): SidecarProcess =
            OsSidecarProcess(ProcessBuilder(executable.path).apply { SidecarEnvironment.addTo(environment()) }.start())
    }
}

/**
 * Which bundled executable fits this machine. Builds are named `redline-sidecar-<os>-<arch>[.exe]`
 * with Node's platform and arch names, so the name says what it runs on.
 */
object SidecarExecutables {
    sealed interface Choice {
        data class Found(val fileName: String) : Choice
        data class NotFound(val message: String) : Choice
    }

    fun expectedName(osName: String, osArch: String): String? {
        val os = when {
            osName.startsWith("Windows", ignoreCase = true) -> "win32"
            osName.startsWith("Mac", ignoreCase = true) || osName.startsWith("Darwin", ignoreCase = true) -> "darwin"
            osName.startsWith("Linux", ignoreCase = true) -> "linux"
            else -> return null
        }
        val arch = when (osArch.lowercase()) {
            "amd64", "x86_64", "x64" -> "x64"
            "aarch64", "arm64" -> "arm64"
            else -> return null
        }
        return "redline-sidecar-$os-$arch" + if (os == "win32") ".exe" else ""
    }

    fun choose(osName: String, osArch: String, available: Collection<String>): Choice {
        val wanted = expectedName(osName, osArch)
            ?: return Choice.NotFound("Redline has no sidecar build for $osName on $osArch.")
        if (wanted in available) return Choice.Found(wanted)
        val bundled = available.filter { it.startsWith("redline-sidecar") }.sorted()
        return Choice.NotFound(
            "Redline needs $wanted for $osName on $osArch, but this plugin bundles " +
                (if (bundled.isEmpty()) "no sidecar" else bundled.joinToString()) + ".",
        )
    }
}
