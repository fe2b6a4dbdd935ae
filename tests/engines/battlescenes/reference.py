"""Reference positions of the renders (start, a busy mid-game, the end, a hand), shared by
the render tests and by the reference images in docs/renders/battlescenes/."""

from __future__ import annotations

from functools import cache

from engines.battlescenes import ENGINE
from engines.battlescenes.actions import UseAction
from engines.battlescenes.rules.state import Phase, State
from engines.core import Seat, SeededDice
from tests.engines.battlescenes.helpers import Placed, Side, act, build, pack, sid


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
                Placed("veiculo_shield_v3", ["excentricidade"] * 3),
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
    """Turn 5, Attack step: five card bases against three, a scenario, prizes on both
    sides, and Raio Negro V2 has just used Sussurro Aniquilador on Capuz V2."""
    return _sussurro(_table(8, ["triton_v1", "cristalys_v1"]))


@cache
def end() -> State:
    """The same move knocks Capuz V2 out: Ana reaches 15 prize points and wins (4.9.1)."""
    return _sussurro(_table(3, ["triton_v1", "cristalys_v1", "karnak_v1"]))


#: The longest names of the starter pack, supports (always upright) among them.
CROWDED_ANA = (
    "raio_negro_v2",
    "veiculo_shield_v3",
    "mansao_dos_vingadores_v1",
    "camara_neutralizadora",
    "gerador_pem",
    "fantasma_do_espaco_v1",
    "homem_formiga_v1",
    "cassandra_nova_v1",
)
CROWDED_BRUNO = (
    "capuz_v2",
    "homem_de_ferro_v3",
    "capanga_do_rei_v2",
    "garota_aranha_v1",
    "colleen_wing_v1",
    "mulher_hulk_v1",
    "carnificina_v2",
    "hulk_v3",
)


@cache
def crowded(ana: int = 8, bruno: int = 8) -> State:
    """Worst cases of the scene: up to eight card bases a side with the pack's longest
    names, each loaded with several cards, in every stage, some new this turn, and the
    same last move as :func:`busy`."""

    def side(keys: tuple[str, ...], count: int, seat: int) -> list[Placed]:
        placed = []
        for i, key in enumerate(keys[:count]):
            stage = {"raio_negro_v2": 2, "capuz_v2": 1}.get(key, (i + seat) % 3)
            energy = pack().cards[key].energy - i % 3  # some have lost cards to damage
            load = ["excentricidade"] * {"capuz_v2": 8, "raio_negro_v2": 4}.get(key, energy)
            placed.append(Placed(key, load, stage=stage, entered=5 if i % 3 == 2 else 0))
        return placed

    state = build(
        Side(
            hand=["medusa_v2", "protecao", "odin_v1"],
            resources=["excentricidade"] * 3,
            scene=side(CROWDED_ANA, ana, 0),
            prizes=["karnak_v1"],
        ),
        Side(
            hand=["umar_v1", "protecao"],
            resources=["excentricidade"] * 6,
            scene=side(CROWDED_BRUNO, bruno, 1),
            prizes=["triton_v1", "cristalys_v1"],
        ),
        scenario="a_essencia_do_medo",
        phase=Phase.ATTACK,
        turn=5,
    )
    return _sussurro(state)
