package dev.redline.core

import dev.redline.core.SidecarExecutables.Choice
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

class SidecarExecutablesTest {
    private val bundled = listOf("redline-sidecar-linux-x64", "redline-sidecar-darwin-arm64", "redline-sidecar-win32-x64.exe")

    @Test
    fun `picks the build named for the JVM's os and arch`() {
        assertEquals(Choice.Found("redline-sidecar-linux-x64"), SidecarExecutables.choose("Linux", "amd64", bundled))
        assertEquals(Choice.Found("redline-sidecar-darwin-arm64"), SidecarExecutables.choose("Mac OS X", "aarch64", bundled))
        assertEquals(Choice.Found("redline-sidecar-win32-x64.exe"), SidecarExecutables.choose("Windows 11", "amd64", bundled))
    }

    @Test
    fun `says what it needed and what it found when nothing fits`() {
        val missing = SidecarExecutables.choose("Linux", "aarch64", bundled) as Choice.NotFound
        assertTrue("redline-sidecar-linux-arm64" in missing.message && "redline-sidecar-linux-x64" in missing.message, missing.message)
        val unknown = SidecarExecutables.choose("FreeBSD", "amd64", bundled) as Choice.NotFound
        assertTrue("FreeBSD" in unknown.message, unknown.message)
        val none = SidecarExecutables.choose("Linux", "x86_64", emptyList()) as Choice.NotFound
        assertTrue("no sidecar" in none.message, none.message)
    }
}
