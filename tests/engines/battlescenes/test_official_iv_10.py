"""Cards of the official deck Iniciativa Vingadores ((2015) BSIV DECK), tenth share:
Ultron-61112 V1, played as printed."""

from __future__ import annotations

import pytest

from engines.battlescenes.actions import Activate, Choose, PlayCard, UseAction
from engines.battlescenes.rules.state import Phase, State
from engines.battlescenes.table import zones
from engines.core import IllegalActionError
from tests.engines.battlescenes.helpers import Placed, Side, act, build, sid, starter, zone_id

FILL = ["excentricidade"] * 8


def _loaded(state: State, card: int) -> int:
    return len(zones.in_scene(state, card).loaded)


def test_ultron_61112_loads_an_ultron_from_the_deck_onto_a_character() -> None:
    state = build(
        Side(
            deck=["thor_v2", "ultron_5_v1", *FILL[:3]],
            scene=[Placed("ultron_61112_v1", FILL[:5]), Placed("titania_v1", FILL[:3])],
        ),
        Side(),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    ultron, titania = sid(state, "ultron_61112_v1"), sid(state, "titania_v1")
    ultron5 = zone_id(state, 0, "deck", "ultron_5_v1")
    state, _ = act(state, 0, Activate(ultron, 0))
    assert state.choice is not None
    assert {o.split(">")[0] for o in state.choice.options if ">" in o} == {str(ultron5)}
    state, _ = act(state, 0, Choose(f"{ultron5}>{titania}"))
    assert ultron5 in zones.in_scene(state, titania).loaded
    assert state.choice is not None  # then one of Titânia's cards, the player's pick
    unloaded = zones.in_scene(state, titania).loaded[0]
    state, _ = act(state, 0, Choose(str(unloaded)))
    assert _loaded(state, titania) == 3 and unloaded in state.players[0].resources
    assert ultron5 not in state.players[0].deck


@pytest.mark.parametrize(("implants", "left"), [(True, 5), (False, 6)])
def test_implantes_neurais_make_a_target_an_ultron_whose_actions_deal_1_more(
    implants: bool, left: int
) -> None:
    state = build(
        Side(scene=[Placed("ultron_61112_v1", FILL[:5]), Placed("titania_v1", FILL[:6])]),
        Side(scene=[Placed("capanga_do_rei_v2", FILL)]),
        content=starter(),
    )
    ultron, titania, capanga = (
        sid(state, "ultron_61112_v1"),
        sid(state, "titania_v1"),
        sid(state, "capanga_do_rei_v2"),
    )
    if implants:
        state, _ = act(state, 0, UseAction(ultron, "Implantes Neurais", str(titania)))
        assert "Ultron" in zones.alter_egos(state, titania)
    state, _ = act(state, 0, UseAction(titania, "Punho Titânico", str(capanga)))
    assert _loaded(state, capanga) == left  # 3 (+1) on Escudo 1


def _cloak() -> State:
    state = build(
        Side(
            scene=[
                Placed("manto_rubro_v1", FILL[:4]),
                Placed("escorpiao_v1", FILL[:4], stage=2),
                Placed("constritor_v1", FILL[:3]),
                Placed("hercules_v1", FILL[:6]),
            ]
        ),
        Side(scene=[Placed("titania_v1", FILL), Placed("capanga_do_rei_v2", FILL)]),
        content=starter(),
    )
    titania = sid(state, "titania_v1")
    state, _ = act(
        state, 0, UseAction(sid(state, "manto_rubro_v1"), "Capa-Tentáculo", str(titania))
    )
    assert _loaded(state, titania) == 8  # 2 on her Escudo 3
    return state


def test_manto_rubro_makes_the_next_mestres_do_terror_action_on_the_target_deal_2_more() -> None:
    state = _cloak()
    titania = sid(state, "titania_v1")
    # Escorpião: 2 more (1 left on her Escudo, 1 card), then its own 1 penetrating
    state, _ = act(state, 0, UseAction(sid(state, "escorpiao_v1"), "Esguichar Ácido", str(titania)))
    assert _loaded(state, titania) == 6
    # once: Constritor's 2 afterwards get nothing more (Escudo spent: 2 cards)
    use = UseAction(
        sid(state, "constritor_v1"), "Tentáculos de Vibranium", str(titania), mode="dano"
    )
    state, _ = act(state, 0, use)
    assert _loaded(state, titania) == 4


def test_manto_rubro_bonus_waits_for_a_mestres_do_terror_action_on_that_character() -> None:
    state = _cloak()
    titania, capanga = sid(state, "titania_v1"), sid(state, "capanga_do_rei_v2")
    # Hércules (Vingadores) on her: nothing more; Escorpião on another: nothing more
    state, _ = act(state, 0, UseAction(sid(state, "hercules_v1"), "O Mais Forte", str(titania)))
    assert _loaded(state, titania) == 6  # 2+1 (Titânia's Super Força): 1 on Escudo, 2 cards
    state, _ = act(state, 0, UseAction(sid(state, "escorpiao_v1"), "Esguichar Ácido", str(capanga)))
    assert _loaded(state, capanga) == 7
    use = UseAction(
        sid(state, "constritor_v1"), "Tentáculos de Vibranium", str(titania), mode="dano"
    )
    state, _ = act(state, 0, use)
    assert _loaded(state, titania) == 2  # the 2 more, then its own 2


def _depot(entered: int, agent: str) -> State:
    return build(
        Side(
            scene=[
                Placed(
                    "microdeposito_v1",
                    ["thor_v1", "protecao", "chamariz_holografico_v1"],
                    entered=entered,
                ),
                Placed(agent, FILL[:3]),
            ]
        ),
        Side(),
        phase=Phase.PREPARATION,
        content=starter(),
    )


def test_microdeposito_returns_its_cards_but_the_one_an_opponent_picks() -> None:
    state = _depot(0, "thor_v1")
    depot = sid(state, "microdeposito_v1")
    thor, protecao, chamariz = zones.in_scene(state, depot).loaded
    state, _ = act(state, 0, Activate(depot, 0))
    if state.choice is not None and "yes" in state.choice.options:
        state, _ = act(state, 0, Choose("yes"))
    assert state.choice is not None and state.choice.seat == 1  # Bruno picks
    assert set(state.choice.options) == {str(thor), str(protecao), str(chamariz)}
    state, _ = act(state, 1, Choose(str(chamariz)))
    assert chamariz in state.players[0].resources  # unloaded
    assert {thor, protecao} <= set(state.players[0].hand)  # the others to the hand
    assert zones.find(state, depot) is None and depot in state.players[0].resources


@pytest.mark.parametrize(
    ("entered", "agent", "allowed"),
    [
        (3, "thor_v1", False),  # entered this turn, no S.H.I.E.L.D. character
        (3, "viuva_negra_v2", True),  # a S.H.I.E.L.D. character of yours
    ],
)
def test_microdeposito_waits_a_turn_unless_a_shield_agent(
    entered: int, agent: str, allowed: bool
) -> None:
    state = _depot(entered, agent)
    depot = sid(state, "microdeposito_v1")
    if allowed:
        state, _ = act(state, 0, Activate(depot, 0))
        assert state.choice is not None
    else:
        with pytest.raises(IllegalActionError):
            act(state, 0, Activate(depot, 0))


def test_a_era_de_ultron_lets_each_incapacitated_ultron_deal_1_penetrating() -> None:
    state = build(
        Side(
            hand=["a_era_de_ultron_v1"],
            scene=[
                Placed("ultron_5_v1", FILL[:6]),
                Placed("ultron_1_v1", FILL[:2], stage=2),
                Placed("titania_v1", FILL[:6]),
                Placed("ultron_61112_v1", FILL[:5], stage=0),
            ],
        ),
        Side(scene=[Placed("capanga_do_rei_v2", FILL), Placed("hercules_v1", FILL)]),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    ultron5, ultron1 = sid(state, "ultron_5_v1"), sid(state, "ultron_1_v1")
    capanga, hercules = sid(state, "capanga_do_rei_v2"), sid(state, "hercules_v1")
    state, _ = act(state, 0, PlayCard(zone_id(state, 0, "hand", "a_era_de_ultron_v1")))
    assert state.choice is not None
    # Ultrons of Ana's that can be incapacitated: not Titânia, not Ultron-61112 at stage 0
    assert set(state.choice.options) == {str(ultron5), str(ultron1), "done"}
    state, _ = act(state, 0, Choose(str(ultron5)))
    state, _ = act(state, 0, Choose(str(ultron1)))
    assert zones.in_scene(state, ultron5).stage == 0 and zones.in_scene(state, ultron1).stage == 1
    targets = [str(capanga), str(hercules)]
    while state.choice is not None:
        wanted = [t for t in targets if t in state.choice.options]
        pick = wanted[0] if wanted else state.choice.options[0]
        if pick in targets:
            targets.remove(pick)
        state, _ = act(state, 0, Choose(pick))
    # one penetrating point each, through their shields
    assert _loaded(state, capanga) == 7 and _loaded(state, hercules) == 7


def test_a_era_de_ultron_may_incapacitate_none() -> None:
    state = build(
        Side(hand=["a_era_de_ultron_v1"], scene=[Placed("ultron_5_v1", FILL[:6])]),
        Side(scene=[Placed("capanga_do_rei_v2", FILL)]),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    state, _ = act(state, 0, PlayCard(zone_id(state, 0, "hand", "a_era_de_ultron_v1")))
    state, _ = act(state, 0, Choose("done"))
    assert state.choice is None and zones.in_scene(state, sid(state, "ultron_5_v1")).stage == 1
    assert _loaded(state, sid(state, "capanga_do_rei_v2")) == 8


def test_ultron_61112_search_is_a_draw_under_cidade_fantasma() -> None:
    # the FAQ: the search becomes a draw, and nothing else of the text happens
    state = build(
        Side(
            deck=["protecao", "ultron_5_v1", *FILL[:3]],
            scene=[Placed("ultron_61112_v1", FILL[:5]), Placed("titania_v1", FILL[:3])],
        ),
        Side(),
        phase=Phase.PREPARATION,
        scenario="cidade_fantasma",
        content=starter(),
    )
    top = state.players[0].deck[0]
    state, _ = act(state, 0, Activate(sid(state, "ultron_61112_v1"), 0))
    assert state.choice is not None and "deck" in state.choice.options
    state, _ = act(state, 0, Choose("deck"))
    assert top in state.players[0].hand and state.choice is None
    assert _loaded(state, sid(state, "titania_v1")) == 3
