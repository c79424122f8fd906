"""The play page's plain forms, turned into actions in the record format.

A take is chosen in two steps that work without JavaScript: pick the hand cards to lay
with the center card (one of the listed plays, or ticked in the hand), then pick the
discard.  The arrangement of the melds is the solver's for that set of cards (R5, R8).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from flask_babel import gettext as _

from solver.analysis import Play
from solver.cards import card_str, cards_of, mask_of, parse_card
from solver.errors import ConquianError
from solver.game.observation import Observation
from solver.melds import meld_cards
from tutor.core.errors import error_text
from tutor.play.describe import name, names
from tutor.play.games import NEXT_HAND, PlayError

SIMPLE_TYPES = ("turn", "pass", "decline", "force", "no_force", NEXT_HAND)


@dataclass
class TakeChoice:
    """The hand cards picked to lay with the center card, and what they make."""

    hand_cards: list[str]
    play: Play | None = None
    error: str | None = None
    melds: list[list[str]] = field(default_factory=list)
    discards: list[str] = field(default_factory=list)

    @property
    def melds_json(self) -> list[list[str]]:
        return self.melds


def _parse_cards(values: list[str]) -> list[int]:
    cards: list[int] = []
    for value in values:
        for part in value.replace(",", " ").split():
            try:
                card = parse_card(part)
            except ConquianError as exc:
                raise PlayError(exc.text) from None
            if card not in cards:
                cards.append(card)
    return cards


def parse_take(obs: Observation, values: list[str], listed: bool = True) -> TakeChoice:
    """Check a choice of hand cards against the analysis of the center card; ``listed``:
    the page lists the legal takes (full coaching), so an error may point to them."""
    try:
        cards = _parse_cards(values)
    except PlayError as exc:
        return TakeChoice([], error=error_text(exc))
    mask = mask_of(cards)
    choice = TakeChoice([card_str(c) for c in cards_of(mask)])
    if obs.analysis is None or obs.center is None:
        choice.error = _("There is no card you can take now.")
        return choice
    stray = mask & ~obs.hand
    if stray:
        choice.error = _("Not in your hand: %(cards)s.", cards=names(stray))
        return choice
    play = obs.analysis.play_for(mask)
    if play is None:
        if mask and listed:
            choice.error = _(
                "The %(cards)s cannot all go down with the %(center)s: no arrangement makes "
                "every card part of a valid set or run (R4, R8). Pick one of the plays listed.",
                cards=names(mask), center=name(obs.center))
        elif mask:
            choice.error = _(
                "The %(cards)s cannot all go down with the %(center)s: no arrangement makes "
                "every card part of a valid set or run (R4, R8).",
                cards=names(mask), center=name(obs.center))
        else:
            choice.error = _(
                "The %(center)s does not fit your melds on its own: pick cards from your hand "
                "to lay with it (R8).", center=name(obs.center))
        return choice
    choice.play = play
    choice.melds = [[card_str(c) for c in meld_cards(m)] for m in play.melds]
    if not play.wins:
        choice.discards = [card_str(c) for c in cards_of(obs.hand & ~mask)]
    return choice


def form_action(obs: Observation, form: Mapping[str, Any], listed: bool = True) -> dict[str, Any]:
    """The action a submitted form asks for, in the record format (checked by the engine)."""
    kind = form.get("type", "")
    card = form.get("card") or None
    if kind in SIMPLE_TYPES:
        return {"type": kind} if kind in ("turn", "no_force", NEXT_HAND) else {
            "type": kind, "card": card}
    if kind != "take":
        raise PlayError(_("Unknown action: choose one of the buttons on the page."))
    if card is None or obs.center is None or card != card_str(obs.center):
        raise PlayError(_("The center card has changed: here is the table as it is now."))
    values = form.getlist("hand_cards") if hasattr(form, "getlist") else [
        form.get("hand_cards", "")]
    choice = parse_take(obs, values, listed)
    if choice.error is not None or choice.play is None:
        raise PlayError(choice.error or _("Choose the cards to lay down."))
    discard = form.get("discard") or None
    if discard is not None:
        try:
            discard = card_str(parse_card(discard))
        except ConquianError as exc:
            raise PlayError(exc.text) from None
    if choice.play.wins:
        discard = None
    elif discard is None:
        raise PlayError(_("Choose the card to discard after taking (R8)."))
    elif discard not in choice.discards:
        raise PlayError(_("The %(card)s is not a card you keep in hand after this take: "
                          "choose your discard from the cards left in your hand (R8).",
                          card=name(parse_card(discard))))
    return {"type": "take", "card": card, "hand_cards": choice.hand_cards,
            "melds": choice.melds, "discard": discard}

