import math


def dist(a, b):
    dx = a[0] - b[0]
    dy = a[1] - b[1]
    return math.sqrt(dx * dx + dy * dy)


def path_length(ps):
    t = 0.0
    for i in range(1, len(ps)):
        t += dist(ps[i - 1], ps[i])
    return t


def centroid(points):
    n = len(points)
    return (sum(p[0] for p in points) / n, sum(p[1] for p in points) / n)
