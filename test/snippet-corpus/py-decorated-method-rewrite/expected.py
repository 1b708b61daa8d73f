from functools import cached_property

import requests


class GitHubClient:
    BASE = "https://api.github.com"

    def __init__(self, token: str):
        self.token = token

    @cached_property
    def session(self) -> requests.Session:
        s = requests.Session()
        s.headers["Authorization"] = f"token {self.token}"
        return s

    @staticmethod
    def _check(response: requests.Response) -> dict:
        response.raise_for_status()
        return response.json()

    def repo(self, owner: str, name: str) -> dict:
        return self._check(self.session.get(f"{self.BASE}/repos/{owner}/{name}"))

    def issues(self, owner: str, name: str) -> list[dict]:
        url = f"{self.BASE}/repos/{owner}/{name}/issues"
        params = {"per_page": 100}
        found: list[dict] = []
        while url:
            response = self.session.get(url, params=params)
            found.extend(self._check(response))
            url = response.links.get("next", {}).get("url")
            params = None
        return found
