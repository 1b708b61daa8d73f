from itertools import islice


def chunks(items, size):
    iterator = iter(items)
    while batch := list(islice(iterator, size)):
        yield batch


def flatten(nested):
    return [x for sub in nested for x in sub]
