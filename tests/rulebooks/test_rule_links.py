"""The rule-link filter: cited rule ids become links to their rule, table-driven."""

from __future__ import annotations

import pytest
from flask import Flask, render_template_string
from markupsafe import Markup

from tutor.rules.books import BOOKS
from tutor.rules.links import rule_links


def _url(page: str) -> str:
    return f"/rules/{page}"


def _a(page: str, rule_id: str) -> str:
    return f'<a class="rule-link" href="/rules/{page}#{rule_id}">{rule_id}</a>'


# One id past the last rule of every book, and R0: ids that do not exist.
_PAST_THE_END = " ".join(f"({b.prefix}{b.size + 1})" for b in BOOKS) + " (R0)"

CASES = [
    # (text, profile, bare, expected)
    ("You can take 6♥ now (R8).", None, False, f"You can take 6♥ now ({_a('conquian-40', 'R8')})."),
    ("(R5, R9)", None, False, f"({_a('conquian-40', 'R5')}, {_a('conquian-40', 'R9')})"),
    ("frozen (K10)", None, False, f"frozen ({_a('kunken', 'K10')})"),
    ("frozen (K10)", "kunken-40", False, f"frozen ({_a('kunken-40', 'K10')})"),
    # An id of another book keeps its own book, whatever the page's profile.
    ("as in conquian (R7)", "cooncan", False, f"as in conquian ({_a('conquian-40', 'R7')})"),
    ("(C9) (H6) (I10) (K15) (R14)", None, False,
     f"({_a('cooncan', 'C9')}) ({_a('colonel', 'H6')}) ({_a('conquin', 'I10')}) "
     f"({_a('kunken', 'K15')}) ({_a('conquian-40', 'R14')})"),
    ("(R6-R11)", None, False, f"({_a('conquian-40', 'R6')}-{_a('conquian-40', 'R11')})"),
    ("(seed 001; see C5)", None, False, f"(seed 001; see {_a('cooncan', 'C5')})"),
    # Ids that do not exist, words that only look like ids, ids outside parentheses.
    (_PAST_THE_END, None, False, _PAST_THE_END),
    ("(R8a) (XR8) (R-8) (kunken-40)", None, False, "(R8a) (XR8) (R-8) (kunken-40)"),
    ("Rules: R10, R13", None, False, "Rules: R10, R13"),
    ("Rules: R10, R13", None, True,
     f"Rules: {_a('conquian-40', 'R10')}, {_a('conquian-40', 'R13')}"),
    # Plain text is escaped first.
    ("<b>(R8)</b>", None, False, f"&lt;b&gt;({_a('conquian-40', 'R8')})&lt;/b&gt;"),
    ("", None, False, ""),
    (None, None, False, ""),
]


@pytest.mark.parametrize(("text", "profile", "bare", "expected"), CASES)
def test_rule_links(text: str | None, profile: str | None, bare: bool, expected: str) -> None:
    out = rule_links(text, profile, _url, bare=bare)
    assert isinstance(out, Markup)
    assert str(out) == expected


MARKUP_CASES = [
    # Markup is trusted: only its text is touched, never a tag, an attribute or a link.
    ('<p title="(R8)">(R9)</p>', False, f'<p title="(R8)">({_a("conquian-40", "R9")})</p>'),
    ('<a href="/x">(R8)</a> (R9)', False, f'<a href="/x">(R8)</a> ({_a("conquian-40", "R9")})'),
    ("<code>(R8)</code><pre>(R8)</pre>", False, "<code>(R8)</code><pre>(R8)</pre>"),
    ('<textarea>(R8)</textarea><option>(R8)</option>', False,
     "<textarea>(R8)</textarea><option>(R8)</option>"),
    ('<script type="application/json">["(R8)"]</script>(R8)', False,
     f'<script type="application/json">["(R8)"]</script>({_a("conquian-40", "R8")})'),
    # Bare ids: linked in prose, never in a heading (there the id names the rule itself).
    ('<h3 id="R9">R9 Forcing</h3><p>as R8 says</p>', True,
     f'<h3 id="R9">R9 Forcing</h3><p>as {_a("conquian-40", "R8")} says</p>'),
    ("<p>a<br/>(R8)</p>", False, f"<p>a<br/>({_a('conquian-40', 'R8')})</p>"),
    # No link inside a control; a quoted ">" or a comment does not end a tag early.
    ("<button>Force it (R9)</button>", False, "<button>Force it (R9)</button>"),
    ('<p data-x="a > (R8)">(R9)</p>', False,
     f'<p data-x="a > (R8)">({_a("conquian-40", "R9")})</p>'),
    ("<!-- (R8) --><p>(R9)</p>", False, f"<!-- (R8) --><p>({_a('conquian-40', 'R9')})</p>"),
    # Applying the filter twice changes nothing more.
    (f"<p>({_a('conquian-40', 'R8')})</p>", False, f"<p>({_a('conquian-40', 'R8')})</p>"),
]


@pytest.mark.parametrize(("html", "bare", "expected"), MARKUP_CASES)
def test_rule_links_in_markup(html: str, bare: bool, expected: str) -> None:
    assert str(rule_links(Markup(html), None, _url, bare=bare)) == expected


def test_the_template_filter_uses_the_sites_urls(app: Flask) -> None:
    with app.test_request_context("/"):
        html = render_template_string(
            "{{ text|rule_links }} {{ text|rule_links('kunken-104') }} "
            "{{ ids|rule_links(bare=true) }}",
            text="may not (K4) <i>", ids="R1, K1",
        )
    assert html == (
        f"may not ({_a('kunken', 'K4')}) &lt;i&gt; may not ({_a('kunken-104', 'K4')}) &lt;i&gt; "
        f"{_a('conquian-40', 'R1')}, {_a('kunken', 'K1')}"
    )
