import math


def distance(a, b):
    dx = a[0] - b[0]
    dy = a[1] - b[1]
    return math.sqrt(dx * dx + dy * dy)


def nearest(points, target):
    best = None
    best_distance = math.inf
    for point in points:
        d = distance(point, target)
        if d < best_distance:
            best = point
            best_distance = d
    return best


def centroid(points):
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return (sum(xs) / len(xs), sum(ys) / len(ys))
