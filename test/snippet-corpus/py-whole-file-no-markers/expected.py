import csv
from pathlib import Path


def read_scores(path: str | Path) -> dict[str, int]:
    with open(path, newline="") as f:
        return {name.strip(): int(score) for name, score in csv.reader(f)}


def best(scores: dict[str, int]) -> str | None:
    return max(scores, key=scores.get, default=None)
