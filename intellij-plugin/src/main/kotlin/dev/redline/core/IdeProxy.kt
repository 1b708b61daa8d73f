package dev.redline.core

import java.net.InetSocketAddress
import java.net.Proxy
import java.net.URI
import java.net.URLEncoder

/** The network part of the settings patch: what the sidecar's `proxy` / `noProxy` settings get. */
data class ProxyPatch(val proxy: String, val noProxy: String)

/**
 * Maps the IDE's proxy decision onto the sidecar's settings. The IDE answers per URL (its own
 * ProxySelector covers manual proxies, exclusions, PAC files and auto-detection), so the question is
 * asked for the model endpoint itself. DIRECT means direct even if the environment names a proxy:
 * the IDE's settings win. Credentials come from the IDE's proxy credential store.
 */
object IdeProxy {
    /** Sent when the endpoint is not a URL: the sidecar reports the endpoint itself. */
    private val UNDECIDED = ProxyPatch(proxy = "", noProxy = "")
    private val DIRECT = ProxyPatch(proxy = "", noProxy = "*")

    fun patchFor(
        endpoint: String,
        select: (URI) -> List<Proxy>,
        credentials: (host: String, port: Int) -> Pair<String, String>?,
    ): ProxyPatch {
        val uri = try {
            URI(endpoint.trim()).takeIf { it.scheme in setOf("http", "https") && it.host != null }
        } catch (_: Exception) {
            null
        } ?: return UNDECIDED
        val proxy = select(uri).firstOrNull { it.type() != Proxy.Type.DIRECT } ?: return DIRECT
        val address = proxy.address() as? InetSocketAddress ?: return DIRECT
        val scheme = if (proxy.type() == Proxy.Type.SOCKS) "socks5" else "http"
        val host = address.hostString.let { if (':' in it) "[$it]" else it }
        val userInfo = credentials(address.hostString, address.port)?.let { (user, password) -> "${encode(user)}:${encode(password)}@" } ?: ""
        return ProxyPatch(proxy = "$scheme://$userInfo$host:${address.port}", noProxy = "")
    }

    private fun encode(part: String): String = URLEncoder.encode(part, Charsets.UTF_8).replace("+", "%20")
}
