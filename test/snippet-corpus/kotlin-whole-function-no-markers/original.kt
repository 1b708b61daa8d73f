package com.example.text

fun wordCount(text: String): Int {
    var count = 0
    var inWord = false
    for (ch in text) {
        if (ch.isWhitespace()) {
            inWord = false
        } else if (!inWord) {
            inWord = true
            count++
        }
    }
    return count
}

fun initials(name: String): String =
    name.split(" ").filter { it.isNotEmpty() }.joinToString("") { it.first().uppercase() }
