import json
import os
import tempfile
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
    fd, tmp = tempfile.mkstemp(dir=CACHE_DIR, suffix=".tmp")
    with os.fdopen(fd, "w") as f:
        json.dump(value, f)
    os.replace(tmp, cache_path(key))
