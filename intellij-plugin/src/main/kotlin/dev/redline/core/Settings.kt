package dev.redline.core

/**
 * The settings the IDE stores (vars with defaults: IntelliJ's state serializer writes bean properties).
 * Defaults match the sidecar's, so an untouched page changes nothing. The API key is not here: it lives
 * in the IDE's password safe and joins only the patch sent to the sidecar.
 */
class RedlineSettingsState {
    var provider: String = "ollama"
    var endpoint: String = "http://127.0.0.1:11434"
    var model: String = "qwen2.5-coder:7b-instruct"
    var completionModel: String = ""
    var fimTemplate: String = "auto"
    var requestTimeoutMs: Int = 30_000
    var maxEditTokens: Int = 8_192
    var maxContextTokens: Int = 32_768
    var editScope: String = "selection"
    var editFormat: String = "auto"
    var largeDeletionLines: Int = 10
    var maxLines: Int = 40
    var numPredictFim: Int = 512
    var temperature: Double = 0.2
    var multilineCompletionsEnabled: Boolean = true
    var fileContextEnabled: Boolean = true
    var lspContextEnabled: Boolean = true
    var contextBudget: Int = 8000
    var debounceWait: Int = 300
    var completionCacheEnabled: Boolean = false
    var enableSubsequentCompletions: Boolean = true
    var nextEditEnabled: Boolean = false
    var nextEditModel: String = ""
    var nextEditTemplate: String = "auto"
    var caFile: String = ""

    /** [network]: the IDE's proxy decision for the endpoint ([IdeProxy]); the default sends none. */
    fun toPatch(apiKey: String?, network: ProxyPatch = ProxyPatch(proxy = "", noProxy = "")): RedlineSettingsPatch = RedlineSettingsPatch(
        provider = provider,
        endpoint = endpoint.trim(),
        model = model.trim(),
        completionModel = completionModel.trim(),
        apiKey = apiKey ?: "",
        requestTimeoutMs = requestTimeoutMs,
        maxEditTokens = maxEditTokens,
        maxContextTokens = maxContextTokens,
        editScope = editScope,
        editFormat = editFormat,
        largeDeletionLines = largeDeletionLines,
        fimTemplate = fimTemplate,
        maxLines = maxLines,
        numPredictFim = numPredictFim,
        temperature = temperature,
        multilineCompletionsEnabled = multilineCompletionsEnabled,
        fileContextEnabled = fileContextEnabled,
        lspContextEnabled = lspContextEnabled,
        contextBudget = contextBudget,
        debounceWait = debounceWait,
        completionCacheEnabled = completionCacheEnabled,
        enableSubsequentCompletions = enableSubsequentCompletions,
        nextEditEnabled = nextEditEnabled,
        nextEditModel = nextEditModel.trim(),
        nextEditTemplate = nextEditTemplate,
        proxy = network.proxy,
        noProxy = network.noProxy,
        caFile = caFile.trim(),
    )

    companion object {
        val PROVIDERS = listOf("ollama", "openai")
        val NEXT_EDIT_TEMPLATES = listOf("auto", "sweep", "zeta", "instinct", "instruct")
    }
}
