"""What one Cooncan player may see: conquian-40's observation plus whose cards lie in
which meld (:func:`observe_cooncan`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from solver.cards import CardMask, card_str, cards_of
from solver.game.conquian.actions import Action
from solver.game.conquian.view import Observation, observation_fields
from solver.game.cooncan.state import COONCAN, CooncanAction, CooncanPlays, CooncanState, takes_of

# --- observation -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CooncanObservation(Observation):
    """conquian-40's observation plus the lay-offs: which cards on the table are whose."""

    laid: CardMask
    """Cards this player laid off onto the opponent's melds (counted as theirs, C9)."""
    opponent_laid: CardMask
    """Cards the opponent laid off onto this player's melds (those melds are frozen, C5)."""
    plays: CooncanPlays | None
    action_class: ClassVar[type[Action]] = CooncanAction

    @property
    def down_count(self) -> int:
        return (self.exposed & ~self.opponent_laid).bit_count() + self.laid.bit_count()

    def take_actions(self) -> list[Action]:
        if self.plays is None or "take" not in self.action_types or self.center is None:
            return []
        return takes_of(self.plays, self.center, self.hand)

    def shown_plays(self) -> Sequence[Any] | None:
        return None if self.plays is None else self.plays.plays

    def to_dict(self) -> dict[str, Any]:
        view = Observation.to_dict(self)
        view["ruleset"] = COONCAN.id
        view["laid_off"] = [card_str(c) for c in cards_of(self.laid)]
        view["opponent_laid_off"] = [card_str(c) for c in cards_of(self.opponent_laid)]
        view["down_count"] = self.down_count
        return view


def observe_cooncan(state: CooncanState, player: int) -> CooncanObservation:
    """What ``player`` may see: conquian-40's observation (their hand, every meld, counts,
    the waste they saw) plus who laid off which cards."""
    fields = observation_fields(state, player)
    plays = state.analysis() if fields["to_act"] and fields["facing"] else None
    return CooncanObservation(
        **fields,
        analysis=None,
        laid=state.laid[player],
        opponent_laid=state.laid[1 - player],
        plays=plays,
    )
