"""5.5 replacement effects on damage (damage this character would take does something else
instead, ``replace_damage``) and on loading (a card that would be loaded does something
else instead, ``replace_load``). The rulebook prints no card with either; the texts are
stand-ins of the shape 5.5 describes: the replaced procedure does not happen and nothing
it would trigger triggers; the new procedure happens instead."""

from __future__ import annotations

import pytest

from engines.battlescenes import ENGINE
from engines.battlescenes.actions import Choose, UseAction
from engines.battlescenes.content.loader import load_text
from engines.battlescenes.content.schema import ActionDef, ActionKind, Modifier, Step, Text, Trigger
from engines.battlescenes.rules.state import Phase, State
from engines.battlescenes.table import zones
from engines.core import ContentError
from engines.core.model import replace
from tests.engines.battlescenes.helpers import Placed, Side, act, build, keys, sid

FILL = ["excentricidade"] * 3
DRAW_WHEN_UNLOADED = Text(
    text="Quando cards forem descarregados deste personagem, compre um card.",
    trigger=Trigger.UNLOADED,
    steps=(Step(op="draw", amount=1, to="self"),),
)
DRAW_WHEN_LOADED = Text(
    text="Quando um card for carregado neste personagem, compre um card.",
    trigger=Trigger.LOADED_ONTO_THIS,
    steps=(Step(op="draw", amount=1, to="self"),),
)
PREVENT = Text(text="Damage to this character would be replaced…", replace_damage="prevent")
MILL_OWN = Text(
    text="Damage to one of your characters would instead put that many cards from the top "
    "of your deck into your resources.",
    replace_damage="mill",
    replace_for="own_characters",
)
RECHARGE = ActionDef(
    name="Recarga",
    power="genialidade",
    kind=ActionKind.NORMAL,
    cost=0,
    text="Load a card of the resources onto this character.",
    steps=(Step(op="load_from_resources", to="this"),),
)


def with_texts(state: State, key: str, *texts: Text) -> State:
    return replace(state, defs={**state.defs, key: replace(state.defs[key], texts=texts)})


def table() -> State:
    """Ana's Abutre V1 (Mergulho: 2 damage, shield 0) against Bruno's Umar V1 (shield 2)
    and Tritão V1 (shield 1); Bruno's deck is five Proteção."""
    return build(
        Side(scene=[Placed("abutre_v1", FILL)]),
        Side(
            deck=["protecao"] * 5,
            scene=[Placed("umar_v1", FILL), Placed("triton_v1", FILL)],
        ),
    )


def no_shield(state: State, key: str) -> State:
    return replace(state, defs={**state.defs, key: replace(state.defs[key], shield=0)})


def test_prevented_damage_does_not_happen_and_triggers_nothing() -> None:
    state = no_shield(table(), "umar_v1")
    state = with_texts(state, "umar_v1", PREVENT, DRAW_WHEN_UNLOADED)
    abutre, umar = sid(state, "abutre_v1"), sid(state, "umar_v1")
    state, events = act(state, 0, UseAction(abutre, "Mergulho", str(umar)))
    item = zones.in_scene(state, umar)
    assert len(item.loaded) == 3 and not item.damaged_this_turn and item.shield_log == ()
    assert "battlescenes.event.damage" not in keys(events)
    assert "battlescenes.event.replaced_damage_prevent" in keys(events)
    assert state.players[1].hand == ()  # no "descarregados" trigger: nothing was unloaded


def test_the_replacement_takes_the_final_damage_of_the_calculation() -> None:
    # Tritão V1: "O dano causado a este personagem por não Inumanos é reduzido em 1": 2 → 1,
    # so one card (not two) goes from the top of Bruno's deck to his resources, and the
    # shield absorbs nothing (the damage never happens).
    state = table()
    state = with_texts(state, "umar_v1", MILL_OWN)
    state = with_texts(
        state,
        "triton_v1",
        Text(
            text="…",
            modifiers=(Modifier(op="add", value=-1, if_source_lacks_affiliation="Inumanos"),),
        ),
    )
    abutre, triton = sid(state, "abutre_v1"), sid(state, "triton_v1")
    top = state.players[1].deck[0]
    state, events = act(state, 0, UseAction(abutre, "Mergulho", str(triton)))
    assert state.players[1].resources == (top,) and len(state.players[1].deck) == 4
    assert len(zones.in_scene(state, triton).loaded) == 3
    event = next(e for e in events if e.key == "battlescenes.event.replaced_damage_mill")
    assert event.params["amount"] == 1 and event.params["count"] == 1


def test_a_text_on_the_opponents_side_replaces_damage_to_its_controllers_characters_only() -> None:
    state = no_shield(table(), "abutre_v1")
    state = with_texts(state, "umar_v1", MILL_OWN)
    # Bruno's Umar attacks Ana's Abutre: Bruno's text is not about Ana's characters.
    state = replace(state, active=1)
    abutre, umar = sid(state, "abutre_v1"), sid(state, "umar_v1")
    state, events = act(state, 1, UseAction(umar, "Chamas Sombrias", str(abutre)))
    assert "battlescenes.event.damage" in keys(events)
    assert len(zones.in_scene(state, abutre).loaded) == 1


def test_two_different_damage_replacements_the_active_player_chooses() -> None:
    state = no_shield(table(), "umar_v1")
    state = with_texts(state, "umar_v1", PREVENT)
    state = with_texts(state, "triton_v1", MILL_OWN)
    abutre, umar = sid(state, "abutre_v1"), sid(state, "umar_v1")
    state, events = act(state, 0, UseAction(abutre, "Mergulho", str(umar)))
    assert state.choice is not None and state.choice.seat == 0  # Ana is the active player
    assert state.choice.prompt == "battlescenes.choice.replacement"
    assert state.choice.options == ("prevent", "mill")  # scene order
    assert ENGINE.pending(state)[0].default == Choose("prevent")
    assert len(zones.in_scene(state, umar).loaded) == 3 and state.players[1].resources == ()
    state, events = act(state, 0, Choose("mill"))
    assert len(state.players[1].resources) == 2 and len(zones.in_scene(state, umar).loaded) == 3
    assert keys(events)[:2] == [
        "battlescenes.event.replacement_chosen",
        "battlescenes.event.replaced_damage_mill",
    ]
    assert "battlescenes.event.replaced_damage_prevent" not in keys(events)
    assert state.choice is None and not state.tree


# --- 5.2 "quando cards forem descarregados deste personagem" by damage (4.8) -------------


def test_damage_that_unloads_fires_the_unloaded_trigger() -> None:
    state = with_texts(no_shield(table(), "umar_v1"), "umar_v1", DRAW_WHEN_UNLOADED)
    abutre, umar = sid(state, "abutre_v1"), sid(state, "umar_v1")
    state, events = act(state, 0, UseAction(abutre, "Mergulho", str(umar)))
    assert len(zones.in_scene(state, umar).loaded) == 1
    assert len(state.players[1].hand) == 1  # Bruno (Umar's controller) draws once
    assert keys(events).index("battlescenes.event.damage") < keys(events).index(
        "battlescenes.event.drew"
    )


def test_damage_the_shield_absorbs_unloads_nothing_and_triggers_nothing() -> None:
    state = with_texts(table(), "umar_v1", DRAW_WHEN_UNLOADED)  # shield 2 absorbs the 2
    abutre, umar = sid(state, "abutre_v1"), sid(state, "umar_v1")
    state, _ = act(state, 0, UseAction(abutre, "Mergulho", str(umar)))
    assert len(zones.in_scene(state, umar).loaded) == 3 and state.players[1].hand == ()


def test_the_unloaded_effect_of_a_knocked_out_character_still_resolves() -> None:
    # Umar carries two cards: the 2 damage unload both, he is knocked out; the trigger's
    # draw still happens (it does not need Umar in the scene), with his "sai de cena" too.
    state = build(
        Side(scene=[Placed("abutre_v1", FILL)]),
        Side(deck=["protecao"] * 5, scene=[Placed("umar_v1", ["excentricidade"] * 2)]),
    )
    leaves = Text(
        text="Quando este personagem sair de cena, compre um card.",
        trigger=Trigger.LEAVES_SCENE,
        steps=(Step(op="draw", amount=1, to="self"),),
    )
    state = with_texts(no_shield(state, "umar_v1"), "umar_v1", DRAW_WHEN_UNLOADED, leaves)
    abutre, umar = sid(state, "abutre_v1"), sid(state, "umar_v1")
    state, events = act(state, 0, UseAction(abutre, "Mergulho", str(umar)))
    if state.choice is not None:  # two effects at one level: the active player orders them
        state, more = act(state, 0, Choose(state.choice.options[0]))
        events = events + more
    assert umar in state.players[1].prizes
    assert len(state.players[1].hand) == 2 and not state.tree
    assert "battlescenes.event.knocked_out" in keys(events)


# --- 5.5 replacing loading -----------------------------------------------------------


def loading_table(*texts: Text) -> State:
    state = build(
        Side(resources=["protecao"], scene=[Placed("abutre_v1", FILL)]),
        Side(scene=[Placed("umar_v1", FILL)]),
    )
    abutre_def = replace(state.defs["abutre_v1"], actions=(RECHARGE,), texts=(DRAW_WHEN_LOADED,))
    state = replace(state, defs={**state.defs, "abutre_v1": abutre_def})
    return with_texts(state, "umar_v1", *texts)


def test_a_replaced_load_goes_elsewhere_and_triggers_nothing() -> None:
    # Bruno's stand-in: "Se um card fosse ser carregado em um personagem de um oponente,
    # ao invés disso coloque-o na mão de seu dono."
    state = loading_table(Text(text="…", replace_load="hand", replace_for="opponent_characters"))
    abutre = sid(state, "abutre_v1")
    card = state.players[0].resources[0]
    state, _ = act(state, 0, UseAction(abutre, "Recarga"))
    state, more = act(state, 0, Choose(f"{card}>{abutre}"))
    assert card in state.players[0].hand and card not in zones.in_scene(state, abutre).loaded
    assert "battlescenes.event.replaced_load_hand" in keys(more)
    assert "battlescenes.event.loaded" not in keys(more)
    assert len(state.players[0].hand) == 1  # Abutre's "carregado" text did not draw


def test_without_a_replacement_the_load_happens_and_triggers() -> None:
    state = loading_table(Text(text="…", replace_load="hand"))  # only about Umar himself
    abutre = sid(state, "abutre_v1")
    card = state.players[0].resources[0]
    state, _ = act(state, 0, UseAction(abutre, "Recarga"))
    state, _ = act(state, 0, Choose(f"{card}>{abutre}"))
    assert card in zones.in_scene(state, abutre).loaded and len(state.players[0].hand) == 1


def test_two_load_replacements_hold_the_card_until_the_active_player_chooses() -> None:
    state = loading_table(
        Text(text="…", replace_load="hand", replace_for="opponent_characters"),
        Text(text="…", replace_load="deck_bottom", replace_for="opponent_characters"),
    )
    abutre = sid(state, "abutre_v1")
    card = state.players[0].resources[0]
    state, _ = act(state, 0, UseAction(abutre, "Recarga"))
    state, _ = act(state, 0, Choose(f"{card}>{abutre}"))
    assert state.choice is not None and state.choice.options == ("hand", "deck_bottom")
    assert card in state.players[0].set_aside  # held: neither loaded nor anywhere else
    state, events = act(state, 0, Choose("deck_bottom"))
    assert state.players[0].deck[-1] == card and state.players[0].set_aside == ()
    assert "battlescenes.event.replaced_load_deck_bottom" in keys(events)
    assert state.players[0].hand == () and state.phase is Phase.ATTACK


CARD = """cards:
  - key: x
    type: support
    name: X
    energy: 1
    shield: 1
    source: test
    verified: false
    texts:
      - {text: t, %s}
"""


def test_content_reads_and_checks_the_replacement_fields() -> None:
    text = CARD % "replace_damage: mill, replace_for: own_characters"
    loaded = load_text(text, "m.yaml").cards["x"].texts[0]
    assert loaded.replace_damage == "mill" and loaded.replace_for == "own_characters"
    text = CARD % "replace_load: hand, replace_for: opponent_characters"
    assert load_text(text, "m.yaml").cards["x"].texts[0].replace_load == "hand"
    with pytest.raises(ContentError, match="replace_damage"):
        load_text(CARD % "replace_damage: absorb", "m.yaml")
    with pytest.raises(ContentError, match="replace_load"):
        load_text(CARD % "replace_load: prizes", "m.yaml")


def test_opponent_characters_reaches_the_opponents_knock_outs_only() -> None:
    # Bruno's stand-in: "se um personagem de um oponente fosse nocauteado, ao invés disso
    # coloque-o no fundo do deck de seu dono". Umar's 2 damage knock out Ana's Abutre (shield
    # 0, two cards): it goes to the bottom of Ana's deck, no prize point for Bruno.
    state = build(
        Side(scene=[Placed("abutre_v1", ["excentricidade"] * 2)]),
        Side(scene=[Placed("umar_v1", FILL, stage=2)]),
        active=1,
    )
    bottom = Text(text="…", replace_knock_out="deck_bottom", replace_for="opponent_characters")
    state = with_texts(state, "umar_v1", bottom)
    abutre, umar = sid(state, "abutre_v1"), sid(state, "umar_v1")
    state, events = act(state, 1, UseAction(umar, "Chamas Sombrias", str(abutre)))
    assert state.players[0].deck[-1] == abutre and zones.prize_points(state, 1) == 0
    assert "battlescenes.event.replaced_ko_deck_bottom" in keys(events)
