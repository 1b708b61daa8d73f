package dev.redline.core

/**
 * The environment the plugin starts the sidecar with: the IDE's own, plus the sidecar's glibc tunables.
 * The copy of shared-protocol/src/environment.ts (the one declaration, which says why), checked
 * against protocol.json's `sidecarEnvironment` by SidecarEnvironmentTest. glibc reads them at process
 * start only; elsewhere they are inert.
 */
object SidecarEnvironment {
    val glibcTunables: Map<String, String> = mapOf("glibc.malloc.mmap_threshold" to "16384")

    /** The older variable naming the same tunable: a user who sets either keeps their value. */
    private val legacyNames = mapOf("glibc.malloc.mmap_threshold" to "MALLOC_MMAP_THRESHOLD_")

    /** Adds the tunables to [env]'s GLIBC_TUNABLES; what the user already set there wins. */
    fun addTo(env: MutableMap<String, String>) {
        val existing = env["GLIBC_TUNABLES"].orEmpty()
        val named = existing.split(':').map { it.substringBefore('=') }.toSet()
        val added = glibcTunables
            .filter { (name, _) -> name !in named && legacyNames[name]?.let(env::containsKey) != true }
            .map { (name, value) -> "$name=$value" }
        if (added.isNotEmpty()) env["GLIBC_TUNABLES"] = (listOf(existing) + added).filter { it.isNotEmpty() }.joinToString(":")
    }
}
