"""Explanations: plain sentences citing rule ids, for every kind of verdict."""

from __future__ import annotations

import random
import re
import string

import pytest

from solver import search
from solver.explain import explain, explain_dict, explain_play
from solver.messages import MESSAGES
from solver.sampling import random_position
from tests.solver.helpers import pos


def text_of(position_args: dict[str, object]) -> str:
    analysis = search.analyze(pos(**position_args))  # type: ignore[arg-type]
    parts = [s.render() for s in explain(analysis)]
    for play in analysis.plays:
        parts += [s.render() for s in explain_play(analysis, play)]
    return " ".join(parts)


@pytest.mark.parametrize(
    ("args", "fragments"),
    [
        (
            {"hand": ["4H", "5H", "QS", "AC", "2D", "3S", "KD", "JC", "6S", "7D"], "center": "7H"},
            ["cannot take 7♥", "if you held 6♥", "wait", "Decline it", "(R7)"],
        ),
        (
            {
                "hand": ["KS", "QD", "JC"],
                "center": "6H",
                "center_from": "stock",
                "melds": [["5S", "5H", "5D", "5C"], ["2H", "3H", "4H"]],
            },
            ["if you pass it", "force", "(R9)", "after rearranging", "rearranges your melds (R5)"],
        ),
        (
            {
                "hand": ["4H", "5H"],
                "center": "6H",
                "melds": [["AS", "2S", "3S", "4S"], ["KH", "KD", "KC", "KS"]],
            },
            ["wins the hand", "(R10)", "cannot force it"],
        ),
        (
            {
                "hand": ["4H", "5H", "QS"],
                "center": "6H",
                "melds": [["AS", "2S", "3S", "4S"], ["KH", "KD", "KC"]],
            },
            ["10 down is not a win", "(R10)"],
        ),
        (
            {
                "hand": [],
                "center": "6S",
                "melds": [["AS", "2S", "3S", "4S", "5S"], ["3D", "4D", "5D", "6D", "7D"]],
            },
            ["hand is empty", "hand you the win"],
        ),
        (
            {
                "hand": ["KS", "QD", "JC", "2C"],
                "center": "5C",
                "stock": 0,
                "melds": [["3S", "4S", "5S"], ["5H", "6H", "7H"]],
            },
            ["tied up in your melds", "draw (R11)"],
        ),
    ],
)
def test_explanations_say_why(args: dict[str, object], fragments: list[str]) -> None:
    text = text_of(args)
    for fragment in fragments:
        assert fragment in text, (fragment, text)


def test_every_template_renders_and_most_cite_a_rule() -> None:
    fields = {
        name for t in MESSAGES.values() for _, name, _, _ in string.Formatter().parse(t) if name
    }
    values = {name: "X" for name in fields}
    for key, template in MESSAGES.items():
        assert template.format(**values), key
    cited = [t for t in MESSAGES.values() if re.search(r"\(R\d+", t)]
    assert len(cited) >= len(MESSAGES) - 3


def test_translation_hook_is_applied() -> None:
    analysis = search.analyze(
        pos(["4H", "5H", "QS", "AC", "2D", "3S", "KD", "JC", "6S", "7D"], "6H")
    )
    marked = explain_dict(analysis, lambda template: "«" + template + "»")
    assert marked["explanation"][0] == "«You can take 6♥ now (R8).»"


def test_random_positions_always_explain() -> None:
    rng = random.Random(7)
    for _ in range(300):
        analysis = search.analyze(random_position(rng))
        data = explain_dict(analysis)
        assert data["explanation"]
        assert len(data["plays_explained"]) == len(analysis.plays)
