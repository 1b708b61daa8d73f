fun parseConfig(text: String): Map<String, String> {
    val result = mutableMapOf<String, String>()
    for (raw in text.lines()) {
        val line = raw.substringBefore('#').trim()
        if (line.isEmpty()) continue
        val (key, value) = line.split('=', limit = 2).map { it.trim() }
        result[key] = value
    }
    return result
}
