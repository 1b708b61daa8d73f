package dev.redline.core

/**
 * Local paths as RFC 3986 `file:` URIs, the form LSP clients send: `file:///home/u/C%23/a.ts`,
 * `file:///C:/Users/u/a.ts`, `file://server/share/a.ts`. IntelliJ's own file URL (`VirtualFile.url`) is
 * "file://" and the path unencoded: read as a URI, a `#` in it starts a fragment and a `%` an escape,
 * so the sidecar would find other paths than the file's. Every URI the plugin sends is made here.
 */
object FileUris {
    private const val IDE_PREFIX = "file://"
    private val UNRESERVED = (('A'..'Z') + ('a'..'z') + ('0'..'9') + listOf('-', '.', '_', '~')).toSet()
    private val DRIVE = Regex("^[A-Za-z]:")

    /**
     * The URI of a local path, system-independent (`/home/u/a.ts`, `C:/x/a.ts`, `//server/share/a.ts`) or
     * with Windows backslashes: each segment percent-encoded as UTF-8, a drive letter's colon kept.
     */
    fun uriOf(path: String): String {
        val slashed = path.replace('\\', '/')
        if (slashed.startsWith("//")) {
            val rest = slashed.removePrefix("//")
            val host = rest.substringBefore('/')
            val tail = rest.substring(host.length)
            return "file://${encode(host)}${encodePath(tail)}"
        }
        val drive = DRIVE.find(slashed)
        if (drive != null) return "file:///${drive.value}${encodePath(slashed.substring(2))}"
        return "file://${encodePath(if (slashed.startsWith("/")) slashed else "/$slashed")}"
    }

    /** The URI for a file the IDE names by its URL: a local file's ("file://" + path) as [uriOf] makes it, any other unchanged. */
    fun uriOfIdeUrl(url: String): String = if (url.startsWith(IDE_PREFIX)) uriOf(url.removePrefix(IDE_PREFIX)) else url

    /** The IDE's URL of a local file's URI ("file://" + its system-independent path), for finding the file; null for another scheme. */
    fun ideUrlOf(uri: String): String? = pathOf(uri)?.let { IDE_PREFIX + it }

    /**
     * The system-independent path of a `file:` URI (`file:///…`, `file:/…`, `file://host/…` as a UNC path),
     * escapes decoded; a `%` that starts no escape is kept. Null for another scheme.
     */
    fun pathOf(uri: String): String? {
        if (!uri.startsWith("file:", ignoreCase = true)) return null
        val rest = uri.substring(5)
        var host = ""
        var path = rest
        if (rest.startsWith("//")) {
            val slash = rest.indexOf('/', 2)
            host = if (slash < 0) rest.substring(2) else rest.substring(2, slash)
            path = if (slash < 0) "/" else rest.substring(slash)
        }
        if (host.equals("localhost", ignoreCase = true)) host = ""
        val decoded = decode(path)
        if (host.isNotEmpty()) return "//${decode(host)}$decoded"
        return if (Regex("^/[A-Za-z]:").containsMatchIn(decoded)) decoded.substring(1) else decoded
    }

    private fun encodePath(path: String): String = path.split('/').joinToString("/") { encode(it) }

    private fun encode(segment: String): String {
        val out = StringBuilder()
        for (byte in segment.toByteArray(Charsets.UTF_8)) {
            val c = (byte.toInt() and 0xff).toChar()
            if (c in UNRESERVED) out.append(c) else out.append('%').append("%02X".format(byte.toInt() and 0xff))
        }
        return out.toString()
    }

    /** Decodes runs of `%XX` escapes as UTF-8; a `%` not followed by two hex digits stays as it is. */
    private fun decode(text: String): String {
        val out = StringBuilder()
        var i = 0
        while (i < text.length) {
            if (!isEscape(text, i)) {
                out.append(text[i])
                i++
                continue
            }
            val bytes = java.io.ByteArrayOutputStream()
            while (isEscape(text, i)) {
                bytes.write(text.substring(i + 1, i + 3).toInt(16))
                i += 3
            }
            out.append(String(bytes.toByteArray(), Charsets.UTF_8))
        }
        return out.toString()
    }

    private fun isEscape(text: String, at: Int): Boolean =
        at + 2 < text.length && text[at] == '%' && text[at + 1].isHex() && text[at + 2].isHex()

    private fun Char.isHex() = this in '0'..'9' || this in 'a'..'f' || this in 'A'..'F'
}
