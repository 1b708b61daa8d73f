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
        val note = repository.insert(title, body)
        _notes.value = _notes.value + note
    }

    suspend fun rename(id: Long, title: String) {
        repository.rename(id, title)
        _notes.value = _notes.value.map { if (it.id == id) it.copy(title = title) else it }
    }

    suspend fun delete(id: Long) {
        repository.delete(id)
        _notes.value = _notes.value.filter { it.id != id }
    }
}
