import math
from typing import Optional, Sequence, Tuple

Point = Tuple[float, float]


def distance(a: Point, b: Point) -> float:
    """Euclidean distance between two points."""
    dx = a[0] - b[0]
    dy = a[1] - b[1]
    return math.sqrt(dx * dx + dy * dy)


def nearest(points: Sequence[Point], target: Point) -> Optional[Point]:
    """The point closest to `target`, or None when there are no points."""
    best = None
    best_distance = math.inf
    for point in points:
        d = distance(point, target)
        if d < best_distance:
            best = point
            best_distance = d
    return best


def centroid(points: Sequence[Point]) -> Point:
    """The mean of the points; raises ZeroDivisionError when empty."""
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return (sum(xs) / len(xs), sum(ys) / len(ys))
