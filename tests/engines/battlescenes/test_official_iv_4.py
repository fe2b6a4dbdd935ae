"""Cards of the official deck Iniciativa Vingadores ((2015) BSIV DECK), fourth share: texts
answering other characters' actions, played as printed."""

from __future__ import annotations

import pytest

from engines.battlescenes.actions import Choose, PlayCard, UseAction
from engines.battlescenes.rules.state import Phase, State
from engines.battlescenes.table import zones
from engines.core.model import replace
from tests.engines.battlescenes.helpers import Placed, Side, act, build, sid, starter, zone_id

FILL = ["excentricidade"] * 8


def _loaded(state: State, card: int) -> int:
    return len(zones.in_scene(state, card).loaded)


def _radioactive(user: str, seat: int) -> State:
    """Bruno's Homem Radioativo; ``user`` is Ana's (seat 0) or Bruno's (seat 1), on its turn."""
    user_side = [Placed(user, FILL[:4], stage=2)]
    ana = Side(scene=[Placed("capanga_do_rei_v2", FILL), *(user_side if seat == 0 else [])])
    bruno = Side(scene=[Placed("homem_radioativo_v1", FILL[:4]), *(user_side if seat == 1 else [])])
    return build(ana, bruno, phase=Phase.ATTACK, active=seat, content=starter())


def test_homem_radioativo_unloads_a_card_of_each_user_without_mestres_do_terror() -> None:
    state = _radioactive("hercules_v1", 0)
    thor, radioativo = sid(state, "hercules_v1"), sid(state, "homem_radioativo_v1")
    state, _ = act(state, 0, UseAction(thor, "O Mais Forte", str(radioativo)))
    assert _loaded(state, thor) == 3  # one card unloaded for using an action
    # its own controller's characters too
    state = _radioactive("hercules_v1", 1)
    thor, capanga = sid(state, "hercules_v1"), sid(state, "capanga_do_rei_v2")
    state, _ = act(state, 1, UseAction(thor, "O Mais Forte", str(capanga)))
    assert _loaded(state, thor) == 3


def test_homem_radioativo_spares_mestres_do_terror_characters() -> None:
    state = _radioactive("titania_v1", 1)
    titania, capanga = sid(state, "titania_v1"), sid(state, "capanga_do_rei_v2")
    state, _ = act(state, 1, UseAction(titania, "Punho Titânico", str(capanga)))
    assert _loaded(state, titania) == 4
    state = _radioactive("nevasca_v1", 0)  # Thunderbolts and Mestres do Terror
    nevasca, radioativo = sid(state, "nevasca_v1"), sid(state, "homem_radioativo_v1")
    state, _ = act(state, 0, UseAction(nevasca, "Emissão Criogênica", str(radioativo)))
    assert _loaded(state, nevasca) == 4


def test_homem_radioativo_deals_2() -> None:
    state = _radioactive("hercules_v1", 1)
    capanga = sid(state, "capanga_do_rei_v2")
    radioativo = sid(state, "homem_radioativo_v1")
    state, _ = act(state, 1, UseAction(radioativo, "Infecção Radioativa", str(capanga)))
    assert _loaded(state, capanga) == 7 and _loaded(state, radioativo) == 4


def test_entrave_temporal_sends_an_entering_character_to_the_deck_top() -> None:
    state = build(
        Side(deck=["protecao"] * 4, hand=["entrave_temporal_v1"], resources=FILL[:3]),
        Side(deck=["protecao"] * 4, hand=["thor_v1"], resources=FILL[:6]),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    hand = len(state.players[0].hand)
    scenario = zone_id(state, 0, "hand", "entrave_temporal_v1")
    state, _ = act(state, 0, PlayCard(scenario))
    assert len(state.players[0].hand) == hand  # played one, drew one
    state = replace(state, active=1)
    thor = zone_id(state, 1, "hand", "thor_v1")
    state, _ = act(state, 1, PlayCard(thor))
    # Bruno's Thor: unloaded (its 6 cards back to the resources), on top of his deck
    assert zones.find(state, thor) is None and state.players[1].deck[0] == thor
    assert len(state.players[1].resources) == 6
    assert state.scenario is None and scenario in state.players[0].resources


@pytest.mark.parametrize("take", [True, False])
def test_entrega_especial_lets_the_player_who_puts_a_character_draw(take: bool) -> None:
    state = build(
        Side(deck=["protecao"] * 4),
        Side(deck=["protecao"] * 4, hand=["thor_v1"], resources=FILL[:6]),
        phase=Phase.PREPARATION,
        active=1,
        scenario="entrega_especial_v1",
        content=starter(),
    )
    scenario = state.scenario
    state, _ = act(state, 1, PlayCard(zone_id(state, 1, "hand", "thor_v1")))
    assert state.choice is not None and state.choice.seat == 1  # Bruno decides, not Ana
    state, _ = act(state, 1, Choose("yes" if take else "skip"))
    assert len(state.players[1].hand) == (1 if take else 0)
    assert (state.scenario is None) == take
    assert (scenario in state.players[0].resources) == take  # its owner's resources


def test_miss_marvel_deals_1_plus_the_damage_she_received_this_turn() -> None:
    state = build(
        Side(scene=[Placed("titania_v1", FILL[:6], stage=2)]),
        Side(
            scene=[Placed("miss_marvel_v1", FILL[:5], stage=2), Placed("capanga_do_rei_v2", FILL)]
        ),
        active=0,
        content=starter(),
    )
    marvel, capanga = sid(state, "miss_marvel_v1"), sid(state, "capanga_do_rei_v2")
    fresh = replace(state, active=1)
    after, _ = act(fresh, 1, UseAction(marvel, "Liberar Energia", str(capanga)))
    assert _loaded(after, capanga) == 8  # 1, absorbed by Escudo 1
    # Titânia deals her 3 (2 on her Escudo 2, 1 card unloaded): 3 received
    state, _ = act(state, 0, UseAction(sid(state, "titania_v1"), "Punho Titânico", str(marvel)))
    assert _loaded(state, marvel) == 4
    state = replace(state, active=1)
    state, _ = act(state, 1, UseAction(marvel, "Liberar Energia", str(capanga)))
    assert _loaded(state, capanga) == 5  # 1 + 3 = 4 on Escudo 1
