package com.example.util

private const val SECONDS_PER_MINUTE = 60

fun formatBytes(bytes: Long): String {
    if (bytes < 1024) return "$bytes B"
    val kb = bytes / 1024.0
    if (kb < 1024) return "%.1f KB".format(kb)
    return "%.1f MB".format(kb / 1024)
}

fun formatDuration(seconds: Long): String {
    val hours = seconds / 3600
    val minutes = (seconds % 3600) / SECONDS_PER_MINUTE
    val rest = seconds % SECONDS_PER_MINUTE
    return if (hours > 0) "${hours}h ${minutes}m ${rest}s" else "${minutes}m ${rest}s"
}

fun formatPercent(ratio: Double): String = "%.0f%%".format(ratio * 100)
