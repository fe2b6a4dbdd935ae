"""Cards of the official decks (issue 23, round 2, second slice: Múltiplas Identidades),
each played once as printed with the built-in cards (``starter()``): what a player
notices."""

from __future__ import annotations

import pytest

from engines.battlescenes.actions import Activate, Choose, PlayCard, UseAction
from engines.battlescenes.rules.state import InScene, Phase, State
from engines.battlescenes.table import shields, zones
from engines.core import IllegalActionError
from engines.core.model import replace
from tests.engines.battlescenes.helpers import Placed, Side, act, build, sid, starter, zone_id

FILL = ["excentricidade"] * 6


def _versus(
    mine: list[Placed], theirs: list[Placed], active: int = 0, scenario: str | None = None
) -> State:
    """An Attack step of ``active``: Ana's ``mine`` against Bruno's ``theirs``."""
    mine_side, theirs_side = Side(deck=["protecao"] * 6, scene=mine), Side(scene=theirs)
    return build(mine_side, theirs_side, active=active, scenario=scenario, content=starter())


def _loaded(state: State, card: int) -> int:
    return len(zones.in_scene(state, card).loaded)


def test_colossus_deals_3() -> None:
    state = _versus([Placed("colossus_v1", FILL[:3])], [Placed("capanga_do_rei_v2", FILL)])
    capanga = sid(state, "capanga_do_rei_v2")
    use = UseAction(sid(state, "colossus_v1"), "Murro Metálico", str(capanga))
    state, _ = act(state, 0, use)
    assert _loaded(state, capanga) == 4  # 3 - Escudo 1


def test_fanatico_deals_4_and_is_no_target_of_telepathy_actions() -> None:
    state = _versus(
        [Placed("psylocke_v1", FILL[:3]), Placed("fanatico_v1", FILL[:3], stage=2)],
        [Placed("fanatico_v1", FILL)],
    )
    theirs = sid(state, "fanatico_v1", seat=1)
    with pytest.raises(IllegalActionError):  # Lâminas Psíquicas is a Telepatia action
        act(state, 0, UseAction(sid(state, "psylocke_v1"), "Lâminas Psíquicas", str(theirs)))
    state, _ = act(state, 0, UseAction(sid(state, "fanatico_v1", seat=0), "Pancada", str(theirs)))
    assert _loaded(state, theirs) == 6  # 4 - Escudo 4


def test_ciclope_gives_his_x_men_shield_1_himself_included() -> None:
    state = _versus(
        [
            Placed("ciclope_v1", FILL[:3]),
            Placed("psylocke_v1", FILL[:3]),
            Placed("abominavel_v1", FILL[:3]),
        ],
        [Placed("tempestade_v1", FILL[:3])],
    )
    shield = {
        key: shields.shield(state, zones.in_scene(state, sid(state, key)))
        for key in ("ciclope_v1", "psylocke_v1", "abominavel_v1", "tempestade_v1")
    }
    # Printed 0, 1, 2 and 1: Ana's X-Men only (not Bruno's Tempestade, not Abominável).
    assert shield == {"ciclope_v1": 1, "psylocke_v1": 2, "abominavel_v1": 2, "tempestade_v1": 1}
    capanga_side = Placed("capanga_do_rei_v2", FILL)
    state = _versus([Placed("ciclope_v1", FILL[:3])], [capanga_side])
    capanga = sid(state, "capanga_do_rei_v2")
    state, _ = act(state, 0, UseAction(sid(state, "ciclope_v1"), "Rajada Ótica", str(capanga)))
    assert _loaded(state, capanga) == 6  # 1 - Escudo 1


def test_pyro_entering_may_deal_2_and_is_ready_at_once() -> None:
    state = build(
        Side(hand=["pyro_v1"], resources=FILL[:4]),
        Side(scene=[Placed("capanga_do_rei_v2", FILL), Placed("gerador_pem", FILL[:4])]),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    state, _ = act(state, 0, PlayCard(zone_id(state, 0, "hand", "pyro_v1")))
    capanga, gerador = sid(state, "capanga_do_rei_v2"), sid(state, "gerador_pem")
    pyro = sid(state, "pyro_v1")
    assert state.choice is not None
    assert {str(capanga), str(gerador), "skip"} <= set(state.choice.options)  # any base
    state, _ = act(state, 0, Choose(str(capanga)))
    assert _loaded(state, capanga) == 5  # 2 - Escudo 1
    state = replace(state, phase=Phase.ATTACK)
    state, _ = act(state, 0, UseAction(pyro, "Parede de Plasma", str(capanga)))
    # used in the turn it entered (Prontidão): 3, the Escudo already spent this turn
    assert _loaded(state, capanga) == 2


def test_fenix_unloads_the_target_into_its_owners_hand() -> None:
    fenix = Placed("fenix_v1", FILL[:3], stage=2)
    state = _versus([fenix], [Placed("capanga_do_rei_v2", FILL[:4])])
    capanga = sid(state, "capanga_do_rei_v2")
    state, _ = act(state, 0, UseAction(sid(state, "fenix_v1"), "Arremesso Mental", str(capanga)))
    assert zones.find(state, capanga) is None and capanga in state.players[1].hand
    assert len(state.players[1].resources) == 4 and not state.players[1].prizes


def test_calmaria_draws_when_it_enters_and_when_it_leaves() -> None:
    state = build(
        Side(deck=["protecao"] * 4, hand=["calmaria_v1"]),
        Side(),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    state, _ = act(state, 0, PlayCard(zone_id(state, 0, "hand", "calmaria_v1")))
    assert len(state.players[0].hand) == 1  # played, then one drawn
    state = build(
        Side(deck=["protecao"] * 4, hand=["rajada_implacavel", "protecao"]),
        Side(),
        phase=Phase.PREPARATION,
        content=starter(),
        scenario="calmaria_v1",
    )
    state, _ = act(state, 0, PlayCard(zone_id(state, 0, "hand", "rajada_implacavel")))
    while state.choice is not None:  # the order of the two effects, Rajada's decline
        state, _ = act(state, 0, Choose(state.choice.options[-1]))
    assert len(state.players[0].hand) == 2  # Calmaria left: one drawn


def test_mansao_xavier_mills_2_when_an_x_men_enters_and_leads_x_men() -> None:
    state = build(
        Side(
            deck=["protecao"] * 6,
            hand=["colossus_v1", "pyro_v1"],
            resources=["excentricidade"] * 8,
            scene=[Placed("mansao_xavier_v1", FILL[:2]), Placed("psylocke_v1", FILL[:2], 0)],
        ),
        Side(),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    state, _ = act(state, 0, PlayCard(zone_id(state, 0, "hand", "colossus_v1")))
    # Colossus loaded 5 of the 8 resources; the Mansão put 2 of the deck's top there.
    assert len(state.players[0].deck) == 4 and len(state.players[0].resources) == 5
    state, _ = act(state, 0, PlayCard(zone_id(state, 0, "hand", "pyro_v1")))
    while state.choice is not None:  # Pyro's own entering damage, declined
        state, _ = act(state, 0, Choose("skip"))
    assert len(state.players[0].deck) == 4  # Pyro is no X-Men: nothing more
    psylocke = sid(state, "psylocke_v1")
    state, _ = act(state, 0, Activate(sid(state, "mansao_xavier_v1"), -1))
    assert state.choice is not None and str(sid(state, "pyro_v1")) not in state.choice.options
    state, _ = act(state, 0, Choose(str(psylocke)))
    assert zones.in_scene(state, psylocke).stage == 1


def test_combate_ao_crime_adds_1_to_a_heros_damage_to_a_villain_only() -> None:
    state = _versus(
        [Placed("colossus_v1", FILL[:3]), Placed("abominavel_v1", FILL[:3])],
        [Placed("capanga_do_rei_v2", FILL), Placed("tempestade_v1", FILL)],
        scenario="combate_ao_crime_v1",
    )
    capanga, tempestade = sid(state, "capanga_do_rei_v2"), sid(state, "tempestade_v1")
    use = UseAction(sid(state, "colossus_v1"), "Murro Metálico", str(capanga))
    state, _ = act(state, 0, use)
    assert _loaded(state, capanga) == 3  # a hero on a villain: 3 + 1 - Escudo 1
    use = UseAction(sid(state, "abominavel_v1"), "Soco Demolidor", str(tempestade))
    state, _ = act(state, 0, use)
    assert _loaded(state, tempestade) == 3  # a villain on a hero: 4 - Escudo 1, no +1


def test_combate_ao_crime_draws_when_it_enters() -> None:
    state = build(
        Side(deck=["protecao"] * 2, hand=["combate_ao_crime_v1"]),
        Side(),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    state, _ = act(state, 0, PlayCard(zone_id(state, 0, "hand", "combate_ao_crime_v1")))
    assert len(state.players[0].hand) == 1 and len(state.players[0].deck) == 1


def _magneto(target: str) -> tuple[State, int, int]:
    state = _versus([Placed("magneto_v1", FILL[:3])], [Placed(target, FILL[:4], stage=2)])
    return state, sid(state, "magneto_v1"), sid(state, target)


def test_magneto_incapacitates_by_1_or_2() -> None:
    for mode, stage in (("incapacitar_1", 1), ("incapacitar_2", 0)):
        state, magneto, raio = _magneto("raio_negro_v2")
        use = UseAction(magneto, "Força Magnética", str(raio), mode=mode)
        state, _ = act(state, 0, use)
        assert zones.in_scene(state, raio).stage == stage


def test_magneto_returns_a_blades_character_or_a_support_only() -> None:
    for target, returned in (
        ("dente_de_sabre_v1", True),
        ("gerador_pem", True),
        ("raio_negro_v2", False),
    ):
        state, magneto, card = _magneto(target)
        state, _ = act(state, 0, UseAction(magneto, "Força Magnética", str(card), mode="devolver"))
        assert (card in state.players[1].hand) is returned, target
        assert (zones.find(state, card) is None) is returned, target


def test_magneto_adds_1_to_his_brotherhoods_damage_to_x_men() -> None:
    state = _versus(
        [Placed("magneto_v1", FILL[:3]), Placed("fanatico_v1", FILL[:3], stage=2)],
        [Placed("colossus_v1", FILL)],
    )
    colossus = sid(state, "colossus_v1")
    state, _ = act(state, 0, UseAction(sid(state, "fanatico_v1"), "Pancada", str(colossus)))
    assert _loaded(state, colossus) == 4  # 4 + 1 - Escudo 3


def test_magneto_is_no_target_of_telepathy_actions() -> None:
    state = _versus(
        [Placed("psylocke_v1", FILL[:3])],
        [Placed("magneto_v1", FILL), Placed("colossus_v1", FILL)],
    )
    psylocke, magneto = sid(state, "psylocke_v1"), sid(state, "magneto_v1")
    with pytest.raises(IllegalActionError):
        act(state, 0, UseAction(psylocke, "Lâminas Psíquicas", str(magneto)))
    state, _ = act(
        state, 0, UseAction(psylocke, "Lâminas Psíquicas", str(sid(state, "colossus_v1")))
    )
    assert _loaded(state, sid(state, "colossus_v1")) == 6  # 2 - Escudo 3: the others may be


def test_avalanche_unloads_a_card_of_each_character_outside_the_brotherhood() -> None:
    state = _versus(
        [
            Placed("avalanche_v1", FILL[:3], stage=2),
            Placed("psylocke_v1", FILL[:3]),
            Placed("magneto_v1", FILL[:3]),
        ],
        [Placed("colossus_v1", FILL[:4]), Placed("gerador_pem", FILL[:2])],
    )
    psylocke, colossus = sid(state, "psylocke_v1"), sid(state, "colossus_v1")
    state, _ = act(state, 0, UseAction(sid(state, "avalanche_v1"), "Abalo Sísmico"))
    # Ana picks a card of each non-Brotherhood character, hers too; no support, no "done".
    owing = set(zones.in_scene(state, psylocke).loaded) | set(
        zones.in_scene(state, colossus).loaded
    )
    assert state.choice is not None and set(state.choice.options) == {str(c) for c in owing}
    state, _ = act(state, 0, Choose(str(zones.in_scene(state, colossus).loaded[0])))
    assert state.choice is not None
    assert set(state.choice.options) == {str(c) for c in zones.in_scene(state, psylocke).loaded}
    state, _ = act(state, 0, Choose(state.choice.options[0]))
    assert (_loaded(state, psylocke), _loaded(state, colossus)) == (2, 3)
    assert _loaded(state, sid(state, "magneto_v1")) == 3
    assert _loaded(state, sid(state, "gerador_pem")) == 2


def _danger_room(support: bool) -> State:
    scene = [
        Placed("colossus_v1", ["super_soco_v1", *FILL[:2]]),
        Placed("psylocke_v1", ["protecao", *FILL[:1]]),
        Placed("abominavel_v1", ["granada_de_mao", *FILL[:1]]),
    ]
    if support:
        scene.append(Placed("sala_de_perigo_v1", FILL[:3]))
    return build(
        Side(scene=scene),
        Side(),
        phase=Phase.PREPARATION,
        content=starter(),
        scenario=None if support else "treino_na_sala_de_perigo_v1",
    )


@pytest.mark.parametrize("support", [True, False])
def test_sala_de_perigo_swaps_cards_between_two_x_men_once_a_turn(support: bool) -> None:
    state = _danger_room(support)
    holder = sid(state, "sala_de_perigo_v1") if support else state.scenario
    assert holder is not None
    soco, protecao = zone_id_loaded(state, "super_soco_v1"), zone_id_loaded(state, "protecao")
    granada = zone_id_loaded(state, "granada_de_mao")
    state, _ = act(state, 0, Activate(holder, -1))
    state, _ = act(state, 0, Choose("yes"))
    assert state.choice is not None
    pairs = {tuple(sorted(o.split(">"))) for o in state.choice.options}
    assert (str(soco), str(protecao)) in pairs or (str(protecao), str(soco)) in pairs
    assert not any(str(granada) in o for o in state.choice.options)  # Abominável: no X-Men
    option = next(o for o in state.choice.options if {*o.split(">")} == {str(soco), str(protecao)})
    state, _ = act(state, 0, Choose(option))
    assert protecao in zones.in_scene(state, sid(state, "colossus_v1")).loaded
    assert soco in zones.in_scene(state, sid(state, "psylocke_v1")).loaded
    with pytest.raises(IllegalActionError):  # once per turn
        act(state, 0, Activate(holder, -1))


def zone_id_loaded(state: State, key: str) -> int:
    """The carried card with ``key`` (the first one found in the scene)."""
    return next(c for s in state.scene for c in s.loaded if state.cards[c].key == key)


def _with_sentinel(state: State) -> State:
    """Capanga do Rei V2 made a Sentinelas character (no starter card is one)."""
    capanga = state.defs["capanga_do_rei_v2"]
    sentinel = replace(capanga, affiliations=("Sentinelas",))
    return replace(state, defs={**state.defs, "capanga_do_rei_v2": sentinel})


def test_posto_de_monitoramento_fetches_a_sentinel_from_the_deck_or_resources() -> None:
    state = build(
        Side(
            deck=["protecao", "capanga_do_rei_v2", "psylocke_v1"],
            hand=["posto_de_monitoramento_v1", "capanga_do_rei_v2"],
            resources=["capanga_do_rei_v2", *FILL[:4]],
        ),
        Side(),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    state = _with_sentinel(state)
    in_deck = zone_id(state, 0, "deck", "capanga_do_rei_v2")
    in_resources = zone_id(state, 0, "resources", "capanga_do_rei_v2")
    state, _ = act(state, 0, PlayCard(zone_id(state, 0, "hand", "posto_de_monitoramento_v1")))
    while state.choice is not None and state.choice.options == ("yes", "skip"):
        state, _ = act(state, 0, Choose("yes"))
    assert state.choice is not None
    # Only the Sentinelas character, in the deck or the resources (not the hand's copy).
    assert {str(in_deck), str(in_resources)} <= set(state.choice.options)
    assert not {o for o in state.choice.options if o.isdigit()} - {str(in_deck), str(in_resources)}
    state, _ = act(state, 0, Choose(str(in_deck)))
    assert in_deck in state.players[0].hand


def test_posto_de_monitoramento_makes_a_character_x_men_and_brotherhood_for_the_turn() -> None:
    state = build(
        Side(scene=[Placed("posto_de_monitoramento_v1", FILL[:3])]),
        Side(scene=[Placed("capanga_do_rei_v2", FILL[:3])]),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    posto, capanga = sid(state, "posto_de_monitoramento_v1"), sid(state, "capanga_do_rei_v2")
    state, _ = act(state, 0, Activate(posto, -1))
    state, _ = act(state, 0, Choose("yes"))
    assert _loaded(state, posto) == 2
    state, _ = act(state, 0, Choose(str(capanga)))
    gained = zones.affiliations(state, zones.in_scene(state, capanga))
    assert {"X-Men", "Irmandade de Mutantes"} <= set(gained)
    with pytest.raises(IllegalActionError):  # once per turn
        act(state, 0, Activate(posto, -1))


def test_kitty_pryde_entering_may_deal_2_penetrating_to_a_support() -> None:
    state = build(
        Side(hand=["kitty_pryde_v1"], resources=FILL[:3]),
        Side(scene=[Placed("capanga_do_rei_v2", FILL), Placed("gerador_pem", FILL[:4])]),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    state, _ = act(state, 0, PlayCard(zone_id(state, 0, "hand", "kitty_pryde_v1")))
    gerador = sid(state, "gerador_pem")
    # Only a support (Ana's own Kitty is a character): no Capanga.
    assert state.choice is not None and set(state.choice.options) == {str(gerador), "skip"}
    state, _ = act(state, 0, Choose(str(gerador)))
    assert _loaded(state, gerador) == 2  # penetrating: its Escudo 2 absorbs nothing


def test_kitty_pryde_passing_through_walls_is_no_target_for_the_turn() -> None:
    state = _versus(
        [Placed("kitty_pryde_v1", FILL[:3], stage=2), Placed("psylocke_v1", FILL[:3])],
        [Placed("abominavel_v1", FILL[:3])],
    )
    kitty, abominavel = sid(state, "kitty_pryde_v1"), sid(state, "abominavel_v1")
    psylocke = sid(state, "psylocke_v1")
    with_kitty = UseAction(psylocke, "Lâminas Psíquicas", str(kitty))
    act(state, 0, with_kitty)  # a target before
    state, _ = act(state, 0, UseAction(kitty, "Atravessar Paredes", str(abominavel)))
    assert _loaded(state, abominavel) == 2  # 1 penetrating
    with pytest.raises(IllegalActionError):  # no target of any action this turn
        act(state, 0, with_kitty)


def test_homem_de_gelo_entering_incapacitates_a_character_by_1_or_2() -> None:
    for amount, stage in ((1, 1), (2, 0)):
        state = build(
            Side(hand=["homem_de_gelo_v1"], resources=FILL[:4]),
            Side(scene=[Placed("raio_negro_v2", FILL, stage=2)]),
            phase=Phase.PREPARATION,
            content=starter(),
        )
        state, _ = act(state, 0, PlayCard(zone_id(state, 0, "hand", "homem_de_gelo_v1")))
        raio = sid(state, "raio_negro_v2")
        state, _ = act(state, 0, Choose(str(raio)))
        assert state.choice is not None and state.choice.options == ("amount:1", "amount:2")
        state, _ = act(state, 0, Choose(f"amount:{amount}"))
        assert zones.in_scene(state, raio).stage == stage


def test_homem_de_gelo_ice_wall_deals_3_and_gives_him_shield_3() -> None:
    state = build(
        Side(scene=[Placed("homem_de_gelo_v1", FILL[:3], stage=2)]),
        Side(scene=[Placed("capanga_do_rei_v2", FILL)]),
        phase=Phase.ANTICIPATION,
        active=1,
        content=starter(),
    )
    gelo, capanga = sid(state, "homem_de_gelo_v1"), sid(state, "capanga_do_rei_v2")
    state, _ = act(state, 0, UseAction(gelo, "Parede de Gelo", str(capanga)))
    assert _loaded(state, capanga) == 4  # 3 - Escudo 1
    assert shields.shield(state, zones.in_scene(state, gelo)) == 4  # 1 + 3


def test_super_plano_de_dominacao_gives_every_villain_genius_and_shield_1() -> None:
    state = _versus(
        [Placed("abominavel_v1", FILL[:3]), Placed("colossus_v1", FILL[:3])],
        [Placed("capanga_do_rei_v2", FILL), Placed("gerador_pem", FILL[:2])],
        scenario="super_plano_de_dominacao_v1",
    )
    shield = {
        key: shields.shield(state, zones.in_scene(state, sid(state, key)))
        for key in ("abominavel_v1", "colossus_v1", "capanga_do_rei_v2", "gerador_pem")
    }
    # Printed 2, 3, 1 and 2: both players' villains +1, not the hero nor the support.
    assert shield == {
        "abominavel_v1": 3,
        "colossus_v1": 3,
        "capanga_do_rei_v2": 2,
        "gerador_pem": 2,
    }
    for key, genius in (
        ("abominavel_v1", True),
        ("capanga_do_rei_v2", True),
        ("colossus_v1", False),
    ):
        item = zones.in_scene(state, sid(state, key))
        assert ("genialidade" in zones.powers(state, item)) is genius, key


def test_super_plano_de_dominacao_draws_when_it_enters() -> None:
    state = build(
        Side(deck=["protecao"] * 2, hand=["super_plano_de_dominacao_v1"]),
        Side(),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    state, _ = act(state, 0, PlayCard(zone_id(state, 0, "hand", "super_plano_de_dominacao_v1")))
    assert len(state.players[0].hand) == 1


def _nano(victim: str) -> tuple[State, int]:
    state = build(
        Side(hand=["nano_sentinelas_v1"], scene=[Placed("capanga_do_rei_v2", FILL[:3], stage=2)]),
        Side(scene=[Placed("colossus_v1", FILL), Placed("abominavel_v1", FILL)]),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    capanga = state.defs["capanga_do_rei_v2"]  # made neither hero nor villain
    state = replace(state, defs={**state.defs, capanga.key: replace(capanga, alignments=())})
    state, _ = act(state, 0, PlayCard(zone_id(state, 0, "hand", "nano_sentinelas_v1")))
    neutral = sid(state, "capanga_do_rei_v2")
    # Only the character neither hero nor villain may be incapacitated.
    assert state.choice is not None and set(state.choice.options) == {str(neutral), "skip"}
    state, _ = act(state, 0, Choose(str(neutral)))
    assert zones.in_scene(state, neutral).stage == 1
    state, _ = act(state, 0, Choose(str(sid(state, victim))))
    return state, sid(state, victim)


def test_nano_sentinelas_deal_2_penetrating_to_an_x_men() -> None:
    state, colossus = _nano("colossus_v1")
    assert _loaded(state, colossus) == 4  # penetrating: its Escudo 3 absorbs nothing


def test_nano_sentinelas_deal_2_plain_damage_to_others() -> None:
    state, abominavel = _nano("abominavel_v1")
    assert _loaded(state, abominavel) == 6  # Escudo 2 absorbs it all


def test_lavagem_de_dinheiro_mills_one_per_villain_sharing_the_chosen_ones_affiliation() -> None:
    state = build(
        Side(
            deck=["protecao"] * 6,
            hand=["lavagem_de_dinheiro_v1"],
            scene=[
                Placed("magneto_v1", FILL[:3]),  # Irmandade de Mutantes
                Placed("fanatico_v1", FILL[:3]),  # Irmandade de Mutantes
                Placed("abominavel_v1", FILL[:3]),  # Inimigos do Hulk
                Placed("colossus_v1", FILL[:3]),  # a hero
            ],
        ),
        Side(scene=[Placed("pyro_v1", FILL[:3])]),  # Irmandade, but Bruno's
        phase=Phase.PREPARATION,
        content=starter(),
    )
    state, _ = act(state, 0, PlayCard(zone_id(state, 0, "hand", "lavagem_de_dinheiro_v1")))
    mine = {str(sid(state, k)) for k in ("magneto_v1", "fanatico_v1", "abominavel_v1")}
    assert state.choice is not None and set(state.choice.options) == mine | {"skip"}
    state, _ = act(state, 0, Choose(str(sid(state, "magneto_v1"))))
    assert len(state.players[0].deck) == 4  # Magneto and Fanático


def test_potencia_incomparavel_makes_the_next_super_strength_action_cost_1_less() -> None:
    state = build(
        Side(
            hand=["potencia_incomparavel_v1"],
            scene=[Placed("fanatico_v1", FILL[:3], stage=2), Placed("pyro_v1", FILL[:3])],
        ),
        Side(scene=[Placed("capanga_do_rei_v2", FILL)]),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    fanatico, capanga = sid(state, "fanatico_v1"), sid(state, "capanga_do_rei_v2")
    pancada = UseAction(fanatico, "Pancada", str(capanga))
    with pytest.raises(IllegalActionError):  # at stage 1, Pancada (cost 2) cannot be paid
        act(replace(state, phase=Phase.ATTACK, scene=_staged(state, fanatico, 1)), 0, pancada)
    state, _ = act(state, 0, PlayCard(zone_id(state, 0, "hand", "potencia_incomparavel_v1")))
    # Only a Super Força character of Ana's (not Pyro).
    assert state.choice is not None and set(state.choice.options) == {str(fanatico), "skip"}
    state, _ = act(state, 0, Choose(str(fanatico)))
    assert zones.in_scene(state, fanatico).stage == 1
    state, _ = act(replace(state, phase=Phase.ATTACK), 0, pancada)
    assert zones.in_scene(state, fanatico).stage == 0  # paid 1
    assert _loaded(state, capanga) == 3  # 4 - Escudo 1


def _staged(state: State, card: int, stage: int) -> tuple[InScene, ...]:
    return tuple(replace(s, stage=stage) if s.card == card else s for s in state.scene)


def test_mistica_trades_herself_for_a_character_of_her_prizes() -> None:
    state = build(
        Side(
            scene=[Placed("mistica_v1", FILL[:3], stage=2)],
            prizes=["colossus_v1", "protecao"],
        ),
        Side(scene=[Placed("capanga_do_rei_v2", FILL[:3])]),
        content=starter(),
    )
    mistica = sid(state, "mistica_v1")
    colossus = zone_id(state, 0, "prizes", "colossus_v1")
    state, _ = act(state, 0, UseAction(mistica, "Ludibriar"))
    # She left (her cards unloaded) for the prizes scoring for Bruno; no declining.
    assert zones.find(state, mistica) is None and mistica in state.players[0].prizes
    assert zones.prize_points(state, 1) == 5 + 3
    assert state.choice is not None
    assert set(state.choice.options) == {str(colossus), str(mistica)}  # characters only
    state, _ = act(state, 0, Choose(str(colossus)))
    assert colossus in state.players[0].hand and zones.prize_points(state, 1) == 3


def test_blink_shuffles_herself_away_to_bottom_a_carried_card() -> None:
    state = build(
        Side(
            deck=["protecao"] * 3,
            scene=[Placed("blink_v1", FILL[:3]), Placed("psylocke_v1", FILL[:2])],
        ),
        Side(scene=[Placed("thor_v1", ["mjolnir", *FILL[:2]])]),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    blink, thor = sid(state, "blink_v1"), sid(state, "thor_v1")
    mjolnir = zone_id_loaded(state, "mjolnir")
    state, _ = act(state, 0, Activate(blink, -1))
    state, _ = act(state, 0, Choose("yes"))
    # She left unloaded (not a knock-out) into Ana's deck; now any carried card elsewhere.
    assert zones.find(state, blink) is None and blink in state.players[0].deck
    assert len(state.players[0].resources) == 3 and not state.players[0].prizes
    assert state.choice is not None and str(mjolnir) in state.choice.options
    state, _ = act(state, 0, Choose(str(mjolnir)))
    assert state.players[1].deck[-1] == mjolnir and _loaded(state, thor) == 2
    assert not state.players[1].resources  # not an unload


def test_blink_must_have_been_in_the_scene_since_the_start_of_the_turn() -> None:
    state = build(
        Side(scene=[Placed("blink_v1", FILL[:3], entered=3)]),
        Side(scene=[Placed("thor_v1", FILL[:2])]),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    with pytest.raises(IllegalActionError):
        act(state, 0, Activate(sid(state, "blink_v1"), -1))


def test_blob_v2_draws_the_opponents_actions_and_hardens_with_each() -> None:
    state = build(
        Side(scene=[Placed("blob_v2", FILL), Placed("magneto_v1", FILL)]),
        Side(scene=[Placed("abominavel_v1", FILL[:3]), Placed("dente_de_sabre_v1", FILL[:3])]),
        phase=Phase.ANTICIPATION,
        active=1,
        content=starter(),
    )
    blob, magneto = sid(state, "blob_v2"), sid(state, "magneto_v1")
    abominavel = sid(state, "abominavel_v1")
    before = replace(state, phase=Phase.ATTACK)
    act(before, 1, UseAction(abominavel, "Soco Demolidor", str(magneto)))  # allowed before
    state, _ = act(state, 0, UseAction(blob, "Escudo Corporal"))
    state = replace(state, phase=Phase.ATTACK)
    with pytest.raises(IllegalActionError):  # Magneto is Irmandade: Blob must be the target
        act(state, 1, UseAction(abominavel, "Soco Demolidor", str(magneto)))
    state, _ = act(state, 1, UseAction(abominavel, "Soco Demolidor", str(blob)))
    assert _loaded(state, blob) == 4  # Escudo 1 + 1 for the action, then 4 damage
    dente = sid(state, "dente_de_sabre_v1")
    state, _ = act(state, 1, UseAction(dente, "Dilacerar", str(blob)))
    # Escudo +1 more (3 in all this turn, 2 of it already spent): 2 damage, 1 absorbed
    assert _loaded(state, blob) == 3


def test_emma_frost_swaps_what_the_target_carries_for_its_owners_resources() -> None:
    state = build(
        Side(deck=["protecao"] * 6, scene=[Placed("emma_frost_v1", FILL[:3])]),
        Side(resources=["protecao", "protecao"], scene=[Placed("thor_v1", ["mjolnir", *FILL[:2]])]),
        content=starter(),
    )
    thor, mjolnir = sid(state, "thor_v1"), zone_id_loaded(state, "mjolnir")
    first, second = state.players[1].resources
    state, _ = act(state, 0, UseAction(sid(state, "emma_frost_v1"), "Confundir", str(thor)))
    # Ana picks from Bruno's resources, any number, then done.
    assert state.choice is not None and set(state.choice.options) == {
        str(first),
        str(second),
        "done",
    }
    state, _ = act(state, 0, Choose(str(first)))
    state, _ = act(state, 0, Choose("done"))
    assert first in zones.in_scene(state, thor).loaded
    # Then as many of the target's cards, picked by Ana: no stopping short.
    assert state.choice is not None and "done" not in state.choice.options
    state, _ = act(state, 0, Choose(str(mjolnir)))
    assert mjolnir in state.players[1].resources and _loaded(state, thor) == 3
    assert state.choice is None
