"""Rule citations under a profile.

The explanation templates (:mod:`solver.messages`) were written for conquian-40 and cite its
ids (``(R8)``, ``(R4, R5)``).  Under another profile the same sentence must cite that
profile's rule on the same topic (``(C8)`` in cooncan, ``(K7)`` in kunken), so a learner is
sent to the book of the game they are in; a topic the profile has no rule for is dropped
from the citation rather than pointing at another game's book.
"""

from __future__ import annotations

import re
from typing import Final

from solver.rules import CONQUIAN_40, RuleProfile

_TOPIC_OF_R: Final = {rule_id: topic for topic, rule_id in CONQUIAN_40.rule_ids.items()}
_GROUP: Final = re.compile(r" ?\(((?:R\d{1,2})(?:, ?R\d{1,2})*)\)")


def cite(text: str, profile: RuleProfile) -> str:
    """``text`` with every parenthesised conquian-40 citation rewritten for ``profile``."""
    if profile is CONQUIAN_40 or "(R" not in text:
        return text

    def rewrite(match: re.Match[str]) -> str:
        ids: list[str] = []
        for old in re.split(r", ?", match[1]):
            topic = _TOPIC_OF_R.get(old)
            new = profile.rule(topic) if topic else ""
            if new and new not in ids:
                ids.append(new)
        if not ids:
            return ""
        lead = " " if match[0].startswith(" ") else ""
        return f"{lead}({', '.join(ids)})"

    return _GROUP.sub(rewrite, text)


__all__ = ["cite"]
