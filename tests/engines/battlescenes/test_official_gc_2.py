"""Cards of the official deck Guerra Civil ((2016) BSGC DECK; issue 23, first share, part 2),
each played as printed with the built-in cards (``starter()``): what a player notices."""

from __future__ import annotations

import pytest

from engines.battlescenes.actions import Activate, Choose, Keyword, PlayCard, UseAction
from engines.battlescenes.content.schema import Pack
from engines.battlescenes.rules.state import Phase, State
from engines.battlescenes.table import zones
from engines.core import IllegalActionError
from engines.core.model import replace
from tests.engines.battlescenes.helpers import Placed, Side, act, build, sid, starter, zone_id

FILL = ["excentricidade"] * 6


def _versus(mine: list[Placed], theirs: list[Placed], scenario: str | None = None) -> State:
    """Ana's Attack step: her ``mine`` against Bruno's ``theirs``."""
    return build(Side(scene=mine), Side(scene=theirs), scenario=scenario, content=starter())


def _loaded(state: State, card: int) -> int:
    return len(zones.in_scene(state, card).loaded)


def _energias(user: str) -> int:
    state = _versus(
        [Placed(user, ["energias_ocultas_v1", *FILL[:3]], stage=2)],
        [Placed("capanga_do_rei_v2", FILL)],
    )
    capanga = sid(state, "capanga_do_rei_v2")
    state, _ = act(state, 0, UseAction(sid(state, user), "Energias Ocultas", str(capanga)))
    return _loaded(state, capanga)


def test_energias_ocultas_deals_as_much_damage_as_its_user_has_powers() -> None:
    assert _energias("homem_de_ferro_v3") == 3  # four powers: 4 damage, Escudo 1
    assert _energias("suplicio_v1") == 5  # two powers: 2 damage, Escudo 1


def _hunt(scenario: str | None) -> int:
    state = _versus(
        [Placed("mata_capa_v1", FILL[:2], stage=2)],
        [Placed("capanga_do_rei_v2", FILL)],
        scenario=scenario,
    )
    capanga = sid(state, "capanga_do_rei_v2")
    mata = sid(state, "mata_capa_v1")
    state, _ = act(state, 0, UseAction(mata, "Caçada aos Proscritos", str(capanga)))
    return _loaded(state, capanga)


def test_mata_capa_deals_1_or_2_to_an_aliados_do_capitao_america_character() -> None:
    assert _hunt(None) == 6  # 1 damage, Escudo 1
    assert _hunt("onda_de_boatos_v1") == 5  # Aliados do Capitão América now: 2 damage


def test_mata_capa_is_found_as_an_agente_shield_in_the_deck() -> None:
    state = build(
        Side(deck=["mata_capa_v1", *FILL], hand=["nick_fury_v1"], resources=FILL[:4]),
        Side(scene=[Placed("capanga_do_rei_v2", FILL)]),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    mata = zone_id(state, 0, "deck", "mata_capa_v1")
    state, _ = act(state, 0, PlayCard(zone_id(state, 0, "hand", "nick_fury_v1")))
    while state.choice is not None and str(mata) not in state.choice.options:
        state, _ = act(state, 0, Choose(state.choice.options[0]))
    assert state.choice is not None and str(mata) in state.choice.options
    state, _ = act(state, 0, Choose(str(mata)))
    assert mata in state.players[0].hand


def _lucky(hand: list[str] | None = None) -> State:
    """Ana's Demolição (stage 2) carries Impulso Impulsivo and Golpe de Sorte."""
    return build(
        Side(
            hand=hand or [],
            resources=["protecao"],
            scene=[
                Placed(
                    "demolicao_v1",
                    ["impulso_impulsivo_v1", "golpe_de_sorte_v1", *FILL[:3]],
                    stage=2,
                )
            ],
        ),
        Side(scene=[Placed("capanga_do_rei_v2", FILL)]),
        content=starter(),
    )


def test_impulso_impulsivo_deals_2_and_a_discard_lets_it_be_used_again() -> None:
    state = _lucky(["protecao"])
    demo, capanga = sid(state, "demolicao_v1"), sid(state, "capanga_do_rei_v2")
    card = zone_id(state, 0, "hand", "protecao")
    state, _ = act(state, 0, UseAction(demo, "Impulso Impulsivo", str(capanga)))
    assert state.choice is not None and set(state.choice.options) == {str(card), "skip"}
    state, _ = act(state, 0, Choose(str(card)))
    assert _loaded(state, capanga) == 5  # 2 damage, Escudo 1
    assert card in state.players[0].resources and not state.players[0].hand
    state, _ = act(state, 0, UseAction(demo, "Impulso Impulsivo", str(capanga)))
    assert zones.in_scene(state, demo).stage == 0  # its cost paid again
    assert _loaded(state, capanga) == 3


def test_impulso_impulsivo_without_a_discard_is_used_once() -> None:
    state = _lucky(["protecao"])
    demo, capanga = sid(state, "demolicao_v1"), sid(state, "capanga_do_rei_v2")
    state, _ = act(state, 0, UseAction(demo, "Impulso Impulsivo", str(capanga)))
    state, _ = act(state, 0, Choose("skip"))
    with pytest.raises(IllegalActionError):
        act(state, 0, UseAction(demo, "Impulso Impulsivo", str(capanga)))


def test_golpe_de_sorte_costs_nothing_deals_2_and_may_swap_a_card() -> None:
    state = _lucky()
    demo, capanga = sid(state, "demolicao_v1"), sid(state, "capanga_do_rei_v2")
    resource = zone_id(state, 0, "resources", "protecao")
    state, _ = act(state, 0, UseAction(demo, "Golpe de Sorte", str(capanga)))
    assert zones.in_scene(state, demo).stage == 2  # no incapacitation cost
    assert state.choice is not None and f"{resource}>{demo}" in state.choice.options
    state, _ = act(state, 0, Choose(f"{resource}>{demo}"))
    assert resource in zones.in_scene(state, demo).loaded
    assert state.choice is not None  # now one of Demolição's cards goes
    gone = zones.in_scene(state, demo).loaded[-2]
    state, _ = act(state, 0, Choose(str(gone)))
    item = zones.in_scene(state, demo)
    assert gone not in item.loaded and len(item.loaded) == 5
    assert gone in state.players[0].resources
    assert _loaded(state, capanga) == 5  # 2 damage, Escudo 1


def _spider(stage: int) -> State:
    """Ana's Preparation: her Homem-Aranha V1 at ``stage``, Demolição in her hand."""
    return build(
        Side(
            hand=["demolicao_v1"],
            resources=FILL[:5],
            scene=[Placed("homem_aranha_v1", FILL[:3], stage=stage)],
        ),
        Side(scene=[Placed("capanga_do_rei_v2", FILL)]),
        phase=Phase.PREPARATION,
        content=starter(),
    )


def test_homem_aranha_v1_trades_a_stage_for_one_of_the_entering_character() -> None:
    state = _spider(2)
    demo = zone_id(state, 0, "hand", "demolicao_v1")
    state, _ = act(state, 0, PlayCard(demo))
    assert state.choice is not None and set(state.choice.options) == {"yes", "skip"}
    state, _ = act(state, 0, Choose("yes"))
    while state.choice is not None:  # the one amount offered: 1
        assert list(state.choice.options) == ["amount:1"]
        state, _ = act(state, 0, Choose("amount:1"))
    assert zones.in_scene(state, sid(state, "homem_aranha_v1")).stage == 1
    assert zones.in_scene(state, demo).stage == 0


def test_homem_aranha_v1_at_stage_0_cannot_do_it() -> None:
    state = _spider(0)
    demo = zone_id(state, 0, "hand", "demolicao_v1")
    state, _ = act(state, 0, PlayCard(demo))
    if state.choice is not None:
        state, _ = act(state, 0, Choose("yes"))
    assert state.choice is None
    assert zones.in_scene(state, demo).stage == 1  # its FAQ: nothing for the newcomer


def test_homem_aranha_v1_teia_sangrenta_lowers_the_shield_then_deals_2() -> None:
    state = _versus(
        [Placed("homem_aranha_v1", FILL[:3], stage=2)], [Placed("capanga_do_rei_v2", FILL)]
    )
    capanga = sid(state, "capanga_do_rei_v2")
    spider = sid(state, "homem_aranha_v1")
    state, _ = act(state, 0, UseAction(spider, "Teia Sangrenta", str(capanga)))
    assert _loaded(state, capanga) == 4  # Escudo 1 - 1: all 2 damage


def test_homem_aranha_v1_entering_itself_does_not_trigger_it() -> None:
    state = build(
        Side(hand=["homem_aranha_v1"], resources=FILL[:5]),
        Side(scene=[Placed("capanga_do_rei_v2", FILL)]),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    spider = zone_id(state, 0, "hand", "homem_aranha_v1")
    state, _ = act(state, 0, PlayCard(spider))
    assert state.choice is None and zones.in_scene(state, spider).stage == 1


def _practice(scenario: str | None) -> tuple[State, int, int]:
    state = build(
        Side(resources=["demolicao_v1"], scene=[Placed("demolicao_v1", FILL[:4], stage=2)]),
        Side(scene=[Placed("capanga_do_rei_v2", FILL)]),
        phase=Phase.PREPARATION,
        scenario=scenario,
        content=starter(),
    )
    return state, zone_id(state, 0, "resources", "demolicao_v1"), sid(state, "demolicao_v1")


def test_da_pratica_a_perfeicao_gives_every_character_aprimoramento() -> None:
    state, twin, demo = _practice("da_pratica_a_perfeicao_v1")
    assert "aprimoramento" in zones.keywords(state, sid(state, "capanga_do_rei_v2"))
    state, _ = act(state, 0, Keyword("aprimoramento", twin, demo))
    assert twin in zones.in_scene(state, demo).loaded


def test_without_da_pratica_a_perfeicao_demolicao_has_no_aprimoramento() -> None:
    state, twin, demo = _practice(None)
    with pytest.raises(IllegalActionError):
        act(state, 0, Keyword("aprimoramento", twin, demo))


def test_da_pratica_a_perfeicao_draws_a_card_on_entering() -> None:
    state = build(
        Side(hand=["da_pratica_a_perfeicao_v1"], scene=[Placed("demolicao_v1", FILL[:4])]),
        Side(scene=[Placed("capanga_do_rei_v2", FILL)]),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    scenario = zone_id(state, 0, "hand", "da_pratica_a_perfeicao_v1")
    state, _ = act(state, 0, PlayCard(scenario))
    assert state.scenario == scenario and len(state.players[0].hand) == 1


def _capanga_named(name: str) -> Pack:
    """The starter pack with Capanga do Rei V2 named ``name`` (a stand-in character)."""
    pack = starter()
    capanga = replace(pack.cards["capanga_do_rei_v2"], name=name)
    return replace(pack, cards={**pack.cards, "capanga_do_rei_v2": capanga})


def test_falcao_v2_anticipates_investida_alada_while_you_control_asa_vermelha() -> None:
    for name, kind in (("Asa Vermelha", "unforeseen_anticipate"), ("Capanga do Rei", "unforeseen")):
        state = build(
            Side(scene=[Placed("falcao_v2", FILL[:2]), Placed("capanga_do_rei_v2", FILL)]),
            Side(scene=[Placed("miss_america_v1", FILL[:5])]),
            content=_capanga_named(name),
        )
        item = zones.in_scene(state, sid(state, "falcao_v2"))
        action = zones.defn(state, item.card).actions[0]
        assert zones.action_kind(state, item, action).value == kind


def test_falcao_v2_investida_alada_deals_1() -> None:
    state = _versus([Placed("falcao_v2", FILL[:2])], [Placed("miss_america_v1", FILL[:5])])
    falcao, miss = sid(state, "falcao_v2"), sid(state, "miss_america_v1")
    state, events = act(state, 0, UseAction(falcao, "Investida Alada", str(miss)))
    hits = [e.params["amount"] for e in events if e.key == "battlescenes.event.damage"]
    assert hits == [1] and _loaded(state, miss) == 5  # 1, on Escudo 3


def _falcon_hit(name: str, attacker: str, action: str) -> int:
    """Bruno's ``attacker`` hits Ana's Falcão V1 (Escudo 1, beside a Capanga named
    ``name``): the cards Falcão has left."""
    state = build(
        Side(scene=[Placed("falcao_v1", FILL[:4]), Placed("capanga_do_rei_v2", FILL)]),
        Side(scene=[Placed(attacker, FILL[:5], stage=2)]),
        active=1,
        content=_capanga_named(name),
    )
    falcao = sid(state, "falcao_v1")
    state, _ = act(state, 1, UseAction(sid(state, attacker), action, str(falcao)))
    return _loaded(state, falcao)


def test_falcao_v1_takes_1_less_from_a_character_without_voo_beside_asa_vermelha() -> None:
    assert _falcon_hit("Capanga do Rei", "demolicao_v1", "Suplex") == 2  # 3, Escudo 1
    assert _falcon_hit("Asa Vermelha", "demolicao_v1", "Suplex") == 3  # 3 - 1, Escudo 1
    # Miss América has Voo: nothing less (3, Escudo 1)
    assert _falcon_hit("Asa Vermelha", "miss_america_v1", "Esmurrar") == 2


def test_falcao_v1_searches_an_asa_vermelha_once_per_turn() -> None:
    pack = _capanga_named("Asa Vermelha")
    state = build(
        Side(
            deck=["capanga_do_rei_v2", *FILL],
            resources=["capanga_do_rei_v2"],
            scene=[Placed("falcao_v1", FILL[:4])],
        ),
        Side(scene=[Placed("miss_america_v1", FILL[:5])]),
        phase=Phase.PREPARATION,
        content=pack,
    )
    falcao = sid(state, "falcao_v1")
    wanted = zone_id(state, 0, "deck", "capanga_do_rei_v2")
    state, _ = act(state, 0, Activate(falcao, -1))
    while state.choice is not None and str(wanted) not in state.choice.options:
        state, _ = act(state, 0, Choose(state.choice.options[0]))
    assert state.choice is not None
    state, _ = act(state, 0, Choose(str(wanted)))
    assert wanted in state.players[0].hand
    with pytest.raises(IllegalActionError):
        act(state, 0, Activate(falcao, -1))


def test_falcao_v1_search_once_per_turn_even_from_another_copy_carried() -> None:
    """Its FAQ: Falcão V2 carrying a Falcão V1 uses the search, then loads another Falcão
    V1 by Aprimoramento (unloading the first): no second search this turn."""
    state = build(
        Side(
            deck=["capanga_do_rei_v2", *FILL],
            resources=["falcao_v1"],
            scene=[Placed("falcao_v2", ["falcao_v1", *FILL[:3]])],
        ),
        Side(scene=[Placed("miss_america_v1", FILL[:5])]),
        phase=Phase.PREPARATION,
        content=_capanga_named("Asa Vermelha"),
    )
    v2 = sid(state, "falcao_v2")
    first = zones.in_scene(state, v2).loaded[0]
    state, _ = act(state, 0, Activate(first, -1))
    while state.choice is not None:
        state, _ = act(state, 0, Choose(state.choice.options[0]))
    twin = zone_id(state, 0, "resources", "falcao_v1")
    state, _ = act(state, 0, Keyword("aprimoramento", twin, v2, unload=first))
    assert (
        twin in zones.in_scene(state, v2).loaded and first not in zones.in_scene(state, v2).loaded
    )
    with pytest.raises(IllegalActionError):
        act(state, 0, Activate(twin, -1))


def test_investida_estrategica_swaps_a_resource_onto_a_character_sharing_an_affiliation() -> None:
    state = build(
        Side(
            resources=["protecao"],
            scene=[
                Placed("falcao_v2", ["investida_estrategica_v1", *FILL[:2]], stage=2),
                Placed("falcao_v1", FILL[:3]),  # Aliados do Capitão América too
                Placed("demolicao_v1", FILL[:3]),  # Vingadores: nothing in common
            ],
        ),
        Side(scene=[Placed("capanga_do_rei_v2", FILL)]),
        content=starter(),
    )
    user, other = sid(state, "falcao_v2"), sid(state, "falcao_v1")
    capanga, resource = sid(state, "capanga_do_rei_v2"), zone_id(state, 0, "resources", "protecao")
    state, _ = act(state, 0, UseAction(user, "Investida Estratégica", str(capanga)))
    assert _loaded(state, capanga) == 5  # 2 damage, Escudo 1
    assert state.choice is not None
    assert set(state.choice.options) == {f"{resource}>{other}", "skip"}
    state, _ = act(state, 0, Choose(f"{resource}>{other}"))
    assert resource in zones.in_scene(state, other).loaded
    assert state.choice is not None  # one of that character's cards, not the user's
    assert set(state.choice.options) == {str(c) for c in zones.in_scene(state, other).loaded}
    gone = zones.in_scene(state, other).loaded[0]
    state, _ = act(state, 0, Choose(str(gone)))
    assert gone not in zones.in_scene(state, other).loaded and _loaded(state, other) == 3
