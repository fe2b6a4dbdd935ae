"""Reference positions of the renders (start, a busy mid-game, the end, a hand), shared by
the render tests and by the reference images in docs/renders/battlescenes/."""

from __future__ import annotations

from functools import cache

from engines.battlescenes import ENGINE
from engines.battlescenes.actions import UseAction
from engines.battlescenes.state import Phase, State
from engines.core import Seat, SeededDice
from tests.engines.battlescenes.helpers import Placed, Side, act, build, sid


@cache
def start() -> State:
    """A new match of the two starter decks: both players owe their mulligan decision
    after the draw winner chose who starts."""
    seats = (Seat(0, "Ana"), Seat(1, "Bruno"))
    state = ENGINE.new_match({}, seats, None, SeededDice(b"reference", 0))
    for decision in ENGINE.pending(state):
        if decision.default is not None and "choose_first" in decision.kinds:
            state = ENGINE.apply(state, decision.seat, decision.default, SeededDice(b"r", 1)).state
    return state


def _table(capuz: int, prizes: list[str]) -> State:
    return build(
        Side(
            hand=["medusa_v2", "protecao", "odin_v1", "rir_do_perigo", "barreira_telecinetica"],
            resources=["excentricidade"] * 4 + ["protecao"],
            scene=[
                Placed("raio_negro_v2", ["excentricidade"] * 4, stage=2),
                Placed("hulk_v3", ["excentricidade"] * 6, stage=2),
                Placed("medusa_v2", ["protecao"] * 2, stage=0, entered=5),
                Placed("mansao_dos_vingadores_v1", ["excentricidade"] * 2),
            ],
            prizes=["karnak_v1"],
        ),
        Side(
            hand=["capuz_v2", "umar_v1", "excentricidade", "protecao"],
            resources=["excentricidade"] * 6,
            scene=[
                Placed("capuz_v2", ["excentricidade"] * capuz),
                Placed("kraven_v1", ["excentricidade"] * 3, stage=0),
                Placed("carnificina_v1", ["excentricidade"] * 2, stage=2),
            ],
            prizes=prizes,
        ),
        scenario="a_essencia_do_medo",
        phase=Phase.ATTACK,
        turn=5,
    )


def _sussurro(state: State) -> State:
    raio, capuz = sid(state, "raio_negro_v2"), sid(state, "capuz_v2")
    state, _ = act(state, 0, UseAction(raio, "Sussurro Aniquilador", str(capuz)))
    return state


@cache
def busy() -> State:
    """Turn 5, Attack step: four card bases against three, a scenario, prizes on both
    sides, and Raio Negro V2 has just used Sussurro Aniquilador on Capuz V2."""
    return _sussurro(_table(8, ["triton_v1", "cristalys_v1"]))


@cache
def end() -> State:
    """The same move knocks Capuz V2 out: Ana reaches 15 prize points and wins (4.9.1)."""
    return _sussurro(_table(3, ["triton_v1", "cristalys_v1", "karnak_v1"]))
