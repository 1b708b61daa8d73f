package dev.shop

class Session(private val store: Map<String, String>) {
    fun userName(): String {
        val id = store["user"] ?: return "guest"
        return store["name:$id"] ?: "user $id"
    }

    fun isAdmin(): Boolean = store["role"] == "admin"
}
