package dev.redline.core

/**
 * Keeps the sidecar's `proxy` / `noProxy` settings on what the IDE would use for the model endpoint.
 * The platform announces no change of its HTTP Proxy settings (ProxySettings has no listener), so the
 * IDE is asked again every [POLL_SECONDS] and the sidecar hears only an answer that differs from the
 * last one it got, whether that went out here or with the whole settings.
 */
class ProxyWatch(private val network: () -> ProxyPatch) {
    @Volatile private var known: ProxyPatch? = null

    /** The whole settings, [patch], were sent: their network part is what the sidecar has now. */
    fun sent(patch: RedlineSettingsPatch) {
        known = ProxyPatch(proxy = patch.proxy.orEmpty(), noProxy = patch.noProxy.orEmpty())
    }

    /** The patch that brings the sidecar up to the IDE's answer now, or null when it already has it. */
    fun changed(): RedlineSettingsPatch? {
        val now = network()
        if (now == known) return null
        known = now
        return RedlineSettingsPatch(proxy = now.proxy, noProxy = now.noProxy)
    }

    companion object {
        const val POLL_SECONDS = 30L
    }
}
