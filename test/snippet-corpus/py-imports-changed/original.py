import json
import os
from pathlib import Path

CACHE_DIR = Path(os.environ.get("APP_CACHE", "~/.cache/app")).expanduser()


def cache_path(key: str) -> Path:
    return CACHE_DIR / f"{key}.json"


def load(key: str):
    path = cache_path(key)
    if not path.exists():
        return None
    return json.loads(path.read_text())


def save(key: str, value) -> None:
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    cache_path(key).write_text(json.dumps(value))
