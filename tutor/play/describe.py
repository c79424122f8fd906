"""Plain sentences for the play pages: what a move did, and what the learner faces now.

Cards are named in words ("six of hearts") so that the log reads the same on screen and
in a screen reader; every sentence goes through gettext. A card that is the object of a verb
in the English sentence ("You discarded the %(card)s.") is named in its object form
(``as_object``: Russian "двойку червей"); one after a preposition ("with the %(cards)s")
keeps the plain form, which translations put after a noun ("с картами …").
"""

from __future__ import annotations

from typing import Any

from flask_babel import pgettext

from solver.cards import Card, CardMask, card_str, cards_of
from solver.claims.play import prompt_claims
from solver.game.conquian.actions import Action
from solver.game.conquian.view import Observation
from solver.messages import N_
from tutor.core.cards import card_object, card_phrase
from tutor.play.speech import Translate, locale, ngettext, translator
from tutor.play.speech import gettext as _

__all__ = ["Translate", "translator"]  # the play pages' gettext, as other modules import it

_NAMES: dict[tuple[str, bool, Card], str] = {}
"""Spoken card names by language and form: 80 per language, worked out once per process."""


def name(card: Card | None, *, as_object: bool = False) -> str:
    """A card's name as a sentence uses it, in the page's language (with its article where
    the language needs one: see ``card_phrase``); ``as_object``: as a verb's object."""
    if card is None:
        return "?"
    key = (locale(), as_object, card)
    label = _NAMES.get(key)
    if label is None:
        label = _NAMES[key] = card_phrase(card_str(card), as_object=as_object)
    return label


def names(mask: CardMask, _: Translate = _) -> str:
    """Cards after a preposition ("with the %(cards)s"): the plain form."""
    labels = [name(c) for c in cards_of(mask)]
    if len(labels) <= 1:
        return "".join(labels)
    return _("%(first)s and %(last)s", first=", ".join(labels[:-1]), last=labels[-1])


def describe(action: Action, by_you: bool, _: Translate = _) -> str:
    """One log line for an action, from the learner's side of the table (``_`` may be a
    ``translator()`` for a whole log)."""
    card = name(action.card, as_object=True)
    kind = action.type
    if kind == "take":
        if action.hand_cards:
            took = (_("You took the %(card)s with the %(cards)s from your hand",
                      card=card, cards=names(action.hand_cards, _)) if by_you else
                    _("The computer took the %(card)s with the %(cards)s from its hand",
                      card=card, cards=names(action.hand_cards, _)))
        else:
            took = (_("You took the %(card)s onto your melds", card=card) if by_you else
                    _("The computer took the %(card)s onto its melds", card=card))
        if action.discard is None:
            return (_("%(took)s and won the hand with 11 cards down (R10).", took=took))
        return _("%(took)s, and discarded the %(discard)s.", took=took,
                 discard=name(action.discard, as_object=True))
    if kind in _STEPS:
        yours, theirs = _STEPS[kind]
        return _(yours if by_you else theirs, card=card)
    return _("You did not force it.") if by_you else _("The computer did not force it.")


_STEPS: dict[str, tuple[str, str]] = {
    # the step: (told to the learner who made it, told of the computer)
    "turn": (N_("You turned the %(card)s from the stock."),
             N_("The computer turned the %(card)s from the stock.")),
    "pass": (N_("You passed the %(card)s."), N_("The computer passed the %(card)s to you.")),
    "decline": (N_("You declined the %(card)s."), N_("The computer declined the %(card)s.")),
    "force": (N_("You forced the %(card)s on the computer (R9)."),
              N_("The computer forced the %(card)s on you (R9).")),
}


def common_prompt(obs: Observation, last: Action | None, _: Translate = _) -> str | None:
    """The prompt at every coaching level when no center card waits (the hand over, the
    computer's move, a card to turn); ``None`` otherwise."""
    if obs.over:
        return ""
    if not obs.to_act:
        return _("The computer is thinking.")
    if obs.phase == "turn":
        if last is None:
            return _("You open the hand: turn the top card of the stock (R6).")
        return _("Turn the top card of the stock (R7).")
    return None


def prompt(observation: Observation, last: Action | None, last_by_you: bool,
           _: Translate = _) -> str:
    """What the learner faces now, and what they may do (R6-R11)."""
    obs = observation
    center = name(obs.center, as_object=True)
    common = common_prompt(obs, last, _)
    if common is not None:
        return common
    # The verdicts come from claims the tests check at every decision (solver.claims.play).
    stated = prompt_claims(obs)
    verdicts = {claim.key for claim in stated[0]} if stated is not None else set()
    if obs.phase == "turned":
        if "can_take" in verdicts:
            return _("You turned the %(card)s. Take it, or pass it to the computer (R7).",
                     card=center)
        return _("You turned the %(card)s. It fits no meld with your cards, so pass it (R7, R8).",
                 card=center)
    if obs.phase == "force":
        return _("The computer declined the %(card)s, but it fits their exposed melds with no "
                 "card from hand. Force them to take it? (R9)", card=center)
    if obs.phase == "forced":
        return _("The computer forced the %(card)s on you: you must take it (R9).", card=center)
    # respond: a card left by the computer
    passed = last is not None and last.type == "pass" and not last_by_you
    if "they_fit_now" in verdicts:
        text = _("The computer passed the %(card)s, which fits their exposed melds with no card "
                 "from hand: you may force them to take it (R9).", card=center)
        if "can_take" in verdicts:
            return text + " " + _("Or take it yourself, or decline it.")
        return text + " " + _("Or decline it.")
    if passed:
        lead = _("The computer passed the %(card)s.", card=center)
    else:
        lead = _("The computer discarded the %(card)s.", card=center)
    if "can_take" in verdicts:
        return lead + " " + _("Take it or decline it (R7).")
    return lead + " " + _("It fits no meld with your cards: decline it (R7, R8).")


def result_text(winner: int | None, human: int, _: Translate = _) -> str:
    if winner is None:
        return _("The hand is a draw: the stock ran out (R11).")
    if winner == human:
        return _("You won the hand!")
    return _("The computer won the hand.")


def advise(action: Action) -> str:
    """An action as advice, in the imperative ("Take the six of hearts with ...")."""
    card = name(action.card, as_object=True)
    if action.type == "take":
        if action.hand_cards:
            took = _("Take the %(card)s with the %(cards)s from your hand",
                     card=card, cards=names(action.hand_cards))
        else:
            took = _("Take the %(card)s onto your melds", card=card)
        if action.discard is None:
            return _("%(took)s and win the hand (R10).", took=took)
        return _("%(took)s, and discard the %(discard)s.", took=took,
                 discard=name(action.discard, as_object=True))
    if action.type == "turn":
        return _("Turn the top card of the stock.")
    if action.type == "pass":
        return _("Pass the %(card)s.", card=card)
    if action.type == "decline":
        return _("Decline the %(card)s.", card=card)
    if action.type == "force":
        return _("Force the %(card)s on the computer (R9).", card=card)
    return _("Do not force it.")


# --- the log of every profile, in the first and second person ------------------------------


_PHRASES: dict[tuple[str, bool, str], str] = {}
"""Card phrases of record codes by language and form, as ``_NAMES``."""


def phrase(code: str, *, as_object: bool = False) -> str:
    """A card of a record action in words; a joker standing for a card says so;
    ``as_object``: as a verb's object (see the module's docstring)."""
    key = (locale(), as_object, code)
    found = _PHRASES.get(key)
    if found is None:
        found = _PHRASES[key] = _phrase(code, as_object)
    return found


def _phrase(code: str, as_object: bool) -> str:
    if code.startswith("*") and len(code) > 1:
        if as_object:
            return pgettext("card as the object of a verb", "joker as the %(card)s",
                            card=card_object(code[1:]))
        return _("joker as the %(card)s", card=card_phrase(code[1:]))
    return card_phrase(code, as_object=as_object)


def phrases(codes: list[str], *, as_object: bool = False) -> str:
    labels = [phrase(c, as_object=as_object) for c in codes]
    if len(labels) <= 1:
        return "".join(labels)
    return _("%(first)s and %(last)s", first=", ".join(labels[:-1]), last=labels[-1])


def _told(kind: str, action: dict[str, Any], you: bool) -> tuple[str, dict[str, object]]:
    """The log sentence of an action as a template for "you" or "%(who)s" and its
    parameters."""
    # Every card of these sentences is a verb's object, but the cards "with" a take and of a
    # meld taken back, which follow a preposition.
    card = phrase(str(action.get("card")), as_object=True) if action.get("card") else ""
    cards = phrases(list(action.get("cards") or []), as_object=True)
    if kind == "turn":
        return (N_("You turned the top card of the stock.") if you else
                N_("%(who)s turned the top card of the stock.")), {}
    if kind == "draw" or (kind == "take" and action.get("from") == "stock"):
        if action.get("from") == "upcard" and card:
            return (N_("You took the %(card)s from the discards.") if you else
                    N_("%(who)s took the %(card)s from the discards.")), {"card": card}
        if card and you:
            return N_("You drew the %(card)s from the stock."), {"card": card}
        return (N_("You drew from the stock.") if you else
                N_("%(who)s drew from the stock.")), {}
    if kind == "take":
        if not card:
            return (N_("You took the face-up card.") if you else
                    N_("%(who)s took the face-up card.")), {}
        hand = list(action.get("hand_cards") or [])
        params: dict[str, object] = {"card": card, "cards": phrases(hand)}
        if "melds" not in action:
            return (N_("You took the %(card)s.") if you else N_("%(who)s took the %(card)s.")
                    ), params
        discard = action.get("discard")
        if discard:
            params["discard"] = phrase(str(discard), as_object=True)
        if action.get("lay_off"):
            template = ((N_("You took the %(card)s and laid it off, and discarded the "
                            "%(discard)s.") if you else
                         N_("%(who)s took the %(card)s and laid it off, and discarded the "
                            "%(discard)s.")) if discard else
                        (N_("You took the %(card)s, laid it off and won the hand.") if you else
                         N_("%(who)s took the %(card)s, laid it off and won the hand.")))
            return template, params
        if hand:
            template = ((N_("You took the %(card)s with the %(cards)s, and discarded the "
                            "%(discard)s.") if you else
                         N_("%(who)s took the %(card)s with the %(cards)s, and discarded the "
                            "%(discard)s.")) if discard else
                        (N_("You took the %(card)s with the %(cards)s and won the hand.")
                         if you else
                         N_("%(who)s took the %(card)s with the %(cards)s and won the hand.")))
            return template, params
        template = ((N_("You took the %(card)s onto your melds, and discarded the %(discard)s.")
                     if you else
                     N_("%(who)s took the %(card)s onto their melds, and discarded the "
                        "%(discard)s.")) if discard else
                    (N_("You took the %(card)s onto your melds and won the hand.") if you else
                     N_("%(who)s took the %(card)s onto their melds and won the hand.")))
        return template, params
    simple = {
        "discard": (N_("You discarded the %(card)s."), N_("%(who)s discarded the %(card)s.")),
        "decline": (N_("You declined the %(card)s."), N_("%(who)s declined the %(card)s.")),
        "force": (N_("You forced the %(card)s on the computer."),
                  N_("%(who)s forced the %(card)s on you.")),
        "no_force": (N_("You did not force it."), N_("%(who)s did not force it.")),
        "meld": (N_("You laid down the %(cards)s."), N_("%(who)s laid down the %(cards)s.")),
        "challenge": (N_("You challenged."), N_("%(who)s challenged.")),
        "accept": (N_("You accepted the challenge."), N_("%(who)s accepted the challenge.")),
        "refuse": (N_("You refused the challenge."), N_("%(who)s refused the challenge.")),
        "swap": (N_("You swapped the %(card)s for a joker on the table."),
                 N_("%(who)s swapped the %(card)s for a joker on the table.")),
        "take_back": (N_("You took back a meld."), N_("%(who)s took back a meld.")),
    }
    if kind == "take_back" and cards:  # named by the review, which knows the table then
        return (N_("You took back your meld of the %(cards)s.") if you else
                N_("%(who)s took back their meld of the %(cards)s.")), {
                    "cards": phrases(list(action.get("cards") or []))}
    if kind == "pass":
        if card:
            return (N_("You passed the %(card)s.") if you else
                    N_("%(who)s passed the %(card)s.")), {"card": card}
        return (N_("You passed: out of this deal.") if you else
                N_("%(who)s passed: out of this deal.")), {}
    if kind in ("add", "lay_off"):
        owner, actor = action.get("owner"), action.get("_actor")
        if owner is not None and owner == actor:
            return (N_("You added the %(cards)s to your meld.") if you else
                    N_("%(who)s added the %(cards)s to their meld.")), {"cards": cards}
        if owner == 0:
            return N_("%(who)s laid off the %(cards)s on your meld."), {"cards": cards}
        return (N_("You laid off the %(cards)s.") if you else
                N_("%(who)s laid off the %(cards)s.")), {"cards": cards}
    if kind == "play" and not action.get("chips"):
        return (N_("You played on.") if you else N_("%(who)s played on.")), {}
    if kind == "close":
        melds = action.get("melds") or []
        shown = "; ".join(phrases(list(m)) for m in melds)
        params = {"melds": shown, "discard": phrase(str(action.get("discard")), as_object=True)}
        return (N_("You closed with %(melds)s, and discarded the %(discard)s.") if you else
                N_("%(who)s closed with %(melds)s, and discarded the %(discard)s.")), params
    if kind in simple:
        return simple[kind][0 if you else 1], {"card": card, "cards": cards}
    return "%(who)s: " + kind, {}


def _paid(kind: str, you: bool, who: str, chips: int) -> str:
    """What a bet pays now (I7), in the plural form the language gives ``chips``.  Each
    sentence is one plural message (``ngettext``) so that the extractor keeps its forms
    together: two separate messages found no translation (issue 29, Italian tables)."""
    if kind == "play":
        return (ngettext("You played on, paying %(num)s chip.",
                         "You played on, paying %(num)s chips.", chips) if you else
                ngettext("%(who)s played on, paying %(num)s chip.",
                         "%(who)s played on, paying %(num)s chips.", chips, who=who))
    if kind == "raise":
        return (ngettext("You raised, paying %(num)s chip.",
                         "You raised, paying %(num)s chips.", chips) if you else
                ngettext("%(who)s raised, paying %(num)s chip.",
                         "%(who)s raised, paying %(num)s chips.", chips, who=who))
    return (ngettext("You called, paying %(num)s chip.",
                     "You called, paying %(num)s chips.", chips) if you else
            ngettext("%(who)s called, paying %(num)s chip.",
                     "%(who)s called, paying %(num)s chips.", chips, who=who))


def opens(history: list[tuple[int, Any]], step: int, seat: int) -> bool:
    """Whether step ``step`` of ``history`` (by ``seat``) follows that seat's own ``turn``
    of the opening card (K6): a discard then lays that card face up to start the pile.
    Melds of hand cards (K8) and joker swaps (K5) may come between while the card waits."""
    while step > 0 and history[step - 1][0] == seat:
        kind = history[step - 1][1].type
        if kind != "meld" and kind != "swap":
            return bool(kind == "turn")
        step -= 1
    return False


def tell(action: dict[str, Any], actor: int, who: str, _: Translate = _, *,
         opening: bool = False) -> str:
    """One log line for any profile's action (record form, as the observer shows it), in
    the second person for the learner ("You took …") and the third for the others
    ("Computer 1 drew from the stock."); ``opening``: see :func:`opens`."""
    if opening and action.get("type") == "discard":
        return _(N_("You laid the %(card)s face up: it starts the discard pile.") if actor == 0
                 else N_("%(who)s laid the %(card)s face up: it starts the discard pile."),
                 who=who, card=phrase(str(action.get("card")), as_object=True))
    chips = action.get("chips")
    if action.get("type") in ("play", "raise", "call") and isinstance(chips, int) and chips:
        return _paid(str(action["type"]), actor == 0, who, chips)
    template, params = _told(str(action.get("type")), {**action, "_actor": actor},
                             actor == 0)
    return _(template, who=who, **params)
