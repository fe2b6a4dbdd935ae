"""Cards of the official deck Iniciativa Vingadores ((2015) BSIV DECK), each played as
printed with the built-in cards (``starter()``): what a player notices."""

from __future__ import annotations

import pytest

from engines.battlescenes.actions import UseAction
from engines.battlescenes.rules.state import Phase, State
from engines.battlescenes.table import shields, zones
from engines.core import IllegalActionError
from tests.engines.battlescenes.helpers import Placed, Side, act, build, sid, starter

FILL = ["excentricidade"] * 6


def _versus(
    mine: list[Placed],
    theirs: list[Placed],
    resources: list[str] | None = None,
    phase: Phase = Phase.ATTACK,
    deck: list[str] | None = None,
    active: int = 0,
) -> State:
    """An Attack step (or ``phase``) of ``active``: Ana's ``mine`` against Bruno's
    ``theirs`` (Bruno's turn for Ana's Antecipar actions)."""
    return build(
        Side(deck=deck or ["protecao"] * 6, resources=resources or [], scene=mine),
        Side(scene=theirs),
        phase=phase,
        active=active,
        content=starter(),
    )


def _loaded(state: State, card: int) -> int:
    return len(zones.in_scene(state, card).loaded)


def _stage(state: State, card: int) -> int:
    return zones.in_scene(state, card).stage


@pytest.mark.parametrize(
    ("user", "action", "left"),
    [
        ("titania_v1", "Punho Titânico", 4),  # 3 − Escudo 1
        ("escorpiao_v1", "Esguichar Ácido", 5),  # 1 penetrating
    ],
)
def test_plain_damage(user: str, action: str, left: int) -> None:
    state = _versus([Placed(user, FILL[:3], stage=2)], [Placed("capanga_do_rei_v2", FILL)])
    capanga = sid(state, "capanga_do_rei_v2")
    state, _ = act(state, 0, UseAction(sid(state, user), action, str(capanga)))
    assert _loaded(state, capanga) == left


def test_constritor_deals_2_or_incapacitates_in_1() -> None:
    state = _versus([Placed("constritor_v1", FILL[:3])], [Placed("capanga_do_rei_v2", FILL)])
    capanga, constritor = sid(state, "capanga_do_rei_v2"), sid(state, "constritor_v1")
    after, _ = act(
        state, 0, UseAction(constritor, "Tentáculos de Vibranium", str(capanga), mode="dano")
    )
    assert _loaded(after, capanga) == 5 and _stage(after, capanga) == 1
    after, _ = act(
        state, 0, UseAction(constritor, "Tentáculos de Vibranium", str(capanga), mode="incapacitar")
    )
    assert _loaded(after, capanga) == 6 and _stage(after, capanga) == 0


def test_nevasca_deals_2_and_incapacitates_the_target() -> None:
    state = _versus([Placed("nevasca_v1", FILL[:4])], [Placed("capanga_do_rei_v2", FILL)])
    capanga = sid(state, "capanga_do_rei_v2")
    state, _ = act(
        state, 0, UseAction(sid(state, "nevasca_v1"), "Emissão Criogênica", str(capanga))
    )
    assert _loaded(state, capanga) == 5 and _stage(state, capanga) == 0


def test_nevasca_has_both_affiliations_of_the_errata() -> None:
    card = starter().cards["nevasca_v1"]
    assert set(card.affiliations) == {"Thunderbolts", "Mestres do Terror"}


def test_rompante_de_brutalidade_goes_to_the_deck_bottom_to_deal_6() -> None:
    state = _versus(
        [Placed("titania_v1", ["rompante_de_brutalidade_v1", *FILL[:2]])],
        [Placed("capanga_do_rei_v2", FILL)],
    )
    titania, capanga = sid(state, "titania_v1"), sid(state, "capanga_do_rei_v2")
    rompante = zones.in_scene(state, titania).loaded[0]
    state, _ = act(state, 0, UseAction(titania, "Rompante de Brutalidade", str(capanga)))
    assert state.players[0].deck[-1] == rompante and _loaded(state, titania) == 2
    assert _loaded(state, capanga) == 1  # 6 − Escudo 1


def test_forca_excessiva_loads_a_resource_and_unloads_itself_to_deal_5() -> None:
    state = _versus(
        [Placed("titania_v1", ["forca_excessiva_v1", *FILL[:2]])],
        [Placed("capanga_do_rei_v2", FILL)],
        resources=["protecao"],
    )
    titania, capanga = sid(state, "titania_v1"), sid(state, "capanga_do_rei_v2")
    forca, protecao = zones.in_scene(state, titania).loaded[0], state.players[0].resources[0]
    state, _ = act(state, 0, UseAction(titania, "Força Excessiva", str(capanga)))
    carried = zones.in_scene(state, titania).loaded
    assert protecao in carried and forca not in carried and forca in state.players[0].resources
    assert _loaded(state, capanga) == 2  # 5 − Escudo 1
    empty = _versus(
        [Placed("titania_v1", ["forca_excessiva_v1", *FILL[:2]])],
        [Placed("capanga_do_rei_v2", FILL)],
    )
    with pytest.raises(IllegalActionError):  # nothing in the resources to load
        act(empty, 0, UseAction(titania, "Força Excessiva", str(capanga)))


def test_amarrar_lowers_the_target_shield_by_3_until_the_end_of_the_turn() -> None:
    state = _versus(
        [Placed("constritor_v1", ["amarrar_v1", *FILL[:2]], stage=2)],
        [Placed("titania_v1", FILL)],
        phase=Phase.ANTICIPATION,
        active=1,
    )
    titania = sid(state, "titania_v1")
    assert shields.shield(state, zones.in_scene(state, titania)) == 3
    state, _ = act(state, 0, UseAction(sid(state, "constritor_v1"), "Amarrar", str(titania)))
    assert shields.shield(state, zones.in_scene(state, titania)) == 0


def test_atrasar_incapacitates_up_to_two_different_characters() -> None:
    state = _versus(
        [Placed("constritor_v1", ["atrasar_v1", *FILL[:2]])],
        [Placed("capanga_do_rei_v2", FILL), Placed("titania_v1", FILL)],
        resources=["protecao"],
        phase=Phase.ANTICIPATION,
        active=1,
    )
    constritor = sid(state, "constritor_v1")
    capanga, titania = sid(state, "capanga_do_rei_v2"), sid(state, "titania_v1")
    atrasar = zones.in_scene(state, constritor).loaded[0]
    state, _ = act(state, 0, UseAction(constritor, "Atrasar", f"{capanga},{titania}"))
    assert _stage(state, capanga) == 0 and _stage(state, titania) == 0
    assert atrasar in state.players[0].resources and _loaded(state, constritor) == 3


def test_atrasar_may_target_a_support_as_its_faq_says() -> None:
    state = _versus(
        [Placed("constritor_v1", ["atrasar_v1", *FILL[:2]])],
        [Placed("capanga_do_rei_v2", FILL), Placed("explosivo_escondido_v1", FILL[:1])],
        resources=["protecao"],
        phase=Phase.ANTICIPATION,
        active=1,
    )
    constritor = sid(state, "constritor_v1")
    capanga, explosivo = sid(state, "capanga_do_rei_v2"), sid(state, "explosivo_escondido_v1")
    state, _ = act(state, 0, UseAction(constritor, "Atrasar", f"{capanga},{explosivo}"))
    assert _stage(state, capanga) == 0 and _loaded(state, explosivo) == 1


def test_voar_alto_loads_a_resource_then_incapacitates_in_1_or_2() -> None:
    state = _versus(
        [Placed("homem_de_ferro_v1", ["voar_alto_v1", *FILL[:2]], stage=2)],
        [Placed("capanga_do_rei_v2", FILL, stage=2)],
        resources=["protecao"],
        phase=Phase.ANTICIPATION,
        active=1,
    )
    iron, capanga = sid(state, "homem_de_ferro_v1"), sid(state, "capanga_do_rei_v2")
    voar = zones.in_scene(state, iron).loaded[0]
    after, _ = act(state, 0, UseAction(iron, "Voar Alto", str(capanga), mode="incapacitar_2"))
    assert _stage(after, capanga) == 0 and after.players[0].deck[-1] == voar
    assert _loaded(after, iron) == 3  # the resource loaded, Voar Alto gone
    after, _ = act(state, 0, UseAction(iron, "Voar Alto", str(capanga), mode="incapacitar_1"))
    assert _stage(after, capanga) == 1


@pytest.mark.parametrize(("partner", "drawn"), [("thor_v1", 4), ("escorpiao_v1", 2)])
def test_planejamento_em_equipe_draws_two_more_with_a_partner(partner: str, drawn: int) -> None:
    iron = "homem_de_ferro_v1"  # Vingadores, as Thor; Escorpião shares no affiliation
    state = _versus(
        [Placed(iron, ["planejamento_em_equipe_v1", *FILL[:2]]), Placed(partner, FILL[:2])],
        [Placed("capanga_do_rei_v2", FILL)],
    )
    hand = len(state.players[0].hand)
    state, _ = act(state, 0, UseAction(sid(state, iron), "Planejamento em Equipe"))
    assert len(state.players[0].hand) == hand + drawn
