"""Bombs (4.19.5): explosions as pending effects, chains, and the start of the summoner's turn."""

from __future__ import annotations

from engines.krosmaster import actions as A
from engines.krosmaster.rules.state import PendingKind, Phase, State
from tests.engines.krosmaster.helpers import act, position


def bomb(uid: str, figure: str, owner: int, square: str, summoner: str) -> dict[str, object]:
    return {"id": uid, "figure": figure, "owner": owner, "square": square, "summoner": summoner}


def vigg_and_fire_bomb() -> State:
    # 7.2.8/7.2.9 example 4: Vigg Arysta (10 HP, 8 wounds) casts Burla on a fire bomb.
    state = position(
        {
            "add": [bomb("1.bomb", "bomba-incendiaria", 1, "C4", "1.gultar")],
            "units": [
                {"id": "0.vigg-arysta", "square": "C3", "wounds": 8},
                {"id": "0.tristepan", "square": "A12"},
                {"id": "1.gultar", "square": "J10"},
            ],
            "active": "0.vigg-arysta",
        }
    )
    state = act(state, A.Cast("burla", "C4"), ["Crit", "Lock"])  # 2 damage, 1 wound placed
    assert state.unit("1.bomb").ko and state.phase is Phase.PENDING
    return state


def index_of(state: State, kind: PendingKind) -> int:
    return next(i for i, p in enumerate(state.pending) if p.kind is kind) + 1


def test_explosion_first_knocks_vigg_out_and_the_lifesteal_is_lost() -> None:
    state = vigg_and_fire_bomb()
    # The fire bomb has Critical: two crit dice; Vigg rolls one armour die: 2 damage.
    state = act(state, A.Resolve(index_of(state, PendingKind.EXPLOSION)), ["Lock", "Lock", "Lock"])
    assert state.unit("0.vigg-arysta").ko
    assert state.pending == ()  # 7.2.9.b: the lifesteal vanished
    assert state.active_unit != "0.vigg-arysta"  # Vigg's turn is over


def test_lifesteal_first_saves_vigg() -> None:
    state = vigg_and_fire_bomb()
    state = act(state, A.Resolve(index_of(state, PendingKind.LIFESTEAL)), ["Lock", "Lock", "Lock"])
    # 8 → 7 wounds, then the explosion (the last pending effect) resolves by itself: 9.
    assert state.unit("0.vigg-arysta").wounds == 9
    assert state.phase is Phase.ACTIVATION


def test_bomb_explosions_chain_through_the_single_queue() -> None:
    # 7.2.8/7.2.9 example 1: Espada Celestial knocks out two water bombs; one explosion
    # knocks out two fire bombs, whose explosions join the same queue.
    state = position(
        {
            "add": [
                bomb("0.water.1", "bomba-dagua", 0, "B4", "0.tristepan"),
                bomb("0.water.2", "bomba-dagua", 0, "D4", "0.tristepan"),
                bomb("0.fire.1", "bomba-incendiaria", 0, "A3", "0.tristepan"),
                bomb("0.fire.2", "bomba-incendiaria", 0, "A5", "0.tristepan"),
            ],
            "units": [{"id": "1.gultar", "square": "C3"}, {"id": "0.tristepan", "square": "J1"}],
            "active": "1.gultar",
        }
    )
    # Staff zone pointing south from C3 to C4: B4 and D4. One crit die, one armour die per bomb.
    state = act(state, A.Cast("espada-celestial", "C4"), ["Lock", "Lock", "Lock"])
    assert [p.source for p in state.pending] == ["0.water.1", "0.water.2"]
    # The B4 explosion: one crit die; armour for the fire bomb on A3, Gultar on C3, A5's bomb.
    state = act(state, A.Resolve(1), ["Lock", "Lock", "Lock", "Lock"])
    assert state.phase is Phase.PENDING
    assert [p.source for p in state.pending] == ["0.water.2", "0.fire.1", "0.fire.2"]
    assert state.unit("1.gultar").wounds == 2


def test_a_bomb_explodes_at_the_start_of_its_summoners_turn() -> None:
    state = position(
        {
            "add": [bomb("0.bomb", "bomba-dagua", 0, "C4", "0.tristepan")],
            "units": [
                {"id": "0.gui-yermetel", "square": "L1"},
                {"id": "0.tristepan", "square": "A1"},
                {"id": "1.gultar", "square": "C5"},
            ],
            "active": "0.gui-yermetel",
        }
    )
    state = act(state, A.EndTurn(), ["Lock", "Lock"])  # 4.19.5.c, 6.2.1.d
    assert state.unit("0.bomb").ko and state.unit("1.gultar").wounds == 2
    assert state.active_unit == "0.tristepan" and state.phase is Phase.ACTIVATION
