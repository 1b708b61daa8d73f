package dev.redline.core

/** A change the IDE's file system reported, by system-independent path; [to] is where a move or rename went. */
data class FileSystemChange(val kind: Kind, val path: String, val to: String? = null) {
    enum class Kind { CREATED, CHANGED, DELETED, MOVED }
}

/**
 * Files changed on disk as the sidecar's workspace index hears of them (`workspace/didChangeWatchedFiles`):
 * only those inside the workspace folders, a move or rename as its old path deleted and its new one created.
 * The IDE's own saves count too: the index reads files as they are on disk.
 */
object WatchedFiles {
    /** LSP's FileChangeType. */
    const val CREATED = 1
    const val CHANGED = 2
    const val DELETED = 3

    fun events(changes: List<FileSystemChange>, folders: List<WorkspaceFolder>): List<FileEvent> {
        val roots = folders.map { it.uri.removeSuffix("/") }
        val inside = { uri: String -> roots.any { uri == it || uri.startsWith("$it/") } }
        return changes.flatMap { change ->
            when (change.kind) {
                FileSystemChange.Kind.CREATED -> listOf(FileEvent(urlOf(change.path), CREATED))
                FileSystemChange.Kind.CHANGED -> listOf(FileEvent(urlOf(change.path), CHANGED))
                FileSystemChange.Kind.DELETED -> listOf(FileEvent(urlOf(change.path), DELETED))
                FileSystemChange.Kind.MOVED -> listOfNotNull(FileEvent(urlOf(change.path), DELETED), change.to?.let { FileEvent(urlOf(it), CREATED) })
            }
        }.filter { inside(it.uri) }.distinct()
    }

    /** A local path as a file URI, the form of the folders' and documents' URIs ([FileUris]). */
    fun urlOf(path: String): String = FileUris.uriOf(path)
}
