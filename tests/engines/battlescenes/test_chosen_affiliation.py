"""5.7 B generated effects with a chosen affiliation: União Inabalável V1 (quoted in
§5.7) — when this scenario enters the scene, its controller draws a card and chooses an
affiliation; [Efeito Gerado] until the end of the turn, all damage not from actions dealt
to characters of the chosen affiliation becomes 0. The non-action damage here is a
stand-in activated text on Umar V1 (2 damage to an opponent's character); Chamas Sombrias
is Umar's action (2 damage)."""

from __future__ import annotations

from engines.battlescenes import ENGINE
from engines.battlescenes.actions import Activate, Choose, Pass, PlayCard, UseAction
from engines.battlescenes.content.schema import Step, Text
from engines.battlescenes.rules.state import Phase, State
from engines.battlescenes.table import zones
from engines.core.model import replace
from tests.engines.battlescenes.helpers import Placed, Side, act, build, keys, sid, zone_id

FILL = ["excentricidade"] * 5
BLAST = Text(
    text="…",
    activated=True,
    steps=(Step(op="damage", amount=2, to="chosen_opponent_character"),),
)


def table() -> State:
    state = build(
        Side(
            deck=["protecao"] * 3,
            hand=["uniao_inabalavel_v1"],
            scene=[Placed("umar_v1", FILL)],
        ),
        Side(scene=[Placed("triton_v1", FILL), Placed("abutre_v1", FILL)]),
        phase=Phase.PREPARATION,
    )
    umar = replace(state.defs["umar_v1"], texts=(BLAST,))
    return replace(state, defs={**state.defs, "umar_v1": umar})


def united(affiliation: str = "Inumanos") -> State:
    state = table()
    state, events = act(state, 0, PlayCard(zone_id(state, 0, "hand", "uniao_inabalavel_v1")))
    assert "battlescenes.event.drew" in keys(events)  # "compre um card" first
    assert state.choice is not None and state.choice.prompt == "battlescenes.choice.affiliation"
    assert {"Inumanos", "Sexteto Sinistro", "Vingadores"} <= set(state.choice.options)
    pages = ENGINE.pending(state)[0].selections  # every affiliation of the pack: pages of 25
    assert [o.value for p in pages for o in p.options] == list(state.choice.options)
    assert all(p.public for p in pages)  # affiliation names hide nothing
    state, events = act(state, 0, Choose(affiliation))
    assert "battlescenes.event.affiliation_chosen" in keys(events)
    return state


def blast(state: State, victim: str) -> tuple[State, list[str]]:
    state, _ = act(state, 0, Activate(sid(state, "umar_v1")))
    state, events = act(state, 0, Choose(str(sid(state, victim))))
    return state, keys(events)


def test_non_action_damage_to_the_chosen_affiliation_is_reduced_to_zero() -> None:
    state, events = blast(united(), "triton_v1")  # Triton V1: Inumanos
    assert "battlescenes.event.no_damage" in events
    assert len(zones.in_scene(state, sid(state, "triton_v1")).loaded) == 5


def test_other_affiliations_take_the_damage() -> None:
    state, _ = blast(united(), "abutre_v1")  # Sexteto Sinistro, shield 0
    assert len(zones.in_scene(state, sid(state, "abutre_v1")).loaded) == 3


def test_action_damage_is_not_reduced() -> None:
    state = united("Sexteto Sinistro")
    state, _ = act(state, 0, Pass())
    assert state.phase is Phase.ATTACK
    abutre = sid(state, "abutre_v1")
    state, _ = act(state, 0, UseAction(sid(state, "umar_v1"), "Chamas Sombrias", str(abutre)))
    assert len(zones.in_scene(state, abutre).loaded) == 3  # Chamas Sombrias: 2, an action's


def test_the_generated_effect_ends_with_the_turn() -> None:
    state = united()
    assert state.turn_generated and state.turn_generated[0].affiliation == "Inumanos"
    state, _ = act(state, 0, Pass())
    state, _ = act(state, 0, Pass())  # end of Ana's turn
    assert state.active == 1 and state.turn_generated == ()
