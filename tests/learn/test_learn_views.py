"""The lesson pages through Flask's test client: every route, answers as forms and as JSON,
progress saved to LessonProgress, and every error path (404, malformed answers)."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.rulebooks.helpers import unlink_rules
from tutor.extensions import db
from tutor.learn.courses import COURSES, DEFAULT_COURSE
from tutor.learn.lessons import LESSONS, WORKED_EXAMPLE
from tutor.models import LessonProgress


def _progress(app: Flask) -> list[str]:
    with app.app_context():
        return sorted(db.session.execute(db.select(LessonProgress.lesson)).scalars())


def test_index_lists_every_course_and_the_chosen_courses_lessons_in_order(
        client: FlaskClient) -> None:
    default = client.get("/learn/").get_data(as_text=True)
    for course in COURSES:  # every game's course is offered, with its progress
        assert f'href="/learn/?game={course.game}"' in default
    for course in COURSES:
        response = client.get(f"/learn/?game={course.game}")
        assert response.status_code == 200
        text = response.get_data(as_text=True)
        positions = [text.index(f"/learn/{lesson.slug}/") for lesson in course.lessons]
        assert positions == sorted(positions), course.game
        others = [lesson for lesson in LESSONS if lesson.profile != course.game]
        assert not any(f'href="/learn/{lesson.slug}/"' in text for lesson in others)
        assert f"0 of {len(course.lessons)} lesson" in text
        assert f'href="/rules/{course.game}"' in text  # the course's own rule book
    assert f'href="/learn/?game={DEFAULT_COURSE.game}" aria-current="page"' in default


def test_an_unknown_game_has_no_course(client: FlaskClient) -> None:
    response = client.get("/learn/?game=poker")
    assert response.status_code == 404
    assert "There is no course for the game poker." in response.get_data(as_text=True)


def test_next_after_a_lessons_last_step_stays_in_that_course(app: Flask) -> None:
    from tutor.learn.views import _after

    for course in COURSES:
        for lesson, upcoming in zip(course.lessons, [*course.lessons[1:], None], strict=True):
            with app.test_request_context():
                url, kind, following = _after(lesson, len(lesson.steps))
            if upcoming is None:
                assert (kind, url) == ("path", f"/learn/?game={course.game}")
            else:
                assert following is upcoming and url == f"/learn/{upcoming.slug}/"


def test_every_step_page_renders(client: FlaskClient) -> None:
    for lesson in LESSONS:
        assert client.get(f"/learn/{lesson.slug}/").status_code == 200
        for number in range(1, len(lesson.steps) + 1):
            response = client.get(f"/learn/{lesson.slug}/{number}")
            assert response.status_code == 200, (lesson.slug, number)
            assert 'name="csrf_token"' in response.get_data(as_text=True)


def test_unknown_lesson_and_step_are_404(client: FlaskClient) -> None:
    assert client.get("/learn/no-such-lesson/").status_code == 404
    assert client.get("/learn/no-such-lesson/1").status_code == 404
    assert client.get("/learn/deck/0").status_code == 404
    assert client.get("/learn/deck/99").status_code == 404
    assert client.post("/learn/deck/99", data={"cards": ["4S"]}).status_code == 404
    assert client.post("/learn/nope/1", json={"cards": []}).status_code == 404


def test_worked_example_walkthrough_as_plain_forms(client: FlaskClient, app: Flask) -> None:
    page = client.get("/learn/worked-example/").get_data(as_text=True)
    assert "6♥" in page and 'aria-label="six of hearts"' in page

    r = client.post("/learn/worked-example/1", data={"choice": "take"})
    text = r.get_data(as_text=True)
    assert r.status_code == 200 and "Right!" in text
    assert "You can take 6♥ now (R8)." in unlink_rules(text)

    r = client.post("/learn/worked-example/2", data={"cards": ["4H", "5H"]})
    text = r.get_data(as_text=True)
    assert "Right!" in text and "4♥-5♥-6♥" in text
    # the selection stays checked on the re-rendered page
    assert 'value="4H" checked' in text

    r = client.post("/learn/worked-example/3", data={"cards": ["QS"]})
    text = r.get_data(as_text=True)
    assert "Right!" in text
    # after the take the 6♥ lies in the run, not in the center any more
    assert text.count('aria-label="six of hearts"') == 1
    assert "you took 6♥ into your melds" in text

    r = client.post("/learn/worked-example/4", data={"choice": "leave"})
    text = r.get_data(as_text=True)
    assert "Right!" in text and "take it now to wait for one" in text
    assert _progress(app) == []

    r = client.post("/learn/worked-example/5", data={"choice": "leave"})
    text = r.get_data(as_text=True)
    assert "Right!" in text and "Lesson complete" in text
    assert "never on their own (R8)" in unlink_rules(text)
    assert _progress(app) == ["worked-example"]
    total = len(DEFAULT_COURSE.lessons)
    assert f"1 of {total} lessons complete" in client.get("/learn/").get_data(as_text=True)


def test_wrong_answers_get_an_explanation_and_save_nothing(client: FlaskClient, app: Flask) -> None:
    # A first miss holds the solution back (as puzzles do); the second miss shows it.
    r = client.post("/learn/worked-example/4", data={"choice": "take"})
    text = r.get_data(as_text=True)
    assert r.status_code == 200
    assert "Not quite." in text and "7♥ could be taken if you held 6♥" not in text
    r = client.post("/learn/worked-example/4", data={"choice": "take"})
    text = r.get_data(as_text=True)
    assert "Not quite." in text and "7♥ could be taken if you held 6♥" in text

    r = client.post("/learn/worked-example/2", data={"cards": ["4H"]})
    text = r.get_data(as_text=True)
    assert "Not quite." in text and "Lay 4♥ 5♥ with 6♥" not in text
    assert "Laying 4♥ with 6♥ does not work" in text  # what is wrong with the answer given
    r = client.post("/learn/worked-example/2", data={"cards": ["4H"], "reveal": "1"})
    text = r.get_data(as_text=True)
    assert "Not quite." in text and "Lay 4♥ 5♥ with 6♥" in text

    r = client.post("/learn/worked-example/3", data={"cards": ["KD"]})
    assert "Not quite." in r.get_data(as_text=True)
    assert _progress(app) == []


def test_json_answers_return_a_feedback_fragment(client: FlaskClient) -> None:
    r = client.post("/learn/deck/1", json={"cards": ["4S", "JS"]})
    assert r.status_code == 200
    data = r.get_json()
    assert data["correct"] is True and data["lesson_complete"] is False
    assert "Right!" in data["html"] and "Next step" in data["html"]

    r = client.post("/learn/deck/2", json={"cards": ["AD"]})
    data = r.get_json()
    assert data["correct"] is False and "wrap" in data["html"]  # why A♦ fails: no solution
    assert "These cards fit together" not in data["html"] and "Show the solution" in data["html"]

    r = client.post("/learn/deck/2", json={"cards": ["JD"]})
    data = r.get_json()
    assert data["correct"] is True and data["lesson_complete"] is True
    assert "Next lesson" in data["html"]


def test_lesson_completes_only_when_every_step_is_solved(client: FlaskClient, app: Flask) -> None:
    client.post("/learn/forcing/1", json={"choice": "yes"})
    client.post("/learn/forcing/2", json={"choice": "no"})
    client.post("/learn/forcing/3", json={"choice": "allow"})  # wrong
    assert _progress(app) == []
    client.post("/learn/forcing/3", json={"choice": "force"})
    assert _progress(app) == []
    r = client.post("/learn/forcing/4", json={"choice": "force"})
    assert r.get_json()["lesson_complete"] is True
    assert _progress(app) == ["forcing"]
    # answering again does not add a second row
    client.post("/learn/forcing/4", json={"choice": "force"})
    assert _progress(app) == ["forcing"]


def test_progress_belongs_to_the_learner(app: Flask) -> None:
    first, second = app.test_client(), app.test_client()
    first.post("/learn/deck/1", json={"cards": ["4S", "JS"]})
    first.post("/learn/deck/2", json={"cards": ["JD"]})
    total = len(DEFAULT_COURSE.lessons)
    assert f"1 of {total} lessons complete" in first.get("/learn/").get_data(as_text=True)
    assert f"0 of {total} lessons complete" in second.get("/learn/").get_data(as_text=True)


def test_malformed_form_answers_are_400_with_a_message(client: FlaskClient) -> None:
    r = client.post("/learn/worked-example/2", data={"cards": ["KS"]})
    assert r.status_code == 400
    assert "is not one of the cards you can choose here" in r.get_data(as_text=True)
    r = client.post("/learn/worked-example/2", data={"cards": ["10H"]})
    assert r.status_code == 400 and "is not a card" in r.get_data(as_text=True)
    r = client.post("/learn/worked-example/1", data={"choice": "maybe"})
    assert r.status_code == 400 and "Choose one of the buttons" in r.get_data(as_text=True)
    r = client.post("/learn/worked-example/1", data={})
    assert r.status_code == 400


def test_malformed_json_answers_are_400_json(client: FlaskClient) -> None:
    r = client.post("/learn/worked-example/2", json={"cards": "nonsense"})
    assert r.status_code == 400 and "error" in r.get_json()
    r = client.post("/learn/worked-example/2", json=["4H"])
    assert r.status_code == 400 and "JSON object" in r.get_json()["error"]
    r = client.post("/learn/worked-example/2", data="{not json", content_type="application/json")
    assert r.status_code == 400
    r = client.post("/learn/melds/1", json={"cards": [0, 1]})
    assert r.status_code == 400


def test_get_only_and_post_only_routes(client: FlaskClient) -> None:
    assert client.post("/learn/").status_code == 405
    assert client.put("/learn/deck/1").status_code == 405


def test_home_offers_to_continue_the_next_unfinished_lesson(client: FlaskClient) -> None:
    text = client.get("/").get_data(as_text=True)
    assert "Continue where you left off" not in text
    assert "/learn/" in text and "/analyzer/" in text
    client.post("/learn/worked-example/1", data={"choice": "take"})
    text = client.get("/").get_data(as_text=True)
    assert "Continue where you left off" in text
    assert "/learn/worked-example/2" in text
    for number, answer in enumerate(
        [
            {"choice": "take"},
            {"cards": ["4H", "5H"]},
            {"cards": ["QS"]},
            {"choice": "leave"},
            {"choice": "leave"},
        ],
        start=1,
    ):
        client.post(f"/learn/worked-example/{number}", data=answer)
    text = client.get("/").get_data(as_text=True)
    assert f"1 of {len(LESSONS)} lessons complete" in text
    assert "Next up: The deck and the order of the cards" in text
    assert 'href="/learn/deck/1"' in text
    assert f"/learn/{WORKED_EXAMPLE.slug}/2" not in text


@pytest.mark.parametrize("slug", ["cooncan", "kunken", "kunken-40", "kunken-104", "colonel",
                                  "conquin"])
def test_profile_lesson_pages_link_their_own_rule_book(client: FlaskClient, slug: str) -> None:
    lesson = next(lesson for lesson in LESSONS if lesson.slug == slug)
    page = client.get(f"/learn/{slug}/1").get_data(as_text=True)
    assert page.count(f'href="/rules/{slug}#') >= 1, "rule ids link the profile's book"
    assert 'href="/rules/conquian-40#' not in page.split("<main")[-1].split("</main>")[0]
    # Answering through the form: the solver's feedback, citing the same book.
    ex = lesson.steps[0].exercise
    data = {"choice": ex.choices()[0].value} if ex.kind == "choice" else {"cards": []}
    answer = client.post(f"/learn/{slug}/1", data=data)
    assert answer.status_code == 200
    assert f'href="/rules/{slug}#' in answer.get_data(as_text=True)


@pytest.mark.parametrize("slug", ["cooncan", "kunken", "kunken-40", "kunken-104"])
def test_every_card_answer_of_a_profile_lesson_cites_its_own_book(
    client: FlaskClient, slug: str
) -> None:
    """Each hand card alone and each pair with it (right or wrong) gets feedback, never a 500,
    and the feedback cites the game's own rules, never conquian-40's (R…) ids or its deck."""
    lesson = next(lesson for lesson in LESSONS if lesson.slug == slug)
    answered = 0
    for number, step in enumerate(lesson.steps, start=1):
        if step.exercise.kind != "play":
            continue
        hand = step.exercise.hand_codes()
        picks = [[c] for c in hand] + [[hand[0], c] for c in hand[1:]]
        for cards in picks:
            r = client.post(f"/learn/{slug}/{number}", json={"cards": cards})
            assert r.status_code == 200, (slug, number, cards, r.get_data(as_text=True))
            text = re.sub(r"<[^>]+>", "", r.get_json()["html"])
            assert not re.search(r"\(R\d", text), (slug, number, cards, text)
            assert "no jokers" not in text, (slug, number, cards, text)
            answered += 1
    assert answered >= 3  # the lesson has card steps, and they were all answered
