package dev.redline.core

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Test

class SettingsTest {
    @Test
    fun `the patch carries every setting, trimmed, and the key from the password safe`() {
        val state = RedlineSettingsState().apply { endpoint = " http://h:1/v1 "; provider = "openai"; maxLines = 7 }
        val patch = state.toPatch("k")
        assertEquals("http://h:1/v1", patch.endpoint)
        assertEquals("openai", patch.provider)
        assertEquals(7, patch.maxLines)
        assertEquals("k", patch.apiKey)
        assertEquals("", state.toPatch(null).apiKey)
        assertEquals(ProxyPatch("", ""), ProxyPatch(patch.proxy!!, patch.noProxy!!))
        val viaProxy = state.apply { caFile = " /etc/corp-ca.pem " }.toPatch("k", ProxyPatch("http://p:3128", ""))
        assertEquals(listOf("http://p:3128", "", "/etc/corp-ca.pem"), listOf(viaProxy.proxy, viaProxy.noProxy, viaProxy.caFile))
        val unset = RedlineSettingsPatch::class.java.declaredFields.filter { f -> f.isAccessible = true; f.get(patch) == null }
        assertEquals(emptyList<String>(), unset.map { it.name })
    }
}
