package dev.shop

data class Money(val cents: Long, val currency: String) {
    operator fun plus(other: Money): Money {
        require(currency == other.currency) { "currency mismatch" }
        return Money(cents + other.cents, currency)
    }

    override fun toString(): String = "%d.%02d %s".format(cents / 100, cents % 100, currency)

    companion object {
        val ZERO_EUR = Money(0, "EUR")

        fun parse(text: String): Money {
            val (amount, currency) = text.trim().split(" ")
            return Money((amount.toDouble() * 100).toLong(), currency)
        }
    }
}
