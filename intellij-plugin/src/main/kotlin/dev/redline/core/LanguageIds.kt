package dev.redline.core

/**
 * The LSP languageId sent in didOpen, from what IntelliJ knows about a file: its Language id first, then
 * its FileType name, then the file's extension, else "plaintext". IntelliJ's names are not LSP's
 * ("JAVA", "TypeScript JSX", "ECMAScript 6"), and the sidecar picks a grammar by the LSP id. Generic
 * ids (plain text, TextMate) are not in the tables, so such a file is named by its extension.
 * Where each IntelliJ id was read: intellij-plugin/README.md, "Language ids".
 */
object LanguageIds {
    private val BY_LANGUAGE = mapOf(
        "JAVA" to "java",
        "kotlin" to "kotlin",
        "Python" to "python",
        "JavaScript" to "javascript",
        "ECMAScript 6" to "javascript",
        "JSX Harmony" to "javascriptreact",
        "TypeScript" to "typescript",
        "TypeScript JSX" to "typescriptreact",
        "go" to "go",
        "Rust" to "rust",
        "Groovy" to "groovy",
        "JSON" to "json",
        "yaml" to "yaml",
        "XML" to "xml",
        "HTML" to "html",
        "CSS" to "css",
        "Markdown" to "markdown",
        "Shell Script" to "shellscript",
    )

    private val BY_FILE_TYPE = mapOf(
        "JAVA" to "java",
        "Kotlin" to "kotlin",
        "Python" to "python",
        "JavaScript" to "javascript",
        "TypeScript" to "typescript",
        "TypeScript JSX" to "typescriptreact",
        "Go" to "go",
        "Rust" to "rust",
    )

    private val BY_EXTENSION = mapOf(
        "ts" to "typescript", "mts" to "typescript", "cts" to "typescript", "tsx" to "typescriptreact",
        "js" to "javascript", "mjs" to "javascript", "cjs" to "javascript", "jsx" to "javascriptreact",
        "py" to "python", "pyi" to "python", "java" to "java", "kt" to "kotlin", "kts" to "kotlin",
        "go" to "go", "rs" to "rust", "groovy" to "groovy", "json" to "json", "yaml" to "yaml", "yml" to "yaml",
        "xml" to "xml", "html" to "html", "htm" to "html", "css" to "css", "md" to "markdown", "sh" to "shellscript",
        "txt" to "plaintext",
    )

    fun lspLanguageId(languageId: String?, fileTypeName: String?, fileName: String): String =
        languageId?.let(BY_LANGUAGE::get)
            ?: fileTypeName?.let(BY_FILE_TYPE::get)
            ?: extension(fileName)?.let(BY_EXTENSION::get)
            ?: "plaintext"

    private fun extension(fileName: String): String? {
        val name = fileName.substringAfterLast('/').substringAfterLast('\\')
        val dot = name.lastIndexOf('.')
        return if (dot <= 0) null else name.substring(dot + 1).lowercase()
    }
}
