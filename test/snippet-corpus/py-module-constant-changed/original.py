import requests

TIMEOUT = 5
RETRIES = 2
USER_AGENT = "fetcher/1.0"


def fetch(url: str) -> str:
    last = None
    for _ in range(RETRIES + 1):
        try:
            response = requests.get(url, timeout=TIMEOUT, headers={"User-Agent": USER_AGENT})
            response.raise_for_status()
            return response.text
        except requests.RequestException as err:
            last = err
    raise last
