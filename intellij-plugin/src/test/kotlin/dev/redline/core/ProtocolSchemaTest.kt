package dev.redline.core

import com.google.gson.JsonElement
import com.google.gson.JsonObject
import com.google.gson.JsonParser
import org.eclipse.lsp4j.jsonrpc.services.JsonNotification
import org.eclipse.lsp4j.jsonrpc.services.JsonRequest
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import java.io.File
import java.lang.reflect.ParameterizedType
import kotlin.reflect.KClass
import kotlin.reflect.KType
import kotlin.reflect.full.primaryConstructor
import kotlin.reflect.jvm.jvmErasure

/** Protocol.kt and SidecarEndpoints.kt against the generated shared-protocol/protocol.json. */
class ProtocolSchemaTest {
    private val protocol: JsonObject = JsonParser.parseString(protocolFile().readText()).asJsonObject
    private val definitions = protocol.getAsJsonObject("definitions")

    private data class Method(val method: String, val direction: String, val kind: String, val params: String, val result: String?)

    private fun kotlinMethods(): List<Method> =
        listOf(SidecarServer::class.java to "clientToServer", SidecarClient::class.java to "serverToClient").flatMap { (type, direction) ->
            type.methods.map { m ->
                val request = m.getAnnotation(JsonRequest::class.java)
                val notification = m.getAnnotation(JsonNotification::class.java)
                val result = (m.genericReturnType as? ParameterizedType)?.actualTypeArguments?.single() as? Class<*>
                Method(
                    request?.value ?: notification!!.value,
                    direction,
                    if (request != null) "request" else "notification",
                    m.parameterTypes.single().simpleName,
                    result?.simpleName,
                )
            }
        }

    @Test
    fun `the method table matches name, direction, kind and types`() {
        val expected = protocol.getAsJsonArray("methods").map { it.asJsonObject }.map {
            Method(it["method"].asString, it["direction"].asString, it["kind"].asString, it["params"].asString,
                it["result"].takeUnless { r -> r.isJsonNull }?.asString?.let(::resolveAlias))
        }.filter { it.method != "\$/cancelRequest" } // sent by lsp4j when a request future is cancelled
        assertEquals(expected.sortedBy { it.method }, kotlinMethods().sortedBy { it.method })
    }

    @Test
    fun `every type the client uses matches its schema definition`() {
        val checked = HashSet<String>()
        val pending = ArrayDeque(kotlinMethods().flatMap { listOfNotNull(it.params, it.result) })
        while (pending.isNotEmpty()) {
            val name = pending.removeFirst()
            if (!checked.add(name)) continue
            val kclass = Class.forName("dev.redline.core.$name").kotlin
            pending += checkObject(name, definition(name), kclass)
        }
        assertTrue(checked.containsAll(listOf("RenderParams", "RenderDecorations", "Hunk", "UndoMarker", "SessionStatusParams", "RedlineSettingsPatch")))
    }

    /** Checks one object schema against a class; returns the definitions it refers to, to be checked next. */
    private fun checkObject(where: String, schema: JsonObject, kclass: KClass<*>): List<String> {
        val properties = schema.getAsJsonObject("properties") ?: JsonObject()
        val required = schema.getAsJsonArray("required")?.map { it.asString }?.toSet().orEmpty()
        val params = kclass.primaryConstructor?.parameters.orEmpty().associateBy { it.name!! }
        assertEquals(properties.keySet(), params.keys, "$where: property names")
        val refs = ArrayList<String>()
        for ((name, element) in properties.entrySet()) {
            val property = element.asJsonObject
            val param = params.getValue(name)
            val nullableInSchema = name !in required || types(property).contains("null") ||
                property.getAsJsonArray("anyOf")?.any { types(it.asJsonObject) == setOf("null") } == true
            assertEquals(nullableInSchema, param.type.isMarkedNullable, "$where.$name: nullable")
            assertTrue(param.isOptional, "$where.$name: needs a default, or Gson leaves it null")
            refs += checkType("$where.$name", property, param.type)
        }
        return refs
    }

    private fun checkType(where: String, property: JsonObject, type: KType): List<String> {
        val kclass = type.jvmErasure
        // `T | null` with T an array or an object: the schema says anyOf; the Kotlin type is a nullable T.
        property.getAsJsonArray("anyOf")?.map { it.asJsonObject }?.filter { types(it) != setOf("null") }?.singleOrNull()?.let { return checkType(where, it, type) }
        property["\$ref"]?.let { ref ->
            val name = resolveAlias(ref.asString.substringAfterLast('/'))
            val schema = definition(name)
            // An enum or a named primitive (uinteger) is checked as the value it stands for.
            if (schema.has("enum") || (schema.has("type") && "object" !in types(schema))) return checkType(where, schema, type)
            assertEquals(name, kclass.simpleName, "$where: type")
            return listOf(name)
        }
        val kinds = types(property) - "null"
        return when {
            "array" in kinds -> {
                assertEquals(List::class, kclass, "$where: array")
                checkType("$where[]", property.getAsJsonObject("items"), type.arguments.single().type!!)
            }
            "object" in kinds -> checkObject(where, property, kclass)
            // A union of primitives (LSP's `integer | string`) is held as Gson's JsonPrimitive.
            kinds.size > 1 -> {
                assertEquals(com.google.gson.JsonPrimitive::class, kclass, "$where: union of primitives")
                emptyList()
            }
            else -> {
                val expected = kinds.map { mapOf("number" to "number", "integer" to "integer", "string" to "string", "boolean" to "boolean")[it] }.toSet()
                val actual = when (kclass) {
                    Int::class, Long::class -> if ("integer" in kinds) "integer" else "number"
                    Double::class -> "number"
                    String::class -> "string"
                    Boolean::class -> "boolean"
                    else -> kclass.simpleName
                }
                assertEquals(expected, setOf(actual), "$where: primitive type")
                emptyList()
            }
        }
    }

    private fun types(schema: JsonObject): Set<String> {
        val type: JsonElement? = schema["type"]
        return when {
            type == null -> if (schema.has("enum")) schema.getAsJsonArray("enum").map { if (it.asJsonPrimitive.isNumber) "number" else "string" }.toSet() else emptySet()
            type.isJsonArray -> type.asJsonArray.map { it.asString }.toSet()
            else -> setOf(type.asString)
        }
    }

    private fun definition(name: String): JsonObject = definitions.getAsJsonObject(name) ?: error("protocol.json has no $name")

    /** A definition that is only a `$ref` is a TypeScript alias of another type. */
    private fun resolveAlias(name: String): String =
        definitions.getAsJsonObject(name)?.get("\$ref")?.asString?.substringAfterLast('/')?.let(::resolveAlias) ?: name
}

fun protocolFile(): File = File(System.getProperty("redline.repoRoot", "."), "shared-protocol/protocol.json")
