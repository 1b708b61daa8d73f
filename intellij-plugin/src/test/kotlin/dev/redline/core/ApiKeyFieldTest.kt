package dev.redline.core

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Test

/** The settings page's API key: read from the password safe off the UI thread, written by Apply only when read and edited. */
class ApiKeyFieldTest {
    @Test
    fun `Apply before the stored key was read writes nothing, so a slow or failed read never erases it`() {
        val field = ApiKeyField()
        assertNull(field.toWrite(""))
        assertNull(field.toWrite("typed"))
    }

    @Test
    fun `once read, only a changed key is written, an emptied field included`() {
        val field = ApiKeyField()
        assertEquals("k1", field.loaded("k1", shown = ""))
        assertNull(field.toWrite("k1"))
        assertEquals("k2", field.toWrite("k2"))
        assertEquals("", field.toWrite(""), "emptied: the stored key goes")
    }

    @Test
    fun `a key typed before the stored one was read stays in the field and is written`() {
        val field = ApiKeyField()
        assertEquals("k2", field.loaded("k1", shown = "k2"))
        assertEquals("k2", field.toWrite("k2"))
    }
}
