"""4.8.5: a *chosen* character as the source of damage. Garras Imoladoras: its controller
may incapacitate one of their characters by 1; if so, that character deals 3 damage
(``source: chosen``: the character an earlier step chose) and Cassandra Nova: the chosen
character deals 2 damage to another character (``source: marked``:
the card this card chose before). Stand-in texts (single destination, activated) on Umar V1.
Triton V1 takes 1 less damage from sources without the Inumanos affiliation, which tells
who the source is: an Inumanos source deals the full amount."""

from __future__ import annotations

from engines.battlescenes.actions import Activate, Choose
from engines.battlescenes.content.schema import Step, Text
from engines.battlescenes.rules.state import Phase, State
from engines.battlescenes.table import zones
from engines.core.model import replace
from tests.engines.battlescenes.helpers import Placed, Side, act, build, keys, sid

FILL = ["excentricidade"] * 5
CLAWS = Text(
    text="…",
    activated=True,
    steps=(
        Step(op="incapacitate", amount=1, to="chosen_own_character", optional=True),
        Step(op="damage", amount=3, source="chosen", to="chosen_opponent_character", if_done=True),
    ),
)
MARK = Text(text="…", activated=True, steps=(Step(op="mark", to="chosen_opponent_character"),))
CAUSE = Text(
    text="…",
    activated=True,
    steps=(Step(op="damage", amount=2, source="marked", to="chosen_character", other=True),),
)


def table(*texts: Text, bruno: tuple[str, ...] = ("triton_v1",)) -> State:
    state = build(
        Side(scene=[Placed("umar_v1", FILL), Placed("medusa_v2", FILL)]),
        Side(scene=[Placed(key, FILL) for key in bruno]),
        phase=Phase.PREPARATION,
    )
    umar = replace(state.defs["umar_v1"], texts=texts)
    return replace(state, defs={**state.defs, "umar_v1": umar})


def claws(source: str) -> State:
    state = table(CLAWS)
    umar, chosen, triton = sid(state, "umar_v1"), sid(state, source), sid(state, "triton_v1")
    state, _ = act(state, 0, Activate(umar))
    assert state.choice is not None and str(chosen) in state.choice.options
    before = zones.in_scene(state, chosen).stage
    state, _ = act(state, 0, Choose(str(chosen)))
    assert zones.in_scene(state, chosen).stage == before - 1  # incapacitated in 1
    state, _ = act(state, 0, Choose(str(triton)))
    return state


def test_the_chosen_inumanos_character_is_the_source() -> None:
    state = claws("medusa_v2")  # Medusa V2: Inumanos — Triton's reduction does not apply
    assert len(zones.in_scene(state, sid(state, "triton_v1")).loaded) == 5 - 2  # 3, shield 1


def test_another_chosen_source_gets_tritons_reduction() -> None:
    state = claws("umar_v1")  # Umar V1 (Dimensão Sombria): 3 − 1 = 2, shield 1
    assert len(zones.in_scene(state, sid(state, "triton_v1")).loaded) == 5 - 1


def test_declining_the_choice_causes_no_damage() -> None:
    state = table(CLAWS)
    state, _ = act(state, 0, Activate(sid(state, "umar_v1")))
    state, events = act(state, 0, Choose("skip"))
    assert state.choice is None and "battlescenes.event.damage" not in keys(events)


def test_the_marked_character_causes_damage_to_another() -> None:
    state = table(MARK, CAUSE, bruno=("karnak_v1", "triton_v1"))
    umar, karnak, triton = sid(state, "umar_v1"), sid(state, "karnak_v1"), sid(state, "triton_v1")
    state, _ = act(state, 0, Activate(umar, 0))
    state, _ = act(state, 0, Choose(str(karnak)))  # "o personagem escolhido"
    state, _ = act(state, 0, Activate(umar, 1))
    assert state.choice is not None
    # "um outro personagem": neither Karnak (the source) nor Umar (this card).
    assert str(karnak) not in state.choice.options and str(umar) not in state.choice.options
    state, events = act(state, 0, Choose(str(triton)))
    assert "battlescenes.event.damage" in keys(events)
    # Karnak V1 is Inumanos: the full 2, one on Triton's shield, one card unloaded.
    assert len(zones.in_scene(state, triton).loaded) == 5 - 1
