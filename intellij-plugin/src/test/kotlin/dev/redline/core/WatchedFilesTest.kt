package dev.redline.core

import dev.redline.core.FileSystemChange.Kind
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Test

/** Files changed on disk as the sidecar's index hears of them. */
class WatchedFilesTest {
    private val shop = WorkspaceFolder("file:///projects/shop", "shop")

    @Test
    fun `created, changed and deleted files inside a folder keep their kind as LSP numbers them`() {
        val events = WatchedFiles.events(
            listOf(
                FileSystemChange(Kind.CREATED, "/projects/shop/src/Cart.kt"),
                FileSystemChange(Kind.CHANGED, "/projects/shop/src/Order.kt"),
                FileSystemChange(Kind.DELETED, "/projects/shop/src/old"),
            ),
            listOf(shop),
        )
        assertEquals(
            listOf(FileEvent("file:///projects/shop/src/Cart.kt", 1), FileEvent("file:///projects/shop/src/Order.kt", 2), FileEvent("file:///projects/shop/src/old", 3)),
            events,
        )
    }

    @Test
    fun `a move or rename is its old path deleted and its new one created, each kept only inside a folder`() {
        val events = WatchedFiles.events(
            listOf(
                FileSystemChange(Kind.MOVED, "/projects/shop/a.kt", to = "/projects/shop/lib/a.kt"),
                FileSystemChange(Kind.MOVED, "/projects/shop/b.kt", to = "/tmp/b.kt"),
            ),
            listOf(shop),
        )
        assertEquals(
            listOf(FileEvent("file:///projects/shop/a.kt", 3), FileEvent("file:///projects/shop/lib/a.kt", 1), FileEvent("file:///projects/shop/b.kt", 3)),
            events,
        )
    }

    @Test
    fun `files outside every folder, or in a folder whose name only starts the same, are left out`() {
        val changes = listOf(
            FileSystemChange(Kind.CHANGED, "/projects/shopfront/x.kt"),
            FileSystemChange(Kind.CHANGED, "/home/me/.gradle/cache.bin"),
            FileSystemChange(Kind.CHANGED, "/projects/shop/x.kt"),
        )
        assertEquals(listOf(FileEvent("file:///projects/shop/x.kt", 2)), WatchedFiles.events(changes, listOf(shop)))
        assertEquals(listOf(FileEvent("file:///projects/shop/x.kt", 2)), WatchedFiles.events(changes, listOf(WorkspaceFolder("file:///projects/shop/", "shop"))))
        assertEquals(emptyList<FileEvent>(), WatchedFiles.events(changes, emptyList()))
    }
}
