package com.example.text

fun wordCount(text: String): Int =
    text.split(Regex("\\s+")).count { it.isNotEmpty() }

fun initials(name: String): String =
    name.split(" ").filter { it.isNotEmpty() }.joinToString("") { it.first().uppercase() }
