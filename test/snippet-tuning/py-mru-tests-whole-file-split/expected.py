import unittest

from cachetools import MRUCache

from . import CacheTestMixin


class MRUCacheTest(unittest.TestCase, CacheTestMixin):

    Cache = MRUCache


class MRUEvictionTest(unittest.TestCase):
    def setUp(self):
        self.cache = MRUCache(maxsize=2)
        self.cache[1] = 1
        self.cache[2] = 2

    def test_evict__writes_only(self):
        self.cache[3] = 3  # Evicts 1 because nothing's been used yet

        assert len(self.cache) == 2
        assert 1 not in self.cache, "Wrong key was evicted. Should have been '1'."
        assert 2 in self.cache
        assert 3 in self.cache

    def test_evict__with_access(self):
        self.cache[1]
        self.cache[2]
        self.cache[3] = 3  # Evicts 2
        assert 2 not in self.cache, "Wrong key was evicted. Should have been '2'."
        assert 1 in self.cache
        assert 3 in self.cache

    def test_evict__with_delete(self):
        del self.cache[2]
        self.cache[3] = 3  # Doesn't evict anything because we just deleted 2

        assert 2 not in self.cache
        assert 1 in self.cache

        self.cache[4] = 4  # Should evict 1 as we just accessed it with __contains__
        assert 1 not in self.cache
        assert 3 in self.cache
        assert 4 in self.cache
