package dev.redline.core

import com.google.gson.JsonParser
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assumptions.assumeTrue
import org.junit.jupiter.api.Test
import java.io.File
import java.nio.file.Files
import java.util.concurrent.TimeUnit

/** The plugin's copy of the sidecar's environment (shared-protocol/src/environment.ts) and its use at start. */
class SidecarEnvironmentTest {
    private fun added(vararg env: Pair<String, String>): Map<String, String> = mutableMapOf(*env).also(SidecarEnvironment::addTo)

    @Test
    fun `the tunables are the ones protocol json publishes`() {
        val published = JsonParser.parseString(protocolFile().readText()).asJsonObject
            .getAsJsonObject("sidecarEnvironment").getAsJsonObject("glibcTunables")
        assertEquals(published.entrySet().associate { it.key to it.value.asString }, SidecarEnvironment.glibcTunables)
    }

    @Test
    fun `adds the malloc threshold, appends to the user's tunables, and keeps a threshold the user set`() {
        assertEquals(mapOf("PATH" to "/usr/bin", "GLIBC_TUNABLES" to "glibc.malloc.mmap_threshold=16384"), added("PATH" to "/usr/bin"))
        assertEquals("glibc.malloc.arena_max=2:glibc.malloc.mmap_threshold=16384", added("GLIBC_TUNABLES" to "glibc.malloc.arena_max=2")["GLIBC_TUNABLES"])
        assertEquals("glibc.malloc.mmap_threshold=65536", added("GLIBC_TUNABLES" to "glibc.malloc.mmap_threshold=65536")["GLIBC_TUNABLES"])
        assertEquals(mapOf("MALLOC_MMAP_THRESHOLD_" to "65536"), added("MALLOC_MMAP_THRESHOLD_" to "65536"))
    }

    @Test
    fun `the process the plugin starts has it in its environment, with the IDE's own variables`() {
        assumeTrue(File("/proc/self/environ").exists(), "needs Linux /proc")
        // A stand-in executable that prints its own environment, as the kernel holds it.
        val script = Files.createTempFile("environ", ".sh").toFile().apply {
            writeText("#!/bin/sh\ntr '\\0' '\\n' < /proc/$$/environ\n")
            setExecutable(true)
            deleteOnExit()
        }
        val process = OsSidecarProcess.start(script)
        val lines = process.stdout.bufferedReader().readLines()
        process.exit.get(10, TimeUnit.SECONDS)
        val environ = lines.filter { '=' in it }.associate { it.substringBefore('=') to it.substringAfter('=') }
        assertEquals("glibc.malloc.mmap_threshold=16384", environ["GLIBC_TUNABLES"]?.split(':')?.last())
        assertEquals(System.getenv("PATH"), environ["PATH"])
    }
}
