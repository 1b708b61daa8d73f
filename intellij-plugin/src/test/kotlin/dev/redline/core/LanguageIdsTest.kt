package dev.redline.core

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Test

class LanguageIdsTest {
    @Test
    fun `IntelliJ language ids map to LSP languageIds`() {
        val cases = mapOf(
            "JAVA" to "java", "kotlin" to "kotlin", "Python" to "python", "TypeScript" to "typescript",
            "TypeScript JSX" to "typescriptreact", "JavaScript" to "javascript", "ECMAScript 6" to "javascript",
            "JSX Harmony" to "javascriptreact", "go" to "go", "Rust" to "rust",
        )
        for ((intellij, lsp) in cases) assertEquals(lsp, LanguageIds.lspLanguageId(intellij, null, "x.unknown"), intellij)
    }

    @Test
    fun `an unknown language falls back to the file type, then to the extension`() {
        assertEquals("typescriptreact", LanguageIds.lspLanguageId("textmate", "TypeScript JSX", "App.tsx"))
        assertEquals("typescriptreact", LanguageIds.lspLanguageId("TEXT", "PLAIN_TEXT", "src/App.TSX"))
        assertEquals("javascriptreact", LanguageIds.lspLanguageId(null, null, "C:\\\\src\\\\view.jsx"))
        assertEquals("kotlin", LanguageIds.lspLanguageId(null, null, "build.gradle.kts"))
        assertEquals("python", LanguageIds.lspLanguageId("TEXT", null, "tool.pyi"))
    }

    @Test
    fun `a file nothing knows is plain text`() {
        assertEquals("plaintext", LanguageIds.lspLanguageId("TEXT", "PLAIN_TEXT", "Makefile"))
        assertEquals("plaintext", LanguageIds.lspLanguageId(null, null, ".gitignore"))
        assertEquals("plaintext", LanguageIds.lspLanguageId(null, null, "notes.weird"))
    }
}
