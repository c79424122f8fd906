"""Reading sentences back into claims, so that stored text (a puzzle's hints and
explanation, in any language of the catalogs) can be checked like generated claims.

Each template of :data:`solver.claims.kinds.BOOKS`, translated, becomes a pattern whose
fields match any text; a text is split into consecutive sentences that each match a
template whole.  A sentence that matches none is not a claim the checker knows.
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from solver.claims.kinds import BOOKS, KINDS, Claim

Translate = Callable[[str], str]


@lru_cache(maxsize=16)
def _patterns(translate: Translate | None) -> tuple[tuple[str, str, re.Pattern[str]], ...]:
    out: list[tuple[int, str, str, re.Pattern[str]]] = []
    for book, table in BOOKS.items():
        for key, template in table.items():
            if (book, key) not in KINDS:
                continue  # titles and the like: not sentences of hints or explanations
            text = translate(template) if translate is not None else template
            parts = []
            seen: set[str] = set()
            for literal, name, _spec, _conv in string.Formatter().parse(text):
                parts.append(re.escape(literal))
                if name is not None:
                    if name in seen:
                        parts.append(f"(?P={name})")
                    else:
                        seen.add(name)
                        parts.append(f"(?P<{name}>(?:[^.!?]|\\.(?=\\d))+?)")  # cards, melds, 2.5
            fixed = sum(len(literal) for literal, *_ in string.Formatter().parse(text))
            out.append((fixed, book, key, re.compile("".join(parts), re.DOTALL)))
    # The template with the most fixed text first: "Taking {center} alone, with no card…"
    # must not read as "Taking {center} with {cards}…" with "4♥ alone," as its center card.
    out.sort(key=lambda item: -item[0])
    return tuple((book, key, pattern) for _, book, key, pattern in out)


def parse_sentence(text: str, translate: Translate | None = None) -> Claim | None:
    """The claim whose template renders to exactly ``text``, or ``None``."""
    for book, key, pattern in _patterns(translate):
        match = pattern.fullmatch(text.strip())
        if match is not None:
            return Claim(key, match.groupdict(), None, book)
    return None


@dataclass(frozen=True, slots=True)
class Parsed:
    claims: tuple[Claim, ...]
    unknown: tuple[str, ...]
    """Sentences that match no template (they cannot be checked)."""


_BOUNDARY = re.compile(r"(?<=[.!?)])\s+")


def parse_text(text: str, translate: Translate | None = None) -> Parsed:
    """Split ``text`` into claims; stretches that match no template are ``unknown``.

    Sentences are joined by spaces and may hold full stops of their own, so every split at
    a space after ".", "!", "?" or ")" is tried, the longest matching sentence first."""
    cuts = [0, *(m.end() for m in _BOUNDARY.finditer(text)), len(text)]
    cuts = sorted(set(cuts))
    claims: list[Claim] = []
    unknown: list[str] = []
    i = 0
    while i < len(cuts) - 1:
        for j in range(len(cuts) - 1, i, -1):
            claim = parse_sentence(text[cuts[i]:cuts[j]], translate)
            if claim is not None:
                claims.append(claim)
                i = j
                break
        else:
            # No sentence starts here: the shortest stretch up to the next cut is unknown.
            unknown.append(text[cuts[i]:cuts[i + 1]].strip())
            i += 1
    return Parsed(tuple(claims), tuple(u for u in unknown if u))
