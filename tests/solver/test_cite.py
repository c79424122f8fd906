"""Explanations cite the rule book of the position's profile (solver.rules.cite)."""

from __future__ import annotations

import re

import pytest

from solver.messages import MESSAGES
from solver.rules import CONQUIAN_40, PROFILES, get_profile
from solver.rules.cite import cite

IDS = re.compile(r"\b([RCHIK]\d{1,2})\b")


@pytest.mark.parametrize("pid", sorted(PROFILES))
def test_every_message_cites_only_its_profiles_rules(pid: str) -> None:
    profile = get_profile(pid)
    own = set(profile.rule_ids.values())
    for key, template in MESSAGES.items():
        text = cite(template, profile)
        cited = set(IDS.findall(text))
        assert cited <= own, (key, text)
        assert "()" not in text and " ." not in text, (key, text)
        # Only citations change: the sentence itself is the same.
        assert IDS.sub("", re.sub(r" ?\([^()]*\)", "", text)) == IDS.sub(
            "", re.sub(r" ?\([^()]*\)", "", template)), key


def test_topics_map_to_the_same_rule_in_each_book() -> None:
    assert cite("x (R8).", get_profile("cooncan")) == "x (C8)."
    assert cite("x (R4, R5).", get_profile("cooncan")) == "x (C4, C5)."
    assert cite("x (R9).", get_profile("cooncan")) == "x (C10)."
    assert cite("x (R8).", get_profile("kunken-40")) == "x (K7)."
    # Kunken's rule on forcing is K16, "no forcing" (issue 27); Colonel's book has no rule on
    # forcing, so the citation goes rather than pointing into another book.
    assert cite("x (R9).", get_profile("kunken")) == "x (K16)."
    assert cite("x (R5, R9).", get_profile("kunken")) == "x (K9, K16)."
    assert cite("x (R9).", get_profile("colonel")) == "x."
    assert cite("x (R5, R9).", get_profile("colonel")) == "x."
    template = MESSAGES["can_take"]
    assert cite(template, CONQUIAN_40) is template
