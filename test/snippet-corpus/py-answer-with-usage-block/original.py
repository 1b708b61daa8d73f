def chunks(items, size):
    result = []
    for i in range(0, len(items), size):
        result.append(items[i:i + size])
    return result


def flatten(nested):
    return [x for sub in nested for x in sub]
