import math


def dist(a, b):
    dx = a[0] - b[0]
    dy = a[1] - b[1]
    return math.sqrt(dx * dx + dy * dy)


def path_length(points):
    total = 0.0
    for start, end in zip(points, points[1:]):
        total += dist(start, end)
    return total


def centroid(points):
    n = len(points)
    return (sum(p[0] for p in points) / n, sum(p[1] for p in points) / n)
