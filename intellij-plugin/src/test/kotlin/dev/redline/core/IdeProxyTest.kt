package dev.redline.core

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Test
import java.net.InetSocketAddress
import java.net.Proxy
import java.net.URI

class IdeProxyTest {
    private fun http(host: String, port: Int) = Proxy(Proxy.Type.HTTP, InetSocketAddress.createUnresolved(host, port))

    @Test
    fun `asks the IDE about the endpoint itself and passes its HTTP proxy with encoded credentials`() {
        val asked = mutableListOf<URI>()
        val patch = IdeProxy.patchFor(
            " https://api.example.com/v1 ",
            select = { asked += it; listOf(http("proxy.corp", 3128)) },
            credentials = { host, port -> if (host == "proxy.corp" && port == 3128) "alice@corp" to "p:ss word/%" else null },
        )
        assertEquals(listOf(URI("https://api.example.com/v1")), asked)
        assertEquals(ProxyPatch(proxy = "http://alice%40corp:p%3Ass%20word%2F%25@proxy.corp:3128", noProxy = ""), patch)
    }

    @Test
    fun `SOCKS becomes socks5, an IPv6 proxy is bracketed, no credentials means none in the URL`() {
        val socks = Proxy(Proxy.Type.SOCKS, InetSocketAddress.createUnresolved("10.1.2.3", 1080))
        assertEquals(ProxyPatch("socks5://10.1.2.3:1080", ""), IdeProxy.patchFor("http://h:1", { listOf(socks) }, { _, _ -> null }))
        assertEquals(ProxyPatch("http://[fd00::1]:8080", ""), IdeProxy.patchFor("http://h:1", { listOf(http("fd00::1", 8080)) }, { _, _ -> null }))
    }

    @Test
    fun `DIRECT from the IDE is direct for the sidecar too, whatever the environment says`() {
        val direct = ProxyPatch(proxy = "", noProxy = "*")
        assertEquals(direct, IdeProxy.patchFor("http://127.0.0.1:11434", { listOf(Proxy.NO_PROXY) }, { _, _ -> null }))
        assertEquals(direct, IdeProxy.patchFor("http://127.0.0.1:11434", { emptyList() }, { _, _ -> null }))
        // The first usable proxy wins, as the JDK's own connections do.
        assertEquals("http://b:2", IdeProxy.patchFor("http://x", { listOf(Proxy.NO_PROXY, http("b", 2)) }, { _, _ -> null }).proxy)
    }

    @Test
    fun `an endpoint that is not an http URL asks nothing and leaves the decision to the sidecar`() {
        for (endpoint in listOf("", "not a url", "ftp://h/", "http://")) {
            assertEquals(ProxyPatch("", ""), IdeProxy.patchFor(endpoint, { error("asked for $endpoint") }, { _, _ -> null }), endpoint)
        }
    }
}
