"""Built-in cards that were ``incomplete`` and are now played as printed (part 1): Gerador de
P.E.M. V1 (a named support loses its permanent texts, 5.8)."""

from __future__ import annotations

from engines.battlescenes import ENGINE
from engines.battlescenes.actions import Choose, PlayCard, UseAction
from engines.battlescenes.content.schema import CardDef, Text
from engines.battlescenes.content.wording import describe_text, told
from engines.battlescenes.rules.state import Phase, State
from engines.battlescenes.table import shields, zones
from tests.engines.battlescenes.helpers import Placed, Side, act, build, sid, starter, zone_id

FILL = ["excentricidade"] * 6


def _said(card: CardDef, text: Text, locale: str) -> str:
    return told(ENGINE.catalog().translate, locale, describe_text(text, card))


def _pem_table() -> State:
    return build(
        Side(hand=["gerador_pem"], resources=FILL[:2], scene=[Placed("raio_negro_v2", FILL[:3])]),
        Side(
            scene=[
                Placed("mansao_dos_vingadores_v1", FILL[:6]),
                Placed("viuva_negra_v1", FILL[:3]),
            ]
        ),
        phase=Phase.PREPARATION,
        content=starter(),
    )


def _play_pem(state: State, name: str) -> State:
    state, _ = act(state, 0, PlayCard(zone_id(state, 0, "hand", "gerador_pem")))
    assert state.choice is not None and name in state.choice.options
    assert "Gerador de P.E.M." in state.choice.options  # support names only
    assert "Viúva Negra" not in state.choice.options
    state, _ = act(state, 0, Choose(name))
    return state


def _widow_shield(state: State) -> int:
    return shields.shield(state, zones.in_scene(state, sid(state, "viuva_negra_v1")))


def test_gerador_pem_blanks_the_supports_with_the_name_it_names() -> None:
    state = _pem_table()
    before = _widow_shield(state)  # Viúva Negra V1 gets +1 from the Mansão (Vingadores)
    state = _play_pem(state, "Mansão dos Vingadores")
    assert zones.texts_lost(state, sid(state, "mansao_dos_vingadores_v1"))
    assert _widow_shield(state) == before - 1


def test_gerador_pem_naming_another_support_leaves_the_mansion_working() -> None:
    state = _pem_table()
    before = _widow_shield(state)
    state = _play_pem(state, "Chamariz Holográfico")
    assert not zones.texts_lost(state, sid(state, "mansao_dos_vingadores_v1"))
    assert _widow_shield(state) == before


def test_gerador_pem_reads_as_naming_a_support() -> None:
    card = starter().cards["gerador_pem"]
    for locale, word in (("en-US", "support"), ("pt-BR", "suporte"), ("it", "supporto")):
        said = _said(card, card.texts[0], locale)
        assert word in said and "{" not in said, said


def _planos_entering(character: str) -> State:
    return build(
        Side(
            deck=["elektra_v1", *FILL[:4]],
            hand=[character],
            resources=[*FILL[:4], "planos_de_infiltracao"],
        ),
        Side(scene=[Placed("viuva_negra_v1", FILL[:3])]),
        phase=Phase.PREPARATION,
        content=starter(),
    )


def test_planos_loaded_onto_a_genius_searches_for_a_blades_character() -> None:
    state = _planos_entering("mandarim_v1")
    elektra = zone_id(state, 0, "deck", "elektra_v1")
    state, _ = act(state, 0, PlayCard(zone_id(state, 0, "hand", "mandarim_v1")))
    planos = next(
        c
        for c in zones.in_scene(state, sid(state, "mandarim_v1")).loaded
        if state.cards[c].key == "planos_de_infiltracao"
    )
    assert planos
    assert state.choice is not None and state.choice.options[0] == "yes"
    state, _ = act(state, 0, Choose("yes"))
    assert state.choice is not None and str(elektra) in state.choice.options
    assert all(
        state.cards[int(o)].key == "elektra_v1" for o in state.choice.options if o.isdigit()
    )  # only a character card with Lâminas
    state, _ = act(state, 0, Choose(str(elektra)))
    assert elektra in state.players[0].hand


def test_planos_loaded_onto_a_character_without_genius_searches_nothing() -> None:
    state = _planos_entering("mercurio_v1")
    state, _ = act(state, 0, PlayCard(zone_id(state, 0, "hand", "mercurio_v1")))
    assert state.choice is None
    assert zone_id(state, 0, "deck", "elektra_v1") in state.players[0].deck


def _planos_action() -> State:
    return build(
        Side(
            hand=["ataque_de_furia_v1", "protecao"],
            scene=[Placed("mandarim_v1", ["planos_de_infiltracao", *FILL[:3]])],
        ),
        Side(scene=[Placed("viuva_negra_v1", FILL[:3])]),
        content=starter(),
    )


def test_planos_action_loads_a_blades_card_from_the_hand_then_unloads_one() -> None:
    state = _planos_action()
    mandarim = sid(state, "mandarim_v1")
    furia = zone_id(state, 0, "hand", "ataque_de_furia_v1")
    state, _ = act(state, 0, UseAction(mandarim, "Planos De Infiltração"))
    assert len(state.players[0].hand) == 4  # drew two
    assert state.choice is not None
    assert f"{furia}>{mandarim}" in state.choice.options
    assert all(o.split(">")[0] == str(furia) for o in state.choice.options if ">" in o)
    state, _ = act(state, 0, Choose(f"{furia}>{mandarim}"))
    item = zones.in_scene(state, mandarim)
    assert furia in item.loaded and furia not in state.players[0].hand
    old = item.loaded[1]
    assert state.choice is not None and str(old) in state.choice.options
    state, _ = act(state, 0, Choose(str(old)))
    item = zones.in_scene(state, mandarim)
    assert old not in item.loaded and old in state.players[0].resources
    assert len(item.loaded) == 4


def test_planos_action_declined_reveal_unloads_nothing() -> None:
    state = _planos_action()
    mandarim = sid(state, "mandarim_v1")
    state, _ = act(state, 0, UseAction(mandarim, "Planos De Infiltração"))
    state, _ = act(state, 0, Choose("skip"))
    assert state.choice is None
    assert len(zones.in_scene(state, mandarim).loaded) == 4
