"""What a character has carried since the start of the turn (Mística V2's condition): the
step filter ``filter_loaded_exactly_since_turn_start`` and the record behind it
(``InScene.loaded_changed_turn``), shown with a test card that swaps itself in from the hand
for such a character, as Águia Estelar V1 does for Aleta."""

from __future__ import annotations

from engines.battlescenes import ENGINE
from engines.battlescenes.actions import Activate, Choose
from engines.battlescenes.content.loader import load_text
from engines.battlescenes.content.schema import Pack
from engines.battlescenes.content.wording import describe_text, told
from engines.battlescenes.rules.state import Phase, State
from engines.battlescenes.table import zones
from engines.core.model import replace
from tests.engines.battlescenes.helpers import Placed, Side, act, build, sid, starter, zone_id

FILL = ["excentricidade"] * 6

DOUBLE = """
cards:
  - key: sosia
    type: character
    name: Sósia
    energy: 3
    shield: 1
    powers: [agilidade]
    source: "a test card"
    verified: false
    texts:
      - activated: true
        from_zone: hand
        steps:
          - {op: return_to_hand, to: chosen_own_character,
             filter_loaded_exactly_since_turn_start: 3, optional: true}
          - {op: put_from_hand, to: this_card, load_carried: true, ready: true, if_done: true}
"""


def _table(carried: int) -> State:
    cards = {**starter().cards, **load_text(DOUBLE).cards}
    return build(
        Side(
            hand=["sosia"],
            resources=FILL[:2],
            scene=[Placed("aleta_v1", ["super_soco_v1", "circundar_v1", "rapina_v1"][:carried])],
        ),
        Side(scene=[Placed("rapina_v1", FILL[:3])]),
        phase=Phase.PREPARATION,
        content=Pack("t", cards, {}),
    )


def _swap(state: State) -> State:
    sosia = zone_id(state, 0, "hand", "sosia")
    state, _ = act(state, 0, Activate(sosia, -1))
    aleta = str(sid(state, "aleta_v1"))
    if state.choice is not None and aleta in state.choice.options:
        state, _ = act(state, 0, Choose(aleta))
    return state


def test_a_character_carrying_exactly_three_cards_since_the_turn_start_is_swapped() -> None:
    state = _table(3)
    aleta, sosia = sid(state, "aleta_v1"), zone_id(state, 0, "hand", "sosia")
    carried = zones.in_scene(state, aleta).loaded
    state = _swap(state)
    assert aleta in state.players[0].hand and zones.find(state, aleta) is None
    item = zones.in_scene(state, sosia)
    assert set(item.loaded) == set(carried) and item.ready
    assert len(state.players[0].resources) == 2  # its cards went onto the newcomer


def test_a_character_carrying_two_cards_is_not_swapped() -> None:
    state = _swap(_table(2))
    assert zones.find(state, sid(state, "aleta_v1")) is not None
    assert zone_id(state, 0, "hand", "sosia") in state.players[0].hand


def test_a_character_loaded_this_turn_is_not_swapped_even_carrying_three() -> None:
    state = _table(2)
    aleta = sid(state, "aleta_v1")
    extra = state.players[0].resources[0]
    player = state.players[0]
    state = zones.set_player(state, 0, replace(player, resources=player.resources[1:]))
    item = zones.in_scene(state, aleta)
    state = zones.set_in_scene(state, replace(item, loaded=(*item.loaded, extra)))
    assert zones.in_scene(state, aleta).loaded_changed_turn == state.turn
    state = _swap(state)
    assert len(zones.in_scene(state, aleta).loaded) == 3
    assert zone_id(state, 0, "hand", "sosia") in state.players[0].hand


def test_a_card_unloaded_this_turn_breaks_the_count_too() -> None:
    state = _table(3)
    aleta = sid(state, "aleta_v1")
    state = zones.unload(state, aleta, zones.in_scene(state, aleta).loaded[:1])
    assert zones.in_scene(state, aleta).loaded_changed_turn == state.turn


def test_the_condition_is_told_in_words() -> None:
    card = load_text(DOUBLE).cards["sosia"]
    catalog = ENGINE.catalog()
    said = told(catalog.translate, "en-US", describe_text(card.texts[0], card))
    assert "exactly 3 cards since the start of the turn" in said
    dito = told(catalog.translate, "pt-BR", describe_text(card.texts[0], card))
    assert "exatamente 3 cards carregados desde o começo do turno" in dito
