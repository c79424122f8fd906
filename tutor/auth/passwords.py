"""The password policy: long enough, and not easy to guess, with a refusal that says why.

zxcvbn (Dropbox's estimator, maintained on PyPI) scores a password against its lists of
common passwords, words and names, keyboard patterns, repeats, sequences and dates, and the
account's own details.  The site asks for a score of at least 3 (about 10^8 guesses), and
one more thing zxcvbn does not: digits or symbols stuck on either end of something it knows
(``ilovecats1``, ``Summer2024!``) are what cracking tools try first, so the rest must reach
the score by itself.  Two or more unrelated words pass (``wombat lantern``).

zxcvbn explains its verdict in English, from a fixed set of sentences: each is a msgid
here, so a Portuguese or Spanish page shows it translated (and never one it does not know).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Final

from flask_babel import get_locale
from flask_babel import gettext as _
from zxcvbn import zxcvbn

from solver.messages import N_

MIN_LENGTH: Final = 8
MAX_LENGTH: Final = 200
MIN_SCORE: Final = 3
# zxcvbn's time grows with the length; its verdict on the first 64 characters stands for the
# whole (a longer password only gets stronger).
_CHECKED: Final = 64
_SITE_WORDS: Final = ("conquian", "conquian tutor", "teacher")
# Up to five digits, symbols or spaces at an end: "1", "123", "2024!", "!!".
_ENDS: Final = re.compile(r"^([\W\d_]{0,5})(.*?)([\W\d_]{0,5})$", re.DOTALL)

ZXCVBN_SENTENCES: Final = frozenset({
    N_("Use a few words, avoid common phrases."),
    N_("No need for symbols, digits, or uppercase letters."),
    N_("Add another word or two. Uncommon words are better."),
    N_("Straight rows of keys are easy to guess."),
    N_("Short keyboard patterns are easy to guess."),
    N_("Use a longer keyboard pattern with more turns."),
    N_('Repeats like "aaa" are easy to guess.'),
    N_('Repeats like "abcabcabc" are only slightly harder to guess than "abc".'),
    N_("Avoid repeated words and characters."),
    N_('Sequences like "abc" or "6543" are easy to guess.'),
    N_("Avoid sequences."),
    N_("Recent years are easy to guess."),
    N_("Avoid recent years."),
    N_("Avoid years that are associated with you."),
    N_("Dates are often easy to guess."),
    N_("Avoid dates and years that are associated with you."),
    N_("This is a top-10 common password."),
    N_("This is a top-100 common password."),
    N_("This is a very common password."),
    N_("This is similar to a commonly used password."),
    N_("A word by itself is easy to guess."),
    N_("Names and surnames by themselves are easy to guess."),
    N_("Common names and surnames are easy to guess."),
    N_("Capitalization doesn't help very much."),
    N_("All-uppercase is almost as easy to guess as all-lowercase."),
    N_("Reversed words aren't much harder to guess."),
    N_("Predictable substitutions like '@' instead of 'a' don't help very much."),
})
"""Every sentence zxcvbn's feedback can give (zxcvbn/feedback.py; a test reads it)."""


@dataclass(frozen=True)
class Verdict:
    """What zxcvbn made of a password, and which of the site's rules it fails."""

    weak: bool
    warning: str = ""
    suggestions: tuple[str, ...] = ()
    padded: bool = False  # weak only because of what is left without its ends
    personal: bool = False  # built on the account's own name or address


def _estimate(password: str, inputs: list[str]) -> dict[str, Any]:
    result: dict[str, Any] = zxcvbn(password[:_CHECKED], user_inputs=inputs)
    return result


def _known_throughout(result: dict[str, Any]) -> bool:
    """Every part is a word, name, pattern or date zxcvbn knows (none guessed blindly)."""
    return all(match["pattern"] != "bruteforce" for match in result["sequence"])


def _verdict(result: dict[str, Any], padded: bool) -> Verdict:
    feedback = result["feedback"]
    return Verdict(weak=True, warning=str(feedback["warning"] or ""),
                   suggestions=tuple(str(s) for s in feedback["suggestions"]), padded=padded,
                   personal=any(match.get("dictionary_name") == "user_inputs"
                                for match in result["sequence"]))


def assess(password: str, user_inputs: Iterable[str] = ()) -> Verdict:
    inputs = [s for s in user_inputs if s] + list(_SITE_WORDS)
    result = _estimate(password, inputs)
    if int(result["score"]) < MIN_SCORE:
        return _verdict(result, padded=False)
    ends = _ENDS.match(password[:_CHECKED])
    core = ends.group(2) if ends else password
    if core != password and len(core) >= 3:
        inner = _estimate(core, inputs)
        if int(inner["score"]) < MIN_SCORE and _known_throughout(inner):
            return _verdict(inner, padded=True)
    return Verdict(weak=False)


def is_guessable(password: str, user_inputs: Iterable[str] = ()) -> bool:
    """Whether ``password`` is too common or too simple to be accepted."""
    return assess(password, user_inputs).weak


def _in_page_language(sentence: str) -> str | None:
    """zxcvbn's sentence translated; an unknown one only on an English page."""
    if sentence in ZXCVBN_SENTENCES:
        return _(sentence)
    return sentence if str(get_locale() or "en").startswith("en") else None


def explanation(verdict: Verdict) -> str:
    """Why a weak password is refused and what would do, in the page's language."""
    parts = [_("This password is too easy to guess.")]
    if verdict.personal:
        parts.append(_("It is built on your name or email address."))
    if verdict.padded:
        parts.append(_("Digits or symbols added at the start or end help little: "
                       "password-cracking tools try them first."))
    advice = [text for text in (_in_page_language(s) for s in
                                (verdict.warning, *verdict.suggestions) if s) if text]
    parts.extend(advice)
    if not advice:
        parts.append(_("A few unrelated words make a strong one."))
    return " ".join(parts)


def problem(password: str, user_inputs: Iterable[str] = ()) -> str | None:
    """The refusal of a weak password in the page's language, or ``None`` if it will do."""
    verdict = assess(password, user_inputs)
    return explanation(verdict) if verdict.weak else None
