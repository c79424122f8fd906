"""Issue 27 item 12: every lesson's solution is sensible and drawn whole, its feedback reads
right for a right answer, two copies of a card are two choices, and a first miss reveals
nothing of the solution (as a puzzle's first miss)."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator

import pytest
from flask import Flask
from flask.testing import FlaskClient

from solver.analysis import ClosingAnalysis, DrawAnalysis
from solver.cards import card_kind, card_str, cards_of
from solver.search import analyze_any
from tests.learn.test_lesson_content import RIGHT_AND_WRONG
from tutor.learn.exercises import Answer, CanBeForced, Feedback, FindPlay
from tutor.learn.lessons import LESSONS, lesson_by_slug
from tutor.learn.profile_exercises import CloseChoice, DrawChoice


@pytest.fixture
def ctx(app: Flask) -> Iterator[None]:
    with app.test_request_context():
        yield


def _steps(kind: type) -> list[tuple[str, int, object]]:
    return [(lesson.slug, n, step.exercise) for lesson in LESSONS
            for n, step in enumerate(lesson.steps, start=1) if isinstance(step.exercise, kind)]


def _text(fragment: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", fragment))


# ------------------------------------------------------------------ Conquin: closing


@pytest.mark.usefixtures("ctx")
@pytest.mark.parametrize(("slug", "number", "ex"), _steps(CloseChoice))
def test_a_closing_step_needs_the_card_it_takes(slug: str, number: int, ex: CloseChoice) -> None:
    """Once the hand was two melds already: any card closed, and the solution read "take
    A♠ and discard A♠"."""
    analysis = analyze_any(ex.position)
    assert isinstance(analysis, ClosingAnalysis)
    if not analysis.closes:
        return
    center = ex.position.center
    assert card_kind(analysis.best_discard) != card_kind(center), (slug, number)
    data = dict(ex.position_data)
    held = [card_kind(c) for c in cards_of(ex.position.hand)]
    # A card the hand holds twice has no third copy to be face up (I1).
    others = [card_str(c) for c in ex.position.rules.deck.cards
              if card_kind(c) == c and card_kind(c) != card_kind(center) and held.count(c) < 2]
    # "You cannot close with it" is right for some other face-up card.
    not_closing = [o for o in others
                   if CloseChoice(prompt="", position_data={**data, "center": o})
                   .check(Answer(choice="wait")).correct]
    assert not_closing, f"{slug} {number}: every face-up card would close"


# ------------------------------------------------------------------ Colonel: upcard or stock


@pytest.mark.usefixtures("ctx")
@pytest.mark.parametrize(("slug", "number", "ex"), _steps(DrawChoice))
def test_the_draw_feedback_answers_the_question_the_right_choice_answers(
    slug: str, number: int, ex: DrawChoice
) -> None:
    """The feedback starts "No:" or "Yes:" (is the upcard better?): the right choice says the
    same word, so a right answer is never greeted with a "No"."""
    right = next(c for c in ex.choices() if ex.check(Answer(choice=c.value)).correct)
    feedback = ex.check(Answer(choice=right.value))
    verdict = feedback.sentences[0].split(":")[0]
    assert verdict in ("Yes", "No")
    assert str(right.label).startswith(verdict + ":"), (slug, number, right.label, verdict)
    analysis = analyze_any(ex.position)
    assert isinstance(analysis, DrawAnalysis)
    text = " ".join(feedback.sentences)
    assert f" {analysis.stock_total} " not in text  # a total over the unseen cards is no average


# ------------------------------------------------------------------ solution pictures


def _pictures_are_whole(feedback: Feedback) -> None:
    captions = [caption for caption, _groups in feedback.shown]
    assert len(captions) == len(set(captions)), captions  # two ways, two labels
    assert all(groups for _caption, groups in feedback.shown), feedback.shown  # no empty picture


@pytest.mark.usefixtures("ctx")
@pytest.mark.parametrize(("slug", "number", "ex"), _steps(FindPlay))
def test_every_play_is_drawn_with_where_its_cards_go(slug: str, number: int,
                                                     ex: FindPlay) -> None:
    analysis = ex.analysis()
    for play in analysis.plays:
        feedback = ex.check(Answer(tuple(card_str(c) for c in cards_of(play.hand_cards))))
        _pictures_are_whole(feedback)
        for way in play.ways or (play,):
            for index, laid in way.lay_off or ():
                meld = ex.position.meld_list(ex.position.opponent_melds[index])
                assert any(sorted(g) == sorted([*meld, *laid])
                           for _c, groups in feedback.shown for g in groups), (slug, number)


@pytest.mark.usefixtures("ctx")
@pytest.mark.parametrize(("slug", "number"), [("cooncan", 1), ("kunken-40", 1)])
def test_the_issues_lay_offs_are_drawn_on_the_opponents_meld(slug: str, number: int) -> None:
    lesson = lesson_by_slug(slug)
    assert lesson is not None
    ex = lesson.steps[number - 1].exercise
    assert isinstance(ex, FindPlay)
    feedback = ex.check(Answer(()))
    center = card_str(ex.position.center)
    opponents = [ex.position.meld_list(m) for m in ex.position.opponent_melds]
    assert any(center in g and any(set(m) < set(g) for m in opponents)
               for _caption, groups in feedback.shown for g in groups), feedback.shown
    captions = [caption for caption, _groups in feedback.shown]
    assert len(captions) == len(set(captions)), captions


@pytest.mark.usefixtures("ctx")
def test_a_card_laid_off_with_no_meld_of_your_own_is_drawn_where_it_goes() -> None:
    """Once "Take K♠ alone: No melds yet." (as once "Forced, your melds become: No melds
    yet.")."""
    ex = FindPlay(prompt="", position_data={
        "rules": "cooncan", "hand": ["4S", "7D", "7C", "2H", "3D", "5S", "6D", "QS", "JC", "AD"],
        "melds": [], "opponent_melds": [["KH", "KD", "KC"]],
        "center": "KS", "center_from": "opponent"})
    feedback = ex.check(Answer(()))
    assert feedback.correct
    assert feedback.shown and all(groups for _c, groups in feedback.shown), feedback.shown
    assert [["KH", "KD", "KC", "KS"]] in [groups for _c, groups in feedback.shown]


@pytest.mark.usefixtures("ctx")
@pytest.mark.parametrize(("slug", "number", "ex"), _steps(CanBeForced))
def test_a_forced_card_is_drawn_only_where_it_may_be_forced(slug: str, number: int,
                                                            ex: CanBeForced) -> None:
    for choice in ("yes", "no"):
        feedback = ex.check(Answer(choice=choice))
        assert all(groups for _c, groups in feedback.shown), (slug, number, feedback.shown)


# ------------------------------------------------------------------ two packs


def test_two_copies_of_a_card_are_two_choices(client: FlaskClient) -> None:
    """Kunken with two packs: pressing both 8♣ sent one 8♣ and was graded right."""
    page = client.get("/learn/kunken-104/1").get_data(as_text=True)
    assert page.count('name="cards" value="8C"') == 2
    both = client.post("/learn/kunken-104/1", data={"cards": ["8C", "8C", "*"]})
    text = both.get_data(as_text=True)
    assert "Not quite." in text  # 6♣ with 8♣ 8♣ and a joker is no play
    assert text.count('name="cards" value="8C" checked') == 2
    one = client.post("/learn/kunken-104/1", data={"cards": ["8C", "*"]})
    text = one.get_data(as_text=True)
    assert "Right!" in text
    assert text.count('name="cards" value="8C" checked') == 1
    assert text.count('name="cards" value="8C"') == 2


# ------------------------------------------------------------------ a first miss


@pytest.mark.parametrize(("slug", "number", "right", "wrong"), RIGHT_AND_WRONG)
def test_a_first_miss_reveals_nothing_of_the_solution(
    app: Flask, client: FlaskClient, slug: str, number: int, right: Answer, wrong: Answer
) -> None:
    lesson = lesson_by_slug(slug)
    assert lesson is not None
    body = {"cards": list(wrong.values), "choice": wrong.choice}
    url = f"/learn/{slug}/{number}"
    first = client.post(url, json=body).get_json()
    assert first["correct"] is False
    with app.test_request_context():
        full = lesson.steps[number - 1].exercise.check(wrong)
    shown = _text(first["html"])
    assert "Show the solution" in shown
    for caption, _groups in full.shown:
        assert caption not in shown, (slug, number, caption)
    for item in full.items:
        assert item.text not in shown, (slug, number, item.text)
    hidden = [s for s in full.sentences if s not in full.attempt]
    for sentence in hidden:
        # Compared without rule ids, which the page links and a profile cites in its book.
        assert re.sub(r"\(.*?\)", "", sentence).strip(" .") not in shown, (slug, number)
    second = _text(client.post(url, json=body).get_json()["html"])
    revealed = _text(client.post(url, json={**body, "reveal": True}).get_json()["html"])
    for page in (second, revealed):
        assert "Show the solution" not in page
        for caption, _groups in full.shown:
            assert caption in page, (slug, number, caption)
    # A right answer starts the count again.
    client.post(url, json={"cards": list(right.values), "choice": right.choice})
    assert "Show the solution" in _text(client.post(url, json=body).get_json()["html"])
