package dev.shop

enum class Tier { FREE, PRO, TEAM }

fun monthlyPrice(tier: Tier, seats: Int): Int = when (tier) {
    Tier.FREE -> 0
    Tier.PRO -> 12
    Tier.TEAM -> 10 * seats
}

fun describe(tier: Tier): String {
    return "Tier " + tier.name.lowercase()
}
