"""What the puzzle pages need from the database and the solver, kept out of the views."""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from flask import abort, current_app
from flask_babel import gettext
from flask_login import current_user

import solver.puzzles as sp
from solver.analysis import Analysis, Play
from solver.cards import (
    JOKER_BASE,
    CardMask,
    card_glyph,
    card_kind,
    card_str,
    cards_of,
    mask_of,
    parse_card,
)
from solver.claims.choice import why_discard_fails, why_take_fails
from solver.claims.profile import glyph_of
from solver.errors import ConquianError
from solver.explain import explain, explain_play
from solver.melds import meld_cards, meld_glyphs, meld_problem
from solver.position import Position
from solver.puzzles.model import FLAG_KEYS, read_hand_cards
from solver.puzzles.relabel import SuitPermutation, puzzle_fixed_suits, relabel_puzzle
from solver.search import analyze
from tutor.core.cards import hand_order
from tutor.core.errors import error_text
from tutor.core.learner import current_learner
from tutor.extensions import db
from tutor.mistakes.owner import SOURCE, owner_of
from tutor.models import Attempt, Learner, Puzzle, PuzzleRound, PuzzleSet
from tutor.puzzles.labels import task_prompt
from tutor.puzzles.store import export_puzzle

# --- which sets a learner sees ----------------------------------------------------------------


@dataclass
class SetEntry:
    """A set as the index lists it, with links to its other languages."""

    puzzle_set: PuzzleSet
    other_languages: list[PuzzleSet] = field(default_factory=list)
    in_your_language: bool = True


def _owned_by_current_user(puzzle_set: PuzzleSet) -> bool:
    try:
        return bool(
            current_user.is_authenticated
            and puzzle_set.owner_id is not None
            and current_user.id == puzzle_set.owner_id
        )
    except (TypeError, ValueError):
        return False


def is_visible(puzzle_set: PuzzleSet) -> bool:
    """Published sets for everyone; a teacher also sees their own unpublished sets."""
    if puzzle_set.source == SOURCE:
        learner = current_learner(create=False)
        return learner is not None and owner_of(puzzle_set) == learner.id
    if puzzle_set.source not in ("bundled", "teacher"):
        return False
    return puzzle_set.is_published or _owned_by_current_user(puzzle_set)


def published_sets() -> list[PuzzleSet]:
    """The sets listed for everyone: published and public (an unlisted set opens only
    through its link)."""
    return list(
        db.session.execute(
            db.select(PuzzleSet)
            .where(PuzzleSet.is_published, PuzzleSet.is_listed,
                   PuzzleSet.source.in_(("bundled", "teacher")))
            .order_by(PuzzleSet.source, PuzzleSet.slug)
        ).scalars()
    )


def sets_for_language(language: str) -> tuple[list[SetEntry], list[SetEntry]]:
    """(bundled, teachers') sets, each family shown once in ``language`` or else in English.

    A family is an original set and its translations (``translation_of`` names the
    original's id). Sets in the learner's language come first.
    """
    sets = published_sets()
    families: dict[str, list[PuzzleSet]] = defaultdict(list)
    order: list[str] = []
    for s in sets:
        root = s.translation_of or s.slug
        if root not in families:
            order.append(root)
        families[root].append(s)

    def pick(members: list[PuzzleSet], root: str) -> PuzzleSet:
        for s in members:
            if s.language == language:
                return s
        for s in members:
            if s.slug == root or s.language == "en":
                return s
        return members[0]

    bundled: list[SetEntry] = []
    teachers: list[SetEntry] = []
    for root in order:
        members = families[root]
        chosen = pick(members, root)
        entry = SetEntry(
            chosen,
            [s for s in members if s is not chosen],
            chosen.language == language,
        )
        (bundled if chosen.source == "bundled" else teachers).append(entry)
    for entries in (bundled, teachers):
        # Your language first; then gentlest first, as a path through the library.
        entries.sort(key=lambda e: (not e.in_your_language, mean_difficulty(e.puzzle_set)))
    return bundled, teachers


def mean_difficulty(puzzle_set: PuzzleSet) -> float:
    levels = [p.difficulty for p in puzzle_set.puzzles]
    return sum(levels) / len(levels) if levels else 0.0


def get_set_or_404(slug: str) -> PuzzleSet:
    row = db.session.execute(db.select(PuzzleSet).filter_by(slug=slug)).scalar_one_or_none()
    if row is None or not is_visible(row):
        abort(404, description=gettext("There is no puzzle set called “%(id)s”.", id=slug))
    return row


def get_puzzle_or_404(puzzle_set: PuzzleSet, key: str) -> Puzzle:
    for puzzle in puzzle_set.puzzles:
        if puzzle.key == key:
            return puzzle
    abort(
        404,
        description=gettext(
            "The set “%(set)s” has no puzzle called “%(id)s”.", set=puzzle_set.title, id=key
        ),
    )


def next_puzzle(puzzle: Puzzle) -> Puzzle | None:
    puzzles = puzzle.puzzle_set.puzzles
    for i, p in enumerate(puzzles):
        if p.id == puzzle.id and i + 1 < len(puzzles):
            return puzzles[i + 1]
    return None


# --- the learner's record ---------------------------------------------------------------------

# A puzzle's status for a learner: its latest finished round's outcome ("clean",
# "after_miss", "failed"), "solved" for an answer from before rounds existed, "open" for a
# round begun and not finished, or "new".
SOLVED_STATUSES = ("clean", "after_miss", "solved")


def _history(learner: Learner, puzzle_ids: Iterable[int] | None = None) -> dict[int, str]:
    """Each puzzle's latest status, the dict in order of that latest event."""
    rounds = db.select(PuzzleRound.puzzle_id, PuzzleRound.outcome, PuzzleRound.finished_at).where(
        PuzzleRound.learner_id == learner.id,
        PuzzleRound.outcome.is_not(None),
        PuzzleRound.practice.is_(False),
    )
    legacy = db.select(Attempt.puzzle_id, Attempt.correct, Attempt.created_at).where(
        Attempt.learner_id == learner.id, Attempt.round_id.is_(None)
    )
    if puzzle_ids is not None:
        ids = list(puzzle_ids)
        rounds = rounds.where(PuzzleRound.puzzle_id.in_(ids))
        legacy = legacy.where(Attempt.puzzle_id.in_(ids))
    events: list[tuple[Any, int, str]] = []
    for pid, outcome, when in db.session.execute(rounds).all():
        events.append((when, pid, outcome))
    for pid, correct, when in db.session.execute(legacy).all():
        events.append((when, pid, "solved" if correct else "failed"))
    events.sort(key=lambda e: e[0])
    latest: dict[int, str] = {}
    for _when, pid, status in events:
        latest.pop(pid, None)  # re-insert so the dict ends in order of the latest event
        latest[pid] = status
    return latest


def latest_statuses(learner: Learner | None, puzzle_ids: Iterable[int]) -> dict[int, str]:
    """For each puzzle played at least once: its latest status (see ``SOLVED_STATUSES``)."""
    ids = list(puzzle_ids)
    if learner is None or not ids:
        return {}
    statuses = _history(learner, ids)
    started = db.session.execute(
        db.select(PuzzleRound.puzzle_id).where(
            PuzzleRound.learner_id == learner.id,
            PuzzleRound.puzzle_id.in_(ids),
            PuzzleRound.outcome.is_(None),
        )
    ).scalars()
    for pid in started:
        statuses.setdefault(pid, "open")  # begun, never finished: no longer "not tried"
    return statuses


def latest_results(learner: Learner | None, puzzle_ids: Iterable[int]) -> dict[int, bool]:
    """For each puzzle played at least once: whether its latest round was solved."""
    return {
        pid: status in SOLVED_STATUSES
        for pid, status in latest_statuses(learner, puzzle_ids).items()
    }


def status_of(statuses: Mapping[int, str], puzzle_id: int) -> str:
    return statuses.get(puzzle_id, "new")


def failed_puzzles(learner: Learner | None) -> list[Puzzle]:
    """Puzzles whose latest round failed, in visible sets, most recent first."""
    if learner is None:
        return []
    latest = _history(learner)
    failed_ids = [pid for pid, status in reversed(latest.items()) if status == "failed"]
    if not failed_ids:
        return []
    puzzles = {
        p.id: p
        for p in db.session.execute(db.select(Puzzle).where(Puzzle.id.in_(failed_ids))).scalars()
    }
    return [puzzles[i] for i in failed_ids if i in puzzles and is_visible(puzzles[i].puzzle_set)]


def next_missed(puzzle: Puzzle, learner: Learner | None) -> Puzzle | None:
    """The missed puzzle to retry after ``puzzle``, for a learner working through "Retry
    missed puzzles": the next one in set order (wrapping round), never ``puzzle`` itself.
    A set order, not the list's order by latest answer: a puzzle missed again moves to
    the top of that list, and going by it would bounce between two puzzles."""

    def place(p: Puzzle) -> tuple[str, int]:
        return p.puzzle_set.slug, p.position_index

    others = sorted((p for p in failed_puzzles(learner) if p.id != puzzle.id), key=place)
    later = [p for p in others if place(p) > place(puzzle)]
    if later:
        return later[0]
    return others[0] if others else None


def streak_pool(language: str) -> list[Puzzle]:
    """The puzzles streak mode draws from: the sets the index shows, in their chosen language."""
    bundled, teachers = sets_for_language(language)
    pool: list[Puzzle] = []
    for entry in bundled + teachers:
        if entry.puzzle_set.source == "teacher" and entry.puzzle_set.language not in (
            language,
            "en",
        ):
            continue
        pool.extend(entry.puzzle_set.puzzles)
    return pool


def pick_streak_puzzle(
    pool: Sequence[Puzzle], count: int, seen: Iterable[int], rng: random.Random | None = None
) -> Puzzle | None:
    """A random unseen puzzle whose difficulty grows with the streak (1 at first, up to 5)."""
    if not pool:
        return None
    rng = rng or random.Random()
    seen_ids = set(seen)
    fresh = [p for p in pool if p.id not in seen_ids] or list(pool)
    target = min(1 + count // 3, 5)
    best = min(abs(p.difficulty - target) for p in fresh)
    return rng.choice([p for p in fresh if abs(p.difficulty - target) == best])


# --- solving: from a stored puzzle to the solver ----------------------------------------------


@dataclass
class ShownPuzzle:
    """A puzzle as one learner sees it: its cards and suit glyphs under a suit permutation
    (solver.puzzles.relabel). The title is never relabelled (lists show it as written)."""

    model: Puzzle
    suits: SuitPermutation
    position: dict[str, Any]
    answer: dict[str, Any]
    hints: list[str]
    explanation: str

    @property
    def id(self) -> int:
        return self.model.id

    @property
    def key(self) -> str:
        return self.model.key

    @property
    def title(self) -> str:
        return self.model.title

    @property
    def task(self) -> str:
        return self.model.task

    @property
    def themes(self) -> list[str]:
        return list(self.model.themes or [])

    @property
    def difficulty(self) -> int:
        return self.model.difficulty

    @property
    def puzzle_set(self) -> PuzzleSet:
        return self.model.puzzle_set

    @property
    def set_id(self) -> int:
        return self.model.set_id


AnyPuzzle = Puzzle | ShownPuzzle


def shown(puzzle: Puzzle, suits: SuitPermutation | str | None = None) -> ShownPuzzle:
    """``puzzle`` under ``suits`` (default: as written)."""
    if isinstance(suits, str):
        suits = SuitPermutation.from_str(suits)
    perm = suits or SuitPermutation.identity()
    data = relabel_puzzle(export_puzzle(puzzle), perm)
    return ShownPuzzle(
        model=puzzle,
        suits=perm,
        position=data["position"],
        answer=data["answer"],
        hints=list(data["hints"]),
        explanation=data["explanation"],
    )


def draw_suits(puzzle: Puzzle, rng: random.Random | None = None) -> SuitPermutation:
    """A random permutation for a new round, keeping the suits the puzzle names in words
    or in its title; the identity when the site is set not to relabel."""
    if not current_app.config.get("PUZZLE_RELABEL_SUITS", True):
        return SuitPermutation.identity()
    return SuitPermutation.random(
        rng or random.SystemRandom(), puzzle_fixed_suits(export_puzzle(puzzle))
    )


def solver_puzzle(puzzle: Puzzle) -> sp.Puzzle:
    """The stored puzzle as ``solver.puzzles`` parses it (it was validated on import)."""
    return sp.parse_puzzle(export_puzzle(puzzle), puzzle.puzzle_set.slug)


def position_of(puzzle: AnyPuzzle) -> Position:
    return Position.from_dict(puzzle.position)


class BadResponse(ValueError):
    """A malformed answer from the learner's form: a 400 with this message."""


def _mask(codes: Sequence[str], position: Position | None = None) -> CardMask:
    """Cards as a puzzle writes them; with ``position``, the hand's own copies and jokers
    (two packs, kunken), as the puzzle's answer reads them."""
    if position is None or position.rules.plain_center:
        return mask_of(parse_card(c) for c in codes)
    return read_hand_cards(list(codes), position)


def code_glyph(code: str) -> str:
    """A card code of any profile for a sentence: "4♥", "9♠", "*" (a joker)."""
    if code.strip() == "*":
        return card_glyph(JOKER_BASE)
    return glyph_of(code)


def take_of(puzzle: AnyPuzzle) -> CardMask:
    """The given take of a discard puzzle (its hand cards)."""
    return _mask(puzzle.answer.get("take", []), position_of(puzzle))


def parse_response(
    puzzle: AnyPuzzle, form: Mapping[str, Any], cards: Sequence[str]
) -> dict[str, Any]:
    """The learner's form fields as a ``grade`` response, or :class:`BadResponse`.

    ``form["answer"]`` is "yes"/"no" for the questions, "take" or "none" (no play wins)
    for find_play / win; ``cards`` are the selected hand cards; ``form["discard"]`` the
    discarded card.
    """
    position = position_of(puzzle)
    task = puzzle.task
    choice = form.get("answer", "")
    if task in FLAG_KEYS:
        if choice not in ("yes", "no"):
            raise BadResponse(gettext("Answer with “yes” or “no”."))
        return {FLAG_KEYS[task]: choice == "yes"}
    if task in ("find_play", "win"):
        if choice == "none" and task == "win":
            if cards:
                raise BadResponse(gettext("Choose either cards to lay down or “no play wins”."))
            return {"hand_cards": None}
        if choice != "take":
            raise BadResponse(gettext("Choose the cards to lay down, then press Take."))
        picked = 0
        for code in cards:
            try:
                card = position.rules.deck.parse(code)
            except ConquianError as exc:
                raise BadResponse(error_text(exc)) from None
            # With two packs or jokers, a code names the next copy of the hand not picked.
            copies = [c for c in cards_of(position.hand) if card_kind(c) == card_kind(card)
                      or (card >= JOKER_BASE and c >= JOKER_BASE)]
            free = [c for c in copies if not picked >> c & 1]
            if not copies:
                raise BadResponse(gettext("%(card)s is not in your hand.", card=card_glyph(card)))
            if not free:
                raise BadResponse(gettext("%(card)s is chosen twice.", card=card_glyph(card)))
            picked |= 1 << free[0]
        return {"hand_cards": [card_str(c) for c in cards_of(picked)]}
    raw = form.get("discard", "")
    try:
        card = position.rules.deck.parse(raw)
    except ConquianError as exc:
        raise BadResponse(error_text(exc)) from None
    left = position.hand & ~take_of(puzzle)
    if not left >> card & 1:
        raise BadResponse(
            gettext("%(card)s is not left in your hand after the take.", card=card_glyph(card))
        )
    return {"discard": card_str(card)}


def original_response(
    response: Mapping[str, Any], suits: SuitPermutation
) -> dict[str, Any]:
    """A response given under ``suits``, in the puzzle's own suits (for grading)."""
    back = suits.inverse()
    out = dict(response)
    if out.get("hand_cards") is not None:
        out["hand_cards"] = [back.code(c) for c in out["hand_cards"]]
    if isinstance(out.get("discard"), str):
        out["discard"] = back.code(out["discard"])
    return out


def grade_response(puzzle: AnyPuzzle, response: Mapping[str, Any]) -> bool:
    """Whether ``response`` (given under the suits ``puzzle`` is shown in) is right: it is
    mapped back to the stored puzzle's suits and graded there."""
    model, suits = (
        (puzzle.model, puzzle.suits) if isinstance(puzzle, ShownPuzzle) else (puzzle, None)
    )
    if suits is not None:
        response = original_response(response, suits)
    try:
        return sp.grade(solver_puzzle(model), response).correct
    except sp.PuzzleFormatError as exc:
        raise BadResponse(str(exc)) from None


# --- what the pages draw ----------------------------------------------------------------------


def _codes(mask: CardMask) -> list[str]:
    return hand_order(card_str(c) for c in cards_of(mask))


def _melds(melds: Iterable[CardMask]) -> list[list[str]]:
    return [[card_str(c) for c in meld_cards(m)] for m in melds]


@dataclass
class PlayView:
    hand_cards: list[str]
    melds: list[list[str]]
    wins: bool = False
    rearranged: bool = False

    @property
    def hand_glyphs(self) -> str:
        """The hand cards for a sentence: "4♥ 5♥"."""
        return " ".join(code_glyph(c) for c in self.hand_cards)

    @classmethod
    def of(cls, play: Play) -> PlayView:
        return cls(_codes(play.hand_cards), _melds(play.melds), play.wins, play.rearranged)


@dataclass
class Board:
    """The table as the learner sees it before answering."""

    hand: list[str]
    melds: list[list[str]]
    opponent_melds: list[list[str]]
    center: str
    center_from: str
    stock: int | None
    take: PlayView | None = None  # discard puzzles: the given take, already made


def board_of(puzzle: AnyPuzzle, analysis: Analysis) -> Board:
    position = analysis.position
    board = Board(
        hand=_codes(position.hand),
        melds=_melds(position.melds),
        opponent_melds=_melds(position.opponent_melds),
        center=card_str(position.center),
        center_from=position.center_from,
        stock=position.stock,
    )
    if puzzle.task == "discard":
        play = analysis.play_for(take_of(puzzle))
        if play is not None:
            board.take = PlayView.of(play)
            board.hand = _codes(position.hand & ~play.hand_cards)
    return board


@dataclass
class Solution:
    """The answer drawn as cards: the last step of the hint ladder, and part of every result."""

    verdict: str
    plays: list[PlayView] = field(default_factory=list)
    discards: list[str] = field(default_factory=list)
    plays_label: str = ""


def solution_of(puzzle: AnyPuzzle, analysis: Analysis) -> Solution:
    center = card_glyph(analysis.position.center)
    answer = puzzle.answer
    task = puzzle.task
    if task == "can_use":
        if answer.get("usable"):
            plays = [PlayView.of(p) for p in analysis.plays[:3]]
            label = gettext("For example:") if len(analysis.plays) > 1 else gettext("The only way:")
            return Solution(
                gettext("Yes: you can take %(card)s now.", card=center), plays, plays_label=label
            )
        return Solution(gettext("No: you cannot take %(card)s now.", card=center))
    if task == "can_force":
        if answer.get("forceable"):
            play = analysis.forceable_play
            plays = [PlayView.of(play)] if play is not None else []
            return Solution(
                gettext("Yes: your opponent may force %(card)s on you.", card=center),
                plays,
                plays_label=gettext("Your melds with it:"),  # the play says: no card from the hand
            )
        return Solution(gettext("No: %(card)s cannot be forced on you.", card=center))
    if task in ("find_play", "win"):
        views: list[PlayView] = []
        for codes in answer.get("plays", []):
            play = analysis.play_for(_mask(codes, analysis.position))
            if play is not None:
                views.append(PlayView.of(play))
        if task == "win" and not views:
            return Solution(gettext("No play wins the hand this turn."))
        if task == "win":
            verdict = gettext("Take %(card)s and lay down every card: you win.", card=center)
        elif len(views) == 1:
            verdict = gettext("Take %(card)s with these cards:", card=center)
        else:
            verdict = gettext("Any of these plays is accepted:")
        return Solution(verdict, views)
    take = take_of(puzzle)
    play = analysis.play_for(take)
    discards = _codes(_mask(answer["discards"], analysis.position))
    return Solution(
        gettext("Discard one of these cards:") if len(discards) > 1 else gettext("Discard:"),
        [PlayView.of(play)] if play is not None else [],
        discards,
        plays_label=gettext("After the take:"),
    )


def explanation_of(puzzle: AnyPuzzle, analysis: Analysis) -> list[str]:
    """The solver's explanation of the position, in the page's language."""
    sentences = [s.render(gettext) for s in explain(analysis)]
    play: Play | None = None
    if puzzle.task in ("find_play", "win"):
        for codes in puzzle.answer.get("plays", []):
            play = analysis.play_for(_mask(codes, analysis.position))
            if play is not None:
                break
    elif puzzle.task == "discard":
        play = analysis.play_for(take_of(puzzle))
    if play is not None:
        sentences += [s.render(gettext) for s in explain_play(analysis, play)]
    return sentences


def why_wrong(puzzle: AnyPuzzle, response: Mapping[str, Any]) -> list[str]:
    """Why the chosen cards fail, in the page's language: a take that does not split into
    melds (with the solver's reason when the cards make one group), a take that does not
    win, a discard that fits the opponent's melds.  Nothing of the solution is told."""
    if puzzle.task in HAND_TASKS:
        return []  # a yes/no answer: the explanation after the round says why
    analysis = analyze(position_of(puzzle))
    position = analysis.position
    cards = response.get("hand_cards")
    if isinstance(cards, list) and puzzle.task in ("find_play", "win"):
        chosen = _mask(cards, position)
        out = [c.render(gettext) for c in
               why_take_fails(analysis, chosen, need_win=puzzle.task == "win")]
        group = cards_of(chosen | 1 << position.center)
        if out and chosen and not position.melds and 3 <= len(group) <= 9:
            problem = meld_problem(group, position.rules.table)
            if problem is not None:
                out.append(gettext("%(cards)s is not a meld: %(reason)s.",
                                   cards=meld_glyphs(group), reason=problem.render(gettext)))
        return out
    discard = response.get("discard")
    if isinstance(discard, str) and puzzle.task == "discard":
        card = position.rules.deck.parse(discard)
        return [c.render(gettext) for c in why_discard_fails(analysis, card)]
    return []


def describe_response(puzzle: AnyPuzzle, response: Mapping[str, Any] | None) -> str:
    """The learner's own answer in words ("You said: yes"), for the result."""
    if not response:
        return ""
    if "usable" in response or "forceable" in response:
        value = response.get("usable", response.get("forceable"))
        return gettext("You answered: yes.") if value else gettext("You answered: no.")
    if "hand_cards" in response:
        cards = response["hand_cards"]
        if cards is None:
            return gettext("You answered: no play wins.")
        if not cards:
            return gettext("You took it with no card from your hand.")
        shown = " ".join(code_glyph(c) for c in cards)
        return gettext("You took it with %(cards)s.", cards=shown)
    if "discard" in response:
        return gettext("You discarded %(card)s.", card=code_glyph(response["discard"]))
    return ""


@dataclass
class PuzzleView:
    """Everything the puzzle templates draw for one puzzle."""

    puzzle: AnyPuzzle
    board: Board
    solution: Solution
    prompt: str
    hints_shown: int
    ladder_steps: int

    @property
    def hints(self) -> list[str]:
        return list(self.puzzle.hints[: self.hints_shown])

    @property
    def solution_shown(self) -> bool:
        return self.hints_shown > len(self.puzzle.hints)

    @property
    def next_step(self) -> int:
        return min(self.hints_shown + 1, self.ladder_steps)


HAND_TASKS = ("draw_upcard", "close")
"""Colonel's draw and Conquin's close: their analysis is not a center card's plays."""


def hand_view(puzzle: AnyPuzzle, hints_shown: int) -> PuzzleView:
    """:func:`puzzle_view` of a draw or closing puzzle: the table, and the verdict."""
    position = position_of(puzzle)
    center = card_glyph(position.center)
    board = Board(hand=_codes(position.hand), melds=_melds(position.melds),
                  opponent_melds=_melds(position.opponent_melds),
                  center=card_str(position.center), center_from=position.center_from,
                  stock=position.stock)
    flag = puzzle.answer.get(FLAG_KEYS[puzzle.task])
    if puzzle.task == "draw_upcard":
        verdict = (gettext("Yes: draw %(card)s.", card=center) if flag
                   else gettext("No: draw from the stock."))
    else:
        verdict = (gettext("Yes: take %(card)s and close.", card=center) if flag
                   else gettext("No: %(card)s does not let you close.", card=center))
    return PuzzleView(puzzle=puzzle, board=board, solution=Solution(verdict),
                      prompt=task_prompt(puzzle.task, center), hints_shown=hints_shown,
                      ladder_steps=len(puzzle.hints) + 1)


def puzzle_view(puzzle: AnyPuzzle, hints_shown: int) -> PuzzleView:
    if puzzle.task in HAND_TASKS:
        return hand_view(puzzle, hints_shown)
    analysis = analyze(position_of(puzzle))
    return PuzzleView(
        puzzle=puzzle,
        board=board_of(puzzle, analysis),
        solution=solution_of(puzzle, analysis),
        prompt=task_prompt(puzzle.task, card_glyph(analysis.position.center)),
        hints_shown=hints_shown,
        ladder_steps=len(puzzle.hints) + 1,
    )


@dataclass
class Result:
    """What the page says after an answer (or after the solution was shown).

    ``outcome`` is the round's: None while it goes on (a first miss: nothing of the solution
    is told), else "clean", "after_miss" or "failed"."""

    correct: bool
    said: str
    explanation: str
    solver_explanation: list[str]
    attempt_id: int | None = None
    outcome: str | None = ""
    solution_shown: bool = False
    tries_left: int = 0
    rating_before: float | None = None
    rating_after: float | None = None
    rating_game: str | None = None  # the game whose rating the round moved
    review_due: datetime | None = None  # naive UTC: when the puzzle comes back for review
    practice: bool = False  # a replay before the review is due: counts for nothing
    why: list[str] = field(default_factory=list)
    """Why the learner's own wrong answer fails (claims about the cards they chose)."""

    def __post_init__(self) -> None:
        if self.outcome == "":  # not given: a single answer decides (streak, preview)
            self.outcome = "clean" if self.correct else "failed"

    @property
    def final(self) -> bool:
        return self.outcome is not None

    @property
    def solved(self) -> bool:
        return self.outcome in ("clean", "after_miss")

    @property
    def rating_change(self) -> int | None:
        if self.rating_before is None or self.rating_after is None:
            return None
        return round(self.rating_after) - round(self.rating_before)


def result_of(
    puzzle: AnyPuzzle,
    correct: bool,
    response: Mapping[str, Any] | None,
    attempt_id: int | None,
    **round_state: Any,
) -> Result:
    """The result of an answer. ``round_state``: Result's outcome, solution_shown,
    tries_left, rating_before/after. While the round goes on nothing is explained."""
    result = Result(
        correct=correct,
        said=describe_response(puzzle, response),
        explanation="",
        solver_explanation=[],
        attempt_id=attempt_id,
        **round_state,
    )
    if not correct and response:
        result.why = why_wrong(puzzle, response)
    if result.final:
        result.explanation = puzzle.explanation
        if puzzle.task not in HAND_TASKS:
            analysis = analyze(position_of(puzzle))
            result.solver_explanation = explanation_of(puzzle, analysis)
    return result


# --- progress ---------------------------------------------------------------------------------


@dataclass
class ThemeScore:
    """A theme's record: ``attempts`` rounds played (and answers from before rounds), of
    which ``correct`` solved; ``clean``/``after_miss``/``failed`` split the rounds."""

    theme: str
    attempts: int
    correct: int
    clean: int = 0
    after_miss: int = 0
    failed: int = 0

    @property
    def rate(self) -> float:
        return self.correct / self.attempts if self.attempts else 0.0


def theme_scores(learner: Learner | None) -> list[ThemeScore]:
    """Success rate per theme over every finished round, weakest first."""
    if learner is None:
        return []
    rounds = db.session.execute(
        db.select(Puzzle.themes, PuzzleRound.outcome)
        .join(PuzzleRound, PuzzleRound.puzzle_id == Puzzle.id)
        .where(
            PuzzleRound.learner_id == learner.id,
            PuzzleRound.outcome.is_not(None),
            PuzzleRound.practice.is_(False),
        )
    ).all()
    legacy = db.session.execute(
        db.select(Puzzle.themes, Attempt.correct)
        .join(Attempt, Attempt.puzzle_id == Puzzle.id)
        .where(Attempt.learner_id == learner.id, Attempt.round_id.is_(None))
    ).all()
    tally: dict[str, ThemeScore] = {}
    for themes, outcome in rounds:
        for theme in themes or []:
            score = tally.setdefault(theme, ThemeScore(theme, 0, 0))
            score.attempts += 1
            score.correct += int(outcome in ("clean", "after_miss"))
            setattr(score, outcome, getattr(score, outcome) + 1)
    for themes, correct in legacy:
        for theme in themes or []:
            score = tally.setdefault(theme, ThemeScore(theme, 0, 0))
            score.attempts += 1
            score.correct += int(bool(correct))
    scores = list(tally.values())
    scores.sort(key=lambda s: (s.rate, -s.attempts, s.theme))
    return scores
