package com.example.notes

import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asStateFlow

data class Note(val id: Long, val title: String, val body: String)

class NotesViewModel(private val repository: NotesRepository) {
    private val _notes = MutableStateFlow<List<Note>>(emptyList())
    val notes: StateFlow<List<Note>> = _notes.asStateFlow()

    suspend fun load() {
        _notes.value = repository.all().sortedBy { it.title.lowercase() }
    }

    suspend fun add(title: String, body: String) {
        val note = repository.insert(title, body)
        _notes.value = _notes.value + note
    }

    suspend fun delete(id: Long) {
        repository.delete(id)
        _notes.value = _notes.value.filter { it.id != id }
    }
}
