package dev.redline.core

import com.google.gson.JsonParser
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import java.io.File

/** The platform list (scripts/platforms.json) is the one the cross-build, the Gradle build and the plugin agree on. */
class PlatformsTest {
    private val root = File(System.getProperty("redline.repoRoot", "."))

    private fun targets(): List<String> = JsonParser.parseString(File(root, "scripts/platforms.json").readText())
        .asJsonObject["platforms"].asJsonArray.map { it.asJsonObject["target"].asString }

    @Test
    fun `every JVM os and arch the plugin supports maps to a build the cross-build makes, and back`() {
        // os.name / os.arch as the JVMs on these platforms report them.
        val jvm = mapOf(
            "linux-x64" to ("Linux" to "amd64"),
            "linux-arm64" to ("Linux" to "aarch64"),
            "darwin-x64" to ("Mac OS X" to "x86_64"),
            "darwin-arm64" to ("Mac OS X" to "aarch64"),
            "win32-x64" to ("Windows 11" to "amd64"),
        )
        assertEquals(jvm.keys, targets().toSet())
        for ((target, osArch) in jvm) {
            val expected = "redline-sidecar-$target" + if (target.startsWith("win32")) ".exe" else ""
            assertEquals(expected, SidecarExecutables.expectedName(osArch.first, osArch.second), target)
        }
    }

    @Test
    fun `the Gradle build bundles the compressed builds and their checksums from dist-platforms`() {
        val gradle = File(root, "build.gradle.kts").readText()
        assertTrue("dist/platforms" in gradle && "\"*.xz\"" in gradle && "\"*.sha256\"" in gradle, "build.gradle.kts must bundle dist/platforms/*.xz and *.sha256")
        assertTrue("scripts/platforms.json" in gradle, "build.gradle.kts must check the bundle against scripts/platforms.json")
    }
}
