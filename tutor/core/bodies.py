"""Request bodies sent without a length (chunked) get the same size limit as the others.

gunicorn decodes a chunked body and hands it over with no ``Content-Length``; werkzeug then
reads at most ``MAX_CONTENT_LENGTH`` bytes of it and silently drops the rest, so an oversized
JSON body arrived cut short and was answered "not valid JSON" (400) instead of 413.  This
middleware reads such a body first, never more than one byte past the limit, and gives it a
length: werkzeug then treats it like any other body, and refuses an oversized one with 413.
"""

from __future__ import annotations

import io
from collections.abc import Iterable
from typing import Any

_NO_BODY = frozenset({"GET", "HEAD", "OPTIONS", "DELETE", "TRACE"})


class LengthForChunkedBodies:
    def __init__(self, app: Any, limit: int) -> None:
        self.app = app
        self.limit = limit

    def __call__(self, environ: dict[str, Any], start_response: Any) -> Iterable[bytes]:
        if (not environ.get("CONTENT_LENGTH") and environ.get("wsgi.input_terminated")
                and environ.get("REQUEST_METHOD") not in _NO_BODY):
            data = self._read(environ["wsgi.input"])
            # The body now has a length: werkzeug ignores Content-Length beside "chunked".
            environ.pop("HTTP_TRANSFER_ENCODING", None)
            if len(data) > self.limit:
                # What is left unread stays on the connection: it is closed after the 413.
                environ["CONTENT_LENGTH"] = str(len(data))
                environ["wsgi.input"] = io.BytesIO()
            else:
                environ["CONTENT_LENGTH"] = str(len(data))
                environ["wsgi.input"] = io.BytesIO(data)
        return self.app(environ, start_response)

    def _read(self, stream: Any) -> bytes:
        """The body, or its first ``limit + 1`` bytes when it is longer."""
        chunks: list[bytes] = []
        total = 0
        try:
            while total <= self.limit:
                chunk = stream.read(min(65536, self.limit + 1 - total))
                if not chunk:
                    break
                chunks.append(chunk)
                total += len(chunk)
        except (OSError, ValueError):  # the client went away mid-body
            pass
        return b"".join(chunks)
