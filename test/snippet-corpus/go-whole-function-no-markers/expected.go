package cache

import (
	"sync"
	"time"
)

type entry struct {
	value   string
	expires time.Time
}

type Cache struct {
	mu      sync.Mutex
	entries map[string]entry
	ttl     time.Duration
}

func New(ttl time.Duration) *Cache {
	return &Cache{entries: make(map[string]entry), ttl: ttl}
}

func (c *Cache) Get(key string) (string, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.entries[key]
	if !ok {
		return "", false
	}
	if time.Now().After(e.expires) {
		delete(c.entries, key)
		return "", false
	}
	return e.value, true
}

func (c *Cache) Set(key, value string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.entries[key] = entry{value: value, expires: time.Now().Add(c.ttl)}
}
