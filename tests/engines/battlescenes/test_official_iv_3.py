"""Cards of the official deck Iniciativa Vingadores ((2015) BSIV DECK), third share: X
counted from the scene, and Escudo -X, played as printed."""

from __future__ import annotations

import pytest

from engines.battlescenes import ENGINE
from engines.battlescenes.actions import Choose, PlayCard, UseAction
from engines.battlescenes.content.wording import describe_action, told
from engines.battlescenes.rules.state import Phase, State
from engines.battlescenes.table import zones
from engines.core import IllegalActionError
from engines.core.model import replace
from tests.engines.battlescenes.helpers import Placed, Side, act, build, sid, starter, zone_id

FILL = ["excentricidade"] * 8


def _loaded(state: State, card: int) -> int:
    return len(zones.in_scene(state, card).loaded)


@pytest.mark.parametrize(
    ("mine", "theirs", "left"),
    [
        ([], [], 7),  # 2 − Escudo 1
        (["thor_v1"], [], 6),  # 3: Thor has Super Força
        (["thor_v1"], ["titania_v1"], 5),  # 4: the opponent's Titânia counts too
        (["capitao_america_v1"], [], 7),  # no Super Força: still 2
    ],
)
def test_hercules_deals_2_plus_the_other_super_forca_characters(
    mine: list[str], theirs: list[str], left: int
) -> None:
    state = build(
        Side(scene=[Placed("hercules_v1", FILL[:6]), *(Placed(k, FILL[:3]) for k in mine)]),
        Side(scene=[Placed("capanga_do_rei_v2", FILL), *(Placed(k, FILL[:3]) for k in theirs)]),
        content=starter(),
    )
    capanga = sid(state, "capanga_do_rei_v2")
    state, _ = act(state, 0, UseAction(sid(state, "hercules_v1"), "O Mais Forte", str(capanga)))
    assert _loaded(state, capanga) == left


@pytest.mark.parametrize(("x", "left"), [(1, 8), (2, 5)])
def test_prensa_pensil_lowers_the_shield_by_x_and_deals_twice_x(x: int, left: int) -> None:
    state = build(
        Side(scene=[Placed("constritor_v1", ["prensa_pensil_v1", *FILL[:2]], stage=2)]),
        Side(scene=[Placed("titania_v1", FILL)]),
        content=starter(),
    )
    titania = sid(state, "titania_v1")
    use = UseAction(sid(state, "constritor_v1"), "Prensa Pênsil", str(titania), x=x)
    state, _ = act(state, 0, use)
    # 2X damage against Escudo 3 − X: 2 on 2, or 4 on 1 (3 on her Escudo 3 without it)
    assert _loaded(state, titania) == left


def test_sufocamento_hits_x_different_characters_with_escudo_minus_x() -> None:
    state = build(
        Side(scene=[Placed("constritor_v1", ["sufocamento_v1", *FILL[:2]], stage=2)]),
        Side(scene=[Placed("titania_v1", FILL), Placed("capanga_do_rei_v2", FILL)]),
        content=starter(),
    )
    constritor = sid(state, "constritor_v1")
    titania, capanga = sid(state, "titania_v1"), sid(state, "capanga_do_rei_v2")
    with pytest.raises(IllegalActionError):  # "alvos diferentes": not one twice
        act(state, 0, UseAction(constritor, "Sufocamento", f"{titania},{titania}", x=2))
    state, _ = act(state, 0, UseAction(constritor, "Sufocamento", f"{titania},{capanga}", x=2))
    # Titânia: 3 on Escudo 3 − 2 = 1; Capanga: 3 on Escudo 1 − 1 (only down to 0)
    assert _loaded(state, titania) == 6 and _loaded(state, capanga) == 5


def test_escudo_minus_x_is_told_in_words() -> None:
    card = starter().cards["prensa_pensil_v1"]
    said = told(ENGINE.catalog().translate, "en-US", describe_action(card.actions[0], card))
    assert "Shield -X until the end of the turn" in said and "2X damage" in said
    card = starter().cards["sufocamento_v1"]
    dito = told(ENGINE.catalog().translate, "pt-BR", describe_action(card.actions[0], card))
    assert "todos diferentes" in dito


def test_enclausurar_leaves_the_target_no_action_this_turn() -> None:
    state = build(
        Side(
            resources=["protecao"],
            scene=[Placed("constritor_v1", ["enclausurar_v1", *FILL[:2]], stage=2)],
        ),
        Side(scene=[Placed("titania_v1", FILL), Placed("escorpiao_v1", FILL[:4], stage=2)]),
        phase=Phase.ANTICIPATION,
        active=1,
        content=starter(),
    )
    constritor, titania = sid(state, "constritor_v1"), sid(state, "titania_v1")
    enclausurar = zones.in_scene(state, constritor).loaded[0]
    state, _ = act(state, 0, UseAction(constritor, "Enclausurar", str(titania)))
    assert enclausurar in state.players[0].resources and _loaded(state, constritor) == 3
    state = replace(state, phase=Phase.ATTACK)
    with pytest.raises(IllegalActionError):
        act(state, 1, UseAction(titania, "Punho Titânico", str(constritor)))
    # the other character is free
    state, _ = act(
        state, 1, UseAction(sid(state, "escorpiao_v1"), "Esguichar Ácido", str(constritor))
    )
    assert _loaded(state, constritor) == 2


def _expandir(pay: bool) -> State:
    state = build(
        Side(hand=["expandir_infinito_v1"], scene=[Placed("constritor_v1", FILL[:3], stage=2)]),
        Side(scene=[Placed("nevasca_v1", ["amarrar_v1", *FILL[:3]], stage=2)]),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    constritor, nevasca = sid(state, "constritor_v1"), sid(state, "nevasca_v1")
    state, _ = act(state, 0, PlayCard(zone_id(state, 0, "hand", "expandir_infinito_v1")))
    state, _ = act(state, 0, Choose(str(constritor) if pay else "skip"))
    if pay:
        assert zones.in_scene(state, constritor).stage == 1
        state, _ = act(state, 0, Choose(str(nevasca)))
    return replace(state, phase=Phase.ANTICIPATION)


def test_expandir_infinito_forbids_the_chosen_character_anticipate_actions() -> None:
    state = _expandir(True)
    nevasca, constritor = sid(state, "nevasca_v1"), sid(state, "constritor_v1")
    with pytest.raises(IllegalActionError):  # Amarrar is an Antecipar action
        act(state, 1, UseAction(nevasca, "Amarrar", str(constritor)))
    state = _expandir(False)
    state, _ = act(state, 1, UseAction(nevasca, "Amarrar", str(constritor)))
