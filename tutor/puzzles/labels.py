"""Translatable names of tasks and themes, and the question each task asks."""

from __future__ import annotations

from flask_babel import gettext
from flask_babel import lazy_gettext as _l

TASK_LABELS = {
    "can_use": _l("Can you take it?"),
    "can_force": _l("Can it be forced?"),
    "find_play": _l("Find the play"),
    "win": _l("Win the hand"),
    "discard": _l("Pick the discard"),
    "draw_upcard": _l("Upcard or stock?"),
    "close": _l("Can you close?"),
    # The site's own puzzle of a learner's graded mistake (solver.puzzles.best_move).
    "best_move": _l("Find the better move"),
}

THEME_LABELS = {
    "seven-jack": _l("7 and J are neighbours"),
    "no-wraparound": _l("No Q-K-A"),
    "long-run": _l("Long runs"),
    "sets": _l("Sets"),
    "take-with-hand": _l("Taking with hand cards"),
    "extend-meld": _l("Extending a meld"),
    "rearrange": _l("Rearranging melds"),
    "break-four": _l("Breaking a set of four"),
    "split-run": _l("Splitting a run"),
    "move-card": _l("Moving a card"),
    "forcing-yes": _l("Forcing: yes"),
    "forcing-no": _l("Forcing: no"),
    "forcing-after-rearranging": _l("Forcing after rearranging"),
    "cannot-keep": _l("No taking to wait"),
    "win-eleven": _l("Winning with 11"),
    "ten-down": _l("10 down is not a win"),
    "safe-discard": _l("Safe discards"),
    "end-of-stock": _l("End of the stock"),
    "draw": _l("The draw"),
    "lay-off": _l("Laying off"),
    "lay-off-center": _l("The center card onto their melds"),
    "forcing-lay-off": _l("Forcing a lay-off"),
    "joker-play": _l("Playing a joker"),
    "take-back": _l("Taking cards back"),
    "no-lay-off-yet": _l("No lay-off without a meld"),
    "upcard-better": _l("Drawing the upcard"),
    "stock-better": _l("Drawing from the stock"),
    "go-out": _l("Going out"),
    "close-now": _l("Closing now"),
    "close-double": _l("Closing for ×2"),
    "cannot-close": _l("Not closing yet"),
    "joker-swap": _l("Joker swap"),
    "upcard-meld": _l("The upcard melds"),
    "upcard-lay-off": _l("Laying off the upcard"),
    "hand-lay-off": _l("Laying off from the hand"),
    "close-call": _l("A close call"),
    "joker-close": _l("Closing with a joker"),
    "two-pack-meld": _l("Both copies of a card"),
    "best-stake": _l("Closing for the best stake"),
    "one-short": _l("One card short"),
}


def task_label(task: str) -> str:
    label = TASK_LABELS.get(task)
    return str(label) if label is not None else task


def theme_label(theme: str) -> str:
    label = THEME_LABELS.get(theme)
    return str(label) if label is not None else theme.replace("-", " ").capitalize()


def task_prompt(task: str, center: str) -> str:
    """The question of a task, about the center card (a glyph such as 6♥)."""
    if task == "can_use":
        return gettext("Can you take %(card)s now?", card=center)
    if task == "draw_upcard":
        return gettext("Should you draw the upcard %(card)s rather than a stock card?",
                       card=center)
    if task == "close":
        return gettext("Can you take %(card)s and close now?", card=center)
    if task == "can_force":
        return gettext(
            "If you decline or pass %(card)s, may your opponent force you to take it?", card=center
        )
    if task == "find_play":
        return gettext(
            "Select the cards from your hand to lay down with %(card)s, then take it.", card=center
        )
    if task == "win":
        return gettext(
            "Win the hand: select the cards to lay down with %(card)s — or say that no play wins.",
            card=center,
        )
    return gettext("You have taken %(card)s as shown. Which card do you discard?", card=center)
