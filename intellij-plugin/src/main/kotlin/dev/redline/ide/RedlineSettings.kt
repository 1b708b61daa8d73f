package dev.redline.ide

import com.intellij.credentialStore.CredentialAttributes
import com.intellij.credentialStore.generateServiceName
import com.intellij.ide.passwordSafe.PasswordSafe
import com.intellij.openapi.application.ApplicationManager
import com.intellij.openapi.application.ModalityState
import com.intellij.openapi.components.PersistentStateComponent
import com.intellij.openapi.components.RoamingType
import com.intellij.openapi.components.Service
import com.intellij.openapi.components.State
import com.intellij.openapi.components.Storage
import com.intellij.openapi.components.service
import com.intellij.openapi.components.serviceIfCreated
import com.intellij.openapi.options.BoundConfigurable
import com.intellij.openapi.ui.DialogPanel
import com.intellij.ui.components.JBPasswordField
import com.intellij.ui.dsl.builder.bindIntText
import com.intellij.ui.dsl.builder.bindItem
import com.intellij.ui.dsl.builder.bindSelected
import com.intellij.ui.dsl.builder.bindText
import com.intellij.ui.dsl.builder.columns
import com.intellij.ui.dsl.builder.panel
import com.intellij.util.xmlb.XmlSerializerUtil
import dev.redline.core.ApiKeyField
import dev.redline.core.CompletionSettings
import dev.redline.core.ProxyPatch
import dev.redline.core.RedlineSettingsPatch
import dev.redline.core.RedlineSettingsState

/**
 * Settings in redline.xml; the API key only in the IDE's password safe, never in the XML and never logged.
 * [apiKey] and [patch] stay off the UI thread: the safe may block on the OS keychain, and 2025 sources
 * require a background thread.
 */
@Service(Service.Level.APP)
@State(name = "RedlineSettings", storages = [Storage("redline.xml", roamingType = RoamingType.DISABLED)])
class RedlineSettings : PersistentStateComponent<RedlineSettingsState> {
    private var current = RedlineSettingsState()
    private val keyAttributes = CredentialAttributes(generateServiceName("Redline", "apiKey"))

    override fun getState() = current

    override fun loadState(loaded: RedlineSettingsState) = XmlSerializerUtil.copyBean(loaded, current)

    var apiKey: String
        get() = PasswordSafe.instance.getPassword(keyAttributes).orEmpty()
        set(value) = PasswordSafe.instance.setPassword(keyAttributes, value.ifEmpty { null })

    fun patch(): RedlineSettingsPatch = current.toPatch(apiKey, network())

    /** The IDE's proxy for the model endpoint; may read the credential store, so off the UI thread. */
    fun network(): ProxyPatch = RedlinePlatform.proxyFor(current.endpoint)

    companion object {
        fun getInstance(): RedlineSettings = service()
    }
}

class RedlineConfigurable : BoundConfigurable("Redline") {
    private val settings = RedlineSettings.getInstance()
    private val s = settings.getState()
    private var apiKey = ""
    private val key = ApiKeyField()
    private var keyField: JBPasswordField? = null

    init {
        val application = ApplicationManager.getApplication()
        application.executeOnPooledThread {
            val stored = settings.apiKey
            // any(): the settings dialog is modal. A read that fails never arrives: Apply then leaves the key alone.
            application.invokeLater({
                val shown = key.loaded(stored, keyField?.let { String(it.password) } ?: apiKey)
                keyField?.text = shown
                apiKey = stored
            }, ModalityState.any())
        }
    }

    override fun createPanel(): DialogPanel = panel {
        group("Model Server") {
            row("Provider:") { comboBox(RedlineSettingsState.PROVIDER_CHOICES).bindItem({ s.provider }, { s.provider = it ?: s.provider }) }
            row("Endpoint:") { textField().bindText(s::endpoint).columns(30) }
            row("Edit model:") { textField().bindText(s::model) }
            row("Completion model:") { textField().bindText(s::completionModel).comment("Empty: the edit model") }
            row("API key:") { keyField = passwordField().bindText(::apiKey).comment("Stored in the IDE's password safe").component }
            row("Request timeout (ms):") { intTextField(1_000..600_000).bindIntText(s::requestTimeoutMs) }
            row("CA certificates file:") { textField().bindText(s::caFile).comment("PEM file of your network's certificate authority; the proxy comes from the IDE's HTTP Proxy settings") }
        }
        group("Inline Edit") {
            row("Editable scope:") { comboBox(RedlineSettingsState.EDIT_SCOPE_CHOICES).bindItem({ s.editScope }, { s.editScope = it ?: s.editScope }) }
            row("Edit format:") { comboBox(RedlineSettingsState.EDIT_FORMAT_CHOICES).bindItem({ s.editFormat }, { s.editFormat = it ?: s.editFormat }) }
            row("Large deletion (lines):") { intTextField(1..10_000).bindIntText(s::largeDeletionLines).comment("Hunks outside the selection removing more are flagged") }
            row { checkBox("Ask the model once more when a proposal has syntax errors or unknown names").bindSelected(s::repairEnabled) }
            row { checkBox("Format the proposal's lines with the project's code style").bindSelected(s::formatProposals) }
            row { checkBox("Show the problems a proposal adds (syntax errors, unresolved references)").bindSelected(s::proposalDiagnostics) }
            row("Time for these checks (ms):") { intTextField(1..600_000).bindIntText(s::editorChecksBudgetMs).comment("Together; a check still running then is skipped") }
            row("Reply token limit:") { intTextField(1..262_144).bindIntText(s::maxEditTokens).comment("Twice the selection plus 1,024 tokens, up to this") }
            row("Largest context window (Ollama):") { intTextField(4_096..1_048_576).bindIntText(s::maxContextTokens) }
        }
        group("Completion") {
            row { checkBox("Inline completion from Redline").bindSelected(s::completionEnabled).comment("Off: other inline-completion providers (Full Line completion, plugins) answer instead") }
            row("Not in languages:") { textField().bindText(s::completionDisabledLanguages).columns(30).comment("LSP language ids, e.g. markdown, plaintext") }
            row("FIM template:") { textField().bindText(s::fimTemplate).comment("auto, a model family, or a template with {prefix} and {suffix}") }
            row("Max lines:") { intTextField(1..500).bindIntText(s::maxLines) }
            row("Tokens to predict:") { intTextField(1..8_192).bindIntText(s::numPredictFim) }
            row("Temperature:") { textField().bindText({ s.temperature.toString() }, { s.temperature = it.toDoubleOrNull() ?: s.temperature }) }
            row("Debounce (ms):") { intTextField(0..5_000).bindIntText(s::debounceWait) }
            row { checkBox("Multi-line completions").bindSelected(s::multilineCompletionsEnabled) }
            row { checkBox("Cache completions").bindSelected(s::completionCacheEnabled) }
            row { checkBox("Offer the next completion after accepting one").bindSelected(s::enableSubsequentCompletions) }
        }
        group("Next Edit") {
            row { checkBox("Suggest the next edit after each change (Tab accepts, Esc dismisses)").bindSelected(s::nextEditEnabled) }
            row("Next-edit model:") { textField().bindText(s::nextEditModel).comment("Empty: the completion model. Its name picks the prompt format") }
            row("Prompt format:") { comboBox(RedlineSettingsState.NEXT_EDIT_TEMPLATE_CHOICES).bindItem({ s.nextEditTemplate }, { s.nextEditTemplate = it ?: s.nextEditTemplate }) }
        }
        group("Context") {
            row { checkBox("Recent edits and similar code from other open files").bindSelected(s::fileContextEnabled) }
            row { checkBox("Definitions of the symbols the code uses, the project's related declarations, and diagnostics").bindSelected(s::lspContextEnabled) }
            row("Context budget (characters):") { intTextField(0..200_000).bindIntText(s::contextBudget) }
        }
    }

    /**
     * A running Redline hears of the change; none is created for it (the service must be created on the UI
     * thread, and one that does not run yet reads the settings when it starts).
     */
    override fun apply() {
        super.apply()
        val write = key.toWrite(apiKey)
        val core = serviceIfCreated<RedlineService>()?.core
        core?.completionSettings = CompletionSettings.of(s)
        ApplicationManager.getApplication().executeOnPooledThread {
            write?.let { settings.apiKey = it }
            core?.settingsChanged()
        }
    }
}
