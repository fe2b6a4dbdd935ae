"""'Preparação' 7: the first-player dice may be changed by a card that changes any
die (the test pack's Warden has one) in a window before they decide who starts."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from engines.core import IllegalActionError, RiggedDice
from engines.dicethrone import ENGINE
from engines.dicethrone import actions as a
from engines.dicethrone.rules.cards import check_card
from engines.dicethrone.rules.state import Phase, State, Step
from tests.engines.dicethrone.helpers import MINI, SEATS, act, keys, start, with_player


def _setup(first: tuple[int, ...], hero1: str = "warden", hero2: str = "warden") -> State:
    dice = RiggedDice(list(first))
    state = ENGINE.new_match({"hero1": hero1, "hero2": hero2}, SEATS, MINI, dice)
    assert not dice.queue
    return state


def test_a_dice_card_at_the_table_opens_a_window_before_the_first_player_is_known() -> None:
    state = _setup((4, 3))
    assert state.phase is Phase.SETUP and state.step is Step.FIRST_ROLLED
    assert state.roll.first_dice == (4, 3)
    # "Preparação" 8 waits: the Warden's Hound is not called yet.
    assert not state.players[0].companions and state.turn == 1
    decision = ENGINE.pending(state)[0]
    assert decision.seat == 0 and decision.kinds[0] == "pass"
    assert ENGINE.view(state, None).data["roll"]["first_dice"] == [4, 3]


def test_without_such_a_card_the_roll_decides_at_once() -> None:
    state = start("barbarian", "paladin", first=(2, 5))
    assert state.phase is Phase.MAIN1 and state.active == 1 and state.first == 1


def test_a_changed_die_decides_who_starts() -> None:
    state = with_player(_setup((4, 3)), 1, hand=("steady_hand",))
    state, _ = act(state, 0, a.Pass())
    state, events = act(state, 1, a.PlayCard("steady_hand", "2=6"))
    assert state.roll.first_dice == (4, 6) and "dice_changed" in keys(events)
    # The changed dice are answered again (the player who acted keeps priority).
    assert ENGINE.pending(state)[0].seat == 1
    state, _ = act(state, 1, a.Pass())
    state, events = act(state, 0, a.Pass())
    assert "first_player" in keys(events)
    assert state.first == 1 and state.active == 1 and state.phase is Phase.MAIN1
    assert state.players[0].companions == {"hound": 1}  # set-up 8 after the roll
    assert state.roll.first_dice == ()


def test_a_tie_re_rolls_between_the_tied_players_into_a_new_window() -> None:
    state = _setup((3, 3))
    state, _ = act(state, 0, a.Pass())
    state, events = act(state, 1, a.Pass(), 5, 2)
    assert "first_tie" in keys(events)
    assert state.step is Step.FIRST_ROLLED and state.roll.first_dice == (5, 2)
    state, _ = act(state, 0, a.Pass())
    state, _ = act(state, 1, a.Pass())
    assert state.first == 0 and state.phase is Phase.MAIN1


def test_only_dice_cards_may_be_played_before_the_match() -> None:
    state = with_player(_setup((4, 3), "duelist", "warden"), 0, hand=("not_this_time",), cp=5)
    assert "play" not in ENGINE.pending(state)[0].kinds  # nothing playable is offered
    flow = ENGINE.flow(state, RiggedDice([]))
    with pytest.raises(IllegalActionError) as err:
        check_card(flow, state, 0, "not_this_time")
    assert err.value.key == "dicethrone.error.timing_setup"


def test_a_seat_out_of_the_re_roll_has_no_die_to_change() -> None:
    from engines.core import Seat

    seats = [*SEATS, Seat(2, "Carla")]
    dice = RiggedDice([5, 5, 1])
    heroes = {"hero1": "warden", "hero2": "warden", "hero3": "warden"}
    state = ENGINE.new_match(heroes, seats, MINI, dice)
    for seat in (0, 1, 2):
        state, _ = act(state, seat, a.Pass(), *((4, 6) if seat == 2 else ()))
    assert state.roll.first_dice == (4, 6, 0)
    state = with_player(state, 2, hand=("steady_hand",))
    with pytest.raises(IllegalActionError):
        act(state, 2, a.PlayCard("steady_hand", "3=6"))  # Carla no longer rolls


def test_the_first_player_dice_are_drawn_on_the_board() -> None:
    state = _setup((4, 3))
    png = ENGINE.render(ENGINE.view(state, None), "board", "pt-BR")
    assert Image.open(io.BytesIO(png)).width == 960
    assert ENGINE.state_from_json(ENGINE.state_to_json(state)) == state
