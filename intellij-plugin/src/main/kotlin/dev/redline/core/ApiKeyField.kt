package dev.redline.core

/**
 * The settings page's API key field. The stored key is read from the IDE's password safe off the UI thread, so
 * the page may open, and even be applied, before it arrives, or the read may fail (a keychain prompt dismissed).
 * Apply writes the key only once it was read and the field differs from it: an unread key is never erased.
 */
class ApiKeyField {
    /** The key the password safe holds, once read; null until then. */
    var stored: String? = null
        private set

    /** The stored key was read: what the field shows now. [shown] is what it shows before: a key the user already typed stays. */
    fun loaded(key: String, shown: String): String {
        stored = key
        return if (shown.isEmpty()) key else shown
    }

    /** What Apply writes to the password safe for the field's [text] (then the stored key): null to leave the stored key alone, "" to remove it. */
    fun toWrite(text: String): String? {
        val key = stored ?: return null
        if (text == key) return null
        stored = text
        return text
    }
}
