"""Security headers on every response, static files and errors included.

A small ``after_request`` hook rather than a library: the site needs one fixed set of
headers, and Flask-Talisman (the usual choice) would also redirect to HTTPS and force
secure cookies, which the reverse proxy and ``CONQUIAN_ENV=production`` already decide
here (docs/deploy.md).

The Content-Security-Policy allows scripts, styles, images and requests from the site
itself only: no inline script or style, no ``eval``.  Pages keep their JavaScript in
static/js and pass data to it in ``data-*`` attributes or ``<script type="application/json">``
blocks (data, never run).  ``frame-ancestors 'none'`` (and X-Frame-Options for older
browsers) stops other pages from framing the site, so no button can be clicked through a
disguise.
"""

from __future__ import annotations

from typing import Final

from flask import Flask, Response, request

CSP: Final = "; ".join((
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
))

HEADERS: Final = (
    ("Content-Security-Policy", CSP),
    ("X-Content-Type-Options", "nosniff"),
    ("X-Frame-Options", "DENY"),
    ("Referrer-Policy", "same-origin"),
    ("Cross-Origin-Opener-Policy", "same-origin"),
    ("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()"),
)


def register_security_headers(app: Flask) -> None:
    hsts = f"max-age={int(app.config.get('HSTS_SECONDS', 0))}"

    @app.after_request
    def security_headers(response: Response) -> Response:
        headers = response.headers
        for name, value in HEADERS:
            if name not in headers:
                headers[name] = value
        # Only over HTTPS (as the client saw it: ProxyFix reads the proxy's header), where a
        # browser honours it; on plain HTTP it would be ignored or pin a site without TLS.
        if request.is_secure and app.config.get("HSTS_SECONDS"):
            headers["Strict-Transport-Security"] = hsts
        return response
