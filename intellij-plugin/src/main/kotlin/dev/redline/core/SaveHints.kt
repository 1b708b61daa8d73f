package dev.redline.core

/** Whether a document may be saved now, and the hint to show the user, if any. */
data class SaveDecision(val allowed: Boolean, val hint: String?)

/**
 * Saves of a file while a Redline session is open there. The file is never saved then (it would hold both
 * versions of the proposal), autosave included. FileDocumentManagerImpl asks with isExplicit true for the
 * user's Save and also for the saves that Build, Run and VCS actions make ("caused by user directly (Save
 * action) or indirectly (e.g. Compile)"), so those cannot be told apart: the first such save of each session
 * gets one quiet hint saying why and what a build then sees; later ones and autosaves get none.
 */
class SaveHints {
    private val hinted = LinkedHashSet<String>()

    @Synchronized
    fun decide(uri: String, sessions: List<SessionView>, explicit: Boolean): SaveDecision {
        if (sessions.isEmpty()) return SaveDecision(true, null)
        val fresh = explicit && sessions.count { hinted.add(it.id) } > 0
        while (hinted.size > MAX_REMEMBERED) hinted.remove(hinted.first())
        return SaveDecision(false, if (fresh) hint(uri) else null)
    }

    companion object {
        private const val MAX_REMEMBERED = 256

        fun hint(uri: String): String {
            val name = uri.substringAfterLast('/')
            return "Redline: $name is not saved while its proposal is open, so builds, runs and commits started now use $name as it " +
                "was last saved, before the proposal. Accept or reject the proposal, then save."
        }
    }
}
