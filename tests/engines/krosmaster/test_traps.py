"""Traps (4.19.7): the exact triggers of 4.19.7.c–d and the recoil example of 7.2.8."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engines.krosmaster import actions as A
from engines.krosmaster.content.schema import Effect, EffectKind
from engines.krosmaster.rules.state import Phase, State
from tests.engines.krosmaster.helpers import act, events, position, sq


def trap(square: str, owner: int = 1, summoner: str = "1.ratweyra") -> dict[str, Any]:
    return {
        "id": f"{owner}.trap",
        "figure": "armadilha-mortal",
        "owner": owner,
        "square": square,
        "summoner": summoner,
    }


def test_walking_onto_a_trap_springs_it_and_stops_the_walk() -> None:
    state = position(
        {
            "add": [trap("C4")],
            "units": [{"id": "0.tristepan", "square": "C3"}, {"id": "1.ratweyra", "square": "J10"}],
            "active": "0.tristepan",
        },
        team2="rat-pack",
    )
    # Estalo: one crit die, Tristepan's armour die: 3 earth damage.
    state, keys = events(state, A.Move("C6"), ["Lock", "Lock"])
    assert "krosmaster.event.trap" in keys
    t = state.unit("0.tristepan")
    assert (t.pos, t.wounds, t.mp) == (sq("C4"), 3, 2)
    assert state.unit("1.trap").pos is None  # 4.19.7.e


def test_a_trap_is_a_free_square_and_does_not_lock() -> None:
    state = position(
        {
            "add": [trap("C4")],
            "units": [{"id": "0.tristepan", "square": "C5"}, {"id": "1.ratweyra", "square": "J10"}],
            "active": "0.tristepan",
        },
        team2="rat-pack",
    )
    state = act(state, A.Move("C6"))  # no lock test next to the trap (4.19.7.a)
    assert state.unit("0.tristepan").pos == sq("C6")


def test_a_push_over_a_trap_does_not_spring_it_but_ending_on_it_does() -> None:
    # 4.19.7.d example: Vigg pushed 2 squares over a trap does not trigger it.
    base = {
        "units": [
            {"id": "0.luk-ylook", "square": "C2"},
            {"id": "1.vigg-arysta", "square": "C3"},
            {"id": "1.tristepan", "square": "J10"},
        ],
        "active": "0.luk-ylook",
    }
    over = position(
        {**base, "add": [trap("C4", summoner="1.tristepan")]},
        team1="tofu-court",
        team2="brakmar-raiders",
    )
    over = act(over, A.Cast("flecha-repelente", "C3"), ["Lock", "Lock"])
    assert over.unit("1.vigg-arysta").pos == sq("C5") and over.unit("1.trap").pos == sq("C4")
    onto = position(
        {**base, "add": [trap("C5", summoner="1.tristepan")]},
        team1="tofu-court",
        team2="brakmar-raiders",
    )
    # The trap springs in step 3; its Estalo waits for step 8 (7.2.4.a).
    onto = act(onto, A.Cast("flecha-repelente", "C3"), ["Lock", "Lock", "Lock", "Lock"])
    vigg = onto.unit("1.vigg-arysta")
    assert vigg.pos == sq("C5") and vigg.wounds == 1 + 3


def recoil(ratweyra_wounds: int, **extra: Any) -> State:
    """7.2.8 example 2: a recoiling shot lands Rib Ombar (here Luk Ylook) on a trap."""
    state = position(
        {
            "add": [trap("C2")],
            "units": [
                {"id": "0.luk-ylook", "square": "C3"},
                {"id": "0.ana-tomya", "square": "L1"},
                {"id": "1.ratweyra", "square": "C5", "wounds": ratweyra_wounds},
                {"id": "1.tristepan", "square": "J10"},
            ],
            "active": "0.luk-ylook",
            **extra,
        },
        team1="tofu-court",
        team2="rat-pack",
    )
    luk = state.figures["luk-ylook"]
    shot = replace(
        luk.spells[0],
        id="tiro-de-recuo",
        name="Tiro de Recuo",
        effects=(Effect(EffectKind.RETREAT, 1),),
    )
    return replace(state, figures={**state.figures, "luk-ylook": replace(luk, spells=(shot,))})


def test_the_trap_during_a_recoil_resolves_after_the_knock_out() -> None:
    state = act(recoil(11), A.Cast("tiro-de-recuo", "C5"), ["Lock", "Lock", "Lock", "Lock"])
    assert state.unit("1.ratweyra").ko  # 1 damage in step 6, knocked out after step 7
    assert state.players[0].gg == 6 + 1 + 3  # the wild GG and 3 stolen: Ratweyra is level 4
    assert state.unit("0.luk-ylook").wounds == 3  # then Estalo in step 8 (Luk has 7 HP)


def test_a_victory_at_step_7_cancels_step_8() -> None:
    state = recoil(11, players=[{"gg": 6}, {"gg": 3}], wild_gg=0)
    state = act(state, A.Cast("tiro-de-recuo", "C5"), ["Lock", "Lock"])
    assert state.phase is Phase.OVER and state.winner == 0
    assert state.unit("0.luk-ylook").wounds == 0  # 7.2.8.c: Estalo never resolves


def test_a_monster_summoned_onto_a_trap_springs_it() -> None:
    state = position(
        {
            "add": [trap("C4", owner=1, summoner="1.gultar")],
            "units": [
                {"id": "0.rainha-dos-tofus", "square": "C3"},
                {"id": "1.gultar", "square": "J10"},
            ],
            "active": "0.rainha-dos-tofus",
        },
        team1="tofu-court",
    )
    # Estalo resolves right after the spell: one crit die, then the Tofu's armour die.
    state, keys = events(state, A.Cast("tofu-summoning", "C4"), ["Lock", "Lock"])
    assert "krosmaster.event.trap" in keys
    assert state.unit("0.tofu.1").ko  # 3 damage on a 2-HP Tofu
    assert state.unit("1.trap").pos is None
