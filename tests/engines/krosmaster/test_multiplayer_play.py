"""Whole multiplayer matches played through ``apply``: a four-player free-for-all and a
2 v 2 for a few rounds, with autocomplete, views and renders for every seat."""

from __future__ import annotations

import io

from PIL import Image

from engines.core import RiggedDice, SeededDice
from engines.krosmaster import ENGINE
from engines.krosmaster import actions as A
from engines.krosmaster.render.text import notes
from engines.krosmaster.rules.faces import Face
from engines.krosmaster.rules.state import Phase, State
from tests.engines.krosmaster.helpers import act
from tests.engines.krosmaster.helpers_multi import new4


def deployed(mode: str) -> State:
    """Every player deploys with the autocomplete's first figure and square (9.2.4)."""
    state = new4(mode, arena="four-winds")
    while state.phase is Phase.DEPLOY:
        seat = ENGINE.pending(state)[0].seat
        figure = ENGINE.autocomplete(state, seat, "deploy", "figure", "", {})[0].value
        square = ENGINE.autocomplete(state, seat, "deploy", "square", "", {})[0].value
        state = ENGINE.apply(state, seat, A.Deploy(figure, square), RiggedDice([])).state
    return state


def walk_and_end(state: State) -> State:
    """Each of the active player's figures walks as far as the autocomplete offers."""
    while state.phase is Phase.ACTIVATION and not state.owed:
        seat = state.active_player
        places = ENGINE.autocomplete(state, seat, "move", "to", "", {})
        unit = state.active_unit
        if places and state.unit(unit or "").mp:  # lock tests, if any, roll seeded dice
            move = A.Move(places[-1].value)
            state = ENGINE.apply(state, seat, move, SeededDice(b"walk", state.player_turn)).state
        state = act(state, A.EndTurn())
    return state


def test_a_four_player_free_for_all_goes_round_the_table() -> None:
    state = deployed("ffa")
    assert state.active_player == 0 and state.player_turn == 1
    order = []
    for rnd in range(2):
        for _ in range(4):
            order.append(state.active_player)
            if state.phase is Phase.TENSION:
                state = act(state, A.Tension(), ["Crit", "Lock"])
                state = act(state, A.Keep())
                mine = state.players[state.active_player].timeline[0]
                state = act(state, A.Inspire(1, mine))  # Crit until my next turn (5.3.3)
                kamas = state.players[state.active_player].kamas
                state = act(state, A.EndInspiration())  # one die left: 1 kama (5.4.2)
                assert state.players[state.active_player].kamas == kamas + 1
                assert state.unit(mine).inspiration == (Face.CRIT,)
            state = walk_and_end(state)
        assert state.player_turn == 4 * rnd + 5
    assert order == [0, 1, 2, 3] * 2
    # Each player's inspiration stays until that player's next turn starts.
    assert state.unit(state.players[3].timeline[0]).inspiration == (Face.CRIT,)
    assert [p.gg for p in state.players] == [3, 3, 3, 3] and state.wild_gg == 3
    for seat in (None, 0, 1, 2, 3):  # every seat's view renders
        png = ENGINE.render(ENGINE.view(state, seat), "board", "pt-BR")
        assert Image.open(io.BytesIO(png)).size[0] == 960
    moved = [u for u in state.units if u.pos not in state.arena.starts[u.owner]]
    assert len(moved) >= 6  # the figures left their starting squares


def test_a_2v2_match_with_tension_doubles_and_a_gift() -> None:
    state = walk_and_end(deployed("2v2"))  # player 1 (Alice, team A) has no tension test
    assert state.active_player == 1 and state.phase is Phase.TENSION
    state = act(act(state, A.Tension(), ["Armour", "Armour"]), A.Keep())
    # 9.2.6: Bruno (team B) names an opponent — his default spares his teammate Davi …
    first = ENGINE.pending(state)[0]
    assert first.seat == 1 and first.default in (A.Doubles("1"), A.Doubles("3"))
    choices = ENGINE.autocomplete(state, 1, "doubles", "player", "", {})
    assert {c.value for c in choices} == {"1", "3"}
    state = act(state, A.Doubles("Carla"))
    # … and Carla names another player: her default is an opponent, never Alice.
    second = ENGINE.pending(state)[0]
    assert second.seat == 2 and second.default in (A.Doubles("2"), A.Doubles("4"))
    state = act(state, second.default)
    assert sum(p.gg for p in state.players) == 10 and state.gg_lost == 2
    assert state.players[0].gg == 3 and state.players[2].gg == 2
    state = walk_and_end(act(state, A.EndInspiration()))
    for player in (2, 3):  # Carla, then Davi
        assert state.active_player == player
        state = act(act(state, A.Tension(), ["Crit", "Dodge"]), A.Keep())
        state = walk_and_end(act(state, A.EndInspiration()))
    assert state.active_player == 0 and state.player_turn == 5
    # Alice knocks out her teammate Carla's Tristepan by card text: 9.2.5 applies to
    # the team too — Alice gives 3 GG of her own to an opponent she names.
    victim = state.players[2].timeline[-1]
    state = act(state, A.Tension(), ["Crit", "Dodge"])
    state = act(act(state, A.Keep()), A.EndInspiration())
    level = state.fig(state.unit(victim)).level
    hp = state.fig(state.unit(victim)).hp
    state = act(state, A.Adjust(victim, "wounds", f"+{hp}", "card text"))
    decision = ENGINE.pending(state)[0]
    assert decision.seat == 0 and decision.kinds == ("give",)
    davi = state.players[3].gg
    state = act(state, A.Give("Davi"))
    assert state.players[0].gg == 3 - level and state.players[3].gg == davi + level
    assert ENGINE.result(state) is None
    png = ENGINE.render(ENGINE.view(state, None), "board", "it")
    assert Image.open(io.BytesIO(png)).size[0] == 960


def test_the_board_names_the_player_an_owed_choice_waits_for() -> None:
    state = act(act(walk_and_end(deployed("ffa")), A.Tension(), ["Lock", "Lock"]), A.Keep())
    data = ENGINE.view(state, None).data
    assert data["owed"] == [{"kind": "doubles", "seat": 1, "count": 0}]
    lines = notes(dict(data), ENGINE.catalog(), "en-US", 900)
    assert any("Waiting for Bruno" in line and "9.2.6" in line for line in lines)
