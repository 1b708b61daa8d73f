package dev.shop

class Session(private val store: Map<String, String>) {
    fun userName(): String {
        val id = store["user"]
        if (id == null) {
            return "guest"
        }
        val name = store["name:" + id]
        if (name == null) {
            return "user " + id
        }
        return name
    }

    fun isAdmin(): Boolean {
        val role = store["role"]
        return role != null && role == "admin"
    }
}
