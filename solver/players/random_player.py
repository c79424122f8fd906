"""``random``: a uniformly random legal action, of any game (it only asks the observation
for its ``legal_actions``)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol, TypeVar

A = TypeVar("A")
A_co = TypeVar("A_co", covariant=True)


class _Legal(Protocol[A_co]):
    def legal_actions(self) -> Sequence[A_co]: ...


class RandomPlayer:
    name = "random"

    def choose(self, observation: _Legal[A], rng: random.Random) -> A:
        return rng.choice(observation.legal_actions())
