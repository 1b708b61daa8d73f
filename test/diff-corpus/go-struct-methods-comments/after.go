// Package queue is a first-in, first-out queue of ints.
package queue

// Queue holds its items in arrival order. The zero value is an empty queue.
type Queue struct {
	items []int
}

// Push adds v at the back.
func (q *Queue) Push(v int) {
	q.items = append(q.items, v)
}

// Pop removes and returns the front item; ok is false when the queue is empty.
func (q *Queue) Pop() (v int, ok bool) {
	if len(q.items) == 0 {
		return 0, false
	}
	v = q.items[0]
	q.items = q.items[1:]
	return v, true
}

// Len is the number of items waiting.
func (q *Queue) Len() int {
	return len(q.items)
}
