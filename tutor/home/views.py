"""The home page and the language switch."""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import Blueprint, current_app, redirect, render_template, request, session, url_for
from flask.typing import ResponseReturnValue

bp = Blueprint("home", __name__)


@bp.get("/")
def index() -> ResponseReturnValue:
    return render_template("home/index.html")


@bp.post("/language")
def set_language() -> ResponseReturnValue:
    lang = request.form.get("lang", "")
    if lang in current_app.config["LANGUAGES"]:
        session["lang"] = lang
    target = request.form.get("next", "")
    # Only same-site paths: never an open redirect.
    parts = urlsplit(target)
    if not target.startswith("/") or target.startswith("//") or parts.netloc or parts.scheme:
        target = url_for("home.index")
    return redirect(target)
