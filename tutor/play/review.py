"""The graded review of a finished hand.

Every real decision of the learner is graded by solver.review.grading from the learner's
own observation (the cards they could not see are sampled, never read), with the reasons
the better move is better and the learner's winning chances after each decision.  The
grading plays thousands of hands out, so it is worked out once, as soon as the hand ends
(``prepare``, called by the request that ends it), and stored in ``hand_reviews``; the
page only reads it back (``stored_review`` grades a hand first if it was never graded,
e.g. a hand finished before this feature).  With ``REDIS_URL`` set the hand goes to the job
queue (tutor.jobs) and a grading worker stores its review: the page says it is being graded
until then (``ready_review``).  Without Redis each web worker grades in a process of its
own (tutor.play.grader), or in the request (``REVIEW_GRADING=inline``).

Once the hand is over its cards are no secret any more: the page shows the computer's
hand as it ended.  The stock that was never turned stays unshown.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, Final

from flask import current_app
from flask_babel import gettext
from flask_babel import lazy_gettext as _l
from redis.exceptions import RedisError
from sqlalchemy.exc import IntegrityError

from solver.analysis import Analysis
from solver.cards import card_str, cards_of
from solver.explain import explain, explain_play
from solver.game.conquian.actions import Action
from solver.game.conquian.view import Observation, observe
from solver.game.record import state_from_dict, state_to_dict
from solver.melds import meld_cards
from solver.review.grading import GRADES, THRESHOLDS, grade_hand, text_from_dict
from solver.review.paired import MISTAKE_OR_WORSE, UNCLEAR
from solver.review.profiles import HAND_PLAYOUTS, grade_profile_hand
from solver.review.profiles import VERSION as PROFILE_VERSION
from solver.rules import DEFAULT_PROFILE, RuleProfile, get_profile
from tutor.extensions import db
from tutor.jobs import queue as jobs
from tutor.mistakes.store import from_stored_review
from tutor.models import HandReview
from tutor.play import grader
from tutor.play.describe import advise, describe
from tutor.play.games import COMPUTER, HUMAN, TableGame, replay_hand

REVIEW_VERSION: Final = 1
"""Stored reviews of another version are graded again (the grader changed)."""

GRADE_LABELS: Final = {
    "best": _l("Best"),
    "good": _l("Good"),
    "inaccuracy": _l("Inaccuracy"),
    "mistake": _l("Mistake"),
    "blunder": _l("Blunder"),
}
PROFILE_GRADE_LABELS: Final = {**GRADE_LABELS, MISTAKE_OR_WORSE: _l("Mistake or worse"),
                                UNCLEAR: _l("Unclear")}
"""The other profiles' reviews grade only what their playouts make clear
(solver.review.paired)."""


# --- grading and storage ---------------------------------------------------------------------


def grade_stored_hand(stored: Mapping[str, Any], seed: int, number: int) -> dict[str, Any]:
    """The graded review of a finished hand (its ``state_to_dict``), as stored."""
    steps = replay_hand(stored)
    final = state_from_dict(stored)
    result = None
    if final.is_terminal():
        result = 0.5 if final.winner is None else (1.0 if final.winner == HUMAN else 0.0)
    learner = ((i, observe(state, HUMAN), action)
               for i, (state, player, action) in enumerate(steps) if player == HUMAN)
    review = grade_hand(learner, f"{seed}:{number}", result)
    return {"version": REVIEW_VERSION, **review.to_dict()}


PAGE_WAIT: Final = 30.0
"""Seconds the review page waits for this worker's grader before grading the hand itself.
Waiting costs no CPU, and grading again would take as long (a long two-pack Kunken hand
takes up to about 25 s on a busy 2-core machine: docs/grading.md), so it is generous."""


def _read(game_id: str, number: int) -> HandReview | None:
    return db.session.execute(
        db.select(HandReview).filter_by(game_id=game_id, hand=number)
    ).scalar_one_or_none()


def _store(key: tuple[str, int], data: dict[str, Any]) -> None:
    """Store a review; a review of the current version stored meanwhile stays."""
    row = _read(*key)
    if row is not None and row.data.get("version") == data.get("version"):
        return
    try:
        if row is None:
            db.session.add(HandReview(game_id=key[0], hand=key[1], data=data))
        else:
            row.data = data
        db.session.commit()
    except IntegrityError:
        db.session.rollback()  # another request stored it meanwhile: the same grading
        return
    try:  # the learner's mistakes become their puzzles; the review stays stored if not
        from_stored_review(key[0], key[1], data)
    except Exception:
        db.session.rollback()
        current_app.logger.exception("keeping the mistakes of hand %s of game %s failed",
                                     key[1], key[0])


def grade_stored_profile_hand(stored: Mapping[str, Any], seed: int, number: int,
                              playouts: int | None = None) -> dict[str, Any]:
    """The graded decisions of the learner (seat 0) in a finished hand of another profile
    (solver.review.profiles), as stored, within ``playouts`` (the grader's own budget when
    ``None``)."""
    return grade_profile_hand(stored, HUMAN, f"{seed}:{number}",
                              playouts=HAND_PLAYOUTS if playouts is None else playouts)


def by_playouts(profile: RuleProfile | str) -> bool:
    """Whether hands of ``profile`` are graded by playouts (solver.review.profiles): every
    profile but those the plain center analysis covers, whose grader
    (solver.review.grading) explains each decision from that analysis."""
    return not get_profile(profile).plain_center


def _grading(stored: Mapping[str, Any]) -> tuple[Callable[..., dict[str, Any]], int]:
    if by_playouts(stored.get("ruleset", DEFAULT_PROFILE.id)):
        # REVIEW_PLAYOUTS: a smaller budget for test servers, whose pages must not wait
        # for a full grading on a loaded machine; a site leaves it unset.
        playouts = current_app.config.get("REVIEW_PLAYOUTS")
        if playouts is None:
            return grade_stored_profile_hand, PROFILE_VERSION
        return partial(grade_stored_profile_hand, playouts=int(playouts)), PROFILE_VERSION
    return grade_stored_hand, REVIEW_VERSION


def stored_review(game_id: str, number: int, stored: Mapping[str, Any], seed: int
                  ) -> dict[str, Any]:
    """The stored review of hand ``number`` (0 for the first), graded and stored first if
    there is none yet (or only one of an older grader).  When this worker's grader is on it,
    the page waits for that rather than grade the hand twice."""
    grade, version = _grading(stored)
    row = _read(game_id, number)
    if row is None and grader.wait((game_id, number), PAGE_WAIT):
        db.session.expire_all()
        row = _read(game_id, number)
    if row is not None and row.data.get("version") == version:
        return dict(row.data)
    data = grade(stored, seed, number)
    _store((game_id, number), data)
    return data


def stored_data(game_id: str, number: int, stored: Mapping[str, Any]) -> dict[str, Any] | None:
    """The stored review of hand ``number`` by the current grader, or None."""
    row = _read(game_id, number)
    if row is not None and row.data.get("version") == _grading(stored)[1]:
        return dict(row.data)
    return None


def grade_and_store(game_id: str, number: int, stored: Mapping[str, Any], seed: int
                    ) -> dict[str, Any]:
    """Grade hand ``number`` now and store its review (a grading job's work): a review of the
    current grader stored meanwhile stays, so two runs leave one review."""
    data = _grading(stored)[0](stored, seed, number)
    _store((game_id, number), data)
    return data


def ready_review(game_id: str, number: int, stored: Mapping[str, Any], seed: int
                 ) -> dict[str, Any] | None:
    """The review of hand ``number`` for the page, or None while a grading worker has it
    (the page says it is being graded, and fills in when it is stored).  Without the queue,
    or with no worker listening, or Redis unreachable, as ``stored_review``: graded here."""
    if jobs.enabled():
        data = stored_data(game_id, number, stored)
        if data is not None:
            return data
        try:
            if jobs.workers_listening():
                jobs.enqueue_review(game_id, number)  # the waiting job if there is one
                return None
        except RedisError:
            current_app.logger.exception("the grading queue is unreachable: grading hand %s "
                                         "of game %s here", number, game_id)
    return stored_review(game_id, number, stored, seed)


def prepare(game_id: str, game: TableGame) -> None:
    """Have the hand that just ended graded and stored, so that its review is ready when
    the learner asks: by a grading worker when there is a queue (tutor.jobs), else by this
    web worker's grader (tutor.play.grader), or here when the configuration says
    ``inline``.  A failure here must not lose the move that ended the hand: it is logged,
    and the review page grades the hand again when asked."""
    if not game.hand_over:
        return
    if jobs.enabled():
        try:
            jobs.enqueue_review(game_id, game.hand_index)
            return
        except RedisError:
            current_app.logger.exception("the grading queue is unreachable: hand %s of game "
                                         "%s is graded here", game.hand_index, game_id)
    stored = state_to_dict(game.state)
    if grader.is_background(current_app):
        grader.submit((game_id, game.hand_index), _grading(stored)[0],
                      (stored, game.seed, game.hand_index), _store)
        return
    try:
        stored_review(game_id, game.hand_index, stored, game.seed)
    except Exception:  # logged; the review page grades the hand again when asked
        db.session.rollback()
        current_app.logger.exception("grading hand %s of game %s failed", game.hand_index,
                                     game_id)


# --- the page ----------------------------------------------------------------------------------


class _Graded:
    """What the page reads of one stored graded decision (``graded``), in both kinds of
    review."""

    graded: Mapping[str, Any]

    @property
    def grade(self) -> str:
        return str(self.graded["grade"])

    @property
    def agrees(self) -> bool:
        return bool(self.graded["same"])

    @property
    def chances(self) -> int:
        return round(100 * float(self.graded["chances"]))

    @property
    def best_chances(self) -> int:
        return round(100 * float(self.graded["best_chances"]))


@dataclass(frozen=True)
class Decision(_Graded):
    number: int
    observation: Observation
    you: Action
    best: Action
    analysis: Analysis | None
    graded: Mapping[str, Any]

    def texts(self) -> dict[str, Any]:
        """The sentences of this decision, rendered now (in the page's language)."""
        analysis = self.analysis
        explanation: list[str] = []
        plays: list[dict[str, Any]] = []
        if analysis is not None:
            forced = self.observation.phase == "forced"  # R9: no declining a forced card
            explanation = [s.render(gettext) for s in explain(analysis, forced=forced)]
            for play in analysis.plays:
                plays.append({**play.to_dict(),
                              "text": [s.render(gettext) for s in explain_play(analysis, play)]})
        obs = self.observation
        position = obs.position()
        return {
            "hand": [card_str(c) for c in cards_of(obs.hand)],
            "melds": [[card_str(c) for c in meld_cards(m)] for m in obs.melds],
            "opponent_melds": [[card_str(c) for c in meld_cards(m)] for m in obs.opponent_melds],
            "center": None if obs.center is None else card_str(obs.center),
            "center_from": obs.center_from,
            "phase": obs.phase,
            "position": None if position is None else position.to_dict(),
            "you": describe(self.you, True),
            "best": advise(self.best),
            "label": GRADE_LABELS[self.grade],
            "reasons": [text_from_dict(r).render(gettext) for r in self.graded["reasons"]],
            "explanation": explanation,
            "plays": plays,
        }


@dataclass(frozen=True)
class Review:
    decisions: list[Decision]
    chart: dict[str, Any]
    computer_hand: list[str]
    computer_melds: list[list[str]]
    counts: dict[str, int]


def review_hand(stored: Mapping[str, Any], data: Mapping[str, Any]) -> Review:
    """The page's review of a finished hand from its stored grading ``data``."""
    steps = replay_hand(stored)
    decisions: list[Decision] = []
    for graded in data["decisions"]:
        state, player, action = steps[int(graded["step"])]
        assert player == HUMAN
        obs = observe(state, HUMAN)
        best = Action.from_dict(graded["best"])
        decisions.append(Decision(len(decisions) + 1, obs, action, best, obs.analysis, graded))
    final = state_from_dict(stored)
    counts = {g: sum(d.grade == g for d in decisions) for g in GRADES}
    return Review(
        decisions,
        chart(decisions, data.get("result")),
        [card_str(c) for c in cards_of(final.hands[COMPUTER])],
        [[card_str(c) for c in meld_cards(m)] for m in final.melds[COMPUTER]],
        counts,
    )


# The chart's drawing area, in SVG user units (the SVG scales to the page's width).
WIDTH: Final = 640
HEIGHT: Final = 240
LEFT: Final = 48
RIGHT: Final = 16
TOP: Final = 16
BOTTOM: Final = 40


def chart(decisions: Sequence[Decision] | Sequence[ProfileDecision], result: float | None
          ) -> dict[str, Any]:
    """The points of the winning-chances chart: one per graded decision, then the result
    of the hand; coordinates worked out here so the template only draws them."""
    values: list[tuple[str, int, str]] = [
        (str(d.number), d.chances, d.grade) for d in decisions
    ]
    if result is not None:
        values.append(("end", round(100 * result), "end"))
    inner_w = WIDTH - LEFT - RIGHT
    inner_h = HEIGHT - TOP - BOTTOM
    step = inner_w / max(1, len(values) - 1)
    points = []
    for i, (label, value, grade) in enumerate(values):
        x = LEFT + (step * i if len(values) > 1 else inner_w / 2)
        y = TOP + inner_h * (1 - value / 100)
        points.append({"x": round(x, 1), "y": round(y, 1), "label": label, "value": value,
                       "grade": grade})
    grid = [{"value": v, "y": round(TOP + inner_h * (1 - v / 100), 1)} for v in (0, 25, 50, 75,
                                                                                   100)]
    return {
        "width": WIDTH, "height": HEIGHT, "left": LEFT, "right": WIDTH - RIGHT,
        "top": TOP, "bottom": HEIGHT - BOTTOM,
        "points": points,
        "line": " ".join(f"{p['x']},{p['y']}" for p in points),
        "grid": grid,
    }


def thresholds() -> list[tuple[str, str]]:
    """The grade scale, for the page's legend: each grade and its drop in points."""
    best, good, inaccuracy, mistake = (round(100 * t) for t in THRESHOLDS)
    return [
        ("best", f"≤ {best}"),
        ("good", f"{best}–{good}"),
        ("inaccuracy", f"{good}–{inaccuracy}"),
        ("mistake", f"{inaccuracy}–{mistake}"),
        ("blunder", f"≥ {mistake}"),
    ]


def profile_thresholds() -> list[tuple[str, Any]]:
    """The other profiles' grade scale: the same, and the answer for a decision whose grade
    the deals played could not tell."""
    mistake = round(100 * THRESHOLDS[2])
    worse = gettext("≥ %(points)s: at least a mistake; the deals played could not tell a "
                    "mistake from a blunder", points=mistake)
    return [*thresholds(), (MISTAKE_OR_WORSE, worse),
            (UNCLEAR, _l("the deals played could not tell which grade"))]



# --- the review of another profile's hand ------------------------------------------------------


@dataclass(frozen=True)
class ProfileDecision(_Graded):
    """One graded decision of a hand of another profile (solver.review.profiles)."""

    number: int
    step: int
    graded: Mapping[str, Any]

    @property
    def deals(self) -> int:
        return int(self.graded["deals"])

    @property
    def compared(self) -> int:
        return int(self.graded["compared"])

    @property
    def best(self) -> dict[str, Any]:
        return dict(self.graded["best"])


@dataclass(frozen=True)
class ProfileReview:
    decisions: list[ProfileDecision]
    chart: dict[str, Any]
    counts: dict[str, int]


def profile_review(data: Mapping[str, Any]) -> ProfileReview:
    """The page's review of a finished hand of another profile from its stored grading."""
    decisions = [ProfileDecision(n + 1, int(d["step"]), d)
                 for n, d in enumerate(data["decisions"])]
    counts = {g: sum(d.grade == g for d in decisions) for g in PROFILE_GRADE_LABELS}
    return ProfileReview(decisions, chart(decisions, data.get("result")), counts)
