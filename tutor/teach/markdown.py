"""Authored Markdown (explanations) to safe HTML: ``markdown`` renders, ``nh3`` sanitizes."""

from __future__ import annotations

from typing import Final

import markdown as md
import nh3
from markupsafe import Markup

ALLOWED_TAGS: Final = {
    "p", "br", "strong", "em", "code", "pre", "ul", "ol", "li", "blockquote", "a", "hr",
    "h3", "h4", "table", "thead", "tbody", "tr", "th", "td",
}  # fmt: skip
ALLOWED_ATTRIBUTES: Final = {"a": {"href", "title"}}


def render_markdown(text: str) -> Markup:
    """HTML that can go into a page as is: no scripts, handlers, styles or foreign schemes.

    Raw HTML in the source is escaped by nh3's tag filter rather than trusted.
    """
    html = md.markdown(text or "", extensions=["sane_lists"], output_format="html")
    clean = nh3.clean(
        html,
        tags=ALLOWED_TAGS,
        attributes=ALLOWED_ATTRIBUTES,
        url_schemes={"http", "https", "mailto"},
        link_rel="noopener noreferrer nofollow",
    )
    return Markup(clean)  # sanitized just above
