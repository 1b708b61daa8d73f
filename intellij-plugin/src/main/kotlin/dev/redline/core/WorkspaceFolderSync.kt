package dev.redline.core

/**
 * The workspace folders the running sidecar knows: those its `initialize` named, then every difference
 * the IDE reports (`workspace/didChangeWorkspaceFolders`), so a project opened after the sidecar
 * started is read for context too. Folders are the same folder when their URIs are equal. Files
 * changed on disk inside them are reported too, for the sidecar's index ([WatchedFiles]).
 */
class WorkspaceFolderSync {
    private var target: SidecarServer? = null
    private var known = emptyList<WorkspaceFolder>()

    /** After the handshake: [server] was initialized with [folders]. */
    @Synchronized
    fun attach(server: SidecarServer, folders: List<WorkspaceFolder>) {
        target = server
        known = folders
    }

    /** The IDE's folders are now [folders]: the attached sidecar hears what was added and removed since it last heard. */
    @Synchronized
    fun update(folders: List<WorkspaceFolder>) {
        val server = target ?: return
        val added = folders.filter { folder -> known.none { it.uri == folder.uri } }
        val removed = known.filter { folder -> folders.none { it.uri == folder.uri } }
        if (added.isEmpty() && removed.isEmpty()) return
        known = folders
        server.didChangeWorkspaceFolders(DidChangeWorkspaceFoldersParams(WorkspaceFoldersChangeEvent(added, removed)))
    }

    /** The IDE's file system changed: the attached sidecar hears of the files inside its folders; none running, nothing to tell. */
    @Synchronized
    fun filesChanged(changes: List<FileSystemChange>) {
        val server = target ?: return
        val events = WatchedFiles.events(changes, known)
        if (events.isNotEmpty()) server.didChangeWatchedFiles(DidChangeWatchedFilesParams(events))
    }
}
