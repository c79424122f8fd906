"""Optional learner accounts over HTTP (issue 30, item 1): two browsers build progress, one
signs up, the other logs in, and both then see one merged history; logging out leaves a
fresh anonymous learner; copied cookies, other accounts and teacher pages stay closed."""

from __future__ import annotations

from flask import Flask

from tests.learner_accounts.helpers import (
    EMAIL,
    NEW_PASSWORD,
    PASSWORD,
    account_learner,
    copy,
    fail,
    learner_ids,
    log_in,
    log_out,
    new_game,
    numbers,
    opens,
    post,
    puzzles,
    ratings_of,
    rounds_of,
    sign_up,
)


def test_two_browsers_see_one_merged_history(app: Flask) -> None:
    laptop, phone = app.test_client(), app.test_client()
    first, second, third = puzzles(app)[:3]
    fail(laptop, first)
    fail(laptop, second)
    laptop_game = new_game(laptop)
    fail(phone, third)
    phone_game = new_game(phone)
    assert "3" not in numbers(phone).split("Failed or solution shown", 1)[1][:4]

    assert sign_up(laptop) == 302
    learner = account_learner(app)
    before = ratings_of(app, learner)
    [(_game, (rating, rated))] = before.items()
    assert rated == 2 and rating is not None
    phone_learners = learner_ids(app) - {learner}

    assert log_in(phone) == 302
    assert learner_ids(app) == {learner}  # the phone's anonymous learner is folded in
    assert phone_learners and not phone_learners & learner_ids(app)
    assert rounds_of(app, learner) == 3
    # The rating with more rated rounds (the laptop's two against the phone's one) stays.
    assert ratings_of(app, learner) == before
    for browser in (laptop, phone):
        assert opens(browser, laptop_game) and opens(browser, phone_game)
    assert numbers(laptop) == numbers(phone)
    assert "Failed or solution shown 3" in numbers(phone)
    page = phone.get("/progress/").get_data(as_text=True)
    assert f"kept in your account ({EMAIL})" in page


def test_the_better_rating_of_a_game_wins_whichever_side_holds_it(app: Flask) -> None:
    laptop, phone = app.test_client(), app.test_client()
    first, second, third = puzzles(app)[:3]
    fail(laptop, first)
    assert sign_up(laptop) == 302
    fail(phone, second)
    fail(phone, third)
    [phone_learner] = learner_ids(app) - {account_learner(app)}
    phone_rating = ratings_of(app, phone_learner)
    assert log_in(phone) == 302
    assert ratings_of(app, account_learner(app)) == phone_rating


def test_a_cookie_copied_before_log_in_opens_nothing_made_after(app: Flask) -> None:
    assert sign_up(app.test_client()) == 302
    phone = app.test_client()
    before = new_game(phone)
    copied = copy(app, phone)
    assert opens(copied, before)
    assert log_in(phone) == 302
    after = new_game(phone)
    assert opens(phone, before) and opens(phone, after)
    assert not opens(copied, after)
    assert not opens(copied, before)


def test_log_out_leaves_a_new_empty_learner_and_log_in_brings_the_account_back(
        app: Flask) -> None:
    browser = app.test_client()
    fail(browser, puzzles(app)[0])
    game = new_game(browser)
    assert sign_up(browser) == 302
    while_in = copy(app, browser)
    assert log_out(browser) == 302
    assert not opens(browser, game)
    assert "Failed or solution shown 0" in numbers(browser)
    # A copy of the cookie from while logged in opens nothing of the account any more.
    assert not opens(while_in, game)
    assert "Failed or solution shown 0" in numbers(while_in)
    assert log_in(browser) == 302
    assert opens(browser, game)
    assert "Failed or solution shown 1" in numbers(browser)


def test_a_log_in_cannot_take_over_another_accounts_learner(app: Flask) -> None:
    ana = app.test_client()
    fail(ana, puzzles(app)[0])
    ana_game = new_game(ana)
    assert sign_up(ana, "ana@example.org") == 302
    ana_learner = account_learner(app, "ana@example.org")
    assert sign_up(app.test_client(), "bea@example.org") == 302
    bea_learner = account_learner(app, "bea@example.org")
    thief = copy(app, ana)  # Ana's cookie, with her learner's token in it
    assert log_out(ana) == 302
    assert log_in(thief, "bea@example.org") == 302
    assert not opens(thief, ana_game)
    assert rounds_of(app, ana_learner) == 1 and rounds_of(app, bea_learner) == 0
    assert log_in(ana, "ana@example.org") == 302
    assert opens(ana, ana_game)


def test_sign_up_and_log_in_need_the_forms_csrf_token(app: Flask) -> None:
    browser = app.test_client()
    fail(browser, puzzles(app)[0])
    learners = learner_ids(app)
    assert sign_up(browser, csrf=False) == 400
    assert sign_up(browser) == 302
    other = app.test_client()
    new_game(other)
    learners = learner_ids(app)
    assert log_in(other, csrf=False) == 400
    assert learner_ids(app) == learners  # nothing merged
    assert log_out(other) == 302 and log_in(other) == 302
    assert len(learner_ids(app)) == len(learners) - 1


def test_a_taken_address_is_refused_and_nothing_changes(app: Flask) -> None:
    assert sign_up(app.test_client()) == 302
    other = app.test_client()
    new_game(other)
    learners = learner_ids(app)
    status, page = post(other, "/me/signup",
                        {"email": EMAIL, "password": PASSWORD, "confirm": PASSWORD})
    assert status == 400 and "has an account already" in page
    assert learner_ids(app) == learners


def test_teacher_pages_stay_closed_to_a_learner_account(app: Flask) -> None:
    browser = app.test_client()
    assert sign_up(browser) == 302
    for path in ("/teach/", "/teach/sets/new"):
        response = browser.get(path)
        assert response.status_code == 302 and "/auth/login" in (response.location or "")
    assert browser.get("/account/").status_code == 200


def test_changing_the_password_logs_the_other_device_out_of_the_account(app: Flask) -> None:
    laptop, phone = app.test_client(), app.test_client()
    game = new_game(laptop)
    assert sign_up(laptop) == 302
    assert log_in(phone) == 302 and opens(phone, game)
    status, _ = post(laptop, "/account/password", {
        "current": PASSWORD, "password": NEW_PASSWORD, "confirm": NEW_PASSWORD})
    assert status == 302
    assert opens(laptop, game)
    assert not opens(phone, game)
    assert phone.get("/account/").status_code == 302
    assert log_in(phone, password=PASSWORD) == 400
    assert log_in(phone, password=NEW_PASSWORD) == 302 and opens(phone, game)


def test_log_out_everywhere_ends_every_device_of_a_learner_account(app: Flask) -> None:
    laptop, phone = app.test_client(), app.test_client()
    game = new_game(laptop)
    assert sign_up(laptop) == 302
    assert log_in(phone) == 302
    status, _ = post(laptop, "/account/logout-everywhere", {})
    assert status == 302
    assert not opens(laptop, game) and not opens(phone, game)
    assert log_in(laptop) == 302 and opens(laptop, game)


def test_a_learner_account_may_log_in_on_the_teachers_page_too(app: Flask) -> None:
    assert sign_up(app.test_client()) == 302
    phone = app.test_client()
    game = new_game(phone)
    status, _ = post(phone, "/auth/login", {"email": EMAIL, "password": PASSWORD})
    assert status == 302
    assert opens(phone, game) and phone.get("/account/").status_code == 200
    assert learner_ids(app) == {account_learner(app)}
