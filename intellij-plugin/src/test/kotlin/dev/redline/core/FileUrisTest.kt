package dev.redline.core

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Test
import java.net.URI

/** File URIs the plugin sends: RFC 3986, whatever characters the path holds. */
class FileUrisTest {
    private val posix = listOf("/home/u/C#/a.ts", "/home/u/100%/b.ts", "/home/u/my project/c d.ts", "/home/ü/naïve/日本.ts", "/home/u/a?b/c.ts", "/")

    @Test
    fun `POSIX paths with hash, percent, spaces and non-ASCII - java's URI parser reads back the path, with no fragment or query`() {
        for (path in posix) {
            val uri = FileUris.uriOf(path)
            val parsed = URI(uri)
            assertEquals("file", parsed.scheme, uri)
            assertEquals(path, parsed.path, uri)
            assertNull(parsed.fragment, uri)
            assertNull(parsed.query, uri)
            assertEquals(path, FileUris.pathOf(uri), uri)
        }
        assertEquals("file:///home/u/C%23/a.ts", FileUris.uriOf("/home/u/C#/a.ts"))
        assertEquals("file:///home/u/100%25/my%20project/na%C3%AFve.ts", FileUris.uriOf("/home/u/100%/my project/naïve.ts"))
    }

    @Test
    fun `Windows drive letters and UNC paths, with either separator`() {
        assertEquals("file:///C:/Users/u/C%23/a%20b.ts", FileUris.uriOf("C:/Users/u/C#/a b.ts"))
        assertEquals("file:///C:/Users/u/C%23/a%20b.ts", FileUris.uriOf("C:\\Users\\u\\C#\\a b.ts"))
        assertEquals("/C:/Users/u/C#/a b.ts", URI(FileUris.uriOf("C:/Users/u/C#/a b.ts")).path)
        assertEquals("C:/Users/u/C#/a b.ts", FileUris.pathOf("file:///C:/Users/u/C%23/a%20b.ts"))
        assertEquals("c:/x", FileUris.pathOf("file:///c%3A/x"))
        assertEquals("file://server/share/dir%20x/a%23.ts", FileUris.uriOf("//server/share/dir x/a#.ts"))
        assertEquals("file://server/share/dir%20x/a%23.ts", FileUris.uriOf("\\\\server\\share\\dir x\\a#.ts"))
        val unc = URI(FileUris.uriOf("//server/share/dir x/a#.ts"))
        assertEquals("server", unc.host)
        assertEquals("/share/dir x/a#.ts", unc.path)
        assertEquals("//server/share/dir x/a#.ts", FileUris.pathOf("file://server/share/dir%20x/a%23.ts"))
    }

    @Test
    fun `the IDE's file URLs become URIs and back, other schemes pass unchanged`() {
        assertEquals("file:///home/u/C%23/a.ts", FileUris.uriOfIdeUrl("file:///home/u/C#/a.ts"))
        assertEquals("file:///C:/p/100%25.kt", FileUris.uriOfIdeUrl("file://C:/p/100%.kt"))
        assertEquals("temp:///src/a.kt", FileUris.uriOfIdeUrl("temp:///src/a.kt"))
        assertEquals("file:///home/u/C#/a.ts", FileUris.ideUrlOf("file:///home/u/C%23/a.ts"))
        assertEquals("file://C:/p/100%.kt", FileUris.ideUrlOf("file:///C:/p/100%25.kt"))
        // Java's File.toURI() form, and a stray % that starts no escape.
        assertEquals("/home/u/a b.ts", FileUris.pathOf("file:/home/u/a%20b.ts"))
        assertEquals("/home/u/100%/b.ts", FileUris.pathOf("file:///home/u/100%/b.ts"))
        assertNull(FileUris.pathOf("untitled:1"))
    }

    @Test
    fun `watched files inside a folder with a hash in its path are sent and kept`() {
        val folder = WorkspaceFolder(FileUris.uriOf("/projects/C#"), "C#")
        val events = WatchedFiles.events(listOf(FileSystemChange(FileSystemChange.Kind.CREATED, "/projects/C#/src/a.cs"), FileSystemChange(FileSystemChange.Kind.CREATED, "/projects/C/x.cs")), listOf(folder))
        assertEquals(listOf(FileEvent("file:///projects/C%23/src/a.cs", 1)), events)
    }
}
