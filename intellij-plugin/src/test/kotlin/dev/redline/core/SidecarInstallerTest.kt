package dev.redline.core

import org.junit.jupiter.api.Assertions.assertArrayEquals
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import org.tukaani.xz.LZMA2Options
import org.tukaani.xz.XZOutputStream
import java.io.ByteArrayOutputStream
import java.nio.file.Files
import java.nio.file.Path
import java.security.MessageDigest
import kotlin.random.Random

class SidecarInstallerTest {
    @TempDir
    lateinit var temp: Path

    private val executable = Random(7).nextBytes(300_000)
    private val name = "redline-sidecar-linux-x64"

    private fun sha256(bytes: ByteArray) = MessageDigest.getInstance("SHA-256").digest(bytes).joinToString("") { "%02x".format(it) }

    private fun xz(bytes: ByteArray): ByteArray = ByteArrayOutputStream().also { out -> XZOutputStream(out, LZMA2Options(1)).use { it.write(bytes) } }.toByteArray()

    /** A plugin bin/ as the release build lays it out: `<name>.xz` and `<name>.sha256` per platform. */
    private fun bundle(vararg names: String, checksum: String = sha256(executable), archive: ByteArray = xz(executable)): Path {
        val bin = Files.createDirectories(temp.resolve("bin"))
        for (n in names) {
            Files.write(bin.resolve("$n.xz"), archive)
            Files.writeString(bin.resolve("$n.sha256"), "$checksum  $n\n")
        }
        return bin
    }

    private fun ready(result: SidecarInstaller.Result): Path = (result as? SidecarInstaller.Result.Ready)?.executable ?: error("not ready: $result")

    private fun failure(result: SidecarInstaller.Result): String = (result as? SidecarInstaller.Result.Failed)?.message ?: error("did not fail: $result")

    @Test
    fun `unpacks only this machine's build, verified and executable, into the system directory`() {
        val bin = bundle(name, "redline-sidecar-darwin-arm64", "redline-sidecar-win32-x64.exe")
        val root = temp.resolve("system/redline")
        val path = ready(SidecarInstaller(bin, root).resolve("Linux", "amd64"))
        assertTrue(path.startsWith(root), "$path")
        assertEquals(name, path.fileName.toString())
        assertArrayEquals(executable, Files.readAllBytes(path))
        assertTrue(Files.isExecutable(path))
        val unpacked = Files.walk(root).filter { Files.isRegularFile(it) && !it.toString().endsWith(".sha256") }.toList()
        assertEquals(listOf(path), unpacked)
    }

    @Test
    fun `a later start reuses the unpacked build without reading the archive`() {
        val bin = bundle(name)
        val installer = SidecarInstaller(bin, temp.resolve("system"))
        val first = ready(installer.resolve("Linux", "amd64"))
        Files.write(bin.resolve("$name.xz"), byteArrayOf(1, 2, 3)) // would fail if read again
        assertEquals(first, ready(installer.resolve("Linux", "amd64")))
        // A truncated or replaced unpacked file is unpacked again.
        Files.write(first, byteArrayOf(0))
        assertTrue(failure(installer.resolve("Linux", "amd64")).startsWith("The bundled sidecar $name.xz is damaged"))
    }

    @Test
    fun `a plain executable in bin is used as it is (a sandbox built from dist)`() {
        val bin = Files.createDirectories(temp.resolve("bin"))
        Files.write(bin.resolve(name), executable)
        assertEquals(bin.resolve(name), ready(SidecarInstaller(bin, temp.resolve("system")).resolve("Linux", "x86_64")))
        assertTrue(Files.isExecutable(bin.resolve(name)))
    }

    @Test
    fun `a checksum mismatch or a damaged archive is refused, leaving nothing behind`() {
        val root = temp.resolve("system")
        val wrong = failure(SidecarInstaller(bundle(name, checksum = "0".repeat(64)), root).resolve("Linux", "amd64"))
        assertEquals("The bundled sidecar $name.xz is damaged (its checksum does not match). Reinstall the Redline plugin.", wrong)
        val truncated = xz(executable).let { it.copyOf(it.size / 2) }
        val cut = failure(SidecarInstaller(bundle(name, archive = truncated), root).resolve("Linux", "amd64"))
        assertTrue(cut.startsWith("The bundled sidecar $name.xz is damaged (") && cut.endsWith("Reinstall the Redline plugin."), cut)
        assertEquals(emptyList<Path>(), Files.walk(root).filter { Files.isRegularFile(it) }.toList())
    }

    @Test
    fun `an install folder that cannot be written is named, with what to do`() {
        val blocked = Files.writeString(temp.resolve("not-a-folder"), "x")
        val message = failure(SidecarInstaller(bundle(name), blocked).resolve("Linux", "amd64"))
        assertTrue(message.startsWith("Redline could not unpack its sidecar $name into $blocked ("), message)
        assertTrue(message.endsWith("Free some disk space or check that folder's permissions, then restart the IDE."), message)
    }

    @Test
    fun `a missing checksum or platform is reported by name`() {
        val bin = bundle("redline-sidecar-darwin-arm64")
        Files.write(bin.resolve("$name.xz"), xz(executable))
        assertEquals(
            "The Redline plugin is incomplete: $name.sha256 is missing or unreadable. Reinstall the plugin.",
            failure(SidecarInstaller(bin, temp.resolve("system")).resolve("Linux", "amd64")),
        )
        val other = failure(SidecarInstaller(bin, temp.resolve("system")).resolve("Windows 11", "amd64"))
        assertTrue("redline-sidecar-win32-x64.exe" in other && "redline-sidecar-darwin-arm64" in other && ".xz" !in other, other)
    }
}
