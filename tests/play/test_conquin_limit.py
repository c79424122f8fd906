"""The table says truthfully how a Conquin deal that reached the turn limit ended (I12): no
closer, every player taking back what they put in; not "nobody played on"."""

from __future__ import annotations

from flask import Flask

from solver.game.conquin import ConquinAction, ConquinState, observe
from solver.game.conquin.state import TAKE_STOCK
from solver.game.deal import deal_from_seed
from solver.rules import get_profile
from tutor.play.closing import closing
from tutor.play.view import hand_result

CONQUIN = get_profile("conquin")


def limit_reached() -> ConquinState:
    state = ConquinState(deal_from_seed(4, 0, CONQUIN, 4))
    while state.phase in ("speak", "call"):
        state.apply_action(ConquinAction("play" if state.phase == "speak" else "call"))
    while not state.is_terminal():  # take the stock card and throw it back: nobody closes
        state.apply_action(TAKE_STOCK)
        state.apply_action(ConquinAction("discard", card=state.history[-1][1].card))
    return state


def test_the_banner_and_the_payment_say_the_turn_limit_ended_the_deal(app: Flask) -> None:
    state = limit_reached()
    view = observe(state, 0).to_dict()
    with app.test_request_context():
        banner = hand_result(view, 4)
        stored = hand_result({"result": state.result()}, 4)  # the saved games' list
        shown = closing(view, CONQUIN, state.stake, state.pot_played)
    turns = str(CONQUIN.turn_limit)
    assert banner == stored and banner is not None
    assert turns in banner and "played on" not in banner
    assert shown is not None and shown["net"] == [0, 0, 0, 0] == list(state.settled)
    assert shown["melds"] == []
    last = shown["payment"][-1]
    assert turns in last and f"({CONQUIN.rule('stock_out')})" in last
    assert not any("played on" in line for line in shown["payment"])
