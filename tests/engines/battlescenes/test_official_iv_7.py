"""Cards of the official deck Iniciativa Vingadores ((2015) BSIV DECK), seventh share: Torre
Stark, Suborno, Incursão Estonteante and Flama, played as printed."""

from __future__ import annotations

import pytest

from engines.battlescenes.actions import Activate, Choose, PlayCard, UseAction
from engines.battlescenes.rules.state import Phase, State
from engines.battlescenes.table import zones
from tests.engines.battlescenes.helpers import Placed, Side, act, build, sid, starter, zone_id

FILL = ["excentricidade"] * 8


def _loaded(state: State, card: int) -> int:
    return len(zones.in_scene(state, card).loaded)


def test_torre_stark_makes_aliados_do_homem_de_ferro_avengers() -> None:
    state = build(
        Side(scene=[Placed("torre_stark_v1", FILL[:5]), Placed("pepper_potts_v1", FILL[:1])]),
        Side(scene=[Placed("pepper_potts_v1", FILL[:1])]),
        content=starter(),
    )
    mine, theirs = sid(state, "pepper_potts_v1", 0), sid(state, "pepper_potts_v1", 1)
    assert "Vingadores" in zones.affiliations(state, zones.in_scene(state, mine))
    assert "Vingadores" not in zones.affiliations(state, zones.in_scene(state, theirs))


def test_torre_stark_unloads_itself_to_capacitate_an_avenger() -> None:
    state = build(
        Side(
            scene=[
                Placed("torre_stark_v1", FILL[:5]),
                Placed("hercules_v1", FILL[:6], stage=0),
                Placed("titania_v1", FILL[:6], stage=0),
            ]
        ),
        Side(),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    torre, hercules = sid(state, "torre_stark_v1"), sid(state, "hercules_v1")
    state, _ = act(state, 0, Activate(torre, 1))
    state, _ = act(state, 0, Choose("yes"))
    assert _loaded(state, torre) == 4
    assert state.choice is not None
    assert str(sid(state, "titania_v1")) not in state.choice.options  # not Vingadores
    state, _ = act(state, 0, Choose(str(hercules)))
    while state.choice is not None:  # the amount: 2
        state, _ = act(state, 0, Choose("amount:2"))
    assert zones.in_scene(state, hercules).stage == 2


def test_torre_stark_lets_another_avenger_deal_2_after_an_attack() -> None:
    state = build(
        Side(
            scene=[
                Placed("torre_stark_v1", FILL[:5]),
                Placed("homem_de_ferro_v1", FILL[:4]),
                Placed("hercules_v1", FILL[:6]),
            ]
        ),
        Side(scene=[Placed("capanga_do_rei_v2", FILL), Placed("escorpiao_v1", FILL[:4])]),
        content=starter(),
    )
    ferro, hercules = sid(state, "homem_de_ferro_v1"), sid(state, "hercules_v1")
    capanga, escorpiao = sid(state, "capanga_do_rei_v2"), sid(state, "escorpiao_v1")
    state, _ = act(state, 0, UseAction(ferro, "Raio Repulsor", str(capanga)))
    assert state.choice is not None
    assert str(ferro) not in state.choice.options  # another one than the user
    state, _ = act(state, 0, Choose(str(hercules)))
    assert zones.in_scene(state, hercules).stage == 0
    state, _ = act(state, 0, Choose(str(escorpiao)))
    assert _loaded(state, escorpiao) == 4  # 2 on Escudo 2, from Hércules
    assert _loaded(state, capanga) == 7  # the action's own 1 penetrating


def test_torre_stark_asks_nothing_outside_the_attack_step() -> None:
    # Viúva Negra V2's Ponto Cego is Imprevista: used in Ana's Preparation phase
    state = build(
        Side(
            scene=[
                Placed("torre_stark_v1", FILL[:5]),
                Placed("viuva_negra_v2", FILL[:3]),
                Placed("hercules_v1", FILL[:6]),
            ]
        ),
        Side(scene=[Placed("capanga_do_rei_v2", FILL)]),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    capanga = sid(state, "capanga_do_rei_v2")
    state, _ = act(state, 0, UseAction(sid(state, "viuva_negra_v2"), "Ponto Cego", str(capanga)))
    assert state.choice is None and zones.in_scene(state, sid(state, "hercules_v1")).stage == 1


def _suborno(user: str) -> State:
    return build(
        Side(
            hand=[user],
            resources=["suborno_v1", *FILL[:5]],
            scene=[Placed("thor_v1", FILL[:3])],
        ),
        Side(scene=[Placed("titania_v1", FILL, stage=2), Placed("nevasca_v1", FILL[:4])]),
        phase=Phase.PREPARATION,
        content=starter(),
    )


def test_suborno_loaded_on_a_villain_genius_bribes_a_non_hero() -> None:
    state = _suborno("homem_radioativo_v1")
    suborno = state.players[0].resources[0]
    hand = len(state.players[0].hand)
    user = zone_id(state, 0, "hand", "homem_radioativo_v1")
    state, _ = act(state, 0, PlayCard(user, load=str(suborno)))
    assert suborno in zones.in_scene(state, user).loaded
    titania, nevasca, thor = (
        sid(state, "titania_v1"),
        sid(state, "nevasca_v1"),
        sid(state, "thor_v1"),
    )
    assert state.choice is not None
    # Titânia (villain) only: not Thor, not Nevasca (hero and villain), not itself
    assert set(state.choice.options) - {"skip"} == {str(titania)}
    assert str(thor) not in state.choice.options and str(nevasca) not in state.choice.options
    state, _ = act(state, 0, Choose(str(titania)))
    while state.choice is not None:
        state, _ = act(state, 0, Choose("amount:2"))
    assert zones.in_scene(state, titania).stage == 0
    assert len(state.players[0].hand) == hand - 1 + 1  # played one, drew one


def test_suborno_on_a_hero_does_nothing_when_loaded() -> None:
    state = _suborno("homem_de_ferro_v1")
    suborno = state.players[0].resources[0]
    user = zone_id(state, 0, "hand", "homem_de_ferro_v1")
    state, _ = act(state, 0, PlayCard(user, load=str(suborno)))
    assert suborno in zones.in_scene(state, user).loaded and state.choice is None


@pytest.mark.parametrize(("user", "drawn"), [("homem_radioativo_v1", 1), ("homem_de_ferro_v1", 0)])
def test_suborno_draws_a_card_for_a_villain(user: str, drawn: int) -> None:
    state = build(
        Side(deck=["protecao"] * 4, scene=[Placed(user, ["suborno_v1", *FILL[:3]])]),
        Side(scene=[Placed("titania_v1", FILL)]),
        content=starter(),
    )
    state, _ = act(state, 0, UseAction(sid(state, user), "Suborno"))
    assert len(state.players[0].hand) == drawn


@pytest.mark.parametrize(("partner", "left"), [("constritor_v1", 7), ("titania_v1", 8)])
def test_incursao_estonteante_deals_2_with_an_elasticidade_character(
    partner: str, left: int
) -> None:
    state = build(
        Side(
            scene=[
                Placed("homem_de_ferro_v1", ["incursao_estonteante_v1", *FILL[:3]]),
                Placed(partner, FILL[:3]),
            ]
        ),
        Side(scene=[Placed("capanga_do_rei_v2", FILL)]),
        content=starter(),
    )
    capanga = sid(state, "capanga_do_rei_v2")
    use = UseAction(sid(state, "homem_de_ferro_v1"), "Incursão Estonteante", str(capanga))
    state, _ = act(state, 0, use)
    assert _loaded(state, capanga) == left  # 2 or 1 on Escudo 1


@pytest.mark.parametrize(("entered", "milled"), [(3, 1), (2, 0)])
def test_incursao_estonteante_mills_for_a_stretcher_entering_the_same_turn(
    entered: int, milled: int
) -> None:
    state = build(
        Side(
            deck=["protecao"] * 4,
            hand=["constritor_v1"],
            resources=FILL[:3],
            scene=[
                Placed("homem_de_ferro_v1", ["incursao_estonteante_v1", *FILL[:3]], entered=entered)
            ],
        ),
        Side(),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    state, _ = act(state, 0, PlayCard(zone_id(state, 0, "hand", "constritor_v1")))
    assert len(state.players[0].resources) == milled


@pytest.mark.parametrize(("first", "left"), [("homem_de_ferro_v1", 6), ("titania_v1", 7)])
def test_flama_deals_3_after_another_avengers_energy_attack(first: str, left: int) -> None:
    state = build(
        Side(scene=[Placed("flama_v1", FILL[:3]), Placed(first, FILL[:6])]),
        Side(scene=[Placed("capanga_do_rei_v2", FILL), Placed("explosivo_escondido_v1", FILL[:1])]),
        content=starter(),
    )
    capanga, explosivo = sid(state, "capanga_do_rei_v2"), sid(state, "explosivo_escondido_v1")
    action = "Raio Repulsor" if first == "homem_de_ferro_v1" else "Punho Titânico"
    state, _ = act(state, 0, UseAction(sid(state, first), action, str(explosivo)))
    state, _ = act(state, 0, UseAction(sid(state, "flama_v1"), "Microondas", str(capanga)))
    assert _loaded(state, capanga) == left  # 3 or 2 on Escudo 1
