"""A browser-like client for the deployment tests: HTTPS to nginx, its own cookies."""

from __future__ import annotations

import http.cookiejar
import json
import re
import urllib.error
import urllib.parse
import urllib.request
from typing import Any

from tests.deploy.conftest import Stack


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


class Browser:
    """A client with its own cookies, talking HTTPS to nginx (trusting the stack's
    certificate), never following redirects."""

    def __init__(self, stack: Stack) -> None:
        self.base = stack.url
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self.jar),
            urllib.request.HTTPSHandler(context=stack.ssl_context()), NoRedirect())

    def send(self, method: str, path: str, body: bytes | None = None,
             headers: dict[str, str] | None = None, timeout: float = 15) -> tuple[int, Any, bytes]:
        request = urllib.request.Request(self.base + path, data=body, method=method,
                                         headers=headers or {})
        try:
            with self.opener.open(request, timeout=timeout) as response:
                return response.status, response.headers, response.read()
        except urllib.error.HTTPError as error:
            return error.code, error.headers, error.read()

    def json(self, method: str, path: str, data: Any = None,
             headers: dict[str, str] | None = None) -> tuple[int, Any]:
        status, _, answer = self.json_answer(method, path, data, headers)
        return status, answer

    def json_answer(self, method: str, path: str, data: Any = None,
                    headers: dict[str, str] | None = None,
                    timeout: float = 15) -> tuple[int, Any, Any]:
        """Status, headers and the JSON answer (the raw body when it is not JSON)."""
        body = None if data is None else json.dumps(data).encode()
        status, answer_headers, raw = self.send(
            method, path, body, {"Content-Type": "application/json", **(headers or {})},
            timeout)
        try:
            return status, answer_headers, json.loads(raw)
        except ValueError:
            return status, answer_headers, raw

    def form(self, path: str, page: str, fields: dict[str, str]) -> tuple[int, Any]:
        """Submit a form the way a person does: its page first, for the CSRF token."""
        status, _, html = self.send("GET", page)
        assert status == 200, (page, status)
        token = re.search(rb'name="csrf_token"[^>]*value="([^"]+)"', html)
        assert token is not None, page
        body = urllib.parse.urlencode({**fields, "csrf_token": token.group(1).decode()})
        # Over HTTPS Flask-WTF also checks that the form came from a page of this site.
        status, headers, _ = self.send("POST", path, body.encode(),
                                       {"Content-Type": "application/x-www-form-urlencoded",
                                        "Referer": self.base + page})
        return status, headers.get("Location")
