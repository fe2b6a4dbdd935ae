"""Match option ``teams: submit``: each player submits a hidden team (Phase.TEAMS)."""

from __future__ import annotations

import pytest

from engines.core import EngineError, RiggedDice, Seat
from engines.krosmaster import ENGINE
from engines.krosmaster import actions as A
from engines.krosmaster.rules.state import Phase, State
from tests.engines.krosmaster.helpers import SEATS, act, examples

RAIDERS = "tristepan, vigg-arysta, gui-yermetel, merkator, koa-gullar"
GUARD = "gultar, evangelyne, quentin-flush, gasper-feyto"


def _start() -> State:
    content = examples()
    state: State = ENGINE.new_match({"teams": "submit"}, SEATS, content, RiggedDice())
    return state


def test_duel_from_submission_to_first_turn() -> None:
    state = _start()
    assert state.phase is Phase.TEAMS
    owed = ENGINE.pending(state)
    assert [(d.seat, d.kinds, d.auto_default, d.default) for d in owed] == [
        (0, ("team",), False, None),
        (1, ("team",), False, None),
    ]
    state = act(state, A.Team(RAIDERS), seat=0)
    assert state.phase is Phase.TEAMS and not state.units
    out = ENGINE.apply(state, 1, A.Team(GUARD), RiggedDice())
    keys = [e.key for e in out.events]
    assert keys.count("krosmaster.event.team_revealed") == 2
    state = out.state
    # Same set-up as with teams given as options: Bonta Guard's initiative wins (1.3.1).
    assert state.phase is Phase.DEPLOY and state.first_player == 1 and state.deploying == 0
    assert len([u for u in state.units if u.owner == 0]) == 5
    while state.phase is Phase.DEPLOY:
        state = act(state, ENGINE.pending(state)[0].default)
    assert state.phase in (Phase.ACTIVATION, Phase.INSPIRATION)
    assert state.active_player == 1


def test_illegal_team_refused_with_the_rule() -> None:
    state = _start()
    with pytest.raises(EngineError) as err:
        act(state, A.Team("tristepan, vigg-arysta, gultar"), seat=0)
    assert err.value.key == "krosmaster.error.team_level"
    assert err.value.rule == "1.1.1.b"


def test_submitted_team_hidden_from_the_others() -> None:
    state = _start()
    out = ENGINE.apply(state, 0, A.Team(RAIDERS), RiggedDice())
    [event] = out.events
    assert event.for_seat(1).key == "krosmaster.event.team_submitted.hidden"
    assert "team" not in event.for_seat(None).params
    assert "team" in event.for_seat(0).params
    for who in (None, 1):
        data = ENGINE.view(out.state, who).data
        assert data["teams_in"] == [0] and data["my_team"] == [] and data["units"] == []
        assert "Tristepan" not in str(data) and "tristepan" not in str(data)
    assert len(ENGINE.view(out.state, 0).data["my_team"]) == 5


def test_resubmit_until_all_in() -> None:
    state = act(_start(), A.Team(GUARD), seat=0)
    assert [d.optional for d in ENGINE.pending(state)] == [True, False]
    state = act(state, A.Team(RAIDERS), seat=0)
    assert state.submitted[0][0] == "tristepan"


def test_teams_may_be_named_in_any_language_and_the_state_round_trips() -> None:
    state = _start()
    # Italian names (Gultard il Barbaro, Evangeline) are read like the ids.
    state = act(
        state, A.Team("Gultard il Barbaro, Evangeline, quentin-flush, gasper-feyto"), seat=1
    )
    assert state.submitted[1][:2] == ("gultar", "evangelyne")
    assert ENGINE.state_from_json(ENGINE.state_to_json(state)) == state


def test_autocomplete_grows_the_list() -> None:
    state = _start()
    got = ENGINE.autocomplete(state, 0, "team", "figures", "tristepan, vig", {})
    assert [c.value for c in got] == ["tristepan, vigg-arysta"]
    # Summons are never team members (1.1).
    assert all(
        "bomba" not in c.value for c in ENGINE.autocomplete(state, 0, "team", "figures", "", {})
    )


def test_four_players_submit_duos_by_9_1_2() -> None:
    seats = (*SEATS, Seat(2, "Carla"), Seat(3, "Dario"))
    content = examples()
    state: State = ENGINE.new_match({"teams": "submit"}, seats, content, RiggedDice())
    with pytest.raises(EngineError) as err:
        act(state, A.Team(GUARD), seat=2)
    assert err.value.rule == "9.1.2"
    duos = ["evangelyne, gasper-feyto", "cavaleiro-nuvem, luk-ylook", "tristepan, vigg-arysta"]
    for seat, duo in enumerate(duos):
        state = act(state, A.Team(duo), seat=seat)
    assert state.phase is Phase.TEAMS
    data = ENGINE.view(state, 3).data
    assert data["teams_in"] == [0, 1, 2] and data["my_team"] == []
    assert ENGINE.render(ENGINE.view(state, 3), "board", "it").startswith(b"\x89PNG")
    state = act(state, A.Team("ratweyra, koa-gullar"), seat=3)
    assert state.phase is Phase.DEPLOY and state.turn_order and len(state.units) == 8
    assert [p.gg for p in state.players] == [3, 3, 3, 3]  # 9.2.3


def test_no_team_after_the_reveal_and_the_option_path_is_unchanged() -> None:
    state = act(_start(), A.Team(RAIDERS), seat=0)
    state = act(state, A.Team(GUARD), seat=1)
    with pytest.raises(EngineError):
        ENGINE.apply(state, 0, A.Team(RAIDERS), RiggedDice())
    content = examples()
    given = ENGINE.new_match(
        {"team1": "brakmar-raiders", "team2": "bonta-guard"}, SEATS, content, RiggedDice()
    )
    assert given == state


def test_the_board_shows_who_still_owes_a_team() -> None:
    state = act(_start(), A.Team(RAIDERS), seat=0)
    image = ENGINE.render(ENGINE.view(state, None), "board", "en-US")
    assert image.startswith(b"\x89PNG")
    assert ENGINE.view(state, None).data["phase"] == "teams"


def test_a_team_is_submitted_from_its_menu() -> None:
    """The menu lists the pack's playable Krosmasters (no summons, no stat line alone) with
    their levels: 3 to 8 in a duel, 2 each with four players; the values it sends make the
    typed command's team."""
    state = _start()
    (menu,) = ENGINE.pending(state)[0].selections
    pool = {k for k, f in state.figures.items() if not f.summon and f.playable}
    assert menu.public and menu.many and (menu.min_values, menu.max_values) == (3, 8)
    assert {o.value for o in menu.options} == pool and not any(o.chosen for o in menu.options)
    assert "nox" in state.figures and "nox" not in pool  # a roster stat line: not offered
    label = ENGINE.catalog().translate(
        menu.options[0].label.key, "pt-BR", **dict(menu.options[0].label.params)
    )
    assert "Nível" in label, label
    chosen = menu.action(RAIDERS.split(", "))
    state = ENGINE.apply(state, 0, ENGINE.parse_action(chosen), RiggedDice()).state
    assert state.submitted[0] == tuple(RAIDERS.split(", "))
    # Submitted: that seat's re-submission is optional and offers no menu of its own.
    assert [d.selections for d in ENGINE.pending(state) if d.seat == 0] == [()]

    four = [Seat(i, n) for i, n in enumerate(("A", "B", "C", "D"))]
    duos = ENGINE.new_match({"teams": "submit"}, four, examples(), RiggedDice())
    (menu,) = ENGINE.pending(duos)[0].selections
    assert (menu.min_values, menu.max_values) == (2, 2)
