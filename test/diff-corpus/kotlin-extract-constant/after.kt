package dev.shop

private const val MAX_FAILURES = 5
private const val BASE_DELAY_MS = 200L

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
        if (failures >= MAX_FAILURES) return false
        val wait = BASE_DELAY_MS * (1L shl failures)
        return clock() - lastFailure >= wait
    }
}
