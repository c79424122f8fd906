"""For tests that read a page's sentences: the text with rule-id links turned back into ids."""

from __future__ import annotations

import re

_RULE_LINK = re.compile(r'<a class="rule-link" href="[^"]*">([^<]*)</a>')


def unlink_rules(html: str) -> str:
    """``(<a class="rule-link" href="/rules/conquian-40#R8">R8</a>)`` → ``(R8)``."""
    return _RULE_LINK.sub(r"\1", html)
