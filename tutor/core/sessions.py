"""The session cookie, never written back by a static file.

The learner's session is permanent (tutor.core.learner), so Flask sends its cookie again
with every answer.  A static file the browser asks for late (the previous page's favicon,
after the next page has put something in the session) was sent the older cookie and wrote
it back, undoing the change: a puzzle's suits kept in the session were lost, and its
answer was refused as "dealt again".  Static files neither read nor change the session,
so they leave the cookie alone; every page and API answer still refreshes it.
"""

from __future__ import annotations

from flask import Flask, request
from flask.sessions import SecureCookieSessionInterface, SessionMixin


class PageSessions(SecureCookieSessionInterface):
    def should_set_cookie(self, app: Flask, session: SessionMixin) -> bool:
        if request.endpoint == "static":
            return False
        return super().should_set_cookie(app, session)
