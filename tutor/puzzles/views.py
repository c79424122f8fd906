"""The puzzle pages: browse sets, solve a puzzle with the hint ladder, retry failures, streaks.

Every action is a plain form (CSRF token included), so the pages work without JavaScript;
static/js/puzzles.js sends the same forms with ``Accept: application/json`` and swaps in
the HTML fragment that comes back.
"""

from __future__ import annotations

from typing import Any

from flask import (
    Blueprint,
    abort,
    jsonify,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask.blueprints import BlueprintSetupState
from flask.typing import ResponseReturnValue
from flask_babel import get_locale, gettext

from solver.puzzles.best_move import BEST_MOVE
from solver.puzzles.relabel import SuitPermutation, SuitPermutationError
from solver.rules import DEFAULT_PROFILE, PROFILES, get_profile
from tutor.core.clock import now
from tutor.core.learner import current_learner
from tutor.extensions import db
from tutor.models import Attempt, Learner, Puzzle, PuzzleRound, PuzzleSet, ReviewCard
from tutor.puzzles import rounds
from tutor.puzzles.cli import register_commands
from tutor.puzzles.games import ALL_GAMES, chosen_game, daily_puzzles, games_of, of_game
from tutor.puzzles.glicko2 import DEFAULT_RATING
from tutor.puzzles.labels import THEME_LABELS, task_label, theme_label
from tutor.puzzles.ratings import (
    game_of,
    game_ratings,
    game_row,
    game_rows,
    learner_rating,
    pick_near,
    played_ids,
)
from tutor.puzzles.review import due_cards
from tutor.puzzles.services import (
    SOLVED_STATUSES,
    BadResponse,
    Result,
    ShownPuzzle,
    draw_suits,
    failed_puzzles,
    get_puzzle_or_404,
    get_set_or_404,
    grade_response,
    is_visible,
    latest_statuses,
    next_missed,
    next_puzzle,
    parse_response,
    pick_streak_puzzle,
    puzzle_view,
    result_of,
    sets_for_language,
    shown,
    status_of,
    streak_pool,
)

bp = Blueprint("puzzles", __name__, url_prefix="/puzzles", cli_group="puzzles")
register_commands(bp.cli)

SUITS_KEY = "puzzle_suits"  # {puzzle id: suit permutation} before a round opens, signed session
LAST_ANSWER_KEY = "puzzle_last_answer"
STREAK_KEY = "puzzle_streak"
STREAK_RESULT_KEY = "puzzle_streak_result"
MAX_REMEMBERED = 30  # permutations kept in the cookie
MAX_SEEN = 40  # puzzles a streak avoids repeating
MISSED = "missed"  # ?from=missed: the learner came from "Retry missed puzzles"


@bp.record_once
def _template_globals(state: BlueprintSetupState) -> None:
    # Globals, not a context processor, so that imported macros see them too.
    from tutor.analyzer.profiles import profile_name

    state.app.jinja_env.globals.update(task_label=task_label, theme_label=theme_label,
                                       profile_name=profile_name, rule_profile=get_profile,
                                       default_ruleset=DEFAULT_PROFILE.id)


def _language() -> str:
    return str(get_locale() or "en")


def _wants_json() -> bool:
    """The request came from puzzles.js, which asks for JSON (forms and links ask for HTML)."""
    accept = request.accept_mimetypes
    return bool(accept.provided) and accept["application/json"] > accept["text/html"]


# --- the suits a learner sees -----------------------------------------------------------------


def _parse_suits(text: object) -> SuitPermutation | None:
    try:
        return SuitPermutation.from_str(text) if isinstance(text, str) else None
    except SuitPermutationError:
        return None


def suits_for(puzzle: Puzzle, round_: PuzzleRound | None) -> SuitPermutation:
    """The open round's permutation; before a round, the one this browser was shown (drawn
    on the first view and kept in the session until a round of the puzzle ends)."""
    if round_ is not None:
        return _parse_suits(round_.suits) or SuitPermutation.identity()
    kept = session.get(SUITS_KEY)
    kept = dict(kept) if isinstance(kept, dict) else {}
    perm = _parse_suits(kept.get(str(puzzle.id)))
    if perm is None:
        perm = draw_suits(puzzle)
        kept[str(puzzle.id)] = str(perm)
        while len(kept) > MAX_REMEMBERED:
            kept.pop(next(iter(kept)))
        session[SUITS_KEY] = kept
    return perm


def _forget_suits(puzzle: Puzzle) -> None:
    """The round ended: the next visit draws a new permutation."""
    kept = session.get(SUITS_KEY)
    if isinstance(kept, dict) and str(puzzle.id) in kept:
        kept = dict(kept)
        kept.pop(str(puzzle.id))
        session[SUITS_KEY] = kept


# --- browsing ---------------------------------------------------------------------------------


@bp.get("/")
def index() -> ResponseReturnValue:
    bundled, teachers = sets_for_language(_language())
    learner = current_learner(create=False)
    ids = [p.id for e in bundled + teachers for p in e.puzzle_set.puzzles]
    statuses = latest_statuses(learner, ids)
    solved = {
        e.puzzle_set.id: sum(
            1 for p in e.puzzle_set.puzzles if statuses.get(p.id) in SOLVED_STATUSES
        )
        for e in bundled + teachers
    }
    return render_template(
        "puzzles/index.html",
        bundled=bundled,
        teachers=teachers,
        solved=solved,
        failed_count=len(failed_puzzles(learner)),
        review_count=len(due_reviews(learner)),
        ratings=game_ratings(learner),
        best_streak=learner.best_streak if learner else 0,
        language=_language(),
    )


@bp.get("/failed")
def failed() -> ResponseReturnValue:
    learner = current_learner(create=False)
    return render_template("puzzles/failed.html", puzzles=failed_puzzles(learner))


@bp.get("/sets/<slug>/")
def puzzle_set(slug: str) -> ResponseReturnValue:
    row = get_set_or_404(slug)
    learner = current_learner(create=False)
    latest = latest_statuses(learner, [p.id for p in row.puzzles])
    statuses = {p.id: status_of(latest, p.id) for p in row.puzzles}
    first_open = next((p for p in row.puzzles if statuses[p.id] not in SOLVED_STATUSES), None)
    return render_template(
        "puzzles/set.html", puzzle_set=row, statuses=statuses, first_open=first_open
    )


@bp.get("/daily")
def daily() -> ResponseReturnValue:
    """Today's puzzle of each game (UTC day), the same for every learner."""
    bundled, _teachers = sets_for_language(_language())
    today = now().date()
    learner = current_learner(create=False)
    dailies = daily_puzzles(bundled, today)
    statuses = latest_statuses(learner, [d.puzzle.id for d in dailies])
    return render_template(
        "puzzles/daily.html", dailies=dailies, today=today, statuses=statuses
    )


# --- review and practice ----------------------------------------------------------------------


def due_reviews(learner: Learner | None, game: str | None = None) -> list[ReviewCard]:
    """Due review cards whose puzzle the learner can still open (of ``game`` only, if given)."""
    return [
        c for c in due_cards(learner)
        if is_visible(c.puzzle.puzzle_set) and (game is None or game_of(c.puzzle) == game)
    ]


def _chooser(pool: list[Puzzle], game: str | None) -> dict[str, Any]:
    """The game chooser's context: the games with puzzles, and the one chosen."""
    games = games_of(pool)
    if game is not None and game not in games:
        games.append(game)
    return {"games": games, "game": game, "all_games": ALL_GAMES}


@bp.get("/review")
def review() -> ResponseReturnValue:
    learner = current_learner(create=False)
    game = chosen_game()
    everything = due_reviews(learner)
    return render_template(
        "puzzles/review.html",
        cards=[c for c in everything if game is None or game_of(c.puzzle) == game],
        **_chooser([c.puzzle for c in everything], game),
    )


@bp.get("/review/next")
def review_next() -> ResponseReturnValue:
    cards = due_reviews(current_learner(create=False), chosen_game())
    if not cards:
        return redirect(url_for(".review"))
    puzzle = cards[0].puzzle
    return redirect(url_for(".puzzle", slug=puzzle.puzzle_set.slug, key=puzzle.key))


def _practice_theme() -> str | None:
    """The theme of practice mode this page belongs to ("any" for all), if any."""
    theme = request.values.get("practice", "")
    return theme if theme == "any" or theme in THEME_LABELS else None


def practice_pool(theme: str, game: str | None = None) -> list[Puzzle]:
    """The practice puzzles of ``theme`` ("any": all) in ``game`` (None: every game)."""
    pool = of_game(streak_pool(_language()), game)
    return pool if theme == "any" else [p for p in pool if theme in (p.themes or [])]


@bp.get("/practice")
def practice() -> ResponseReturnValue:
    learner = current_learner(create=False)
    game = chosen_game()
    everything = streak_pool(_language())
    pool = of_game(everything, game)
    counts: dict[str, int] = {}
    for p in pool:
        for theme in p.themes or []:
            counts[theme] = counts.get(theme, 0) + 1
    themes = sorted(counts, key=lambda t: theme_label(t).casefold())
    ratings = game_ratings(learner)
    games = games_of(pool)
    only = game or (games[0] if len(games) == 1 else None)  # one game chosen, or no other
    return render_template(
        "puzzles/practice.html",
        themes=themes,
        counts=counts,
        total=len(pool),
        only_game=only,
        rating=learner_rating(learner, only) if only is not None else None,
        rated=only in ratings,
        ratings=ratings,
        **_chooser(everything, game),
    )


@bp.get("/practice/<theme>")
def practice_next(theme: str) -> ResponseReturnValue:
    if theme != "any" and theme not in THEME_LABELS:
        abort(404, description=gettext("There is no theme called “%(id)s”.", id=theme))
    learner = current_learner(create=False)
    game = chosen_game()
    after = request.args.get("after", "")
    # One game: near its rating; all games: each puzzle near its own game's rating.
    target: float | dict[str, float] = (
        learner_rating(learner, game).rating if game is not None
        else {g: r.rating for g, r in game_ratings(learner).items()}
    )
    puzzle = pick_near(
        practice_pool(theme, game),
        target,
        played_ids(learner),
        avoid=int(after) if after.isdigit() and len(after) <= 12 else None,
    )
    if puzzle is None:
        abort(404, description=gettext("There are no puzzles on this theme yet."))
    return redirect(
        url_for(".puzzle", slug=puzzle.puzzle_set.slug, key=puzzle.key, practice=theme)
    )


# --- solving one puzzle -----------------------------------------------------------------------


def puzzle_context(
    puzzle: Puzzle,
    result: Result | None,
    error: str | None,
    *,
    hints_shown: int,
    urls: dict[str, str],
    suits: SuitPermutation | None = None,
) -> dict[str, Any]:
    """What the puzzle templates need; the teachers' preview renders the same templates
    (as written: ``suits`` None)."""
    seen = shown(puzzle, suits)
    return {
        "view": puzzle_view(seen, 0 if result is not None and result.final else hints_shown),
        "puzzle": seen,
        "puzzle_set": puzzle.puzzle_set,
        "rules_profile": puzzle.puzzle_set.ruleset,  # rule ids link to this profile's book
        "game": game_of(puzzle),
        "result": result,
        "error": error,
        "mode": "set",
        "next": next_puzzle(puzzle),
        "suits": str(seen.suits),
        "practice": None,
        "review_left": 0,
        # A learner's own puzzle names the hand it came from (tutor.mistakes).
        "origin": (puzzle.extra or {}).get("personal"),
        **urls,
    }


def _trail() -> dict[str, Any]:
    """The query that keeps a learner on the "Retry missed puzzles" trail from one page to
    the next (answer, hint, next puzzle), or nothing."""
    return {"from": MISSED} if request.args.get("from") == MISSED else {}


def _region_context(
    puzzle: Puzzle,
    result: Result | None = None,
    error: str | None = None,
    round_: PuzzleRound | None = None,
    suits: SuitPermutation | None = None,
) -> dict[str, Any]:
    """The learner's page: the open round's state, or the ended ``round_`` of a result
    (``suits``: those of an answer from before rounds, shown as written)."""
    slug, key = puzzle.puzzle_set.slug, puzzle.key
    learner = current_learner(create=False)
    if round_ is None:
        round_ = rounds.open_round(learner, puzzle)
    practice = _practice_theme()
    trail = _trail()
    extra: dict[str, Any] = {**({"practice": practice} if practice else {}), **trail}
    context = puzzle_context(
        puzzle,
        result,
        error,
        hints_shown=round_.hints_used if round_ is not None and round_.outcome is None else 0,
        urls={
            "answer_url": url_for(".answer", slug=slug, key=key, **trail),
            "hint_url": url_for(".hint", slug=slug, key=key, **trail),
            "puzzle_url": url_for(".puzzle", slug=slug, key=key, **extra),
        },
        suits=suits or suits_for(puzzle, round_),
    )
    context["practice"] = practice
    if result is not None and result.final:
        context["review_left"] = len(
            [c for c in due_reviews(learner, chosen_game()) if c.puzzle_id != puzzle.id]
        )
    if trail:
        context.update(trail=trail, next=next_missed(puzzle, learner))
    return context


def _round_state(round_: PuzzleRound | None) -> dict[str, Any]:
    """Result fields from a round (a round from before this version: a single answer)."""
    if round_ is None:
        return {}
    learner = db.session.get(Learner, round_.learner_id)
    card = db.session.execute(
        db.select(ReviewCard).filter_by(learner_id=round_.learner_id, puzzle_id=round_.puzzle_id)
    ).scalar_one_or_none()
    state: dict[str, Any] = {
        "outcome": round_.outcome,
        "solution_shown": round_.solution_shown,
        "tries_left": max(rounds.TRIES - round_.misses, 0),
        "practice": round_.practice,
        "review_due": card.due if card is not None and round_.outcome is not None else None,
    }
    if round_.rated and round_.learner_rating is not None and learner is not None:
        # The learner's previous rated round of the same game: its rating is the one before.
        previous = db.session.execute(
            db.select(PuzzleRound.learner_rating)
            .join(Puzzle, Puzzle.id == PuzzleRound.puzzle_id)
            .join(PuzzleSet, PuzzleSet.id == Puzzle.set_id)
            .where(
                PuzzleRound.learner_id == round_.learner_id,
                PuzzleRound.rated,
                PuzzleRound.finished_at <= round_.finished_at,
                PuzzleRound.id != round_.id,
                PuzzleSet.ruleset == game_of(round_.puzzle),
            )
            .order_by(PuzzleRound.finished_at.desc(), PuzzleRound.id.desc())
            .limit(1)
        ).scalar_one_or_none()
        state["rating_before"] = (
            previous if previous is not None else DEFAULT_RATING
        )
        state["rating_after"] = round_.learner_rating
        state["rating_game"] = game_of(round_.puzzle)
    return state


def seen_puzzle(puzzle: Puzzle, round_: PuzzleRound) -> ShownPuzzle:
    return shown(puzzle, _parse_suits(round_.suits))


def _owned_round(puzzle: Puzzle, round_id: str) -> PuzzleRound:
    learner = current_learner(create=False)
    valid = round_id.isdigit() and len(round_id) <= 12
    row = db.session.get(PuzzleRound, int(round_id)) if valid else None
    if row is None or learner is None or row.learner_id != learner.id or row.puzzle_id != puzzle.id:
        abort(404, description=gettext("There is no such answer of yours to this puzzle."))
    return row


def _attempt_result(puzzle: Puzzle, attempt_id: str) -> tuple[Result, PuzzleRound | None]:
    learner = current_learner(create=False)
    # Only plausible ids reach the database (a 30-digit number would overflow SQLite).
    valid = attempt_id.isdigit() and len(attempt_id) <= 12
    attempt = db.session.get(Attempt, int(attempt_id)) if valid else None
    if (
        attempt is None
        or learner is None
        or attempt.learner_id != learner.id
        or attempt.puzzle_id != puzzle.id
    ):
        abort(404, description=gettext("There is no such answer of yours to this puzzle."))
    round_ = db.session.get(PuzzleRound, attempt.round_id) if attempt.round_id else None
    last = session.get(LAST_ANSWER_KEY)
    response = None
    if isinstance(last, dict) and last.get("attempt") == attempt.id:
        response = last.get("response")
    suits = _parse_suits(round_.suits) if round_ is not None else None
    result = result_of(
        shown(puzzle, suits), attempt.correct, response, attempt.id, **_round_state(round_)
    )
    return result, round_


def _round_result(puzzle: Puzzle, round_id: str) -> tuple[Result | None, PuzzleRound]:
    """The page of a round that ended by showing the solution (no answer to show)."""
    round_ = _owned_round(puzzle, round_id)
    if round_.outcome is None:
        return None, round_
    result = result_of(seen_puzzle(puzzle, round_), False, None, None, **_round_state(round_))
    return result, round_


@bp.get("/sets/<slug>/<key>")
def puzzle(slug: str, key: str) -> ResponseReturnValue:
    row = get_set_or_404(slug)
    item = get_puzzle_or_404(row, key)
    if item.task == BEST_MOVE:  # a learner's own "find the better move" (tutor.mistakes)
        return redirect(url_for("mistakes.puzzle", slug=slug, key=key))
    result: Result | None = None
    round_: PuzzleRound | None = None
    attempt_id = request.args.get("attempt")
    round_id = request.args.get("round")
    if attempt_id is not None:
        result, round_ = _attempt_result(item, attempt_id)
    elif round_id is not None:
        result, round_ = _round_result(item, round_id)
    # An answer from before rounds was given to the puzzle as written.
    legacy = SuitPermutation.identity() if result is not None and round_ is None else None
    if round_ is not None and round_.outcome is None:
        round_ = None  # still open: the page is the open round's
    return render_template(
        "puzzles/puzzle.html", **_region_context(item, result, None, round_, legacy)
    )


@bp.post("/sets/<slug>/<key>/hint")
def hint(slug: str, key: str) -> ResponseReturnValue:
    """Reveal the next step of the ladder: the puzzle's hints in order, then the solution,
    which ends the round as failed."""
    row = get_set_or_404(slug)
    item = get_puzzle_or_404(row, key)
    learner = current_learner()
    assert learner is not None
    steps = len(item.hints) + 1
    current = rounds.open_round(learner, item)
    round_ = rounds.begin(learner, item, str(suits_for(item, current)))
    shown_steps = rounds.show_step(round_, steps)
    db.session.commit()
    ended = round_.outcome is not None
    if ended:
        _forget_suits(item)
    practice = _practice_theme()
    extra: dict[str, Any] = {**({"practice": practice} if practice else {}), **_trail()}
    if _wants_json():
        if ended:
            result = result_of(seen_puzzle(item, round_), False, None, None, **_round_state(round_))
            return jsonify(
                step=shown_steps,
                steps=steps,
                region=True,
                message=gettext("The solution is shown. This puzzle counts as missed."),
                url=url_for(".puzzle", slug=slug, key=key, round=round_.id, **extra),
                html=render_template(
                    "puzzles/_region.html", **_region_context(item, result, None, round_)
                ),
            )
        message = gettext("Hint %(n)s of %(total)s.", n=shown_steps, total=len(item.hints))
        return jsonify(
            step=shown_steps,
            steps=steps,
            message=message,
            html=render_template("puzzles/_hints.html", **_region_context(item)),
        )
    if ended:
        return redirect(
            url_for(".puzzle", slug=slug, key=key, round=round_.id, _anchor="result", **extra)
        )
    return redirect(url_for(".puzzle", slug=slug, key=key, _anchor=f"hint-{shown_steps}", **extra))


def _bad_answer(context: dict[str, Any], template: str, message: str) -> ResponseReturnValue:
    if _wants_json():
        return jsonify(error=message), 400
    return render_template(template, **context), 400


def _outcome_message(result: Result) -> str:
    if result.practice and result.solved:
        return gettext("Right, as practice.")
    if result.outcome == "clean":
        return gettext("Correct!")
    if result.outcome == "after_miss":
        return gettext("Solved after a miss.")
    if result.outcome is None:
        return gettext("Not quite. You have one more try.")
    return gettext("Not quite. The solution is shown.")


@bp.post("/sets/<slug>/<key>/answer")
def answer(slug: str, key: str) -> ResponseReturnValue:
    row = get_set_or_404(slug)
    item = get_puzzle_or_404(row, key)
    learner = current_learner(create=False)
    current = rounds.open_round(learner, item)
    suits = suits_for(item, current)
    sent = request.form.get("suits")
    if sent is not None and sent != str(suits):
        message = gettext(
            "This puzzle was dealt again since you opened it (its suits changed). "
            "Here it is as it is now: answer again."
        )
        return _bad_answer(_region_context(item, error=message), "puzzles/puzzle.html", message)
    seen = shown(item, suits)
    try:
        response = parse_response(seen, request.form, request.form.getlist("cards"))
        correct = grade_response(seen, response)
    except BadResponse as exc:
        return _bad_answer(_region_context(item, error=str(exc)), "puzzles/puzzle.html", str(exc))
    learner = current_learner()
    assert learner is not None
    round_ = rounds.begin(learner, item, str(suits))
    if round_.suits != str(suits):  # opened a moment ago elsewhere, under other suits
        db.session.rollback()
        message = gettext(
            "This puzzle was dealt again since you opened it (its suits changed). "
            "Here it is as it is now: answer again."
        )
        return _bad_answer(_region_context(item, error=message), "puzzles/puzzle.html", message)
    attempt = rounds.answer(round_, correct)
    db.session.commit()
    if round_.outcome is not None:
        _forget_suits(item)
    session[LAST_ANSWER_KEY] = {"attempt": attempt.id, "response": response}
    practice = _practice_theme()
    extra: dict[str, Any] = {**({"practice": practice} if practice else {}), **_trail()}
    result = result_of(seen, correct, response, attempt.id, **_round_state(round_))
    if _wants_json():
        ended = round_ if round_.outcome is not None else None
        return jsonify(
            correct=correct,
            outcome=round_.outcome,
            message=_outcome_message(result),
            url=url_for(".puzzle", slug=slug, key=key, attempt=attempt.id, **extra),
            html=render_template(
                "puzzles/_region.html", **_region_context(item, result, None, ended)
            ),
        )
    return redirect(
        url_for(".puzzle", slug=slug, key=key, attempt=attempt.id, _anchor="result", **extra)
    )


# --- streak mode ------------------------------------------------------------------------------


def _streak_state() -> dict[str, Any]:
    """The streak in the session; a streak belongs to the game chosen when it began
    ("g", None for all games), and choosing another game begins a new one."""
    state = session.get(STREAK_KEY)
    if not isinstance(state, dict):
        state = {}
    count = state.get("n")
    seen = state.get("seen")
    current = state.get("p")
    game = state.get("g")
    out = {
        "n": count if isinstance(count, int) and count >= 0 else 0,
        "p": current if isinstance(current, int) else None,
        "s": str(_parse_suits(state.get("s")) or SuitPermutation.identity()),
        "seen": [i for i in seen if isinstance(i, int)] if isinstance(seen, list) else [],
        "ended": state.get("ended") is True,
        "g": game if isinstance(game, str) and game in PROFILES else None,
    }
    if out["g"] != chosen_game():
        out = _new_streak()
    return out


def _new_streak() -> dict[str, Any]:
    return {"n": 0, "p": None, "s": str(SuitPermutation.identity()), "seen": [],
            "ended": False, "g": chosen_game()}


def _best_streak(learner: Learner | None, game: str | None) -> int:
    """The best streak of ``game``'s puzzles alone, or of any (None)."""
    if learner is None:
        return 0
    if game is None:
        return learner.best_streak
    row = game_rows(learner).get(game)
    return row.best_streak if row is not None else 0


def current_streak() -> int:
    """The streak in progress (for the progress page)."""
    return int(_streak_state()["n"])


def _streak_context() -> dict[str, Any]:
    """The streak page's state: the last result (shown once) and the puzzle to solve now."""
    state = _streak_state()
    told = session.pop(STREAK_RESULT_KEY, None)
    result = last = None
    if isinstance(told, dict) and isinstance(told.get("puzzle"), int):
        model = db.session.get(Puzzle, told["puzzle"])
        if model is not None:
            last = shown(model, _parse_suits(told.get("suits")))
            result = result_of(last, bool(told.get("correct")), told.get("response"), None)
    learner = current_learner(create=False)
    everything = streak_pool(_language())
    current = None
    if not state["ended"]:
        if state["p"] is not None:
            current = db.session.get(Puzzle, state["p"])
            if current is not None and not is_visible(current.puzzle_set):
                current = None
        if current is None:
            current = pick_streak_puzzle(of_game(everything, state["g"]), state["n"],
                                         state["seen"])
            state["p"] = current.id if current is not None else None
            if current is not None:
                # An open round of the same puzzle (from its set) keeps its suits.
                state["s"] = str(suits_for(current, rounds.open_round(learner, current)))
    session[STREAK_KEY] = state
    seen = shown(current, state["s"]) if current is not None else None
    shown_game = current or (last.model if last is not None else None)
    return {
        "mode": "streak",
        "count": state["n"],
        "ended": state["ended"],
        "ended_at": told.get("ended_at") if isinstance(told, dict) else None,
        "best": _best_streak(learner, state["g"]),
        "result": result,
        "result_view": puzzle_view(last, 0) if last is not None else None,
        "result_puzzle": last,
        "puzzle": seen,
        "view": puzzle_view(seen, 0) if seen is not None else None,
        "puzzle_set": current.puzzle_set if current is not None else None,
        "rules_profile": game_of(shown_game) if shown_game is not None else None,
        "answer_url": url_for(".streak_answer"),
        "suits": state["s"],
        "practice": None,
        "error": None,
        **_chooser(everything, state["g"]),
    }


@bp.get("/streak")
def streak() -> ResponseReturnValue:
    return render_template("puzzles/streak.html", **_streak_context())


@bp.post("/streak/answer")
def streak_answer() -> ResponseReturnValue:
    state = _streak_state()
    sent = request.form.get("puzzle", "")
    sent_suits = request.form.get("suits")
    if (
        state["p"] is None
        or sent != str(state["p"])
        or (sent_suits is not None and sent_suits != state["s"])
    ):
        message = gettext(
            "That puzzle is no longer the current puzzle of your streak. "
            "Open streak mode again to go on."
        )
        if _wants_json():
            return jsonify(error=message), 400
        abort(400, description=message)
    item = db.session.get(Puzzle, state["p"])
    if item is None or not is_visible(item.puzzle_set):
        abort(404, description=gettext("This puzzle is no longer available."))
    seen = shown(item, state["s"])
    try:
        response = parse_response(seen, request.form, request.form.getlist("cards"))
        correct = grade_response(seen, response)
    except BadResponse as exc:
        context = _streak_context()
        context["error"] = str(exc)
        return _bad_answer(context, "puzzles/streak.html", str(exc))
    learner = current_learner()
    assert learner is not None
    round_ = rounds.begin(learner, item, state["s"])
    rounds.answer(round_, correct, tries=1)  # streak mode: no hints, no retry
    _forget_suits(item)
    result: dict[str, Any] = {
        "puzzle": item.id,
        "correct": correct,
        "response": response,
        "suits": state["s"],
    }
    if correct:
        state["n"] += 1
        state["seen"] = [*state["seen"], item.id][-MAX_SEEN:]
        if state["n"] > learner.best_streak:
            learner.best_streak = state["n"]
        if state["g"] is not None:  # a streak of one game: that game's best too
            row = game_row(learner.id, state["g"])
            row.best_streak = max(row.best_streak or 0, state["n"])
    else:
        result["ended_at"] = state["n"]
        state.update(n=0, seen=[], ended=True)
    db.session.commit()
    state["p"] = None
    session[STREAK_KEY] = state
    session[STREAK_RESULT_KEY] = result
    if _wants_json():
        context = _streak_context()
        return jsonify(
            correct=correct,
            message=(
                gettext("Correct! Streak: %(n)s.", n=context["count"])
                if correct
                else gettext("Not quite. Your streak ended at %(n)s.", n=result["ended_at"])
            ),
            html=render_template("puzzles/_streak_region.html", **context),
        )
    return redirect(url_for(".streak", _anchor="result"))


@bp.post("/streak/new")
def streak_new() -> ResponseReturnValue:
    session[STREAK_KEY] = _new_streak()
    session.pop(STREAK_RESULT_KEY, None)
    return redirect(url_for(".streak"))
