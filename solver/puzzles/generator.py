"""The puzzle generator: CP-SAT proposes, the exact search verifies.

For each proposal the generator fixes a center card and a *pattern* for the theme
(the meld the center card should make, the exposed meld it should break, ...), then
an OR-Tools CP-SAT model places the other cards: your hand, your exposed melds and
the opponent's, under the theme's constraints (the center card fits no other
meld, hand cards form no meld of their own, exactly one discard is safe, the whole
hand melds with the center card, ...) and a random objective drawn from the seed.
:func:`solver.search.analyze` then verifies the proposal: the theme's predicate must
hold and a task that must have one answer must have exactly one.  Each proposal,
kept or rejected, is excluded from the model by a no-good cut and the model is
solved again.  Everything is drawn from one ``random.Random(seed)`` and CP-SAT runs
on one worker with a deterministic time limit, so a seed always gives the same set.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Final

from ortools.sat.python import cp_model

from solver.analysis import Analysis
from solver.cards import (
    ACE,
    DECK_40,
    JACK,
    KING,
    NATURALS,
    QUEEN,
    SEVEN,
    CardMask,
    card_glyph,
    card_rank,
    card_suit,
    iter_cards,
    make_card,
)
from solver.cover import first_cover
from solver.melds import ALL_MELDS, MELDS_CONTAINING, is_run, is_set, is_valid_meld
from solver.position import Position
from solver.puzzles.difficulty import difficulty as difficulty_of
from solver.puzzles.discard import safe_discards
from solver.puzzles.hints import Sentence, explanation, hints, render
from solver.puzzles.model import Answer, Puzzle, PuzzleSet, Task
from solver.puzzles.tasks import solve_task
from solver.puzzles.themes import PROFILE_THEMES, THEMES, themes_of
from solver.search import analyze

MELDS3: Final = tuple(m for m in ALL_MELDS if m.bit_count() == 3)
MELDS3_WITH: Final = tuple(tuple(m for m in MELDS3 if m >> c & 1) for c in range(NATURALS))
TRIES_PER_MODEL: Final = 4
SOLVE_BUDGET: Final = 2.0  # CP-SAT deterministic time per solve (about a second of work)


@dataclass(frozen=True, slots=True)
class Pattern:
    """What one proposal must contain around the center card."""

    center: int
    hand: CardMask = 0  # cards that must be in your hand
    melds: tuple[CardMask, ...] = ()  # melds that must be among your exposed melds
    free: CardMask = 0  # cards that must stay out of your hand and melds (the missing one)
    allowed: CardMask = 0  # the meld the center card is meant to make (its sub-melds are fine)
    take: CardMask = 0  # the take of a discard puzzle


@dataclass(frozen=True, slots=True)
class Spec:
    theme: str
    task: Task
    patterns: Callable[[int], list[Pattern]]  # candidate patterns for a center card
    unique_center: bool = True  # the center card makes no meld but the pattern's
    no_hand_melds: bool = True  # your hand holds no meld of its own
    cover: str = ""  # "win": everything melds; "ten": all but one hand card melds
    safe_discard: bool = False  # exactly one card left after the take is safe
    stock: int | None = None  # a fixed stock size (0 for the end-of-stock themes)
    center_from: str | None = None
    min_exposed: int = 0
    accept: Callable[[Position, Analysis, Answer], bool] = field(default=lambda p, a, s: True)


# --- patterns -------------------------------------------------------------------------------

def _new_melds(center: int, keep: Callable[[CardMask], bool] = lambda m: True) -> list[Pattern]:
    return [
        Pattern(center, hand=m & ~(1 << center), allowed=m)
        for m in MELDS_CONTAINING[center]
        if m.bit_count() <= 4 and keep(m)
    ]


def _seven_jack(center: int) -> list[Pattern]:
    def keep(m: CardMask) -> bool:
        suit = card_suit(center)
        return (is_run(m) and bool(m >> make_card(SEVEN, suit) & 1)
                and bool(m >> make_card(JACK, suit) & 1))

    return _new_melds(center, keep)


def _wraparound(center: int) -> list[Pattern]:
    if card_rank(center) not in (ACE, QUEEN, KING):
        return []
    suit = card_suit(center)
    qka = sum(1 << make_card(r, suit) for r in (QUEEN, KING, ACE))
    return [Pattern(center, hand=qka & ~(1 << center))]


def _long_run(center: int) -> list[Pattern]:
    out = []
    for n in MELDS_CONTAINING[center]:
        if not is_run(n) or n.bit_count() < 6:
            continue
        rest = n & ~(1 << center)
        out.append(Pattern(center, hand=rest, allowed=n))
        for o in ALL_MELDS:
            if is_run(o) and o & rest == o and rest & ~o:
                out.append(Pattern(center, hand=rest & ~o, melds=(o,), allowed=n))
    return out


def _extend(center: int) -> list[Pattern]:
    out = []
    for n in MELDS_CONTAINING[center]:
        if not is_run(n) or n.bit_count() > 6:
            continue
        for o in ALL_MELDS:
            extra = n & ~o & ~(1 << center)
            if o & n == o and not o >> center & 1 and extra and not is_valid_meld(o | 1 << center):
                out.append(Pattern(center, hand=extra, melds=(o,), allowed=n))
    return out


def _rearrangements(center: int, kind: str = "") -> list[Pattern]:
    """An exposed meld gives cards to the center card's new meld and stays valid."""
    out = []
    for n in MELDS_CONTAINING[center]:
        if n.bit_count() > 4:
            continue
        for o in ALL_MELDS:
            common = o & n
            if not common or o >> center & 1 or common == o:
                continue
            rest = o & ~n
            pieces = first_cover(rest)
            if pieces is None:
                continue
            if is_set(o):
                found = "break-four"
            elif len(pieces) >= 2 and all(is_run(p) for p in pieces):
                found = "split-run"
            else:
                found = "move-card"
            if kind and found != kind:
                continue
            out.append(Pattern(center, hand=n & ~o & ~(1 << center), melds=(o,), allowed=n))
    return out


def _forcing_yes(center: int) -> list[Pattern]:
    return [
        Pattern(center, melds=(o,), allowed=o | 1 << center)
        for o in ALL_MELDS
        if not o >> center & 1 and is_valid_meld(o | 1 << center)
    ]


def _forcing_after(center: int) -> list[Pattern]:
    out = []
    for n in MELDS3_WITH[center]:
        a, b = (c for c in iter_cards(n) if c != center)
        for o1 in MELDS_CONTAINING[a]:
            if o1 >> center & 1 or is_valid_meld(o1 | 1 << center):
                continue
            options = [o1] if o1 >> b & 1 else [
                o2 for o2 in MELDS_CONTAINING[b]
                if not o2 & o1 and not o2 >> center & 1 and not is_valid_meld(o2 | 1 << center)
            ]
            for o2 in options:
                both = o1 | o2
                if first_cover(both & ~n) is None:
                    continue
                melds = (o1,) if o2 == o1 else (o1, o2)
                out.append(Pattern(center, melds=melds, allowed=n))
    return out


def _one_short(center: int) -> list[Pattern]:
    out = []
    for m in MELDS3_WITH[center]:
        for missing in iter_cards(m & ~(1 << center)):
            out.append(Pattern(center, hand=m & ~(1 << center) & ~(1 << missing),
                               free=1 << missing))
    return out


def _no_pattern(center: int) -> list[Pattern]:
    return [Pattern(center)]


def _stock_mix(center: int) -> list[Pattern]:
    return _one_short(center) + _new_melds(center)


def _take_for_discard(center: int) -> list[Pattern]:
    return [
        Pattern(center, hand=m & ~(1 << center), allowed=m, take=m & ~(1 << center))
        for m in MELDS3_WITH[center]
    ]


SPECS: Final[dict[str, Spec]] = {
    s.theme: s
    for s in (
        Spec("seven-jack", "find_play", _seven_jack),
        Spec("no-wraparound", "can_use", _wraparound),
        Spec("long-run", "find_play", _long_run, unique_center=False),
        Spec("sets", "find_play", lambda c: _new_melds(c, is_set)),
        Spec("take-with-hand", "find_play", lambda c: _new_melds(c, lambda m: m.bit_count() == 3)),
        Spec("extend-meld", "find_play", _extend),
        Spec("rearrange", "find_play", _rearrangements),
        Spec("break-four", "find_play", lambda c: _rearrangements(c, "break-four")),
        Spec("split-run", "find_play", lambda c: _rearrangements(c, "split-run")),
        Spec("move-card", "find_play", lambda c: _rearrangements(c, "move-card")),
        Spec("forcing-yes", "can_force", _forcing_yes, unique_center=False),
        Spec("forcing-no", "can_force", lambda c: _new_melds(c, lambda m: m.bit_count() == 3),
             min_exposed=3),
        Spec("forcing-after-rearranging", "can_force", _forcing_after),
        Spec("cannot-keep", "can_use", _one_short),
        Spec("win-eleven", "win", _no_pattern, unique_center=False, no_hand_melds=False,
             cover="win", min_exposed=3),
        Spec("ten-down", "win", _no_pattern, unique_center=False, no_hand_melds=False,
             cover="ten", min_exposed=3),
        Spec("safe-discard", "discard", _take_for_discard, safe_discard=True, min_exposed=4),
        Spec("end-of-stock", "can_use", _stock_mix, stock=0),
        Spec("draw", "can_use", _one_short, stock=0, center_from="opponent"),
    )
}
assert set(SPECS) | set(PROFILE_THEMES) == set(THEMES)

_ONE_ANSWER: Final = ("find_play",)


# --- the CP-SAT model ------------------------------------------------------------------------

class _Model:
    """Places the cards around one pattern; each ``propose`` solves and cuts the solution."""

    def __init__(self, spec: Spec, pattern: Pattern, rng: random.Random):
        self.spec, self.pattern = spec, pattern
        c0 = pattern.center
        model = cp_model.CpModel()
        self.model = model
        cards = [c for c in DECK_40.cards if c != c0]
        self.h = {c: model.new_bool_var(f"h{c}") for c in cards}
        mine = [m for m in ALL_MELDS if not m >> c0 & 1 and m.bit_count() <= 8]
        self.x = {m: model.new_bool_var(f"x{m}") for m in mine}
        self.y = {m: model.new_bool_var(f"y{m}") for m in mine if m.bit_count() <= 5}
        h, x, y = self.h, self.x, self.y
        e = {c: sum(x[m] for m in MELDS_CONTAINING[c] if m in x) for c in cards}
        o = {c: sum(y[m] for m in MELDS_CONTAINING[c] if m in y) for c in cards}
        self.e = e
        for c in cards:
            model.add(h[c] + e[c] + o[c] <= 1)
        exposed = sum(m.bit_count() * v for m, v in x.items())
        model.add(sum(h.values()) + exposed == 10)
        model.add(exposed >= spec.min_exposed)
        model.add(sum(x.values()) <= 3)
        model.add(sum(y.values()) <= 3)
        model.add(sum(m.bit_count() * v for m, v in y.items()) <= 9)

        for c in iter_cards(pattern.hand):
            model.add(h[c] == 1)
        for m in pattern.melds:
            model.add(x[m] == 1)
        for c in iter_cards(pattern.free):
            model.add(h[c] + e[c] == 0)
        if spec.unique_center:
            # The center card makes no other meld of three with your cards.
            for m in MELDS3_WITH[c0]:
                if m & pattern.allowed != m:
                    model.add(sum(h[c] + e[c] for c in iter_cards(m & ~(1 << c0))) <= 1)
        if spec.no_hand_melds:
            for m in MELDS3:
                if not m >> c0 & 1:
                    model.add(sum(h[c] for c in iter_cards(m)) <= 2)
        if spec.cover:
            self._cover(c0, cards)
        if spec.safe_discard:
            self._one_safe(pattern, cards)

        weights = {v: rng.randint(-20, 20) for v in [*h.values(), *x.values(), *y.values()]}
        model.maximize(sum(w * v for v, w in weights.items()))
        self.solver = cp_model.CpSolver()
        self.solver.parameters.num_workers = 1
        self.solver.parameters.random_seed = rng.randrange(1 << 30)
        self.solver.parameters.max_deterministic_time = SOLVE_BUDGET

    def _cover(self, c0: int, cards: list[int]) -> None:
        """Your cards and the center card (all, or all but one hand card) split into melds."""
        model, h, e = self.model, self.h, self.e
        z = {m: model.new_bool_var(f"z{m}") for m in ALL_MELDS}
        left = {c: model.new_bool_var(f"l{c}") for c in cards} if self.spec.cover == "ten" else {}
        model.add(sum(z[m] for m in MELDS_CONTAINING[c0]) == 1)
        for c in cards:
            covered = sum(z[m] for m in MELDS_CONTAINING[c])
            if left:
                model.add(left[c] <= h[c])
                model.add(covered + left[c] == h[c] + e[c])
            else:
                model.add(covered == h[c] + e[c])
        if left:
            model.add(sum(left.values()) == 1)
        model.add(sum(h.values()) >= 2)
        # The take must really change something: not only a meld of exposed cards.
        model.add(sum(z[m] for m in ALL_MELDS) >= 2)

    def _one_safe(self, pattern: Pattern, cards: list[int]) -> None:
        """After the take, every card left but one fits the opponent's melds by itself."""
        model, h, y = self.model, self.h, self.y
        gifts = []
        for c in cards:
            if pattern.take >> c & 1:
                continue
            joins = [v for m, v in y.items() if not m >> c & 1 and is_valid_meld(m | 1 << c)]
            if not joins:
                continue
            g = model.new_bool_var(f"g{c}")
            model.add(g <= h[c])
            model.add(g <= sum(joins))
            gifts.append(g)
        model.add(sum(gifts) == sum(self.h.values()) - pattern.take.bit_count() - 1)

    def propose(self) -> tuple[CardMask, tuple[CardMask, ...], tuple[CardMask, ...]] | None:
        status = self.solver.solve(self.model)
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return None
        value = self.solver.boolean_value
        hand = sum(1 << c for c, v in self.h.items() if value(v))
        melds = tuple(m for m, v in self.x.items() if value(v))
        opponent = tuple(m for m, v in self.y.items() if value(v))
        # No-good cut: the next proposal differs in some hand card or exposed meld.
        chosen = [v for v in self.h.values() if value(v)] + [v for v in self.x.values() if value(v)]
        others = [v for v in self.h.values() if not value(v)]
        literals: list[cp_model.LiteralT] = [v.Not() for v in chosen]
        literals.extend(others)
        self.model.add_bool_or(literals)
        return hand, melds, opponent


# --- verification and the puzzle -----------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Candidate:
    position: Position
    analysis: Analysis
    answer: Answer


def verify(spec: Spec, position: Position) -> Candidate | None:
    """The exact solver's verdict on a proposal: the puzzle, or ``None`` when rejected."""
    analysis = analyze(position)
    if not THEMES[spec.theme](position, analysis):
        return None
    if spec.task in _ONE_ANSWER and len(analysis.plays) != 1:
        return None
    if spec.task == "find_play" and not analysis.plays:
        return None
    if spec.task == "discard":
        take = _pattern_take(position, analysis)
        if take is None or safe_discards(position, take).bit_count() != 1:
            return None
        answer = solve_task(position, "discard", take=take, analysis=analysis)
    else:
        answer = solve_task(position, spec.task, analysis=analysis)
    if spec.task == "win" and len(answer.plays) > 1:
        return None
    if spec.task != "win" and analysis.winning_plays:
        return None  # a win on the table would overshadow the lesson
    if not spec.accept(position, analysis, answer):
        return None
    return Candidate(position, analysis, answer)


def _pattern_take(position: Position, analysis: Analysis) -> CardMask | None:
    # The discard puzzle's take is the play that makes the center card's meld of three.
    plays = [p for p in analysis.plays if p.size == 2 and not p.wins]
    return plays[0].hand_cards if len(plays) == 1 else None


TITLE_WORDINGS: Final = 4  # title_<task>, title_<task>_2 … _4 in solver.puzzles.messages


def pick_title(task: Task, center: str, used: Mapping[str, set[str]]) -> dict[str, str]:
    """A title for a puzzle of ``task`` about ``center`` (a glyph) in each language of
    ``used`` (language → titles already in the set), unused in every one of them, and
    added to them: the task's first wording, then the others, then the first numbered."""
    from solver.cli.catalogs import translator  # the catalogs: one translation system

    options = [Sentence(f"title_{task}" if n == 1 else f"title_{task}_{n}", {"center": center})
               for n in range(1, TITLE_WORDINGS + 1)]
    for sentence in options:
        titles = {lang: sentence.render(translator(lang)) for lang in used}
        if all(titles[lang] not in used[lang] for lang in used):
            break
    else:
        number = 2
        while True:
            titles = {lang: f"{options[0].render(translator(lang))} ({number})" for lang in used}
            if all(titles[lang] not in used[lang] for lang in used):
                break
            number += 1
    for lang, title in titles.items():
        used[lang].add(title)
    return titles


def make_puzzle(
    candidate: Candidate, task: Task, pid: str, theme: str, language: str = "en",
    used_titles: set[str] | None = None,
) -> Puzzle:
    """The puzzle of a verified candidate; ``used_titles`` (the set's titles so far) keeps
    its title distinct and receives it."""
    position, analysis, answer = candidate.position, candidate.analysis, candidate.answer
    found = themes_of(position, analysis)
    themes = [theme, *(t for t in found if t != theme)]
    take = answer.take if task == "discard" else None
    from solver.cli.catalogs import translator

    translate = translator(language)
    used = {language: used_titles if used_titles is not None else set()}
    title = pick_title(task, card_glyph(position.center), used)[language]
    return Puzzle(
        id=pid,
        title=title,
        position=position,
        task=task,
        answer=answer,
        themes=tuple(themes),
        difficulty=difficulty_of(position, analysis, task, take),
        hints=tuple(s.render(translate) for s in hints(position, analysis, task, answer, themes)),
        explanation=render(explanation(position, analysis, task, answer, themes), translate),
        extra={"generated": True},
    )


def proposals(spec: Spec, rng: random.Random) -> Iterator[Position]:
    """An endless stream of CP-SAT proposals for the theme."""
    centers = list(DECK_40.cards)
    while True:
        center = rng.choice(centers)
        patterns = spec.patterns(center)
        if not patterns:
            continue
        pattern = rng.choice(patterns)
        model = _Model(spec, pattern, rng)
        for _ in range(TRIES_PER_MODEL):
            found = model.propose()
            if found is None:
                break
            hand, melds, opponent = found
            stock = spec.stock if spec.stock is not None else rng.randint(1, 15)
            center_from = spec.center_from or rng.choice(("opponent", "stock"))
            yield Position(hand=hand, melds=melds, opponent_melds=opponent, center=center,
                           center_from=center_from, stock=stock)  # type: ignore[arg-type]


@dataclass
class Stats:
    proposed: int = 0
    verified: int = 0


def generate(
    theme: str,
    count: int,
    seed: int = 0,
    difficulty: int | None = None,
    progress: bool = False,
    stats: Stats | None = None,
    max_proposals: int | None = None,
) -> list[Puzzle]:
    """``count`` verified puzzles of ``theme``, the same ones for the same seed.

    Gives up after ``max_proposals`` proposals (default ``200 + 100 * count``), so an
    unreachable difficulty returns fewer puzzles instead of running for ever.
    """
    if max_proposals is None:
        max_proposals = 200 + 100 * count
    if theme not in SPECS:
        raise ValueError(f"unknown theme {theme!r}; themes: {', '.join(SPECS)}")
    spec = SPECS[theme]
    rng = random.Random(f"{theme}/{seed}")
    stats = stats if stats is not None else Stats()
    seen: set[Position] = set()
    titles: set[str] = set()
    out: list[Puzzle] = []
    bar = None
    if progress:
        from tqdm import tqdm

        bar = tqdm(total=count, desc=theme, unit="puzzle", leave=False)
    for position in proposals(spec, rng):
        if len(out) >= count or stats.proposed >= max_proposals:
            break
        stats.proposed += 1
        if position in seen:
            continue
        seen.add(position)
        candidate = verify(spec, position)
        if candidate is None:
            continue
        pid = f"{theme}-{seed}-{len(out) + 1}"
        puzzle = make_puzzle(candidate, spec.task, pid, theme, used_titles=set(titles))
        if difficulty is not None and puzzle.difficulty != difficulty:
            continue
        titles.add(puzzle.title)
        stats.verified += 1
        out.append(puzzle)
        if bar is not None:
            bar.update(1)
    if bar is not None:
        bar.close()
    return out


def generate_set(
    theme: str, count: int, seed: int = 0, difficulty: int | None = None, progress: bool = False
) -> PuzzleSet:
    puzzles = generate(theme, count, seed, difficulty, progress)
    return PuzzleSet(
        id=f"generated-{theme}-{seed}",
        title=f"Generated puzzles: {theme}",
        language="en",
        author="conquian puzzles generate",
        puzzles=tuple(puzzles),
    )
