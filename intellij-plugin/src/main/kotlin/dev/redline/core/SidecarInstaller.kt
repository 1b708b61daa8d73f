package dev.redline.core

import org.tukaani.xz.XZInputStream
import java.io.IOException
import java.io.InputStream
import java.nio.file.Files
import java.nio.file.Path
import java.nio.file.StandardCopyOption
import java.security.DigestInputStream
import java.security.MessageDigest

/**
 * Makes the sidecar for this machine runnable. A release plugin's `bin/` carries every platform's
 * build xz-compressed (`<name>.xz`) with its SHA-256 (`<name>.sha256`, sha256sum format, of the
 * executable itself); only this machine's is unpacked, once, into [installRoot] (the IDE's system
 * directory), under a folder named by its checksum so plugin updates never collide. A sandbox built
 * from `dist/` may carry the plain executable instead; it is used as it is.
 */
class SidecarInstaller(private val bundled: Path, private val installRoot: Path) {
    sealed interface Result {
        data class Ready(val executable: Path) : Result
        data class Failed(val message: String) : Result
    }

    fun resolve(osName: String, osArch: String): Result {
        val available = (bundled.toFile().list()?.toList().orEmpty()).map { it.removeSuffix(".sha256").removeSuffix(".xz") }.distinct()
        val name = when (val choice = SidecarExecutables.choose(osName, osArch, available)) {
            is SidecarExecutables.Choice.NotFound -> return Result.Failed(choice.message)
            is SidecarExecutables.Choice.Found -> choice.fileName
        }
        val plain = bundled.resolve(name)
        if (Files.isRegularFile(plain)) {
            // Unzipping a plugin may drop the executable bit.
            plain.toFile().setExecutable(true)
            return Result.Ready(plain)
        }
        return try {
            install(name)
        } catch (e: IOException) {
            Result.Failed(
                "Redline could not unpack its sidecar $name into $installRoot (${e.message ?: e.javaClass.simpleName}). " +
                    "Free some disk space or check that folder's permissions, then restart the IDE.",
            )
        }
    }

    private fun install(name: String): Result {
        val expected = expectedChecksum(name) ?: return Result.Failed("The Redline plugin is incomplete: $name.sha256 is missing or unreadable. Reinstall the plugin.")
        val dir = installRoot.resolve(expected.take(16))
        val executable = dir.resolve(name)
        val marker = dir.resolve("$name.sha256")
        // Verified once when unpacked; afterwards the marker and the size vouch for it, so a start costs no hashing.
        if (Files.isRegularFile(executable) && Files.isRegularFile(marker) && Files.readString(marker).trim() == "$expected ${Files.size(executable)}") {
            return Result.Ready(executable)
        }
        Files.createDirectories(dir)
        val temp = Files.createTempFile(dir, "$name.", ".part")
        try {
            val digest = MessageDigest.getInstance("SHA-256")
            // Reading fails on a damaged archive; writing fails on a full or read-only disk (reported by resolve).
            val damaged = { e: IOException -> Result.Failed("The bundled sidecar $name.xz is damaged (${e.message ?: "cannot be decompressed"}). Reinstall the Redline plugin.") }
            val input = try {
                DigestInputStream(xz(bundled.resolve("$name.xz")), digest)
            } catch (e: IOException) {
                return damaged(e)
            }
            input.use {
                Files.newOutputStream(temp).use { output ->
                    val buffer = ByteArray(1 shl 16)
                    while (true) {
                        val n = try {
                            input.read(buffer)
                        } catch (e: IOException) {
                            return damaged(e)
                        }
                        if (n < 0) break
                        output.write(buffer, 0, n)
                    }
                }
            }
            val actual = digest.digest().joinToString("") { "%02x".format(it) }
            if (actual != expected) return Result.Failed("The bundled sidecar $name.xz is damaged (its checksum does not match). Reinstall the Redline plugin.")
            if (!temp.toFile().setExecutable(true)) throw IOException("cannot make $temp executable")
            Files.move(temp, executable, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING)
            Files.writeString(marker, "$expected ${Files.size(executable)}\n")
            return Result.Ready(executable)
        } finally {
            Files.deleteIfExists(temp)
        }
    }

    private fun expectedChecksum(name: String): String? {
        val file = bundled.resolve("$name.sha256")
        if (!Files.isRegularFile(file)) return null
        return Files.readString(file).trim().split(Regex("\\s+")).firstOrNull()?.lowercase()?.takeIf { it.matches(Regex("[0-9a-f]{64}")) }
    }

    private fun xz(file: Path): InputStream = XZInputStream(Files.newInputStream(file).buffered())
}
