package dev.redline.core

/**
 * The document-sync checksum sent with didChange (shared-protocol/README.md, "Document sync
 * self-check"): FNV-1a, 32 bits, over the text's UTF-16 code units — a Kotlin Char is one — as an
 * unsigned value. Checked against shared-protocol/checksum-vectors.json, which the sidecar's own
 * implementation is checked against too.
 */
object Checksum {
    /** Shortest gap between two checksums of one document. */
    const val INTERVAL_MS = 1000L

    fun of(text: CharSequence): Long {
        var h = 0x811c9dc5.toInt()
        for (i in 0 until text.length) h = (h xor text[i].code) * 0x01000193
        return h.toLong() and 0xffffffffL
    }

    /**
     * A checksum is due [sinceLastMs] after the last one, for a text of [length] units: at most once per
     * [intervalMs], and once per millisecond per thousand units, so hashing takes about 1 % of the time.
     */
    fun due(sinceLastMs: Long, length: Int, intervalMs: Long = INTERVAL_MS): Boolean =
        intervalMs <= 0 || sinceLastMs >= maxOf(intervalMs, length / 1000L)
}
