package dev.redline.core

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.w3c.dom.Element
import java.io.File
import javax.xml.parsers.DocumentBuilderFactory

/**
 * plugin.xml against the platform's declarations, read in JetBrains/intellij-community:
 * `inline.completion.provider` is declared in platform-resources' EditorExtensionPoints.xml, which reaches a
 * plugin through the lang module's descriptor (PlatformLangPlugin.xml declares `com.intellij.modules.lang`);
 * InlineCompletionHandler.getProvider asks the providers in their extension order and takes the first enabled
 * one. ProjectManagerImpl.closeProject fires ProjectCloseListener.projectClosingBeforeSave before
 * FileDocumentManager.saveAllDocuments; ApplicationImpl's exit fires AppLifecycleListener.appWillBeClosed before
 * it closes the projects.
 */
class PluginXmlTest {
    private val xml = DocumentBuilderFactory.newInstance().newDocumentBuilder()
        .parse(File(System.getProperty("redline.repoRoot", "."), "intellij-plugin/src/main/resources/META-INF/plugin.xml")).documentElement

    private fun elements(name: String): List<Element> = xml.getElementsByTagName(name).let { list -> (0 until list.length).map { list.item(it) as Element } }

    @Test
    fun `the inline completion provider is asked first, and the plugin depends on the module that declares its extension point`() {
        val provider = elements("inline.completion.provider").single()
        assertEquals("first", provider.getAttribute("order"))
        assertTrue("com.intellij.modules.lang" in elements("depends").map { it.textContent.trim() })
    }

    @Test
    fun `proposals are withdrawn before the final save of a closing project and of an exiting IDE`() {
        val topics = elements("listener").map { it.getAttribute("topic") }
        assertTrue("com.intellij.openapi.project.ProjectCloseListener" in topics)
        assertTrue("com.intellij.ide.AppLifecycleListener" in topics)
    }
}
