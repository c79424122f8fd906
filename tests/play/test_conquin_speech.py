"""Issue 27 item 9: the play log says what a Conquin speech pays now (I7), not a stake it
never reaches ("plays for 0 chips", "raises to 4 chips" for a raise that pays 4)."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient
from flask_babel import force_locale

from tutor import create_app
from tutor.i18n import LANGUAGES
from tutor.play.describe import tell


def test_speech_says_what_it_pays() -> None:
    app = create_app({"TESTING": True})
    with app.test_request_context("/"):
        nothing = tell({"type": "play", "chips": 0}, 1, "Computer 1")
        two = tell({"type": "play", "chips": 2}, 1, "Computer 1")
        raised = tell({"type": "raise", "chips": 4}, 1, "Computer 1")
    assert "0" not in nothing.replace("Computer 1", "") and "paying" not in nothing
    assert "paying 2 chips" in two
    assert "raised, paying 4 chips" in raised and "to 4" not in raised


def test_the_table_shows_the_chips_at_stake_not_the_match_multiplier(
        client: FlaskClient) -> None:
    from solver.game.conquin.state import BASE_STAKE

    body = client.post("/api/games", json={"rules": "conquin", "seed": 3,
                                           "opponents": 3}).get_json()
    view = body["view"]
    assert view["chips_at_stake"] >= BASE_STAKE
    page = client.get(f"/play/{body['id']}").get_data(as_text=True)
    assert "stake 1<" not in page and "stake 1 " not in page


SPEECHES = ("play", "raise", "call")


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_what_a_speech_pays_is_said_in_the_page_language(lang: str) -> None:
    """Each sentence is one plural message: kept as two separate ones, they found no
    translation and the Italian table said "Computer 3 played on, paying 1 chip."."""
    app = create_app({"TESTING": True})
    with app.test_request_context("/"):
        english = {(kind, actor, n): tell({"type": kind, "chips": n}, actor, "Ann")
                   for kind in SPEECHES for actor in (0, 1) for n in (1, 2, 5)}
        with force_locale(lang):
            said = {key: tell({"type": key[0], "chips": key[2]}, key[1], "Ann")
                    for key in english}
    for (kind, actor, n), text in said.items():
        assert text != english[kind, actor, n], f"{lang}: {text!r} is not translated"
        assert str(n) in text and (actor == 0 or "Ann" in text)
    if lang == "ru":  # one, few and many take three forms of the noun
        assert len({said["play", 1, n].replace(str(n), "") for n in (1, 2, 5)}) == 3
