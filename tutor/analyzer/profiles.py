"""The rule profiles as the analyzer page offers them: translated names, and what the page's
scripts need to know of each (its pack, its fields, the ids of the rules its verdicts cite)."""

from __future__ import annotations

from typing import Any, Final

from flask_babel import lazy_gettext as _l

from solver.rules import PROFILES, RuleProfile

PROFILE_NAMES: Final = {
    "conquian-40": _l("Conquian (40 cards)"),
    "cooncan": _l("Cooncan (Foster, 40 cards)"),
    "colonel": _l("Colonel (Hoyle, 52 cards)"),
    "conquin": _l("Conquin (Italian, two packs and jokers)"),
    "kunken": _l("Kunken (52 cards and 2 jokers)"),
    "kunken-40": _l("Kunken (40 cards)"),
    "kunken-104": _l("Kunken (two packs and 4 jokers)"),
}

# The topics whose rule ids the page cites beside its verdicts and field hints.
_TOPICS: Final = ("take", "force", "close", "out", "lay_off", "hand_melds", "discard", "count",
                  "deck", "jokers", "melds", "score")


def profile_name(profile: RuleProfile | str) -> str:
    key = profile if isinstance(profile, str) else profile.id
    return str(PROFILE_NAMES.get(key, key))


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
    }


def profiles_table() -> dict[str, dict[str, Any]]:
    """Every profile's :func:`profile_info`, for static/js/analyzer.js."""
    return {pid: profile_info(p) for pid, p in PROFILES.items()}
