"""Companions ("Companheiros"): their own component, immune to status-changing effects."""

from __future__ import annotations

from pathlib import Path

import pytest

from engines.core import ContentError, RiggedDice
from engines.dicethrone import ENGINE
from engines.dicethrone import actions as a
from engines.dicethrone.content import Step as ScriptStep
from engines.dicethrone.content.loader import load_hero
from engines.dicethrone.effects.context import Ctx
from engines.dicethrone.rules.state import State
from engines.dicethrone.rules.statuses import parse_pick, tokens_in_play
from tests.engines.dicethrone.helpers import MINI, SEATS, keys, through_first_roll, with_player


def _match() -> State:
    # Seat 0 (duelist) starts; seat 1 is the Warden with her Hound.
    state = ENGINE.new_match(
        {"hero1": "duelist", "hero2": "warden"}, SEATS, MINI, RiggedDice([6, 1])
    )
    return through_first_roll(state)  # the Warden's Steady Hand opens "Preparação" 7


def test_the_hero_set_up_brings_the_companion_apart_from_status_effects() -> None:
    state = _match()
    assert state.players[1].companions == {"hound": 1}
    assert state.players[1].statuses == {}
    view = ENGINE.view(state, None).data["players"][1]
    assert view["companions"] == [
        {
            "id": "hound",
            "name": dict(MINI.heroes["warden"].companions[0].name),
            "count": 1,
            "limit": 2,
            "positive": True,
            "companion": True,
            "label": {},  # a track's or a dial's chip has its own label (issue 22)
            "marker": False,
        }
    ]
    assert view["statuses"] == []


def test_status_changing_effects_do_not_touch_companions() -> None:
    # "Companheiros não são Efeitos de Status e, portanto, são imunes a cartas e
    # habilidades que alteram os Efeitos de Status."
    state = with_player(_match(), 1, statuses={"dodge": 1})
    # A card removing a token of the player's choice (Buh, Bye!) never offers the Hound
    # and refuses it when named.
    assert tokens_in_play(MINI, state, "duelist") == [(1, "dodge")]
    assert parse_pick(MINI, state, "2:hound", "duelist") is None
    interp = ENGINE.flow(state, RiggedDice([])).interp
    duelist = MINI.heroes["duelist"]
    picked = interp.run(state, (ScriptStep(op="remove_chosen"),), Ctx(0, duelist, pick="2:hound"))
    assert picked.players[1].companions == {"hound": 1}
    for op in ("remove", "remove_all"):  # ("move" names only a status of its hero)
        script = (ScriptStep(op=op, status="hound", amount=1, target="opponent"),)
        after = interp.run(state, script, Ctx(0, duelist))
        assert after.players[1].companions == {"hound": 1}
        assert after.players[0].companions == {}


def test_only_the_companions_own_rules_call_or_dismiss_it() -> None:
    state = _match()
    interp = ENGINE.flow(state, RiggedDice([])).interp
    warden = MINI.heroes["warden"]
    gain = (ScriptStep(op="gain_companion", companion="hound", amount=3, target="self"),)
    after = interp.run(state, gain, Ctx(1, warden))
    assert after.players[1].companions == {"hound": 2}  # its limit
    assert "companion_gained" in keys(interp.events)
    lose = (ScriptStep(op="lose_companion", companion="hound", amount=2, target="self"),)
    after = interp.run(after, lose, Ctx(1, warden))
    assert after.players[1].companions == {}
    # Another hero's script cannot dismiss the Warden's Hound (nor call one).
    other = interp.run(state, lose, Ctx(0, MINI.heroes["duelist"]))
    assert other.players[1].companions == {"hound": 1} and other.players[0].companions == {}


def test_the_board_render_shows_the_companion() -> None:
    state = _match()
    png = ENGINE.render(ENGINE.view(state, None), "board", "en-US")
    assert png[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_companion_step_must_name_a_companion_of_the_hero(tmp_path: Path) -> None:
    source = (Path(__file__).parent / "packs/mini/heroes/warden.yaml").read_text()
    bad = tmp_path / "warden.yaml"
    bad.write_text(source.replace("setup: [gain_companion: hound]", "setup: [gain_companion: cat]"))
    with pytest.raises(ContentError) as info:
        load_hero(bad)
    assert "unknown companion" in str(info.value)


def test_a_referee_or_manual_step_adjusts_a_companion_within_its_limit() -> None:
    # Companion rules printed as text are applied by hand with `adjust`.
    state = _match()
    adjust = a.Adjust(seat=2, status="hound", count=5)
    state = ENGINE.referee_apply(state, 0, adjust, RiggedDice([])).state
    assert state.players[1].companions == {"hound": 2} and state.players[1].statuses == {}
    adjust = a.Adjust(seat=2, status="hound", count=-3)
    state = ENGINE.referee_apply(state, 0, adjust, RiggedDice([])).state
    assert state.players[1].companions == {}
