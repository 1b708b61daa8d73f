package dev.shop

class RetryPolicy(private val clock: () -> Long) {
    private var failures = 0
    private var lastFailure = 0L

    fun onFailure() {
        failures++
        lastFailure = clock()
    }

    fun onSuccess() {
        failures = 0
    }

    fun mayRetry(): Boolean {
        if (failures >= 5) return false
        val wait = 200L * (1L shl failures)
        return clock() - lastFailure >= wait
    }
}
