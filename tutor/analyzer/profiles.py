"""The rule profiles as the analyzer page offers them: translated names, and what the page's
scripts need to know of each (its pack, its fields, the ids of the rules its verdicts cite,
its words for the face-up card and the page)."""

from __future__ import annotations

from typing import Any, Final

from flask_babel import gettext as _

from solver.rules import DEFAULT_PROFILE, PROFILES, RuleProfile
from tutor.analyzer.words import page_words

# The topics whose rule ids the page cites beside its verdicts and field hints.
_TOPICS: Final = ("take", "force", "close", "out", "lay_off", "hand_melds", "discard", "count",
                  "deck", "jokers", "melds", "score")


def profile_name(profile: RuleProfile | str) -> str:
    """The profile's display name in the page's language; an unknown id as it is."""
    if isinstance(profile, str):
        found = PROFILES.get(profile)
        if found is None:
            return profile
        profile = found
    return _(profile.display_name)


def profile_options() -> list[tuple[str, str]]:
    """(id, translated name) for the profile selector, in the registry's order."""
    return [(pid, profile_name(pid)) for pid in PROFILES]


def profile_info(profile: RuleProfile) -> dict[str, Any]:
    deck = profile.deck
    return {
        "name": profile_name(profile),
        "kind": profile.analysis,
        "deck": {"ranks": list(deck.rank_symbols), "packs": deck.packs, "jokers": deck.jokers,
                 "size": deck.size},
        "meldsShown": profile.melds_shown,
        "layOff": profile.lay_off != "none",
        "players": [profile.min_players, profile.max_players],
        "handSize": profile.hand_size,
        "maxStock": profile.max_stock,
        "rules": {topic: profile.rule(topic) for topic in _TOPICS if profile.rule(topic)},
        "words": page_words(profile),
        # Whether a position names its rules: the API and the address assume the default.
        "named": profile is not DEFAULT_PROFILE,
    }


def profiles_table() -> dict[str, dict[str, Any]]:
    """Every profile's :func:`profile_info`, for static/js/analyzer.js."""
    return {pid: profile_info(p) for pid, p in PROFILES.items()}
