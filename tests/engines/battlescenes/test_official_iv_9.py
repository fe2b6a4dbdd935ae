"""Cards of the official deck Iniciativa Vingadores ((2015) BSIV DECK), ninth share:
Homem-Hídrico and Flores e Espinhos, played as printed."""

from __future__ import annotations

import pytest

from engines.battlescenes.actions import Activate, Choose, PlayCard, UseAction
from engines.battlescenes.rules.state import Phase, State
from engines.battlescenes.table import entry, shields, zones
from engines.core import IllegalActionError
from engines.core.model import replace
from tests.engines.battlescenes.helpers import Placed, Side, act, build, sid, starter, zone_id

FILL = ["excentricidade"] * 8


def _loaded(state: State, card: int) -> int:
    return len(zones.in_scene(state, card).loaded)


def _hand(card: str, resources: int) -> State:
    return build(
        Side(hand=[card], resources=FILL[:resources]),
        Side(),
        phase=Phase.PREPARATION,
        content=starter(),
    )


def test_homem_hidrico_enters_with_what_the_resources_hold() -> None:
    state = _hand("homem_hidrico_v1", 3)
    hidrico = zone_id(state, 0, "hand", "homem_hidrico_v1")
    assert entry.can_enter(state, 0, hidrico)
    state, _ = act(state, 0, PlayCard(hidrico))
    assert _loaded(state, hidrico) == 3 and state.players[0].resources == ()
    titania = _hand("titania_v1", 3)  # Energia Inicial 6, no such text
    assert not entry.can_enter(titania, 0, zone_id(titania, 0, "hand", "titania_v1"))


def test_homem_hidrico_may_choose_to_carry_fewer() -> None:
    state = _hand("homem_hidrico_v1", 8)
    hidrico = zone_id(state, 0, "hand", "homem_hidrico_v1")
    state, _ = act(state, 0, PlayCard(hidrico, count=4))
    assert _loaded(state, hidrico) == 4 and len(state.players[0].resources) == 4
    full = _hand("homem_hidrico_v1", 8)
    full, _ = act(full, 0, PlayCard(zone_id(full, 0, "hand", "homem_hidrico_v1")))
    assert _loaded(full, hidrico) == 6  # by default, its Energia Inicial
    with pytest.raises(IllegalActionError):  # never more
        act(_hand("homem_hidrico_v1", 8), 0, PlayCard(hidrico, count=7))
    titania = _hand("titania_v1", 8)
    with pytest.raises(IllegalActionError):  # only a card that says so
        act(titania, 0, PlayCard(zone_id(titania, 0, "hand", "titania_v1"), count=4))


@pytest.mark.parametrize(("carried", "left"), [(6, 5), (3, 8)])
def test_homem_hidrico_deals_as_much_as_he_carries(carried: int, left: int) -> None:
    state = build(
        Side(scene=[Placed("homem_hidrico_v1", FILL[:carried], stage=2)]),
        Side(scene=[Placed("titania_v1", FILL)]),
        content=starter(),
    )
    titania = sid(state, "titania_v1")
    state, _ = act(
        state, 0, UseAction(sid(state, "homem_hidrico_v1"), "Prisão de Água", str(titania))
    )
    assert _loaded(state, titania) == left  # X on Escudo 3


@pytest.mark.parametrize(
    ("scenario", "left", "shield"), [("flores_e_espinhos_v1", 6, 0), (None, 8, 0)]
)
def test_flores_e_espinhos_turns_amarrar_into_3_damage(
    scenario: str | None, left: int, shield: int
) -> None:
    state = build(
        Side(scene=[Placed("constritor_v1", ["amarrar_v1", *FILL[:2]], stage=2)]),
        Side(scene=[Placed("capanga_do_rei_v2", FILL)]),
        phase=Phase.ANTICIPATION,
        active=1,
        scenario=scenario,
        content=starter(),
    )
    capanga = sid(state, "capanga_do_rei_v2")
    state, _ = act(state, 0, UseAction(sid(state, "constritor_v1"), "Amarrar", str(capanga)))
    assert _loaded(state, capanga) == left  # 3 on Escudo 1; or its Escudo −3, no damage
    assert shields.shield(state, zones.in_scene(state, capanga)) == shield


@pytest.mark.parametrize(("scenario", "left"), [("flores_e_espinhos_v1", 3), (None, 4)])
def test_flores_e_espinhos_turns_prensa_pensil_minus_x_into_x_damage(
    scenario: str | None, left: int
) -> None:
    state = build(
        Side(scene=[Placed("constritor_v1", ["prensa_pensil_v1", *FILL[:2]], stage=2)]),
        Side(scene=[Placed("capanga_do_rei_v2", FILL)]),
        scenario=scenario,
        content=starter(),
    )
    capanga = sid(state, "capanga_do_rei_v2")
    use = UseAction(sid(state, "constritor_v1"), "Prensa Pênsil", str(capanga), x=2)
    state, _ = act(state, 0, use)
    # 2 (1 on Escudo 1), then 4: 5 cards; or Escudo 1 − 2 (down to 0), then 4
    assert _loaded(state, capanga) == left


@pytest.mark.parametrize("seat", [0, 1])
def test_movimentos_caracteristicos_loads_a_same_identity_card_for_either_player(
    seat: int,
) -> None:
    mine = Side(
        resources=["thor_v2", "titania_v1", "protecao"], scene=[Placed("thor_v1", FILL[:3])]
    )
    sides = (mine, Side()) if seat == 0 else (Side(), mine)
    state = build(
        *sides,
        phase=Phase.PREPARATION,
        active=seat,
        scenario="movimentos_caracteristicos_v1",  # Ana's
        content=starter(),
    )
    thor, scenario = sid(state, "thor_v1"), state.scenario
    assert scenario is not None
    thor2 = zone_id(state, seat, "resources", "thor_v2")
    state, _ = act(state, seat, Activate(scenario, 1))
    # only Thor V2 (same alter ego) onto Thor: not Titânia, not an ability card
    assert state.choice is not None and state.choice.seat == seat
    assert set(state.choice.options) - {"skip"} == {f"{thor2}>{thor}"}
    state, _ = act(state, seat, Choose(f"{thor2}>{thor}"))
    assert thor2 in zones.in_scene(state, thor).loaded
    with pytest.raises(IllegalActionError):  # once per turn
        act(state, seat, Activate(scenario, 1))


def _moonstone(rocha_stage: int, chosen_side: int) -> State:
    state = build(
        Side(
            scene=[
                Placed("rocha_lunar_v1", FILL[:4], stage=rocha_stage),
                Placed("constritor_v1", ["prensa_pensil_v1", *FILL[:2]], stage=2),
            ]
        ),
        Side(scene=[Placed("nevasca_v1", ["amarrar_v1", *FILL[:3]], stage=2)]),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    chosen = sid(state, "constritor_v1" if chosen_side == 0 else "nevasca_v1")
    state, _ = act(state, 0, Activate(sid(state, "rocha_lunar_v1"), 0))
    state, _ = act(state, 0, Choose(str(chosen)))
    return state


@pytest.mark.parametrize(("stage", "forbidden"), [(1, True), (2, False)])
def test_rocha_lunar_forbids_actions_costing_its_stage(stage: int, forbidden: bool) -> None:
    state = replace(_moonstone(stage, 1), phase=Phase.ANTICIPATION)
    nevasca, rocha = sid(state, "nevasca_v1"), sid(state, "rocha_lunar_v1")
    use = UseAction(nevasca, "Amarrar", str(rocha))  # cost 1
    if forbidden:
        with pytest.raises(IllegalActionError):
            act(state, 1, use)
    else:
        act(state, 1, use)


def test_rocha_lunar_forbids_an_x_chosen_equal_to_its_stage() -> None:
    state = replace(_moonstone(1, 0), phase=Phase.ATTACK)
    constritor, nevasca = sid(state, "constritor_v1"), sid(state, "nevasca_v1")
    with pytest.raises(IllegalActionError):
        act(state, 0, UseAction(constritor, "Prensa Pênsil", str(nevasca), x=1))
    state, _ = act(state, 0, UseAction(constritor, "Prensa Pênsil", str(nevasca), x=2))
    assert zones.find(state, nevasca) is None  # 4 on Escudo 1 − 2 (down to 0): knocked out


def test_rocha_lunar_incapacitates_the_target() -> None:
    state = build(
        Side(scene=[Placed("rocha_lunar_v1", FILL[:4])]),
        Side(scene=[Placed("titania_v1", FILL, stage=2)]),
        content=starter(),
    )
    titania = sid(state, "titania_v1")
    state, _ = act(
        state, 0, UseAction(sid(state, "rocha_lunar_v1"), "Manipular a Gravidade", str(titania))
    )
    assert zones.in_scene(state, titania).stage == 1
