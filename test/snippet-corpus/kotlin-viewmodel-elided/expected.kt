package com.example.notes

import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow

data class Note(val id: Long, val title: String, val body: String)

class NotesViewModel(private val repository: NotesRepository) {
    private val _notes = MutableStateFlow<List<Note>>(emptyList())
    val notes: StateFlow<List<Note>> = _notes

    suspend fun load() {
        _notes.value = repository.all()
    }

    suspend fun add(title: String, body: String) {
        val cleanTitle = title.trim()
        if (cleanTitle.isEmpty()) return
        val note = repository.insert(cleanTitle, body.trim())
        _notes.value = _notes.value + note
    }

    suspend fun delete(id: Long) {
        repository.delete(id)
        _notes.value = _notes.value.filter { it.id != id }
    }
}
