"""The Kunken engine and the Kunken analysis agree on which discards can be taken (issue
27 item 4): on positions met in random play, the top discard is usable for the analysis
exactly when the engine lets the player take it, after taking back some of their own
melds first (K9: the analysis may rearrange them) — joker swaps within the take (K5) and
melds of hand cards laid while the taken card waits (K8, K10) included on both sides.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import combinations
from typing import Any

import pytest

from solver.game.deal import deal_from_seed
from solver.game.kunken import KAction, KunkenState, kind_of, observe_kunken
from solver.game.match import hand_seed
from solver.game.registry import GAMES, game_rules, players_of
from solver.position import Position
from solver.rules import RuleProfile, get_profile
from solver.search import analyze

PROFILES = [get_profile(pid) for pid, game in GAMES.items() if game.observe is observe_kunken]
"""Every profile of the registry that the Kunken engine plays."""
HANDS = 25
"""Hands of random-against-greedy play per profile (some 500 to 900 positions each)."""


def _position(state: KunkenState) -> dict[str, Any]:
    """The player to act's position, as the play page builds it from their view."""
    view = observe_kunken(state, state.to_play).to_dict()

    def laid(melds: list[dict[str, Any]]) -> list[dict[str, Any]]:
        # The view names a laid-off joker by what it stands for ("*5H"), as positions do.
        return [{"meld": i, "cards": m["laid_off"]} for i, m in enumerate(melds)
                if m["laid_off"]]

    position: dict[str, Any] = {
        "rules": state.rules.id, "hand": view["hand"],
        "melds": [m["cards"] for m in view["melds"]],
        "opponent_melds": [m["cards"] for m in view["opponent_melds"]],
        "center": view["center"], "center_from": "opponent", "stock": view["stock_count"]}
    if laid(view["opponent_melds"]):
        position["laid_off"] = laid(view["opponent_melds"])
    if laid(view["melds"]):
        position["opponent_laid_off"] = laid(view["melds"])
    return position


def _takeable(state: KunkenState) -> bool:
    """Whether the top discard can be taken now or after taking back own melds (K9)."""
    top = KAction("take", kind_of(state.pile[-1]))
    backs = [a for a in state.legal_actions() if a.type == "take_back"]
    for size in range(len(backs) + 1):
        for chosen in combinations(backs, size):
            trial = state.clone()
            # Highest index first, so the indexes of the others stay put.
            for back in sorted(chosen, key=lambda a: -(a.meld or 0)):
                trial.apply_action(back)
            if top in trial.legal_actions():
                return True
    return False


def _draw_states(profile: RuleProfile, hands: int) -> Iterator[KunkenState]:
    known = players_of(profile)
    for i in range(hands):
        state = game_rules(profile).new_hand(deal_from_seed(hand_seed(2027, i), i % 2,
                                                            profile), ())
        rng = random.Random(i)
        players = [known["random"](), known["greedy"]()]
        while not state.is_terminal():
            if state.phase == "draw" and state.pile:
                yield state.clone()
            player = state.current_player()
            state.apply_action(players[player].choose(observe_kunken(state, player), rng))


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.id)
def test_a_discard_is_takeable_in_the_engine_exactly_when_the_analysis_finds_a_use(
        profile: RuleProfile) -> None:
    checked = takeable = 0
    disagree = []
    for state in _draw_states(profile, HANDS):
        position = _position(state)
        engine = _takeable(state)
        usable = analyze(Position.from_dict(position)).usable
        if engine != usable:
            disagree.append((position, engine, usable))
        checked += 1
        takeable += engine
    assert not disagree, disagree
    assert checked > 300 and takeable > 50
