package com.example.util

fun formatBytes(bytes: Long): String {
    if (bytes < 1024) return "$bytes B"
    val kb = bytes / 1024.0
    if (kb < 1024) return "%.1f KB".format(kb)
    return "%.1f MB".format(kb / 1024)
}

private const val SECONDS_PER_MINUTE = 60

fun formatDuration(seconds: Long): String {
    val minutes = seconds / SECONDS_PER_MINUTE
    return "${minutes}m ${seconds % SECONDS_PER_MINUTE}s"
}

fun formatPercent(ratio: Double): String = "%.0f%%".format(ratio * 100)
