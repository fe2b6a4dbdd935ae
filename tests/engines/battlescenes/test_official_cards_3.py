"""Cards of the official decks (issue 23, third share: Evolução Tática first), each played
once as printed with the built-in cards (``starter()``): what a player notices."""

from __future__ import annotations

from engines.battlescenes.actions import Choose, PlayCard, UseAction
from engines.battlescenes.rules.state import Phase, State
from engines.battlescenes.table import shields, zones
from tests.engines.battlescenes.helpers import Placed, Side, act, build, sid, starter, zone_id

FILL = ["excentricidade"] * 6


def _versus(mine: list[Placed], theirs: list[Placed], **kwargs: object) -> State:
    deck = ["protecao"] * 6
    return build(Side(deck=deck, scene=mine), Side(scene=theirs), content=starter(), **kwargs)  # type: ignore[arg-type]


def _loaded(state: State, card: int) -> int:
    return len(zones.in_scene(state, card).loaded)


def test_abominavel_deals_4() -> None:
    state = _versus([Placed("abominavel_v1", FILL[:3])], [Placed("capanga_do_rei_v2", FILL)])
    capanga = sid(state, "capanga_do_rei_v2")
    state, _ = act(state, 0, UseAction(sid(state, "abominavel_v1"), "Soco Demolidor", str(capanga)))
    assert _loaded(state, capanga) == 3  # 4 - Escudo 1


def test_psylocke_deals_2() -> None:
    state = _versus([Placed("psylocke_v1", FILL[:3])], [Placed("capanga_do_rei_v2", FILL)])
    capanga = sid(state, "capanga_do_rei_v2")
    use = UseAction(sid(state, "psylocke_v1"), "Lâminas Psíquicas", str(capanga))
    state, _ = act(state, 0, use)
    assert _loaded(state, capanga) == 5


def test_tempestade_deals_1_penetrating_and_incapacitates_the_target() -> None:
    state = _versus(
        [Placed("tempestade_v1", FILL[:3], stage=2)], [Placed("raio_negro_v2", FILL, stage=2)]
    )
    raio = sid(state, "raio_negro_v2")
    use = UseAction(sid(state, "tempestade_v1"), "Choque Elétrico", str(raio))
    state, _ = act(state, 0, use)
    assert _loaded(state, raio) == 5  # 1 penetrating: Escudo 3 does not absorb it
    assert zones.in_scene(state, raio).stage == 1


def test_homem_de_ferro_v2_mach_6_makes_his_shield_4_for_the_turn() -> None:
    state = build(
        Side(scene=[Placed("homem_de_ferro_v2", FILL[:3])]),
        Side(scene=[Placed("abominavel_v1", FILL[:3], stage=2)]),
        phase=Phase.ANTICIPATION,
        active=1,
        content=starter(),
    )
    iron = sid(state, "homem_de_ferro_v2")
    state, _ = act(state, 0, UseAction(iron, "Mach 6"))
    assert shields.shield(state, zones.in_scene(state, iron)) == 4
    state, _ = act(state, 1, UseAction(sid(state, "abominavel_v1"), "Soco Demolidor", str(iron)))
    assert _loaded(state, iron) == 3  # 4 damage, Escudo 4 absorbs it all


def test_super_soco_deals_4_from_a_super_forca_character() -> None:
    state = _versus(
        [Placed("abominavel_v1", ["super_soco_v1", *FILL[:2]], stage=2)],
        [Placed("raio_negro_v2", FILL)],
    )
    raio = sid(state, "raio_negro_v2")
    state, _ = act(state, 0, UseAction(sid(state, "abominavel_v1"), "Super Soco", str(raio)))
    assert (
        _loaded(state, raio) == 5 and zones.in_scene(state, sid(state, "abominavel_v1")).stage == 0
    )


def test_rajada_implacavel_has_an_energy_character_hit_a_support() -> None:
    state = build(
        Side(
            hand=["rajada_implacavel"],
            scene=[Placed("tempestade_v1", FILL[:3]), Placed("abominavel_v1", FILL[:3])],
        ),
        Side(scene=[Placed("gerador_pem", FILL[:4]), Placed("capanga_do_rei_v2", FILL[:3])]),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    state, _ = act(state, 0, PlayCard(zone_id(state, 0, "hand", "rajada_implacavel")))
    tempestade, gerador = sid(state, "tempestade_v1"), sid(state, "gerador_pem")
    # Only a character with Ataque Energético of its own is offered.
    assert state.choice is not None and set(state.choice.options) == {str(tempestade), "skip"}
    state, _ = act(state, 0, Choose(str(tempestade)))
    assert zones.in_scene(state, tempestade).stage == 0
    assert state.choice is not None and set(state.choice.options) == {str(gerador)}
    state, _ = act(state, 0, Choose(str(gerador)))
    assert _loaded(state, gerador) == 2  # 2 penetrating: its Escudo 2 does not absorb them


def test_a_espreita_adds_1_to_a_villains_damage_only() -> None:
    state = _versus(
        [Placed("abominavel_v1", FILL[:3]), Placed("psylocke_v1", FILL[:3])],
        [Placed("raio_negro_v2", FILL)],
        scenario="a_espreita",
    )
    raio = sid(state, "raio_negro_v2")
    use = UseAction(sid(state, "psylocke_v1"), "Lâminas Psíquicas", str(raio))
    state, _ = act(state, 0, use)
    assert _loaded(state, raio) == 6  # a hero's 2: Escudo 3 absorbs it all, no +1
    state, _ = act(state, 0, UseAction(sid(state, "abominavel_v1"), "Soco Demolidor", str(raio)))
    assert _loaded(state, raio) == 6 - 4  # a villain's 4 + 1, on a shield already spent by 2


def test_a_espreita_replaced_by_a_new_scenario_makes_the_replacers_opponent_draw() -> None:
    state = build(
        Side(hand=["rajada_implacavel"], scene=[Placed("abominavel_v1", FILL[:3])]),
        Side(deck=["protecao"] * 3),
        phase=Phase.PREPARATION,
        content=starter(),
        scenario="a_espreita",
    )
    state, _ = act(state, 0, PlayCard(zone_id(state, 0, "hand", "rajada_implacavel")))
    # Both effects are pending (the leaving and the entering, 4.4.1 C): Ana orders them.
    assert state.choice is not None and state.choice.prompt == "battlescenes.choice.order"
    espreita = next(p for p in state.tree if p.label == "À Espreita V1")
    state, _ = act(state, 0, Choose(str(espreita.uid)))
    assert len(state.players[1].hand) == 1 and len(state.players[0].hand) == 0


def test_a_espreita_leaving_without_a_new_scenario_draws_nothing() -> None:
    state = _versus(
        [Placed("umar_v1", FILL[:3])],
        [Placed("capanga_do_rei_v2", FILL[:3])],
        scenario="a_espreita",
    )
    state, _ = act(state, 0, UseAction(sid(state, "umar_v1"), "Dimensão Negra"))
    carried = zones.in_scene(state, sid(state, "capanga_do_rei_v2")).loaded[0]
    state, _ = act(state, 0, Choose(str(carried)))
    assert state.scenario is None
    assert (len(state.players[0].hand), len(state.players[1].hand)) == (0, 0)
