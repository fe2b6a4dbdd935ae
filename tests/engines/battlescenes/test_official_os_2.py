"""Cards of the official deck Ofensiva Surpresa ((2015) BSOS DECK; issue 23), second part:
each played as printed with the built-in cards (``starter()``): what a player notices."""

from __future__ import annotations

import pytest

from engines.battlescenes.actions import Choose, Pass, PlayCard, UseAction
from engines.battlescenes.rules.state import Phase, State
from engines.battlescenes.table import zones
from engines.core import IllegalActionError
from engines.core.model import replace
from tests.engines.battlescenes.helpers import Placed, Side, act, build, sid, starter, zone_id

FILL = ["excentricidade"] * 6


def test_combate_as_cegas_draws_and_gives_every_action_acao_unica() -> None:
    state = build(
        Side(
            deck=["protecao"] * 6,
            hand=["combate_as_cegas_v1"],
            scene=[Placed("duende_macabro_v1", ["submetralhadora_v1", *FILL[:3]], stage=2)],
        ),
        Side(scene=[Placed("capanga_do_rei_v2", FILL)]),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    hand = len(state.players[0].hand)
    state, _ = act(state, 0, PlayCard(zone_id(state, 0, "hand", "combate_as_cegas_v1")))
    assert len(state.players[0].hand) == hand  # played one, drew one
    state = build(
        Side(scene=[Placed("duende_macabro_v1", ["submetralhadora_v1", *FILL[:3]], stage=2)]),
        Side(scene=[Placed("capanga_do_rei_v2", FILL)]),
        scenario="combate_as_cegas_v1",
        content=starter(),
    )
    duende, capanga = sid(state, "duende_macabro_v1"), sid(state, "capanga_do_rei_v2")
    state, _ = act(state, 0, UseAction(duende, "Submetralhadora", str(capanga)))
    # Submetralhadora's own extra use is an action with the same name: no longer allowed,
    # for the rest of the turn even once the scenario left the scene.
    with pytest.raises(IllegalActionError):
        act(state, 0, UseAction(duende, "Submetralhadora", str(capanga)))
    state = replace(state, scenario=None)
    with pytest.raises(IllegalActionError):
        act(state, 0, UseAction(duende, "Submetralhadora", str(capanga)))
    # without the scenario, the extra use is allowed
    state = build(
        Side(scene=[Placed("duende_macabro_v1", ["submetralhadora_v1", *FILL[:3]], stage=2)]),
        Side(scene=[Placed("capanga_do_rei_v2", FILL)]),
        content=starter(),
    )
    duende, capanga = sid(state, "duende_macabro_v1"), sid(state, "capanga_do_rei_v2")
    state, _ = act(state, 0, UseAction(duende, "Submetralhadora", str(capanga)))
    act(state, 0, UseAction(duende, "Submetralhadora", str(capanga)))


def test_ignorar_fracotes_makes_anticipate_damage_0_for_a_super_forca_character() -> None:
    for carried, left in ((["ignorar_fracotes_v1", *FILL[:4]], 5), (FILL[:5], 4)):
        state = build(
            Side(scene=[Placed("hulkling_v1", carried)]),
            Side(scene=[Placed("duende_macabro_v1", ["lanca_missil_v1", *FILL[:3]])]),
            phase=Phase.ANTICIPATION,
            content=starter(),
        )
        duende, hulkling = sid(state, "duende_macabro_v1"), sid(state, "hulkling_v1")
        paid = zones.in_scene(state, duende).loaded[1]
        state, _ = act(state, 1, UseAction(duende, "Lança-Míssil", str(hulkling), pay=str(paid)))
        assert len(zones.in_scene(state, hulkling).loaded) == left  # 3 damage, Escudo 2
    # A normal action's damage is not concerned.
    state = build(
        Side(scene=[Placed("hulkling_v1", ["ignorar_fracotes_v1", *FILL[:4]])]),
        Side(scene=[Placed("miss_america_v1", FILL[:5])]),
        active=1,
        content=starter(),
    )
    hulkling = sid(state, "hulkling_v1")
    state, _ = act(state, 1, UseAction(sid(state, "miss_america_v1"), "Esmurrar", str(hulkling)))
    assert len(zones.in_scene(state, hulkling).loaded) == 4


def test_capitao_britania_fetches_an_excalibur_character_and_counts_all_prizes() -> None:
    deck = ["capitao_britania_v1", "miss_america_v1", *FILL]
    state = build(
        Side(deck=deck, hand=["capitao_britania_v1"], resources=FILL[:5]),
        Side(scene=[Placed("capanga_do_rei_v2", FILL)]),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    wanted = zone_id(state, 0, "deck", "capitao_britania_v1")
    state, _ = act(state, 0, PlayCard(zone_id(state, 0, "hand", "capitao_britania_v1")))
    state, _ = act(state, 0, Choose("yes"))  # it may search
    # Only an Excalibur character: not Miss América (Jovens Vingadores).
    assert state.choice is not None and set(state.choice.options) - {"skip"} == {str(wanted)}
    state, _ = act(state, 0, Choose(str(wanted)))
    assert wanted in state.players[0].hand
    # X+2: X the character cards in every player's prizes (an ability card not counted).
    state = build(
        Side(
            scene=[Placed("capitao_britania_v1", FILL[:5])],
            prizes=["miss_america_v1", "submetralhadora_v1"],
        ),
        Side(scene=[Placed("capanga_do_rei_v2", FILL)], prizes=["hulkling_v1"]),
        content=starter(),
    )
    capanga = sid(state, "capanga_do_rei_v2")
    capitao = sid(state, "capitao_britania_v1")
    state, _ = act(state, 0, UseAction(capitao, "Poder e Determinação", str(capanga)))
    assert len(zones.in_scene(state, capanga).loaded) == 3  # 2+2 damage, Escudo 1


def test_hulk_vermelho_deals_8_minus_its_cards_and_gains_genialidade_with_a_ross() -> None:
    state = build(
        Side(scene=[Placed("hulk_vermelho_v1", FILL[:5])]),
        Side(scene=[Placed("capanga_do_rei_v2", FILL)]),
        content=starter(),
    )
    hulk, capanga = sid(state, "hulk_vermelho_v1"), sid(state, "capanga_do_rei_v2")
    assert "genialidade" not in zones.powers(state, zones.in_scene(state, hulk))
    state, _ = act(state, 0, UseAction(hulk, "Superaquecer", str(capanga)))
    assert len(zones.in_scene(state, capanga).loaded) == 4  # 8-5 = 3 damage, Escudo 1
    state = build(
        Side(scene=[Placed("hulk_vermelho_v1", ["hulk_vermelho_v1", *FILL[:2]])]),
        Side(),
        content=starter(),
    )
    hulk = sid(state, "hulk_vermelho_v1")
    assert "genialidade" in zones.powers(state, zones.in_scene(state, hulk))


def test_invasor_badoon_adds_one_per_other_invasor_badoon() -> None:
    mine = [Placed("invasor_badoon_v1", FILL[:2]) for _ in range(3)]
    state = build(
        Side(scene=mine), Side(scene=[Placed("capanga_do_rei_v2", FILL)]), content=starter()
    )
    badoon, capanga = sid(state, "invasor_badoon_v1"), sid(state, "capanga_do_rei_v2")
    state, _ = act(state, 0, UseAction(badoon, "Projeteis Concussivos", str(capanga)))
    assert len(zones.in_scene(state, capanga).loaded) == 3  # 2+2 damage, Escudo 1


def test_pancada_avassaladora_adds_two_per_copy_its_user_carries() -> None:
    for copies, left in ((1, 4), (2, 2)):
        carried = ["pancada_avassaladora_v1"] * copies + FILL[: 5 - copies]
        state = build(
            Side(scene=[Placed("miss_america_v1", carried)]),
            Side(scene=[Placed("capanga_do_rei_v2", FILL)]),
            content=starter(),
        )
        miss, capanga = sid(state, "miss_america_v1"), sid(state, "capanga_do_rei_v2")
        state, _ = act(state, 0, UseAction(miss, "Pancada Avassaladora", str(capanga)))
        assert len(zones.in_scene(state, capanga).loaded) == left  # 1+2X damage, Escudo 1


def test_ofensiva_aerea_counts_the_copies_carried_by_flying_characters() -> None:
    state = build(
        Side(
            scene=[
                Placed("miss_america_v1", ["ofensiva_aerea_v1", *FILL[:4]]),
                Placed("invasor_badoon_v1", ["ofensiva_aerea_v1"]),  # no Voo: not counted
            ]
        ),
        Side(scene=[Placed("capanga_do_rei_v2", ["ofensiva_aerea_v1", *FILL[:5]])]),
        content=starter(),
    )
    miss, capanga = sid(state, "miss_america_v1"), sid(state, "capanga_do_rei_v2")
    state, _ = act(state, 0, UseAction(miss, "Ofensiva Aérea", str(capanga)))
    assert len(zones.in_scene(state, capanga).loaded) == 5  # 1+1 damage, Escudo 1


def _to_draw(scenario: str, mine: list[Placed]) -> State:
    """Bruno's Attack step with ``scenario`` in the scene: passing it starts Ana's turn."""
    return build(
        Side(deck=["protecao"] * 8, scene=mine),
        Side(deck=["protecao"] * 8, scene=[Placed("capanga_do_rei_v2", FILL)]),
        active=1,
        scenario=scenario,
        content=starter(),
    )


def test_sucessao_de_eventos_draws_one_extra_card_in_each_draw_phase() -> None:
    for scenario, drawn in (("sucessao_de_eventos_v1", 3), ("desfechos_paralelos_v1", 2)):
        state = _to_draw(scenario, [Placed("miss_america_v1", FILL[:5])])
        state, _ = act(state, 1, Pass())  # Bruno's turn ends; Ana's begins
        assert state.active == 0 and len(state.players[0].hand) == drawn


def test_confronto_anunciado_offers_an_extra_card_to_a_player_with_a_character() -> None:
    state = _to_draw("confronto_anunciado_v1", [Placed("miss_america_v1", FILL[:5])])
    state, _ = act(state, 1, Pass())
    assert state.choice is not None and state.choice.seat == 0 and "yes" in state.choice.options
    declined, _ = act(state, 0, Choose("skip"))
    assert len(declined.players[0].hand) == 2
    state, _ = act(state, 0, Choose("yes"))
    assert len(state.players[0].hand) == 3
    # Without a character: one card drawn, nothing offered.
    state = _to_draw("confronto_anunciado_v1", [])
    state, _ = act(state, 1, Pass())
    assert state.choice is None or state.choice.seat != 0 or "yes" not in state.choice.options
    assert len(state.players[0].hand) == 1
