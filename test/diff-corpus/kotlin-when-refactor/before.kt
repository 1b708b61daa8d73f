package dev.shop

enum class Tier { FREE, PRO, TEAM }

fun monthlyPrice(tier: Tier, seats: Int): Int {
    var price = 0
    if (tier == Tier.FREE) {
        price = 0
    } else if (tier == Tier.PRO) {
        price = 12
    } else if (tier == Tier.TEAM) {
        price = 10 * seats
    }
    return price
}

fun describe(tier: Tier): String {
    return "Tier " + tier.name.lowercase()
}
