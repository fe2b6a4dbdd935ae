"""Cards of the official deck Iniciativa Vingadores ((2015) BSIV DECK), fourth share: texts
answering other characters' actions, played as printed."""

from __future__ import annotations

from engines.battlescenes.actions import UseAction
from engines.battlescenes.rules.state import Phase, State
from engines.battlescenes.table import zones
from tests.engines.battlescenes.helpers import Placed, Side, act, build, sid, starter

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
