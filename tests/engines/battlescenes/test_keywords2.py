"""Keywords as triggers and statics (7.2): Espionar, Predador, Interligar, Materializar."""

from __future__ import annotations

from engines.battlescenes.actions import Choose, Pass, PlayCard, UseAction, Yield
from engines.battlescenes.rules.state import Phase, State
from engines.battlescenes.table import zones
from engines.core.model import replace
from tests.engines.battlescenes.helpers import Placed, Side, act, build, keys, sid, zone_id

FILL = ["excentricidade"] * 5


def with_keywords(state: State, key: str, *words: str) -> State:
    card = replace(state.defs[key], keywords=words)
    return replace(state, defs={**state.defs, key: card})


def test_espionar_draws_one_more_when_yielded() -> None:
    state = build(
        Side(deck=["protecao"] * 5, scene=[Placed("abutre_v1", FILL[:4])]),
        Side(),
        phase=Phase.PREPARATION,
    )
    state = with_keywords(state, "abutre_v1", "espionar")
    state, _ = act(state, 0, Yield(sid(state, "abutre_v1")))
    # 6.2 C.5 draws one; Espionar may draw two more (yielded): the owner is asked first.
    assert len(state.players[0].hand) == 1
    assert state.choice is not None and state.choice.prompt == "battlescenes.choice.may"
    state, _ = act(state, 0, Choose("yes"))
    assert len(state.players[0].hand) == 3 and state.tree == ()


def test_predador_loads_once_per_action_after_damaging_an_opposing_character() -> None:
    state = build(
        Side(resources=["protecao", "protecao"], scene=[Placed("kraven_v1", FILL[:3])]),
        Side(scene=[Placed("hulk_v3", ["excentricidade"] * 8)]),
    )
    state = with_keywords(state, "kraven_v1", "predador")
    kraven = sid(state, "kraven_v1")
    state, _ = act(state, 0, UseAction(kraven, "Caçada", str(sid(state, "hulk_v3"))))
    # Caçada's 2 damage are absorbed by Hulk's shield 3: no damage to the energy, but the
    # action did cause damage (4.8.1), so Predador triggers.
    assert state.choice is not None
    option = next(o for o in state.choice.options if o != "skip")
    state, _ = act(state, 0, Choose(option))
    assert len(zones.in_scene(state, kraven).loaded) == 4 and state.tree == ()


def test_interligar_lets_the_carrier_use_the_loaded_cards_action() -> None:
    state = build(
        Side(scene=[Placed("umar_v1", ["triton_v1", *FILL[:3]])]),
        Side(scene=[Placed("abutre_v1", FILL[:4])]),
    )
    umar_def = replace(state.defs["umar_v1"], powers=("magia", "agilidade"))
    state = replace(state, defs={**state.defs, "umar_v1": umar_def})
    umar, abutre = sid(state, "umar_v1"), sid(state, "abutre_v1")
    # Without Interligar a loaded character of another alter ego is only energy (4.4.2.3).
    import pytest

    from engines.core import IllegalActionError

    with pytest.raises(IllegalActionError):
        act(state, 0, UseAction(umar, "Golpe Aquático", str(abutre)))
    state = with_keywords(state, "triton_v1", "interligar")
    state, events = act(state, 0, UseAction(umar, "Golpe Aquático", str(abutre)))
    assert "battlescenes.event.damage" in keys(events)


def test_materializar_loads_from_the_top_of_the_deck() -> None:
    state = build(Side(deck=["protecao"] * 6, hand=["umar_v1"]), Side(), phase=Phase.PREPARATION)
    umar = zone_id(state, 0, "hand", "umar_v1")
    import pytest

    from engines.core import IllegalActionError

    with pytest.raises(IllegalActionError) as err:
        act(state, 0, PlayCard(umar, materialize=True))
    assert err.value.key == "battlescenes.error.materialize"
    state = with_keywords(state, "umar_v1", "materializar")
    top = state.players[0].deck[:5]
    state, _ = act(state, 0, PlayCard(umar, materialize=True))
    assert zones.in_scene(state, umar).loaded == top and len(state.players[0].deck) == 1


def test_antecipacao_surpresa_reveals_at_the_start_of_the_opponents_anticipation() -> None:
    state = build(
        Side(scene=[Placed("umar_v1", FILL)]),
        Side(hand=["barreira_telecinetica", "protecao"], scene=[Placed("abutre_v1", FILL[:4])]),
        phase=Phase.PREPARATION,
    )
    state = with_keywords(state, "barreira_telecinetica", "antecipacao_surpresa")
    card = zone_id(state, 1, "hand", "barreira_telecinetica")
    abutre = sid(state, "abutre_v1")
    oldest = zones.in_scene(state, abutre).loaded[0]
    state, _ = act(state, 0, Pass())
    # At the start of Ana's Anticipation step, Bruno (not the turn's player) may reveal.
    assert state.phase is Phase.ANTICIPATION and state.choice is not None
    assert state.choice.seat == 1 and set(state.choice.options) == {str(card), "done"}
    # Picking the last eligible card reveals the picks together (no "done" needed).
    state, events = act(state, 1, Choose(str(card)))
    assert "battlescenes.event.surprise" in keys(events)
    state, _ = act(state, 1, Choose(str(abutre)))  # on which character
    # 7.2 "descarregue um card daquele personagem": Bruno picks which (here not the oldest).
    before = zones.in_scene(state, abutre).loaded
    assert state.choice is not None and state.choice.prompt.endswith("surprise_unload")
    assert state.choice.options == tuple(str(c) for c in before)
    state, _ = act(state, 1, Choose(str(before[2])))
    loaded = zones.in_scene(state, abutre).loaded
    assert card in loaded and oldest in loaded and before[2] not in loaded and len(loaded) == 4
    assert card not in state.players[1].hand
