"""Demonic rewards (4.7): piles, reveal schedule, buying, assigning, revealing, hidden info."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest

from engines.core import EngineError, RiggedDice
from engines.krosmaster import ENGINE
from engines.krosmaster import actions as A
from engines.krosmaster.content.schema import Power
from engines.krosmaster.names import pick
from engines.krosmaster.rules.board import has_power
from engines.krosmaster.rules.state import Phase, State
from engines.krosmaster.rules.units import knock_out
from tests.engines.krosmaster.helpers import act, empty_arena, events, new_match, position

# With rigged dice every shuffle keeps the sorted order, so granite-1 holds
# [energy-boost, shell-buff] and granite-2 [feather-buff, speed-boost].


def shop(kamas: int = 20, holds: dict[str, list[Any]] | None = None, **extra: Any) -> State:
    """Tristepan on a demonic square, Koa beside him; ``holds`` gives them rewards."""
    units: list[dict[str, Any]] = [
        {"id": "0.tristepan", "square": "C3"},
        {"id": "0.koa-gullar", "square": "D3"},
        {"id": "1.gultar", "square": "J10"},
    ]
    for unit in units:
        if holds and unit["id"] in holds:
            unit["rewards"] = holds[unit["id"]]
    return position(
        {"units": units, "players": [{"kamas": kamas}], "active": "0.tristepan", **extra},
        arena=empty_arena(demonic=["C3"]),
    )


def step(state: State) -> State:
    """Apply the pending decision's default; tension tests roll Lock and Crit."""
    decision = ENGINE.pending(state)[0]
    assert decision.default is not None
    out: State = ENGINE.apply(
        state, decision.seat, decision.default, RiggedDice(["Lock", "Crit"])
    ).state
    return out


def test_six_face_down_piles_and_the_reveal_schedule_of_4_7_4() -> None:
    state = new_match()
    assert [len(p) for p in state.piles] == [2, 2, 2, 2, 2, 2] and set(state.shown) == {""}
    while state.phase is Phase.DEPLOY or state.player_turn == 1:
        state = step(state)
    # The second player's first turn starts: one token of each level is turned up...
    assert [bool(s) for s in state.shown] == [True, False, True, False, True, False]
    while state.player_turn == 2:
        state = step(state)
    # ...and at its end, one next to each other pile.
    assert all(state.shown)


def test_buying_face_down_hides_the_token_from_everyone_but_the_buyer() -> None:
    outcome = ENGINE.apply(shop(), 0, A.BuyReward("granite-1", "down"), RiggedDice())
    bought = next(e for e in outcome.events if e.key == "krosmaster.event.reward_bought")
    assert bought.for_seat(None).key == "krosmaster.event.reward_bought.hidden"
    assert "reward" not in bought.for_seat(1).params
    state = outcome.state
    assert state.phase is Phase.ASSIGN and state.players[0].kamas == 17
    assert state.unit("0.tristepan").ap == 5  # 1 AP (4.7.6)
    assert ENGINE.view(state, None).data["bought"] is None
    assert pick(ENGINE.view(state, 0).data["bought"], "en-US") == "Energy Boost"  # 4.7.8.a
    state = act(state, A.Assign("Koa Gullar"))
    assert state.phase is Phase.ACTIVATION
    public = json.dumps(ENGINE.view(state, None).data)
    assert "Energy Boost" not in public and "energy-boost" not in public
    held = ENGINE.view(state, 0).data["units"][4]["rewards"]
    assert [(pick(r["name"], "pt-BR"), r["revealed"]) for r in held] == [
        ("Impulso de Energia", False)
    ]


def test_buying_face_up_turns_the_next_token_up_at_once() -> None:
    state = shop()
    with pytest.raises(EngineError) as err:
        act(state, A.BuyReward("granite-2", "up"))  # nothing face up there yet
    assert err.value.rule == "4.7.4"
    state = replace(
        state, shown=("energy-boost", "", "", "", "", ""), piles=(("shell-buff",), *state.piles[1:])
    )
    state, keys = events(state, A.BuyReward("granite-1", "up"))
    assert "krosmaster.event.reward_shown" in keys
    assert state.shown[0] == "shell-buff" and state.piles[0] == ()  # 4.7.7
    bought = ENGINE.view(state, None).data["bought"]  # bought in the open, named per locale
    assert (pick(bought, "en-US"), pick(bought, "it")) == ("Energy Boost", "Slancio di Energia")


def test_a_krosmaster_holds_at_most_its_level_in_rewards() -> None:
    state = shop(holds={"0.koa-gullar": ["speed-boost"], "0.tristepan": ["feather-buff"] * 3})
    # Nobody has room (Koa level 1, Tristepan level 3): revealed and discarded (4.7.9.a).
    state, keys = events(state, A.BuyReward("granite-1", "down"))
    assert "krosmaster.event.reward_discarded" in keys and state.phase is Phase.ACTIVATION
    assert state.players[0].kamas == 17


def test_assigning_to_a_full_krosmaster_is_refused() -> None:
    state = shop(holds={"0.koa-gullar": ["speed-boost"]})
    state = act(state, A.BuyReward("granite-1", "down"))
    with pytest.raises(EngineError) as err:
        act(state, A.Assign("0.koa-gullar"))
    assert err.value.rule == "4.7.9"


def test_boosts_add_to_the_gauges_and_are_used_up() -> None:
    state = shop(holds={"0.tristepan": ["energy-boost", "speed-boost"]})
    state = act(state, A.Reveal("Energy Boost"))
    t = state.unit("0.tristepan")
    assert t.ap == 8 and [h.reward for h in t.rewards] == ["speed-boost"]
    with pytest.raises(EngineError) as err:
        act(state, A.Reveal("Speed Boost"))
    assert err.value.rule == "4.7.10"


def test_aeroboost_gives_dan_to_fu_its_two_air_damage() -> None:
    # 7.2.7.c with the real reward: 1 + 2 Tofus + 2 Aeroboost + 0 − 1 = 4.
    state = position(
        {
            "units": [
                {"id": "0.rainha-dos-tofus", "square": "C3", "rewards": ["aeroboost"]},
                {"id": "1.cavaleiro-nuvem", "square": "C6"},
            ],
            "add": [
                {"id": "0.tofu.a", "figure": "tofu", "owner": 0, "square": "B6"},
                {"id": "1.tofu.b", "figure": "tofu", "owner": 1, "square": "D6"},
            ],
            "active": "0.rainha-dos-tofus",
        },
        team1="tofu-court",
        team2="tofu-court",
    )
    state = act(state, A.Reveal("Aeroboost"))
    assert state.unit("0.rainha-dos-tofus").rewards == ()  # a boost leaves the game
    state = act(state, A.Cast("dan-to-fu", "C6"), ["Crit", "Armour"])
    assert state.unit("1.cavaleiro-nuvem").wounds == 4


def test_equipment_raises_characteristics_for_good() -> None:
    state = shop(holds={"0.tristepan": ["dragoturkey", "long-bow"]})
    state = act(state, A.Reveal("Dragoturkey"))
    assert state.unit("0.tristepan").mp == 4  # the new MP is usable at once (4.7.5.c)
    state = act(act(state, A.EndTurn()), A.EndTurn())  # Koa, then Bruno's turn
    while state.active_player == 1 or state.phase is not Phase.ACTIVATION:
        state = step(state)
    assert state.unit("0.tristepan").mp == 4  # 4.11.2 with the raised maximum


def test_one_equipment_of_each_type_and_never_dofus_with_trophy() -> None:
    state = shop(
        holds={"0.tristepan": [{"id": "crimson-dofus", "revealed": True}, "champion-trophy"]}
    )
    with pytest.raises(EngineError) as err:
        act(state, A.Reveal("Champion Trophy"))
    assert err.value.rule == "4.7.11.c"
    state = shop(holds={"0.tristepan": [{"id": "dragoturkey", "revealed": True}, "dragoturkey"]})
    with pytest.raises(EngineError) as err:
        act(state, A.Reveal("Dragoturkey"))
    assert err.value.rule == "4.7.11.b"


def test_techniques_cheapen_the_punch_and_free_a_reward_slot() -> None:
    fist = {"id": "iron-fist", "revealed": True}
    state = shop(holds={"0.koa-gullar": [fist], "0.tristepan": [fist]})
    from engines.krosmaster.rules.targeting import spells_of

    punch = next(s for s in spells_of(state, state.unit("0.tristepan")) if s.id == "punch")
    assert punch.ap == 4  # 4.7.11.f
    state = act(state, A.BuyReward("granite-1", "down"))
    act(state, A.Assign("0.koa-gullar"))  # level 1, but a Technique does not count (4.7.11.d)


def test_buffs_last_until_the_start_of_the_figures_next_turn() -> None:
    state = shop(holds={"0.tristepan": ["shell-buff"]})
    state = act(state, A.Reveal("Shell Buff"))
    assert has_power(state, state.unit("0.tristepan"), Power.ARMOUR)
    while state.active_unit != "0.tristepan" or state.player_turn < 4:
        state = step(state)
    assert not has_power(state, state.unit("0.tristepan"), Power.ARMOUR)  # 6.2.1.a


def test_the_prespic_set_gives_counter_attack() -> None:
    state = position(
        {
            "units": [
                {"id": "1.gultar", "square": "C3"},
                {
                    "id": "0.tristepan",
                    "square": "C4",
                    "rewards": [{"id": "prespic-set", "revealed": True}],
                },
            ],
            "active": "1.gultar",
        }
    )
    state = act(state, A.Cast("espada-celestial", "C4"), ["Lock", "Lock"])
    assert state.unit("1.gultar").wounds == 1  # 4.9.15 through the set


def test_rewards_leave_with_a_knocked_out_krosmaster() -> None:
    state = shop(holds={"0.koa-gullar": ["speed-boost"]})
    state, _ = knock_out(state, "0.koa-gullar")
    assert state.unit("0.koa-gullar").rewards == ()  # 4.7.12
