import unittest

import pytest

from cachetools import LRUCache

from . import CacheTestMixin


class LRUCacheTest(unittest.TestCase, CacheTestMixin):

    Cache = LRUCache


def test_lru():
    cache = LRUCache(maxsize=2)

    cache[1] = 1
    cache[2] = 2
    cache[3] = 3

    assert len(cache) == 2
    assert cache[2] == 2
    assert cache[3] == 3
    assert 1 not in cache

    cache[2]
    cache[4] = 4
    assert len(cache) == 2
    assert cache[2] == 2
    assert cache[4] == 4
    assert 3 not in cache

    cache[5] = 5
    assert len(cache) == 2
    assert cache[4] == 4
    assert cache[5] == 5
    assert 2 not in cache


def test_lru_getsizeof():
    cache = LRUCache(maxsize=3, getsizeof=lambda x: x)

    cache[1] = 1
    cache[2] = 2

    assert len(cache) == 2
    assert cache[1] == 1
    assert cache[2] == 2

    cache[3] = 3

    assert len(cache) == 1
    assert cache[3] == 3
    assert 1 not in cache
    assert 2 not in cache

    with pytest.raises(ValueError):
        cache[4] = 4
    assert len(cache) == 1
    assert cache[3] == 3
