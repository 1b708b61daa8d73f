package dev.redline.core

import com.google.gson.Gson
import com.google.gson.JsonObject
import com.google.gson.JsonParser
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import java.io.File
import kotlin.reflect.KClass
import kotlin.reflect.KMutableProperty1
import kotlin.reflect.full.memberProperties
import kotlin.reflect.full.primaryConstructor
import kotlin.reflect.jvm.jvmErasure

/**
 * The plugin's copies of the settings against their one declaration (shared-protocol/src/settings.ts,
 * published in protocol.json's `settings`): the stored state (Settings.kt), the patch sent to the
 * sidecar (Protocol.kt) and the settings page (ide/RedlineSettings.kt).
 */
class SettingsSchemaTest {
    private val settings: JsonObject = JsonParser.parseString(protocolFile().readText()).asJsonObject.getAsJsonObject("settings")
    private val names = settings.keySet().toList()
    private fun spec(name: String): JsonObject = settings.getAsJsonObject(name)
    private fun secret(name: String) = spec(name)["secret"]?.asBoolean == true
    private fun fromEditor(name: String) = spec(name)["fromEditor"]?.asBoolean == true

    /** Settings the plugin stores itself: not secrets (password safe), not taken from the IDE (its proxy, [IdeProxy]). */
    private fun stored(name: String) = !secret(name) && !fromEditor(name)

    private fun kotlinType(name: String): KClass<*> = when (val type = spec(name)["type"].asString) {
        "string" -> String::class
        "integer" -> Int::class
        "number" -> Double::class
        "boolean" -> Boolean::class
        else -> error("$name: unknown setting type $type")
    }

    @Test
    fun `the stored state has every setting but the secrets and the IDE's own, with its type and default`() {
        val state = RedlineSettingsState()
        val properties = RedlineSettingsState::class.memberProperties.filterIsInstance<KMutableProperty1<RedlineSettingsState, *>>().associateBy { it.name }
        val stored = names.filter(::stored)
        assertEquals(stored.sorted(), properties.keys.sorted())
        for (name in stored) {
            val property = properties.getValue(name)
            assertEquals(kotlinType(name), property.returnType.jvmErasure, "$name: type")
            assertEquals(spec(name)["default"], Gson().toJsonTree(property.get(state)), "$name: default")
        }
    }

    @Test
    fun `the patch has every setting, optional, with its type`() {
        val params = RedlineSettingsPatch::class.primaryConstructor!!.parameters.associateBy { it.name!! }
        assertEquals(names.sorted(), params.keys.sorted())
        for (name in names) {
            val param = params.getValue(name)
            assertEquals(kotlinType(name), param.type.jvmErasure, "$name: type")
            assertTrue(param.type.isMarkedNullable && param.isOptional, "$name: unset unless the client sets it")
        }
    }

    @Test
    fun `each choice setting's values are the declared ones`() {
        val choices = names.filter { spec(it).has("enum") }
        assertTrue(choices.isNotEmpty())
        val companion = RedlineSettingsState.Companion
        for (name in choices) {
            val constant = name.replace(Regex("[A-Z]")) { "_${it.value}" }.uppercase() + "_CHOICES"
            val values = companion::class.memberProperties.single { it.name == constant }.getter.call(companion)
            assertEquals(spec(name).getAsJsonArray("enum").map { it.asString }, values, name)
        }
    }

    @Test
    fun `the settings page names every stored setting`() {
        val page = File(System.getProperty("redline.repoRoot", "."), "intellij-plugin/src/main/kotlin/dev/redline/ide/RedlineSettings.kt").readText()
        val missing = names.filter(::stored).filterNot { Regex("\\b$it\\b").containsMatchIn(page) }
        assertEquals(emptyList<String>(), missing)
    }
}
